// Cards that move: the table is redrawn as one string of HTML (the views are pure Python),
// so motion is added here, around that one redraw, the FLIP way.  Before the new markup
// goes in, every card's place is measured (First); after it, each card that is still there
// is animated from its old place to its new one (Last, Invert, Play) with the Web
// Animations API.  Cards are matched by their code (data-card); a card that appears comes
// from the anchor the table names in data-from (the seat that played it, the pack), a card
// that vanishes (into a pile shown as a count, a won trick) flies to data-to as a ghost.
// All reads come before all writes, and the movement is measured in the next animation
// frame (see swap), so motion never forces a layout of its own.  Motion never blocks
// input: the new elements are in place at once, only painted elsewhere for a moment.
// The new markup is not poured in with innerHTML but patched in (morph): what did not
// change keeps its elements, so the browser restyles and lays out only what changed (the
// whole table's style and layout was most of a redraw's cost).
// "Animations off" (html.no-anim) and prefers-reduced-motion: no movement, a brief
// highlight of what changed instead.  Also here: the phone menu button of the top bar.
"use strict";
(function () {
  var reduced = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  var HIGHLIGHT_MS = 900;
  var DEAL = 5; // more cards than this appearing at once is a deal: they fade in, no flight
  var running = []; // the cards' animations of the last redraw

  // benchmarks/opponents_browser.py sets cardMotion.trace: each phase of a redraw is then a
  // performance.measure: in the redraw's task "motion layout before" (a layout still due),
  // "motion first" (reading the places), "motion markup" (patching the new markup in); in
  // the next frame "motion layout" (the new markup's), "motion last", "motion play".
  function phase(name, start) {
    var now = performance.now();
    if (api.trace) performance.measure("motion " + name, { start: start, end: now });
    return now;
  }

  function still() {
    return document.documentElement.classList.contains("no-anim") || !!(reduced && reduced.matches);
  }

  // How long a flight takes at a pace (ms between the computer players' moves).
  function duration(pace) {
    var p = Number(pace);
    if (!isFinite(p) || p < 0) p = 800;
    return Math.round(Math.min(520, Math.max(140, p * 0.45)));
  }

  function visible(rect) {
    return rect && rect.width > 0 && rect.height > 0;
  }

  function keyed(root, attr) {
    var found = {};
    var counts = {};
    root.querySelectorAll("[" + attr + "]").forEach(function (el) {
      var name = el.getAttribute(attr);
      counts[name] = (counts[name] || 0) + 1;
      // the same code twice (never in one pack today): the n-th matches the n-th
      found[counts[name] > 1 ? name + "#" + counts[name] : name] = el;
    });
    return found;
  }

  function rects(map) {
    var out = {};
    Object.keys(map).forEach(function (k) { out[k] = map[k].getBoundingClientRect(); });
    return out;
  }

  function layer() {
    var box = document.getElementById("motion-layer");
    if (!box) {
      box = document.createElement("div");
      box.id = "motion-layer";
      box.setAttribute("aria-hidden", "true");
      box.inert = true;  // what flies is a picture of a card: nothing in it takes focus
      document.body.appendChild(box);
    }
    return box;
  }

  function anchorRect(name, before, after) {
    if (!name) return null;
    var r = before[name];
    if (visible(r)) return r;
    r = after[name];
    return visible(r) ? r : null;
  }

  function flight(from, to) {
    var dx = from.left - to.left, dy = from.top - to.top;
    var sx = from.width / to.width, sy = from.height / to.height;
    if (!isFinite(sx) || sx <= 0) sx = 1;
    if (!isFinite(sy) || sy <= 0) sy = 1;
    return "translate(" + dx + "px, " + dy + "px) scale(" + sx + ", " + sy + ")";
  }

  // A card flying from an anchor's centre, at its own size.
  function fromAnchor(anchor, to) {
    var dx = anchor.left + anchor.width / 2 - (to.left + to.width / 2);
    var dy = anchor.top + anchor.height / 2 - (to.top + to.height / 2);
    return "translate(" + dx + "px, " + dy + "px) scale(0.6)";
  }

  function ghost(box, element, rect) {
    var copy = element.cloneNode(true);
    copy.removeAttribute("id");
    // A picture, not a control (the inert layer already keeps it out of focus): no move or
    // menu that a look-up of the table's moves by data-action could find.
    [copy].concat(Array.prototype.slice.call(copy.querySelectorAll("*"))).forEach(function (el) {
      el.removeAttribute("data-action");
      el.removeAttribute("popovertarget");
    });
    copy.classList.add("ghost");
    copy.style.left = rect.left + "px";
    copy.style.top = rect.top + "px";
    copy.style.width = rect.width + "px";
    copy.style.height = rect.height + "px";
    box.appendChild(copy);
    return copy;
  }

  function chip(box, rect) {
    var token = document.createElement("span");
    token.className = "chip-token ghost";
    token.style.left = rect.left + rect.width / 2 - 10 + "px";
    token.style.top = rect.top + rect.height / 2 - 10 + "px";
    box.appendChild(token);
    return token;
  }

  function highlight(elements) {
    elements.forEach(function (el) { el.classList.add("just-moved"); });
    if (elements.length) {
      setTimeout(function () {
        elements.forEach(function (el) { el.classList.remove("just-moved"); });
      }, HIGHLIGHT_MS);
    }
  }

  function same(a, b) {
    return Math.abs(a.left - b.left) < 1 && Math.abs(a.top - b.top) < 1 &&
      Math.abs(a.width - b.width) < 1;
  }

  // data-chips="seat-2>pot" or "pot>seat-1 seat-3": chips travel between anchors.
  function chipRoutes(spec) {
    if (!spec) return [];
    var parts = spec.split(">");
    if (parts.length !== 2) return [];
    var routes = [];
    parts[0].trim().split(/\s+/).forEach(function (from) {
      parts[1].trim().split(/\s+/).forEach(function (to) { if (from && to) routes.push([from, to]); });
    });
    return routes;
  }

  // --- patching the new markup in ------------------------------------------------------
  // Children are matched in order, by tag (and id); a card (data-card) only ever matches
  // the same card among its old siblings, so a card's element is never reused for another.
  // A live region is always a new element, as with innerHTML: patching its text would make
  // screen readers say again what the page's own log (#live) already said.
  var LIVE = /^(status|alert|log)$/;

  function fresh(el) {
    return el.hasAttribute("data-card") || el.hasAttribute("aria-live") ||
      LIVE.test(el.getAttribute("role") || "");
  }

  function sameKind(a, b) {
    if (a.nodeType !== b.nodeType) return false;
    if (a.nodeType !== 1) return true;
    return a.tagName === b.tagName && a.id === b.id && !fresh(a);
  }

  function update(live, next) {
    if (live.nodeType !== 1) {
      if (live.nodeValue !== next.nodeValue) live.nodeValue = next.nodeValue;
      return;
    }
    var attrs = next.attributes, i, name;
    for (i = 0; i < attrs.length; i++) {
      name = attrs[i].name;
      if (live.getAttribute(name) !== attrs[i].value) live.setAttribute(name, attrs[i].value);
    }
    attrs = live.attributes;
    for (i = attrs.length - 1; i >= 0; i--) {
      name = attrs[i].name;
      if (!next.hasAttribute(name)) live.removeAttribute(name);
    }
    patch(live, next);
  }

  function patch(live, next) {
    var cards = null;
    var l = live.firstChild, n = next.firstChild;
    while (n) {
      var following = n.nextSibling;
      var key = n.nodeType === 1 ? n.getAttribute("data-card") : null;
      var match = null;
      if (key !== null) {
        if (!cards) {
          cards = {};
          for (var c = l; c; c = c.nextSibling) {
            var k = c.nodeType === 1 ? c.getAttribute("data-card") : null;
            if (k !== null) (cards[k] = cards[k] || []).push(c);
          }
        }
        var same = cards[key];
        if (same && same.length && same[0].tagName === n.tagName) match = same.shift();
      } else if (l && sameKind(l, n)) {
        match = l;
      }
      if (!match) {
        live.insertBefore(n, l); // moved out of the parsed copy
      } else {
        if (match === l) l = l.nextSibling;
        else live.insertBefore(match, l);
        update(match, n);
      }
      n = following;
    }
    while (l) {
      var after = l.nextSibling;
      live.removeChild(l);
      l = after;
    }
  }

  var parser = document.createElement("template");

  function morph(app, html) {
    parser.innerHTML = html;
    patch(app, parser.content);
    parser.innerHTML = "";
  }

  // The places before the redraw (First), kept until the next frame plays the movement.
  function measure(app) {
    var t = performance.now();
    app.getBoundingClientRect(); // any layout still to do is done here, once (and timed)
    phase("layout before", t);
    var cards = keyed(app, "data-card");
    var spots = {};
    app.querySelectorAll("[data-spot]").forEach(function (spot) {
      spots[spot.getAttribute("data-spot")] = !!spot.querySelector(".card.back");
    });
    return { app: app, cards: cards, rects: rects(cards), anchors: rects(keyed(app, "data-anchor")),
             spots: spots, from: "", to: "", chips: "", since: performance.now(),
             x: window.scrollX, y: window.scrollY };
  }

  // The places read before, where they are on screen now that the page may have scrolled
  // (the glue focuses a move, which may scroll it into view, before the frame comes).
  function scrolled(map, dx, dy) {
    if (!dx && !dy) return map;
    var out = {};
    Object.keys(map).forEach(function (k) {
      var r = map[k];
      out[k] = { left: r.left - dx, top: r.top - dy, width: r.width, height: r.height };
    });
    return out;
  }

  var pending = null; // the First of a movement the next frame plays
  var frame = 0;

  // The new markup goes in at once (the glue reads it right away: focus, hints, tab stops);
  // the movement is measured and started in the next animation frame, where the browser
  // lays the page out anyway: the redraw's task never waits for a layout on motion's
  // account, and several redraws before one frame (a move, then the next player's
  // "thinking") make one movement from where the cards were last seen.
  function swap(app, html, options) {
    var t = performance.now();
    var oldTable = app.querySelector("[data-motion]");
    var first = pending;
    if (!first && oldTable && !document.hidden) {
      first = measure(app); // reads only: the layout is clean here (the last frame's)
      // a movement still under way gives way to the new one (it starts where the card is)
      running.forEach(function (run) { run.cancel(); });
      running = [];
    }
    t = phase("first", t);
    if (oldTable) morph(app, html);
    else app.innerHTML = html; // a new screen: nothing to keep, nothing moves
    phase("markup", t);
    var table = app.querySelector("[data-motion]");
    if (!oldTable || !table || !first || first.app !== app) {
      pending = null;
      return;
    }
    first.pace = options && options.pace !== undefined ? options.pace : 800;
    first.from = table.getAttribute("data-from") || first.from;
    first.to = table.getAttribute("data-to") || first.to;
    first.chips = table.getAttribute("data-chips") || first.chips;
    pending = first;
    if (!frame) frame = requestAnimationFrame(play);
  }

  function play() {
    frame = 0;
    var first = pending;
    pending = null;
    var app = first && first.app;
    // gone, or kept waiting (a hidden tab gets no frames): no stale movement
    if (!app || !app.querySelector("[data-motion]") || performance.now() - first.since > 2000) {
      return;
    }
    var t = performance.now();
    // the new markup's style and layout, which this frame does anyway (before painting),
    // done at the first read rather than after the callbacks: timed on its own
    app.getBoundingClientRect();
    t = phase("layout", t);
    var dx = window.scrollX - first.x, dy = window.scrollY - first.y;
    var oldCards = first.cards, oldRects = scrolled(first.rects, dx, dy);
    var oldAnchors = scrolled(first.anchors, dx, dy);
    // Last: the new places, read in one batch
    var newCards = keyed(app, "data-card");
    var newRects = rects(newCards);
    var newAnchors = rects(keyed(app, "data-anchor"));
    var moved = [], appeared = [], vanished = [];
    Object.keys(newCards).forEach(function (k) {
      var now = newRects[k];
      if (!visible(now)) return;
      var was = oldRects[k];
      if (visible(was)) {
        if (!same(was, now)) moved.push([newCards[k], was, now]);
      } else {
        appeared.push([newCards[k], now]);
      }
    });
    Object.keys(oldCards).forEach(function (k) {
      if (visible(oldRects[k]) && !visible(newRects[k])) vanished.push([oldCards[k], oldRects[k]]);
    });
    var flips = [];
    app.querySelectorAll("[data-spot]").forEach(function (spot) {
      var key = spot.getAttribute("data-spot");
      var face = spot.querySelector("[data-card]");
      if (first.spots[key] && face) flips.push(face);
    });
    t = phase("last", t);
    if (still()) {
      var marked = moved.map(function (m) { return m[0]; })
        .concat(appeared.length <= DEAL ? appeared.map(function (a) { return a[0]; }) : [])
        .concat(flips);
      // The last card played is always marked, even when a new deal appeared in the same
      // frame (too many cards to mark) or it did not change place on screen.
      var last = app.querySelector(".card.last[data-card]");
      if (last && marked.indexOf(last) < 0) marked.push(last);
      highlight(marked);
      phase("highlight", t);
      played(app);
      return;
    }
    // Invert and play: writes only from here on
    var ms = duration(first.pace);
    var timing = { duration: ms, easing: "cubic-bezier(.2,.7,.2,1)" };
    function animate(el, frames) { running.push(el.animate(frames, timing)); }
    moved.forEach(function (m) {
      animate(m[0], [{ transform: flight(m[1], m[2]) }, { transform: "none" }]);
    });
    var source = anchorRect(first.from, oldAnchors, newAnchors);
    appeared.forEach(function (a) {
      var el = a[0];
      if (flips.indexOf(el) >= 0) return;
      if (source && appeared.length <= DEAL) {
        animate(el, [{ transform: fromAnchor(source, a[1]), opacity: 0.4 },
                     { transform: "none", opacity: 1 }]);
      } else {
        animate(el, [{ opacity: 0 }, { opacity: 1 }]);
      }
    });
    flips.forEach(function (el) {
      animate(el, [{ transform: "rotateY(90deg)" }, { transform: "none" }]);
    });
    var box = layer();
    var sink = anchorRect(first.to, newAnchors, oldAnchors);
    vanished.forEach(function (v) {
      var copy = ghost(box, v[0], v[1]);
      var end = sink ? fromAnchor(sink, v[1]).replace("scale(0.6)", "scale(0.4)") : "scale(0.8)";
      var run = copy.animate([{ transform: "none", opacity: 1 }, { transform: end, opacity: 0 }],
        { duration: ms, easing: "ease-in", fill: "forwards" });
      run.onfinish = run.oncancel = function () { copy.remove(); };
    });
    chipRoutes(first.chips).forEach(function (route) {
      var a = anchorRect(route[0], oldAnchors, newAnchors);
      var b = anchorRect(route[1], newAnchors, oldAnchors);
      if (!a || !b) return;
      var token = chip(box, a);
      var dx = b.left + b.width / 2 - (a.left + a.width / 2);
      var dy = b.top + b.height / 2 - (a.top + a.height / 2);
      var run = token.animate([{ transform: "none", opacity: 1 },
                               { transform: "translate(" + dx + "px, " + dy + "px)", opacity: 0.2 }],
        { duration: ms, easing: "ease-in-out", fill: "forwards" });
      run.onfinish = run.oncancel = function () { token.remove(); };
    });
    phase("play", t);
    played(app);
  }

  // Tests and benchmarks listen for this: the movement (or the highlight) has started.
  function played(app) {
    app.dispatchEvent(new CustomEvent("cardmotion:played", { bubbles: true }));
  }

  var api = window.cardMotion = { swap: swap, duration: duration, still: still, trace: false,
                                  pending: function () { return !!pending; } };

  // The top bar on a phone: one menu button beside the title opens the tools.
  function wireMenu() {
    var bar = document.getElementById("bar");
    var button = document.getElementById("menu-button");
    if (!bar || !button) return;
    function set(open) {
      bar.classList.toggle("open", open);
      button.setAttribute("aria-expanded", open ? "true" : "false");
    }
    button.addEventListener("click", function () { set(!bar.classList.contains("open")); });
    // choosing a tool closes the menu; the tool's own handler runs as before
    bar.querySelector(".tools").addEventListener("click", function (event) {
      if (event.target.closest("button")) set(false);
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && bar.classList.contains("open")) set(false);
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", wireMenu);
  else wireMenu();
})();
