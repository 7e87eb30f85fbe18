/**
 * The service worker: the site works offline after the first visit and picks up a new deploy on
 * the next load. Registered by js/offline.js; see docs/design.md ("Offline").
 *
 * The site manifest (vendor/site-files.json, written by scripts/sitefiles.py) lists every file
 * with the hash of its content. A page asks the worker to keep a set of files: "phone" (the
 * pages and what a phone loads) or "table" (everything, Pyodide and the engine wheel included,
 * but the bot lab and PyScript, which only lab.html loads).
 * Each file is cached under its path and hash, checked against the hash when it is fetched, so a
 * new deploy fetches only the files that changed.
 *
 * A navigation is served from the cache at once, with no round trip (stale-while-revalidate):
 * meanwhile the worker asks the network for the manifest, and if it changed it fetches the new
 * files into the cache as the next version. The next navigation serves that version whole (never
 * a mix of two deploys in one page) and deletes the entries no longer listed. Offline, the last
 * complete version serves. Files outside the manifest go to the network.
 */

const CACHE = "lastcard-v1";
const MANIFEST = "vendor/site-files.json";
const MANIFEST_TIMEOUT_MS = 3000;
const PARALLEL = 6;
const FRESH_MS = 30000; // a page that asks to keep its set this soon after a check is not re-checked

const scope = self.registration.scope; // ends with "/"
const STATE_KEY = `${scope}__offline-state__`;

/**
 * The version served (`manifest`), the sets kept, and `next`: a newer deploy whose files are all
 * in the cache, served from the next navigation on.
 * @typedef {{version: string, files: Record<string, string>, phone_skips: string[], table_skips?: string[]}} Manifest
 * @type {{manifest: Manifest | null, sets: string[], next?: Manifest | null} | null}
 */
let memo = null;
let queue = Promise.resolve();
let keeping = 0; // syncs a page asked for, running or queued: a navigation's check skips then
let checkedAt = -Infinity; // when the network last gave the manifest

self.addEventListener("install", (event) => event.waitUntil(self.skipWaiting()));

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith("lastcard-") && name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  const set = event.data?.keep;
  if (set !== "phone" && set !== "table") return;
  keeping += 1;
  event.waitUntil(serial(() => keep(set)).finally(() => (keeping -= 1)));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(scope) || request.headers.has("range")) return;
  const path = pathOf(request.url);
  if (path === MANIFEST) return;
  if (request.mode === "navigate") event.respondWith(navigate(event, path));
  else event.respondWith(serve(request, path, memo));
});

/** The path of a URL under the scope, without search or fragment; "index.html" for a folder. */
function pathOf(url) {
  const path = new URL(url).pathname.slice(new URL(scope).pathname.length);
  return path === "" || path.endsWith("/") ? `${path}index.html` : decodeURIComponent(path);
}

/** The cache key of one version of a file. */
function keyOf(path, hash) {
  return `${scope}${path}?v=${hash}`;
}

/** Run tasks that read and write the cache one after another. */
function serial(task) {
  const run = queue.then(task, task);
  queue = run.catch((error) => console.warn("offline cache:", error));
  return run;
}

async function readState() {
  if (!memo) {
    const saved = await (await caches.open(CACHE)).match(STATE_KEY);
    memo = saved ? await saved.json() : { manifest: null, sets: [] };
  }
  return memo;
}

async function writeState(state) {
  const cache = await caches.open(CACHE);
  await cache.put(STATE_KEY, new Response(JSON.stringify(state), { headers: { "Content-Type": "application/json" } }));
  memo = state;
}

