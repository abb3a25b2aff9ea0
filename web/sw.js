// Service worker: keeps this version of the site for offline play (cache-first).
// build.py fills in the version (a content hash of the site) and the list of files.
"use strict";
const PREFIX = "cardtable-";
const CACHE = PREFIX + "__VERSION__";
const FILES = __FILES__;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)));
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

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // The page's address carries the game in its query: any ?… opens the same page.
    const hit = request.mode === "navigate"
      ? await cache.match("./", { ignoreSearch: true })
      : await cache.match(request, { ignoreSearch: true });
    return hit || fetch(request);
  })());
});
