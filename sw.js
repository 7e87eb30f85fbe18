/**
 * The service worker: the site works offline after the first visit and picks up a new deploy on
 * the next load. Registered by js/offline.js; see docs/design.md ("Offline").
 *
 * The site manifest (vendor/site-files.json, written by scripts/sitefiles.py) lists every file
 * with the hash of its content. A page asks the worker to keep a set of files: "phone" (the
 * pages and what a phone loads) or "table" (everything, Pyodide and the engine wheel included).
 * Each file is cached under its path and hash, checked against the hash when it is fetched, so a
 * new deploy fetches only the files that changed. A navigation first asks the network for the
 * manifest (a few seconds at most): if it changed, the new files are fetched, then the whole
 * load is served from the new version and the entries no longer listed are deleted; offline,
 * the last complete version serves. Files outside the manifest go to the network.
 */

const CACHE = "lastcard-v1";
const MANIFEST = "vendor/site-files.json";
const MANIFEST_TIMEOUT_MS = 3000;
const PARALLEL = 6;
const FRESH_MS = 30000; // a page that asks again this soon after a navigation's check is not re-checked

const scope = self.registration.scope; // ends with "/"
const STATE_KEY = `${scope}__offline-state__`;

/** @type {{manifest: {version: string, files: Record<string, string>, phone_skips: string[]} | null, sets: string[]} | null} */
let memo = null;
let queue = Promise.resolve();
let keeping = 0; // syncs a page asked for, running or queued: a navigation does not wait for them
let refreshing = null; // the refresh that navigations share
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
  if (request.mode === "navigate") event.respondWith(navigate(request, path));
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

/** The paths of the sets asked for: "table" is every file, "phone" all but phone_skips. */
function wanted(manifest, sets) {
  const paths = Object.keys(manifest.files);
  if (sets.includes("table")) return paths;
  if (!sets.includes("phone")) return [];
  return paths.filter((path) => !manifest.phone_skips.some((prefix) => path.startsWith(prefix)));
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

/**
 * Bring the cache to `manifest` for `sets`: fetch what is missing, then make it the version
 * served and delete the entries it no longer lists. If a fetch fails, the old version stays.
 */
async function sync(manifest, sets) {
  const cache = await caches.open(CACHE);
  const have = new Set((await cache.keys()).map((request) => request.url));
  const missing = wanted(manifest, sets).filter((path) => !have.has(keyOf(path, manifest.files[path])));
  for (let i = 0; i < missing.length; i += PARALLEL) {
    await Promise.all(missing.slice(i, i + PARALLEL).map((path) => store(cache, path, manifest.files[path])));
  }
  const state = { manifest, sets };
  await writeState(state);
  const keep = new Set([STATE_KEY, ...wanted(manifest, sets).map((path) => keyOf(path, manifest.files[path]))]);
  for (const url of have) if (url.startsWith(scope) && !keep.has(url)) await cache.delete(url);
  return state;
}

/** A page asked to keep a set offline. */
async function keep(set) {
  const state = await readState();
  if (state.sets.includes(set) && Date.now() - checkedAt < FRESH_MS) return;
  const sets = state.sets.includes(set) ? state.sets : [...state.sets, set];
  const manifest = (await fetchManifest()) ?? state.manifest;
  if (manifest && (sets !== state.sets || manifest.version !== state.manifest?.version)) await sync(manifest, sets);
}

/** Before a page loads: take a new deploy if there is one (and the network answers). */
async function refresh() {
  const state = await readState();
  if (!state.manifest) return state; // nothing kept yet: the page will ask
  const manifest = await fetchManifest();
  if (!manifest || manifest.version === state.manifest.version) return state;
  return sync(manifest, state.sets);
}

async function navigate(request, path) {
  let state;
  try {
    if (keeping) state = await readState(); // the first fetch of the kept files is under way
    else state = await (refreshing ??= serial(refresh).finally(() => (refreshing = null)));
  } catch (error) {
    console.warn("offline cache: update failed, serving the kept version", error);
    state = await readState();
  }
  return serve(request, path, state);
}

async function serve(request, path, state) {
  state ??= await readState();
  const hash = state.manifest?.files[path];
  if (hash) {
    const hit = await (await caches.open(CACHE)).match(keyOf(path, hash));
    if (hit) return hit;
  }
  return fetch(request);
}
