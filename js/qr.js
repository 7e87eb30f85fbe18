// QR codes: render segments as an SVG, and read codes from the webcam.
//
// A join URL is two segments: the URL up to "#o=" in byte mode and the packed description in
// numeric mode (see js/sdp.js), which keeps the code small. Reading takes the webcam's frames to
// js/qr-worker.js, which decodes them off the main thread.

import qrcode from "../vendor/qrcode-generator/qrcode.mjs";

const SVG = "http://www.w3.org/2000/svg";
const SCAN_MS = 150;

/**
 * Make a QR code of the smallest version that holds the segments.
 * @param {[string, "Byte" | "Numeric"][]} segments the text in parts, each with its QR mode
 * @param {"L" | "M" | "Q" | "H"} [level]
 * @returns {{version: number, size: number, isDark: (row: number, col: number) => boolean}}
 */
export function makeQr(segments, level = "M") {
  const qr = qrcode(0, level);
  for (const [text, mode] of segments) qr.addData(text, mode);
  qr.make();
  const size = qr.getModuleCount();
  return { version: (size - 17) / 4, size, isDark: (r, c) => qr.isDark(r, c) };
}

/**
 * Split a text so that a trailing run of digits gets the numeric mode.
 * @param {string} text
 * @returns {[string, "Byte" | "Numeric"][]}
 */
export function segmentsOf(text) {
  const digits = /\d{12,}$/.exec(text)?.[0] ?? "";
  const head = text.slice(0, text.length - digits.length);
  return [...(head ? [[head, "Byte"]] : []), ...(digits ? [[digits, "Numeric"]] : [])];
}

/**
 * Render a text as a QR code (an <svg> with one path) into a container, replacing its content.
 * @param {Element} box
 * @param {string} text
 * @param {{level?: "L" | "M" | "Q" | "H", label?: string}} [options]
 * @returns {number} the QR version used
 */
export function renderQr(box, text, { level = "M", label = "QR code" } = {}) {
  const qr = makeQr(segmentsOf(text), level);
  const quiet = 4;
  const side = qr.size + 2 * quiet;
  let d = "";
  for (let r = 0; r < qr.size; r++) {
    for (let c = 0; c < qr.size; c++) if (qr.isDark(r, c)) d += `M${c + quiet} ${r + quiet}h1v1h-1z`;
  }
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${side} ${side}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.dataset.version = String(qr.version);
  svg.dataset.text = text;
  const background = document.createElementNS(SVG, "rect");
  background.setAttribute("width", String(side));
  background.setAttribute("height", String(side));
  background.setAttribute("fill", "#fff");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", d);
  path.setAttribute("fill", "#000");
  svg.append(background, path);
  box.replaceChildren(svg);
  return qr.version;
}

/**
 * The video's current frame, to hand to a worker: a VideoFrame (WebCodecs) holds it without a
 * copy; else an ImageBitmap, which copies and converts it on this thread.
 * @param {HTMLVideoElement} video
 * @returns {Promise<VideoFrame | ImageBitmap>}
 */
async function grab(video) {
  return "VideoFrame" in globalThis ? new VideoFrame(video) : createImageBitmap(video);
}

/**
 * Show the webcam in `box` and call `onText` with every QR code text seen, until stopped. The
 * page only takes a frame (`grab`); js/qr-worker.js decodes it, one frame at a time,
 * the next one `SCAN_MS` after the last answer. The video's `data-scanned` counts the frames read.
 * @param {Element} box
 * @param {(text: string) => void} onText
 * @returns {Promise<() => void>} resolves, once the camera runs, with a function that stops it
 */
export async function startScanner(box, onText) {
  const size = { width: 1280, height: 720 };
  const stream = await navigator.mediaDevices.getUserMedia({ video: size, audio: false });
  const video = document.createElement("video");
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  video.setAttribute("aria-label", "camera");
  box.replaceChildren(video);
  await video.play();
  const worker = new Worker(new URL("./qr-worker.js", import.meta.url), { type: "module", name: "lastcard-qr" });
  let pending = null; // the worker's next answer, awaited
  const answer = () => new Promise((resolve, reject) => (pending = { resolve, reject }));
  worker.onmessage = ({ data }) => pending?.resolve(data);
  worker.onerror = (event) => pending?.reject(new Error(`QR reader: ${event.message}`));
  let stopped = false;
  const stop = () => {
    stopped = true;
    worker.terminate();
    for (const track of stream.getTracks()) track.stop();
    video.remove();
  };
  try {
    const { failed } = await answer(); // the reader is loaded
    if (failed) throw new Error(`QR reader: ${failed}`);
  } catch (error) {
    stop();
    throw error;
  }
  const loop = async () => {
    while (!stopped) {
      try {
        const frame = await grab(video);
        const answered = answer();
        worker.postMessage(frame, [frame]);
        const { texts, error } = await answered;
        if (error) console.warn("QR scan failed", error);
        else video.dataset.scanned = String(Number(video.dataset.scanned ?? 0) + 1);
        if (!stopped) for (const text of texts ?? []) onText(text);
      } catch (error) {
        console.warn("QR scan failed", error);
      }
      await new Promise((resolve) => setTimeout(resolve, SCAN_MS));
    }
  };
  loop();
  return stop;
}
