// The few lines of JavaScript the browser requires before Python is up: the loading
// progress, the embed flag, the parent window's helpers, and the service worker (offline
// copy and update offer).
"use strict";
(function () {
  var params = new URLSearchParams(location.search);
  if (params.get("embed") === "1") document.documentElement.classList.add("embed");

  // The parent window (embedding), for web/main.py.  It may be of another origin, so it
  // is touched in JavaScript only: a Python proxy of a cross-origin window could trip over
  // properties it may not read.
  window.cardTableHost = {
    hasParent: function () { return window.parent !== window; },
    post: function (message, origin) { window.parent.postMessage(message, origin); },
    fromParent: function (event) { return event.source === window.parent; },
    // The content's height: the bottom of what the table shows (the page itself is
    // stretched to its frame, so its own height would never shrink).
    contentHeight: function () {
      var app = document.getElementById("app");
      var bottom = 0;
      for (var i = 0; i < app.children.length; i++) {
        bottom = Math.max(bottom, app.children[i].getBoundingClientRect().bottom);
      }
      bottom += parseFloat(getComputedStyle(app).paddingBottom) || 0;
      return Math.ceil(bottom + window.scrollY);
    },
  };

  // Loading progress: PyScript reports its steps as "py:progress" events.
  var steps = 0;
  addEventListener("py:progress", function (event) {
    steps += 1;
    var bar = document.getElementById("loading-bar");
    var text = document.getElementById("loading-text");
    if (bar) bar.value = Math.min(95, 5 + steps * 9);
    if (text && typeof event.detail === "string") text.textContent = event.detail + "…";
  });

  // Offline: the service worker precaches this version of the site.  A new version waits
  // until the player accepts it; the game in progress lives in localStorage, so it survives.
  if (!("serviceWorker" in navigator) || params.get("sw") === "0") return;
  var reloading = false;
  function offer(worker) {
    var banner = document.getElementById("update");
    if (!banner) return;
    banner.hidden = false;
    document.getElementById("update-button").onclick = function () {
      reloading = true;
      worker.postMessage({ type: "skip-waiting" });
    };
  }
  // Registered once the table is up, so the precache does not compete with the first load.
  addEventListener("cardtable:ready", function () {
    navigator.serviceWorker.register("./sw.js").then(function (reg) {
      if (reg.waiting && navigator.serviceWorker.controller) offer(reg.waiting);
      reg.addEventListener("updatefound", function () {
        var worker = reg.installing;
        if (!worker) return;
        worker.addEventListener("statechange", function () {
          if (worker.state === "installed" && navigator.serviceWorker.controller) offer(worker);
        });
      });
    }, function () { /* no offline copy (e.g. a sandboxed frame): the page still plays */ });
    // Reload only when the player accepted an update (not when the first worker takes over).
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      if (!reloading) return;
      reloading = false;
      location.reload();
    });
  });
})();
