/**
 * Offline after the first visit: registers the service worker (sw.js at the site root) once the
 * page has settled, and asks it to keep a set of the site's files: "phone" (the pages and what a
 * phone loads) or "table" (everything, Pyodide and the engine wheel included). See sw.js and
 * docs/design.md ("Offline"). Where service workers are not available (an `http` LAN address is
 * not a secure context) the page works as before, online only.
 */

/** Wait for the page's own loading to finish: the load event, and the table's Python boot. */
async function settled() {
  if (document.readyState !== "complete") await new Promise((resolve) => addEventListener("load", resolve, { once: true }));
  const booting = document.querySelector("[data-state=booting]");
  if (!booting) return;
  await new Promise((resolve) => {
    const watcher = new MutationObserver(() => {
      if (booting.dataset.state === "booting") return;
      watcher.disconnect();
      resolve();
    });
    watcher.observe(booting, { attributes: true, attributeFilter: ["data-state"] });
  });
}

/**
 * Keep this page's files offline (no-op without service workers).
 * @param {"phone" | "table"} set
 * @returns {Promise<void>} settles when the request is handed to the worker (not when cached)
 */
export async function keepOffline(set) {
  if (!("serviceWorker" in navigator)) return;
  try {
    await settled();
    const registration = await navigator.serviceWorker.register(new URL("../sw.js", import.meta.url));
    const worker = registration.active ?? (await navigator.serviceWorker.ready).active;
    worker.postMessage({ keep: set });
  } catch (error) {
    console.warn("offline mode unavailable:", error);
  }
}
