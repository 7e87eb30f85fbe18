// Python for the table's worker (js/table-worker.js) and the bots' worker (js/bot-worker.js):
// Pyodide with the engine wheel installed and py/bridge.py imported, nothing of the table yet.
//
// Starting Python is most of the table's boot (about 1.2 s of WebAssembly work on a laptop; the
// files themselves come from the cache). So the interpreter at this point is kept once as a memory
// snapshot in Cache Storage, and the next boot of the same files restores it instead of starting
// Python afresh. The bots' worker makes it, after the table is open (it boots second and nobody
// waits on it); the table's worker only reads it. A snapshot is keyed by the Pyodide version and
// the contents of the wheel and the bridge; Pyodide itself refuses one of another build. One
// that cannot be restored is deleted and Python is started afresh. Pyodide's snapshot options
// (`_makeSnapshot`, `_loadSnapshot`) are marked internal in its API (Cloudflare's Python Workers
// boot from them), which is one more reason the vendored Pyodide is pinned. docs/design.md
// ("Browser side").

import { loadPyodide, version } from "../vendor/pyodide/pyodide.mjs";

const ROOT = new URL("../", import.meta.url);
export const ENGINE_WHEEL = new URL("vendor/lastcard-0.1.0-py3-none-any.whl", ROOT).href;
export const BRIDGE = new URL("py/bridge.py", ROOT).href;
const INDEX_URL = new URL("vendor/pyodide/", ROOT).href;
// Not "lastcard-…": the service worker deletes its own old caches by that prefix.
const SNAPSHOTS = "python-snapshot";

// The wheel goes into site-packages by hand, not with `loadPackage` (which keeps JavaScript
// objects in the interpreter that a snapshot cannot hold): a pure-Python wheel is a zip to
// unpack. After a restore the files are unpacked again: the snapshot holds the imported modules,
// not the file system, and a module imported later (or `importlib.metadata`) reads the files.
const INSTALL = `
import sys, sysconfig, zipfile
zipfile.ZipFile("/tmp/engine.whl").extractall(sysconfig.get_paths()["purelib"])
if "/home/pyodide" not in sys.path:
    sys.path.append("/home/pyodide")
import bridge, lastcard.bots, tablehost  # what the table and the bots use, in the snapshot
`;

/** 32-bit FNV-1a of some bytes, as hex (a cache key, not a security check). */
function fnv(bytes, hash = 0x811c9dc5) {
  for (let i = 0; i < bytes.length; i++) hash = Math.imul(hash ^ bytes[i], 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, "0");
}

function snapshotKey(wheel, bridge) {
  const source = new TextEncoder().encode(bridge);
  const sum = `${fnv(wheel)}${fnv(source)}-${wheel.length}-${source.length}`;
  return new URL(`${SNAPSHOTS}/${version}/${sum}`, ROOT).href;
}

/** Cache Storage, where this context has it (not on a page served over plain http). */
async function snapshots() {
  try {
    return self.caches ? await caches.open(SNAPSHOTS) : null;
  } catch {
    return null; // storage disabled (a private window may refuse it)
  }
}

function install(pyodide, wheel, bridge) {
  pyodide.FS.writeFile("/tmp/engine.whl", wheel);
  pyodide.FS.mkdirTree("/home/pyodide");
  pyodide.FS.writeFile("/home/pyodide/bridge.py", bridge);
  pyodide.runPython(INSTALL);
}

/**
 * Start Python with the engine and the bridge imported (`fetch`es the wheel and the bridge);
 * `keep`: make the snapshot if there is none (the bots' worker). Resolves to {pyodide,
 * restored} (restored: it came from the snapshot).
 */
export async function bootPython({ keep = false } = {}) {
  const [wheel, bridge] = await Promise.all([
    fetch(ENGINE_WHEEL).then(async (response) => new Uint8Array(await response.arrayBuffer())),
    fetch(BRIDGE).then((response) => response.text()),
  ]);
  const key = snapshotKey(wheel, bridge);
  const cache = await snapshots();
  const saved = await cache?.match(key);
  if (saved) {
    try {
      const pyodide = await loadPyodide({ indexURL: INDEX_URL, _loadSnapshot: saved.arrayBuffer() });
      install(pyodide, wheel, bridge);
      return { pyodide, restored: true };
    } catch (error) {
      console.warn(`the Python snapshot could not be restored (${error}): starting Python afresh`);
      await cache.delete(key);
    }
  }
  if (keep && cache) return { pyodide: await snapshotted(cache, key, wheel, bridge), restored: false };
  const pyodide = await loadPyodide({ indexURL: INDEX_URL });
  install(pyodide, wheel, bridge);
  return { pyodide, restored: false };
}

/**
 * Start Python afresh, snapshot it, and carry on in an interpreter restored from the snapshot,
 * which is kept only once it has restored. (An interpreter started for a snapshot reaches
 * JavaScript through proxies that record paths, not the objects themselves, so it is not the
 * one to run: every later boot runs a restored one.)
 */
async function snapshotted(cache, key, wheel, bridge) {
  const maker = await loadPyodide({ indexURL: INDEX_URL, _makeSnapshot: true });
  install(maker, wheel, bridge);
  const snapshot = maker.makeMemorySnapshot();
  const pyodide = await loadPyodide({ indexURL: INDEX_URL, _loadSnapshot: snapshot });
  install(pyodide, wheel, bridge);
  store(cache, key, snapshot); // written meanwhile
  return pyodide;
}

/** Keep `bytes` as the only snapshot (the ones of older files are deleted). */
async function store(cache, key, bytes) {
  try {
    for (const request of await cache.keys()) await cache.delete(request);
    await cache.put(key, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
  } catch (error) {
    console.warn(`the Python snapshot was not kept: ${error}`); // storage full: the next boot starts afresh
  }
}
