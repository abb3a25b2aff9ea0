// Service worker: keeps this version of the site for offline play (cache-first).
//
// build.py fills in the version (a content hash of the site) and the manifest: every file
// of this version with the SHA-256 of its content.  Every file the worker keeps is checked
// against the manifest, so a cache never holds files of two versions, and a worker whose
// server already holds another version fails to install (the next visit brings the new
// one whole).  The files come, in this order, from what the page itself fetched on its
// first visit (boot.js hands its responses over; index.html is written in here), from
// the browser's HTTP cache, and only then from the network: a first visit fetches each
// file once.
//
// The Python memory snapshot is not part of the install: pyodide/loader.mjs restores it
// when it is kept, and the page asks for it on a return visit ("keep-snapshot"), so a
// visitor who comes once never downloads it.
"use strict";
// Cache names carry the folder the site is served from, so two copies of the site on one
// origin (say /cards/ and /cards-beta/) never delete or answer from each other's copy.
const SCOPE = self.registration.scope;
const PREFIX = "cardtable " + SCOPE + " ";
const CACHE = PREFIX + "__VERSION__";
const HANDOVER = "cardtable-handover " + SCOPE; // boot.js's copies of the first visit's files
const MANIFEST = __MANIFEST__; // {file: sha256}; "./" is index.html
const SNAPSHOT = __SNAPSHOT__; // {file, sha256}
// index.html itself, written in here by build.py: the page cannot hand over its own
// document (the HTTP cache keeps navigations apart from fetches), and this file is
// downloaded anyway, so the page is never downloaded twice.
const PAGE = __PAGE__;
// The page itself: the folder's address and index.html, with any query (a share link).
const PAGES = new Set([SCOPE, new URL("index.html", SCOPE).href]);

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

// A response for `file` whose content is the manifest's, or null.
async function checked(response, want) {
  if (!response || !response.ok) return null;
  const bytes = await response.arrayBuffer();
  if ((await sha256(bytes)) !== want) return null;
  const headers = { "content-type": response.headers.get("content-type") || "" };
  return new Response(bytes, { status: 200, headers });
}

async function keep(cache, handover, file, want) {
  const url = new URL(file, SCOPE).href;
  const sources = [
    () => (PAGES.has(url) ? new Response(PAGE, { headers: { "content-type": "text/html" } })
      : handover.match(url)),
    () => fetch(url, { cache: "force-cache" }), // the HTTP cache's copy, even if stale
    () => fetch(url, { cache: "reload" }), // a new version must never take an old file
  ];
  for (const source of sources) {
    const response = await checked(await Promise.resolve().then(source).catch(() => null), want);
    if (response) return cache.put(url, response);
  }
  throw new Error(`card table: ${file} on the server is not this version's`);
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const handover = await caches.open(HANDOVER);
    // One file at a time: the handover and the HTTP cache answer at once, and the few
    // files the page never fetched (icons, the app manifest) are small.
    try {
      for (const [file, want] of Object.entries(MANIFEST)) {
        if (!(await cache.match(new URL(file, SCOPE).href))) await keep(cache, handover, file, want);
      }
    } catch (error) { // a version that cannot be kept whole is not kept at all
      await caches.delete(CACHE);
      throw error;
    }
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys().then((keys) => Promise.all(
      keys.filter((k) => k === HANDOVER || (k.startsWith(PREFIX) && k !== CACHE))
        .map((k) => caches.delete(k)),
    )).then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  const type = event.data && event.data.type;
  if (type === "skip-waiting") self.skipWaiting();
  if (type === "keep-snapshot") {
    event.waitUntil(caches.open(CACHE).then(async (cache) => {
      const url = new URL(SNAPSHOT.file, SCOPE).href;
      if (!(await cache.match(url))) await keep(cache, await caches.open(HANDOVER), url, SNAPSHOT.sha256);
    }).catch((error) => console.warn("card table: snapshot not kept", error)));
  }
});

function withoutQuery(url) {
  const plain = new URL(url);
  plain.search = "";
  plain.hash = "";
  return plain.href;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // The page's address carries the game in its query: any ?… of the page opens the
    // page.  Other addresses in the folder are answered only by their own file.
    const page = PAGES.has(withoutQuery(request.url));
    const hit = page
      ? await cache.match("./", { ignoreSearch: true })
      : await cache.match(request, { ignoreSearch: request.mode !== "navigate" });
    return hit || fetch(request);
  })());
});
