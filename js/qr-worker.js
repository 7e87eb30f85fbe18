// The webcam's QR reader, off the TV's main thread (started by `startScanner` in js/qr.js).
//
// It first says whether its reader loaded ({ready} or {failed}). Then the page sends one frame at
// a time, a VideoFrame or an ImageBitmap (transferred; closed here), and the worker answers with
// the texts of the QR codes in it ({texts}, or {error}). Decoding a 1280x720 frame took main-thread
// tasks of up to 150 ms (zxing-wasm, where the browser has no BarcodeDetector: Linux, smart TVs),
// far too long for the page that draws the table and answers the remote.

async function detector() {
  if ("BarcodeDetector" in globalThis) {
    const formats = await globalThis.BarcodeDetector.getSupportedFormats();
    if (formats.includes("qr_code")) return new globalThis.BarcodeDetector({ formats: ["qr_code"] });
  }
  const ponyfill = await import("../vendor/barcode-detector/ponyfill.js");
  const wasm = new URL("../vendor/zxing-wasm/zxing_reader.wasm", import.meta.url).href;
  ponyfill.setZXingModuleOverrides({
    locateFile: (path, prefix) => (path.endsWith(".wasm") ? wasm : prefix + path),
  });
  return new ponyfill.BarcodeDetector({ formats: ["qr_code"] });
}

const reader = detector();
reader.then(
  () => self.postMessage({ ready: true }),
  (error) => self.postMessage({ failed: String(error) }),
);

self.addEventListener("message", async ({ data: frame }) => {
  try {
    const codes = await (await reader).detect(frame);
    self.postMessage({ texts: codes.map((code) => code.rawValue) });
  } catch (error) {
    self.postMessage({ error: String(error) });
  } finally {
    frame.close();
  }
});
