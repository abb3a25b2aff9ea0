// PyScript's `interpreter` module: the same `loadPyodide` and `version` as pyodide.mjs,
// but a return visit restores Python from a memory snapshot instead of bootstrapping it
// (about 0.5 s instead of 2.5 s here).  build.py fills in the snapshot's name, which is a
// hash of the Pyodide build and of pygame_core, so a stale snapshot is never used.
//
// The snapshot is never fetched on the page's critical path, nor on a first visit: on a
// return visit, once the table is up, the page asks the service worker to keep it (boot.js,
// sw.js), so it pays from the third visit on; this module only looks in Cache Storage.  A missing, damaged or refused snapshot means the
// normal start.  `?snapshot=0` in the address turns it off (tests and benchmarks).
import { loadPyodide as bootstrap, version } from "./pyodide.mjs";

export { version };

const SNAPSHOT = new URL("__SNAPSHOT__", import.meta.url).href;
const SNAPSHOT_SHA256 = "__SNAPSHOT_SHA256__";

async function storedSnapshot() {
  if (!("caches" in globalThis) || new URLSearchParams(location.search).get("snapshot") === "0") {
    return null;
  }
  try {
    const hit = await caches.match(SNAPSHOT);
    if (!hit) return null;
    const bytes = new Uint8Array(await hit.arrayBuffer());
    // A damaged copy could restore into a broken interpreter: check it first.
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
    if (hex === SNAPSHOT_SHA256) return bytes;
    // Dropped, so that the service worker keeps a good copy again (boot.js asks it to).
    for (const key of await caches.keys()) await (await caches.open(key)).delete(SNAPSHOT);
    return null;
  } catch {
    return null;
  }
}

// A runtime that dies (Pyodide's "fatal error": a stack overflow deep in the interpreter,
// memory exhausted) can never run Python again, and the table would silently stop.  Pyodide
// reports it through its API's fatal_error, which it looks up on that object each time:
// wrapped, it tells the page (boot.js), which says so and offers a reload.
function watched(pyodide) {
  const api = pyodide._api;
  if (!api || typeof api.fatal_error !== "function") return pyodide;
  const fatal = api.fatal_error;
  api.fatal_error = function (error) {
    try {
      dispatchEvent(new CustomEvent("cardtable:dead", { detail: String(error && error.message || error) }));
    } catch { /* the report must never stop Pyodide's own handling */ }
    return fatal.apply(this, arguments);
  };
  return pyodide;
}

export async function loadPyodide(options = {}) {
  const snapshot = await storedSnapshot();
  if (snapshot) {
    try {
      const pyodide = await bootstrap({ ...options, _loadSnapshot: snapshot });
      // The snapshot holds the random generator's state as it was when the snapshot was
      // made: seed it afresh, or every start would deal the same "fresh" seeds.
      pyodide.runPython("import random; random.seed()");
      document.documentElement.dataset.pythonStart = "snapshot";
      return watched(pyodide);
    } catch (error) {
      console.warn("card table: the stored snapshot did not restore; starting normally", error);
    }
  }
  document.documentElement.dataset.pythonStart = "bootstrap";
  return watched(await bootstrap(options));
}