/** The site manifest from the network, or null (offline, slow, or not there). */
async function fetchManifest() {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), MANIFEST_TIMEOUT_MS);
  try {
    const response = await fetch(scope + MANIFEST, { cache: "no-store", signal: abort.signal });
    if (!response.ok) return null;
    const manifest = await response.json();
    checkedAt = Date.now();
    return manifest;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** The paths of the sets asked for: "table" is every file but table_skips (the bot lab),
 * "phone" all but phone_skips. */
function wanted(manifest, sets) {
  const paths = Object.keys(manifest.files);
  const skips = sets.includes("table") ? manifest.table_skips ?? [] : sets.includes("phone") ? manifest.phone_skips : null;
  if (!skips) return [];
  return paths.filter((path) => !skips.some((prefix) => path.startsWith(prefix)));
}

async function sha256Hex16(buffer) {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(bytes.slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Fetch one file (revalidated) and cache it under its hash, after checking the content. */
async function store(cache, path, hash) {
  for (const mode of ["no-cache", "reload"]) {
    const response = await fetch(scope + path, { cache: mode });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    const copy = response.clone();
    if ((await sha256Hex16(await response.arrayBuffer())) === hash) return cache.put(keyOf(path, hash), copy);
  }
  throw new Error(`${path}: the content does not match the site manifest`);
}

/** Fetch the files of `manifest` for `sets` that the cache does not hold yet. */
async function fetchMissing(cache, manifest, sets) {
  const have = new Set((await cache.keys()).map((request) => request.url));
  const missing = wanted(manifest, sets).filter((path) => !have.has(keyOf(path, manifest.files[path])));
  for (let i = 0; i < missing.length; i += PARALLEL) {
    await Promise.all(missing.slice(i, i + PARALLEL).map((path) => store(cache, path, manifest.files[path])));
  }
}

/** Delete the entries that neither the version served nor the next one lists. */
async function prune(state) {
  const cache = await caches.open(CACHE);
  const keep = new Set([STATE_KEY]);
  for (const manifest of [state.manifest, state.next]) {
    if (manifest) for (const path of wanted(manifest, state.sets)) keep.add(keyOf(path, manifest.files[path]));
  }
  for (const request of await cache.keys()) if (request.url.startsWith(scope) && !keep.has(request.url)) await cache.delete(request);
}

/**
 * Bring the cache to `manifest` for `sets` and serve it from now on (a page's first request to
 * keep a set). If a fetch fails, the old version stays.
 */
async function sync(manifest, sets) {
  await fetchMissing(await caches.open(CACHE), manifest, sets);
  const state = { manifest, sets, next: null };
  await writeState(state);
  await prune(state);
  return state;
}

/** A page asked to keep a set offline. */
async function keep(set) {
  const state = await readState();
  if (state.manifest && state.sets.includes(set)) return update(FRESH_MS); // kept: only look for a deploy
  const manifest = (await fetchManifest()) ?? state.manifest;
  if (manifest) await sync(manifest, [...state.sets, set]);
}

/**
 * After a navigation (in the background): if the network has a new deploy, fetch its files and
 * make it the next version. The page being loaded is not affected. Not asked again within
 * `freshMs` of the last check.
 */
async function update(freshMs = 0) {
  const state = await readState();
  if (!state.manifest || Date.now() - checkedAt < freshMs) return;
  const manifest = await fetchManifest();
  if (!manifest || manifest.version === state.next?.version) return;
  if (manifest.version === state.manifest.version) {
    if (state.next) await writeState({ ...memo, next: null }); // the deploy was taken back
    return;
  }
  await fetchMissing(await caches.open(CACHE), manifest, state.sets);
  await writeState({ ...memo, next: manifest });
}

/** The next version (fetched whole earlier) becomes the one served; the old entries go. */
async function promote(state) {
  const promoted = { manifest: state.next, sets: state.sets, next: null };
  memo = promoted;
  try {
    await writeState(promoted);
    await prune(promoted);
  } catch (error) {
    console.warn("offline cache: the new version is served, the old entries stay", error);
  }
  return promoted;
}

async function navigate(event, path) {
  let state = await readState();
  if (state.next) state = await promote(state);
  if (!keeping) event.waitUntil(serial(() => update()).catch((error) => console.warn("offline cache: update failed", error)));
  return serve(event.request, path, state);
}

/**
 * Pyodide's WebAssembly, while online, comes through the HTTP cache: Chromium keeps the code it
 * compiled from a file beside that file's entry, and the HTTP cache's entry has it from the first
 * (online) load, while this worker's copy in Cache Storage has none until a page has run it, so
 * the first boot from the copy compiled 9.6 MB of WebAssembly again (`loadPyodide` 4.0 s against
 * 1.4 s from the HTTP cache, docs/benchmarks.md). The file is used only if it is the version
 * served (its hash), so one page never mixes two Pyodides; offline, or another version, the copy.
 */
const COMPILED = new Set(["vendor/pyodide/pyodide.asm.wasm"]);

/** Whether two responses carry the same file by their validators: a strong ETag, or else the
 * same Last-Modified and Content-Length (scripts/serve.py sends no ETag). */
function sameFile(a, b) {
  const etag = a.headers.get("etag");
  if (etag) return !etag.startsWith("W/") && etag === b.headers.get("etag");
  const modified = a.headers.get("last-modified");
  const length = a.headers.get("content-length");
  return Boolean(modified && length) && modified === b.headers.get("last-modified") && length === b.headers.get("content-length");
}

/** The file from the HTTP cache (revalidated) if it is the version served: the same validators
 * as the copy, whose content was checked when it was stored, or else the same hash; null offline. */
async function viaHttpCache(request, hash, copy) {
  try {
    const response = await fetch(request);
    if (!response.ok) return null;
    if (copy && sameFile(response, copy)) return response; // not 9.6 MB hashed at every boot
    const bytes = await response.clone().arrayBuffer();
    return (await sha256Hex16(bytes)) === hash ? response : null;
  } catch {
    return null; // offline
  }
}

async function serve(request, path, state) {
  state ??= await readState();
  const hash = state.manifest?.files[path];
  if (hash && COMPILED.has(path)) {
    const copy = await (await caches.open(CACHE)).match(keyOf(path, hash));
    const online = await viaHttpCache(request, hash, copy);
    if (online) return online;
    if (copy) return copy;
  }
  if (hash) {
    const hit = await (await caches.open(CACHE)).match(keyOf(path, hash));
    if (hit) return hit;
  }
  return fetch(request);
}
