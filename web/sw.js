// Service worker: keeps this version of the site for offline play (cache-first).
// build.py fills in the version (a content hash of the site) and the list of files, which
// includes the Python memory snapshot that pyodide/loader.mjs restores on the next visit.
"use strict";
// Cache names carry the folder the site is served from, so two copies of the site on one
// origin (say /cards/ and /cards-beta/) never delete or answer from each other's copy.
const SCOPE = self.registration.scope;
const PREFIX = "cardtable " + SCOPE + " ";
const CACHE = PREFIX + "__VERSION__";
const FILES = __FILES__;
// The page itself: the folder's address and index.html, with any query (a share link).
const PAGES = new Set([SCOPE, new URL("index.html", SCOPE).href]);

self.addEventListener("install", (event) => {
  // `reload` bypasses the HTTP cache: a new version must never take an old file from it.
  const requests = FILES.map((file) => new Request(file, { cache: "reload" }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(requests)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys().then((keys) => Promise.all(
      keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k)),
    )).then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
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
