// The DOM work of web/main.py, done with what the table session decided (plain data in,
// nothing decided here).  In JavaScript because it is nothing but DOM work, much of it on
// every redraw: through Pyodide's proxies each element touched would cost a crossing.
//
// The keyboard's way round the table: each group of moves (the hand, and any element
// marked data-roving) is one tab stop whose items the arrow keys, Home and End walk (the
// ARIA "roving tabindex" pattern), and focus survives a redraw: it goes back to the same
// move if it is still there, else to the dialog's button or the group.
"use strict";
(function () {
  var ROVING = ".hand, [data-roving]";
  // A move: a play, or a card with several plays that opens their menu (a popover).
  var MOVE = "[data-action], [popovertarget]";
  var NEXT = ["ArrowRight", "ArrowDown"];
  var PREV = ["ArrowLeft", "ArrowUp"];
  var remembered = { action: null, index: 0, menu: null };

  function items(element) {
    var group = element && element.closest ? element.closest(ROVING) : null;
    return group ? Array.prototype.slice.call(group.querySelectorAll(MOVE)) : null;
  }

  function byAction(app, action) {
    var all = app.querySelectorAll(MOVE);
    for (var i = 0; i < all.length; i++) {
      if ((all[i].getAttribute("data-action") || all[i].getAttribute("popovertarget")) ===
          action) return all[i];
    }
    return null;
  }

  function focus(element) {
    var group = items(element) || [];
    group.forEach(function (item, i) {
      item.tabIndex = item === element ? 0 : -1;
      if (item === element) remembered.index = i;
    });
    element.focus({ preventScroll: false });
  }

  // Before a redraw: what has focus, and whether it is on the table (or nowhere).
  function before(app) {
    var active = document.activeElement;
    var menu = app.querySelector(".choices-menu:popover-open");
    remembered.menu = menu ? menu.id : null;  // a redraw must not shut a card's open menu
    remembered.action = null;
    if (!active || !app.contains(active)) return active === document.body;
    remembered.action = active.getAttribute("data-action") ||
      active.getAttribute("popovertarget");
    var group = items(active);
    if (group) remembered.index = Math.max(0, group.indexOf(active));
    return true;
  }

  // After a redraw: one tabbable item per group, and focus back where it was.
  function after(app, hadFocus) {
    var menu = remembered.menu ? document.getElementById(remembered.menu) : null;
    if (menu && app.contains(menu) && !menu.matches(":popover-open")) menu.showPopover();
    app.querySelectorAll(ROVING).forEach(function (group) {
      var all = group.querySelectorAll(MOVE);
      for (var i = 0; i < all.length; i++) {
        all[i].tabIndex = i === Math.min(remembered.index, all.length - 1) ? 0 : -1;
      }
    });
    if (hadFocus) place(app);
    fit();
  }

  // The whole table on one screen.  The style sheet sizes the cards and the seats to the
  // window; what a crowded moment still leaves over (eight players on a small phone, an
  // Avissinia pile grown long) is taken off by zooming the table's parts (never its
  // dialogs) through --fit, which a redraw keeps, so the cards do not jump.  Not in an
  // embed, whose frame grows to the table instead.
  var MIN_FIT = 0.6;
  function fit() {
    var app = byId("app");
    var root = document.documentElement;
    if (!app || root.classList.contains("embed")) return;
    if (!app.querySelector(":scope > .table")) {
      app.style.removeProperty("--fit");
      return;
    }
    var zoom = 1;
    for (var pass = 0; pass < 5; pass++) {
      app.style.setProperty("--fit", String(zoom));
      var table = app.querySelector(":scope > .table").getBoundingClientRect();
      var tall = root.scrollHeight - innerHeight;
      var wide = root.scrollWidth - innerWidth;
      if (tall <= 0 && wide <= 0) break;
      var byHeight = (table.height - Math.max(tall, 0)) / table.height;
      var byWidth = (table.width - Math.max(wide, 0)) / table.width;
      var next = Math.max(MIN_FIT, zoom * Math.min(byHeight, byWidth) - 0.01);
      if (next >= zoom - 0.005) next = zoom - 0.02;  // text wraps anew: step on regardless
      if (next < MIN_FIT) break;
      zoom = next;
    }
    // For the tests: the zoom, and the window size it was worked out for.
    document.body.dataset.fit = String(zoom);
    document.body.dataset.fitFor = innerWidth + "x" + innerHeight;
  }
  var fitPending = false;
  window.addEventListener("resize", function () {
    if (fitPending) return;
    fitPending = true;
    requestAnimationFrame(function () { fitPending = false; fit(); });
  });

  function place(app) {
    var target = app.querySelector("[autofocus]");
    if (!target && remembered.action) target = byAction(app, remembered.action);
    if (!target) target = app.querySelector(".hand [tabindex='0'], [data-roving] [tabindex='0']");
    if (!target) target = app.querySelector("[data-action]");
    if (target) focus(target);
  }

  // A card's menu of plays opens with its first play focused (Escape or a tap elsewhere
  // closes it, and focus goes back to the card: the browser's popover behaviour).
  document.addEventListener("toggle", function (event) {
    var menu = event.target;
    if (event.newState !== "open" || !menu.matches || !menu.matches(".choices-menu")) return;
    var first = menu.querySelector("[data-action]");
    if (first) focus(first);
  }, true);

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var key = event.key;
    if (NEXT.indexOf(key) < 0 && PREV.indexOf(key) < 0 && key !== "Home" && key !== "End") return;
    var group = items(event.target);
    if (!group || group.indexOf(event.target) < 0) return;
    event.preventDefault();
    var i = group.indexOf(event.target);
    if (key === "Home") i = 0;
    else if (key === "End") i = group.length - 1;
    else i = (i + (NEXT.indexOf(key) >= 0 ? 1 : -1) + group.length) % group.length;
    focus(group[i]);
  });

  function byId(name) { return document.getElementById(name); }

  // The strip above the table: the turn line, the buttons that apply now, and the hint
  // (``hintAction`` is marked and its spoken name returned, for the hint's words).
  function strip(app, state) {
    var tools = byId("table-tools");
    tools.hidden = !state.atTable;
    byId("turn-line").textContent = state.turnLine;
    tools.querySelector("[data-cmd='hint']").disabled = !state.hint;
    tools.querySelector("[data-cmd='undo']").disabled = !state.undo;
    byId("hint").textContent = state.note;
    var note = byId("coach-note");
    if (note) {
      note.hidden = !state.coachNote;
      byId("coach-note-text").textContent = state.coachNote || "";
    }
    var hinted = state.hintAction ? byAction(app, state.hintAction) : null;
    if (!hinted) return null;
    hinted.classList.add("hinted");
    return (hinted.getAttribute("aria-label") || hinted.textContent).trim();
  }

  // The live log for screen readers (polite), which keeps its last ``keep`` lines.
  function announce(keep, text) {
    var live = byId("live");
    var line = document.createElement("p");
    line.textContent = text;
    live.appendChild(line);
    while (live.childElementCount > keep) live.firstElementChild.remove();
  }

  function say(text) {
    var box = byId("notice");
    box.textContent = text;
    box.hidden = false;
  }

  // The start form as its choices change: the chosen game's options, and one level row
  // per computer seat ([seat, name, shown] each).
  function startLayout(game, seats) {
    document.querySelectorAll("#start-form fieldset[data-game]").forEach(function (box) {
      box.hidden = box.dataset.game !== game;
    });
    seats.forEach(function (row) {
      var label = document.querySelector("#start-form .level[data-seat='" + row[0] + "']");
      if (!label) return;
      label.hidden = !row[2];
      label.querySelector(".level-name").textContent = row[1];
    });
  }

  // Every form's fields, by name (the start form, a save's name).
  function fields() {
    var out = {};
    document.querySelectorAll("form").forEach(function (form) {
      new FormData(form).forEach(function (value, name) { out[name] = String(value); });
    });
    return out;
  }

  function download(name, text) {
    var url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    var link = document.createElement("a");
    link.href = url;
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 1000);
  }

  // The dialog (help, settings, statistics, history), opened on its first control.
  function openPanel(dialog, html) {
    byId("panel-body").innerHTML = html;
    var heading = dialog.querySelector("#panel-body h2");
    if (heading) {
      heading.id = heading.id || "panel-title";
      dialog.setAttribute("aria-labelledby", heading.id);
    }
    if (!dialog.open) dialog.showModal();
    var first = dialog.querySelector("#panel-body :is(input, select, button)");
    if (first) first.focus();
  }

  // Text to the clipboard (a link, a snippet), and the notice says so (in the words the
  // session gives); where the browser refuses, the notice shows the text to copy by hand.
  function copy(text, words) {
    var link = /^https?:/.test(text);
    function done(ok) {
      say((ok ? (link ? words.linkCopied : words.copied) : (link ? words.copyLink
        : words.copyText)) + text);
    }
    try {
      navigator.clipboard.writeText(text).then(function () { done(true); },
                                               function () { done(false); });
    } catch (error) {
      done(false);
    }
  }

  // Parts of what is shown, by element id (a review's progress in its panel).
  function update(parts) {
    Object.keys(parts).forEach(function (id) {
      var element = byId(id);
      if (element) element.innerHTML = parts[id];
    });
  }

  // When the dialog closes, focus goes back to the table unless it went elsewhere.
  document.addEventListener("DOMContentLoaded", function () {
    var dialog = byId("panel");
    if (!dialog) return;
    dialog.addEventListener("close", function () {
      var active = document.activeElement;
      if (!active || active === document.body || !document.contains(active)) {
        place(byId("app"));
      }
    });
  });

  window.cardPage = { before: before, after: after, place: place, focus: focus,
                      byAction: byAction, strip: strip, announce: announce, say: say,
                      startLayout: startLayout, fields: fields, download: download,
                      openPanel: openPanel, copy: copy,
                      update: update, fit: fit };
})();
