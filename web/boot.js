// The few lines of JavaScript the browser requires before Python is up: the loading
// progress, the embed flag, the parent window's helpers, and the service worker (offline
// copy, update offer, and the first visit's files handed over so it fetches none again).
"use strict";
(function () {
  var params = new URLSearchParams(location.search);
  var workerWanted = "serviceWorker" in navigator && params.get("sw") !== "0";
  var returnVisit = workerWanted && navigator.serviceWorker.controller !== null;
  var site = new URL("./", location.href).href;

  // The words shown before Python runs, in every language the table speaks (build.py
  // writes them from the catalogues), and the language to show them in, chosen as
  // pygame_core/session/screen.py's language_wanted chooses: a link's lang=, else the one
  // chosen in Settings (stored as pygame_core/session/storage.py's Keys name it), else
  // the first of the browser's.  Its catalogue is fetched at once, beside the runtime.
  var WORDS = /*__WORDS__*/{};
  var lang = (function () {
    var folder = location.pathname.slice(0, location.pathname.lastIndexOf("/") + 1) || "/";
    var prefix = folder === "/" ? "cardtable:" : "cardtable:" + folder + ":";
    var chosen = "";
    try {
      chosen = JSON.parse(localStorage.getItem(prefix + "settings") || "{}").language || "";
    } catch (error) { /* storage blocked or damaged: the browser's languages decide */ }
    var wanted = [params.get("lang") || "", chosen].concat(navigator.languages || []);
    for (var i = 0; i < wanted.length; i++) {
      var code = String(wanted[i]).toLowerCase().split(/[-_]/)[0];
      if (code === "en" || WORDS[code]) return code;
    }
    return "en";
  })();
  function word(message) {
    return (WORDS[lang] && WORDS[lang][message]) || message;
  }
  window.cardTableEarly = { lang: lang, catalogue: lang === "en" ? null
    : fetch("./locale/" + lang + ".mo") };
  document.documentElement.lang = lang;
  addEventListener("DOMContentLoaded", function () {
    var text = document.getElementById("loading-text");
    if (text) text.textContent = word("Shuffling the cards…");
  });

  // A first visit keeps what Pyodide and PyScript fetch (the runtime, the game's zip):
  // once the table is up they go to a cache the service worker installs from, so it does
  // not download them a second time.  The worker checks each against its manifest.
  var fetched = [];
  if (workerWanted && !returnVisit && "caches" in window) {
    var pageFetch = window.fetch;
    window.fetch = function (input, init) {
      var answer = pageFetch.apply(this, arguments);
      var url = new URL(input instanceof Request ? input.url : String(input), location.href);
      var method = (init && init.method) || (input instanceof Request ? input.method : "GET");
      if (method.toUpperCase() === "GET" && url.href.indexOf(site) === 0 && !url.search) {
        fetched.push(answer.then(function (response) {
          return response.ok ? [url.href, response.clone()] : null;
        }, function () { return null; }));
      }
      return answer;
    };
  }
  function handOver() {
    if (!fetched.length) return Promise.resolve();
    window.fetch = pageFetch;
    return caches.open("cardtable-handover " + site).then(function (cache) {
      return Promise.all(fetched).then(function (pairs) {
        return Promise.all(pairs.filter(Boolean).map(function (pair) {
          return cache.put(pair[0], pair[1]);
        }));
      });
    }).catch(function () { /* the worker fetches what is missing */ });
  }
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

  // The runtime died (web/loader.mjs): nothing more can run, so say so plainly and offer a
  // reload.  The saves are in localStorage, untouched.  A call into a dead runtime throws
  // "Pyodide already fatally failed", which is caught here too.
  function dead(reason) {
    if (document.body.dataset.dead === "1") return;
    document.body.dataset.dead = "1";
    // Over the page, not in #app: a draw already on its way there must not cover it.
    var notice = document.createElement("section");
    notice.className = "dead-runtime";
    notice.setAttribute("role", "alertdialog");
    notice.setAttribute("aria-modal", "true");
    notice.setAttribute("aria-labelledby", "dead-title");
    notice.innerHTML = '<div class="dead-box"><h2 id="dead-title"></h2><p class="why"></p>' +
      '<p class="reason"></p><p><button type="button" class="primary" id="reload"></button>' +
      "</p></div>";
    notice.querySelector("h2").textContent = word("The table has stopped");
    notice.querySelector(".why").textContent = word("Its Python runtime failed and cannot " +
      "go on. Your saves are kept: reload the page to play on.");
    notice.querySelector("#reload").textContent = word("Reload the page");
    notice.querySelector(".reason").textContent = "(" + String(reason).slice(0, 200) + ")";
    document.body.appendChild(notice);
    var button = document.getElementById("reload");
    button.onclick = function () { location.reload(); };
    button.focus();
  }
  addEventListener("cardtable:dead", function (event) { dead(event.detail); });
  var DEAD = /fatally failed|suffered a fatal error/;
  addEventListener("error", function (event) {
    if (DEAD.test(String(event.message))) dead(event.message);
  });
  addEventListener("unhandledrejection", function (event) {
    var reason = event.reason && event.reason.message || event.reason;
    if (DEAD.test(String(reason))) dead(reason);
  });

  // Loading progress: PyScript reports its steps as "py:progress" events.
  var steps = 0;
  addEventListener("py:progress", function (event) {
    steps += 1;
    var bar = document.getElementById("loading-bar");
    var text = document.getElementById("loading-text");
    if (bar) bar.value = Math.min(95, 5 + steps * 9);
    // PyScript's own steps are in English: shown only to an English reader.
    if (text && lang === "en" && typeof event.detail === "string") {
      text.textContent = event.detail + "…";
    }
  });

  // Offline: the service worker precaches this version of the site.  A new version waits
  // until the player accepts it; the game in progress lives in localStorage, so it survives.
  if (!workerWanted) return;
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
    // The Python snapshot pays from the third visit on: a return visit asks for it, once
    // the table is up; a visitor who comes once never downloads it.
    if (returnVisit && params.get("snapshot") !== "0") {
      navigator.serviceWorker.controller.postMessage({ type: "keep-snapshot" });
    }
    handOver().then(function () {
      return navigator.serviceWorker.register("./sw.js");
    }).then(function (reg) {
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
