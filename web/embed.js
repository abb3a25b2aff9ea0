// <card-table>: the card table in another site's page, in two lines.
//
//   <script src="https://example.org/cards/embed.js"></script>
//   <card-table game="avinas"></card-table>
//
// The element makes an iframe of the site's index.html with embed=1, its attributes as
// query parameters and parent=<this page's origin>; sizes the frame to the height the table
// reports; re-dispatches the table's messages as DOM events on the element ("ready",
// "deal-over", "game-over"); and sends commands with newGame(), pause() and resume().
// The message protocol is documented in README.md ("Embedding the table").
//
// The table costs megabytes (Python itself), so the frame is made only when it is needed:
// when the element comes near the reader's view (load="near", the default), when the
// reader presses Play on a light poster drawn here (load="click"), or at once
// (load="eager").  Until then the host's page pays for this file alone.
(() => {
  "use strict";
  if (window.customElements === undefined || customElements.get("card-table")) return;

  const PROTOCOL = "card-table"; // the tag every message of ours carries, both ways
  // "error": a command the table refused (an unknown game, a bad option), or one this
  // element refused before sending it (newGame's arguments); detail {command, message}.
  const EVENTS = ["ready", "deal-over", "game-over", "error"];
  const MAX_SEED_DIGITS = 19; // the table's seeds: 0 to 2**63 - 1

  // Why newGame's argument cannot be sent, in words, or "" when it can.
  function newGameProblem(options) {
    if (options === null || typeof options !== "object" || Array.isArray(options)) {
      return "newGame takes an object, such as {game: \"avinas\", seed: 42}";
    }
    const { game, seed, ...rest } = options;
    if (game !== undefined && (typeof game !== "string" || !/^[a-z]{1,30}$/.test(game))) {
      return "game must be a game's name, such as \"avissinia\"";
    }
    if (seed !== undefined) {
      const digits = typeof seed === "number" ? Number.isSafeInteger(seed) && seed >= 0
        : typeof seed === "string" && new RegExp("^[0-9]{1," + MAX_SEED_DIGITS + "}$").test(seed);
      if (!digits) {
        return "seed must be a whole number from 0 (a number, or digits in a string for " +
          "seeds beyond 2**53), not " + JSON.stringify(String(seed)).slice(0, 40);
      }
    }
    for (const [name, value] of Object.entries(rest)) {
      const plain = typeof value === "boolean" || typeof value === "string" && value.length <= 300
        || typeof value === "number" && Number.isFinite(value);
      if (!/^[a-z_]{1,30}$/.test(name) || !plain) {
        return "option " + JSON.stringify(name).slice(0, 40) +
          " must be a game's option with a number, text or true/false";
      }
    }
    return "";
  }
  // Attributes of the element that are not query parameters of the table.
  const OWN_ATTRIBUTES = new Set(["site", "title", "width", "height", "class", "style", "id",
    "load"]);
  // The site is where this script came from, unless the element names another.
  const SCRIPT_SITE = document.currentScript ? document.currentScript.src : location.href;
  // "near": how close to the view the element must come for the table to start loading,
  // about a screen ahead of the reader's scrolling, so it is usually ready on arrival.
  const NEAR = "100% 0px";
  const NAMES = { avissinia: "Avissinia", avinas: "Avinas", abyssinia: "Abyssinia" };
  // This script is ASCII (escapes stand for the rest), so it reads the same on a host page
  // in any encoding.  The poster's words in every language the table speaks (build.py
  // writes them from the catalogues, escaped), shown in the element's lang (which the
  // table is also given, as lang=), else the first of the browser's languages the table
  // speaks: as the table chooses.
  const WORDS = /*__WORDS__*/{};
  function languageOf(element) {
    const wanted = [element.getAttribute("lang") || ""].concat(navigator.languages || []);
    for (const tag of wanted) {
      const code = String(tag).toLowerCase().split(/[-_]/)[0];
      if (code === "en" || WORDS[code]) return code;
    }
    return "en";
  }
  function word(lang, message, game) {
    const text = (WORDS[lang] && WORDS[lang][message]) || message;
    return text.replace("{game}", game || "");
  }

  // The poster of load="click": a table drawn in HTML and CSS (no image to fetch).  The
  // element's own children (the frame, later) show through the slot.
  const POSTER_STYLE = `
:host { display: block; position: relative; }
.poster { position: relative; box-sizing: border-box; height: 100%; min-height: 300px;
  overflow: hidden; border-radius: 10px;
  background: radial-gradient(ellipse at 50% 45%, #2f8a4f 0%, #1f6b3a 55%, #14502b 100%);
  color: #fdfbf5; font: 16px/1.4 system-ui, sans-serif; text-align: center; }
.felt { position: absolute; inset: 8% 6%; border-radius: 45%;
  border: 2px solid rgba(253, 251, 245, .18); }
.card { position: absolute; width: 44px; height: 62px; border-radius: 5px;
  box-sizing: border-box; padding: 4px 5px; background: #fdfbf5; color: #1b1b1b;
  box-shadow: 0 1px 3px rgba(0, 0, 0, .4); font: 700 15px/1.05 Georgia, serif;
  text-align: left; }
.card.red { color: #c62828; }
.card.back { background: repeating-linear-gradient(45deg, #8e1f1f 0 4px, #a83232 4px 8px);
  border: 3px solid #fdfbf5; box-sizing: border-box; }
.hand .card { bottom: 6%; transform-origin: 50% 120%; }
.middle { position: absolute; left: 50%; top: 44%; transform: translate(-50%, -50%);
  width: max-content; max-width: calc(100% - 160px); padding: 12px 16px;
  background: rgba(10, 40, 22, .78); border-radius: 12px; }
h2 { margin: 0 0 4px; font: 700 clamp(22px, 5vw, 34px)/1.2 Georgia, serif; }
p { margin: 0 0 14px; opacity: .9; font-size: 15px; }
button { font: 700 18px/1 system-ui, sans-serif; padding: 12px 30px; border: 0;
  border-radius: 999px; background: #fdfbf5; color: #14502b; cursor: pointer;
  box-shadow: 0 2px 6px rgba(0, 0, 0, .35); min-height: 44px; }
button:hover { background: #fff3c4; }
button:focus-visible { outline: 3px solid #ffd54f; outline-offset: 3px; }
button:disabled { opacity: .75; cursor: progress; }`;
  // The poster's cards: the player's hand (suit, rank), and the backs of the three other
  // hands (left as a CSS length expression, top in %, angle).
  const HAND = [["\u2660", "A"], ["\u2665", "K"], ["\u2666", "Q"], ["\u2663", "J"], ["\u2665", "10"]];
  const BACKS = [["max(17px, 8% - 22px)", 40, 90], ["50% - 22px", 8, 0],
    ["min(100% - 61px, 92% - 22px)", 40, 90]];

  function cardHTML(style, face, red) {
    const cls = face ? "card" + (red ? " red" : "") : "card back";
    return `<span class="${cls}" style="${style}" aria-hidden="true">${face || ""}</span>`;
  }

  function posterHTML(name) {
    const backs = BACKS.map(([x, y, turn]) =>
      cardHTML(`left:calc(${x});top:${y}%;transform:rotate(${turn}deg)`)).join("");
    const hand = HAND.map(([suit, rank], i) => cardHTML(
      `left:calc(50% - 22px + ${(i - 2) * 32}px);transform:rotate(${(i - 2) * 6}deg)`,
      rank + "<br>" + suit, suit === "\u2665" || suit === "\u2666")).join("");
    return `<style>${POSTER_STYLE}</style>
<div class="poster" part="poster"><div class="felt"></div>${backs}
<div class="hand">${hand}</div>
<div class="middle"><h2></h2><p></p>
<button type="button" part="play"></button></div></div><slot></slot>`;
  }

  class CardTable extends HTMLElement {
    constructor() {
      super();
      this.frame = null;
      this.ready = false;
      this.queue = []; // commands given before the table was ready
      this.watcher = null; // the IntersectionObserver of load="near"
      this.onMessage = this.onMessage.bind(this);
    }

    connectedCallback() {
      if (this.frame) return;
      this.style.display = this.style.display || "block";
      const width = Number(this.getAttribute("width"));
      if (width > 0) { // a width in pixels, never wider than the host's column
        this.style.width = this.style.width || width + "px";
        this.style.maxWidth = this.style.maxWidth || "100%";
      }
      // Hold the frame's place, so the host's page does not jump when it comes.
      this.style.minHeight = this.frameHeight() + "px";
      const mode = this.getAttribute("load") || "near";
      if (mode === "click") this.showPoster();
      else if (mode === "eager" || !("IntersectionObserver" in window)) this.load();
      else this.loadWhenNear();
    }

    disconnectedCallback() {
      window.removeEventListener("message", this.onMessage);
      if (this.watcher) this.watcher.disconnect();
      this.watcher = null;
      if (this.frame) this.frame.remove();
      this.frame = null;
      this.ready = false;
    }

    frameHeight() {
      return Number(this.getAttribute("height")) || 720;
    }

    gameName() {
      const game = (this.getAttribute("game") || "").toLowerCase();
      return word(languageOf(this), NAMES[game] || "Card table");
    }

    loadWhenNear() {
      this.watcher = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) this.load();
      }, { rootMargin: NEAR });
      this.watcher.observe(this);
    }

    showPoster() {
      const root = this.shadowRoot || this.attachShadow({ mode: "open" });
      root.innerHTML = posterHTML();
      const name = this.gameName();
      const lang = languageOf(this);
      root.querySelector("h2").textContent = name;
      root.querySelector("p").textContent = word(lang, "Card game against the computer");
      const play = root.querySelector("button");
      play.textContent = word(lang, "Play");
      play.setAttribute("aria-label", word(lang, "Play {game}", name));
      root.querySelector(".poster").style.height = this.frameHeight() + "px";
      play.addEventListener("click", () => {
        play.disabled = true;
        play.textContent = word(languageOf(this), "Loading\u2026");
        this.load({ focus: true });
      });
    }

    // Make the frame now (load="click" calls it from Play; a host may call it too).
    load({ focus = false } = {}) {
      if (this.frame) return;
      if (this.watcher) this.watcher.disconnect();
      this.watcher = null;
      const site = new URL("index.html", new URL(this.getAttribute("site") || "./", SCRIPT_SITE));
      this.siteOrigin = site.origin;
      const params = new URLSearchParams({ embed: "1" });
      for (const { name, value } of Array.from(this.attributes)) {
        if (!OWN_ATTRIBUTES.has(name) && !name.startsWith("data-") && !name.startsWith("on")) {
          params.set(name, value);
        }
      }
      params.set("parent", location.origin);
      site.search = params.toString();
      const frame = document.createElement("iframe");
      frame.src = site.href;
      frame.title = this.getAttribute("title")
        || word(languageOf(this), "{game} card table", this.gameName());
      frame.setAttribute("allow", "clipboard-write");
      frame.style.cssText = "border:0;width:100%;display:block;";
      frame.style.height = this.frameHeight() + "px";
      this.frame = frame;
      this.focusOnReady = focus;
      window.addEventListener("message", this.onMessage);
      if (this.shadowRoot) { // the poster stays until the table is ready; the frame waits
        frame.style.position = "absolute"; // under it, out of the flow
        frame.style.visibility = "hidden";
        frame.style.top = "0";
      }
      this.appendChild(frame);
    }

    onMessage(event) {
      // Only our own frame, from the site's origin, speaking our protocol.
      if (!this.frame || event.source !== this.frame.contentWindow) return;
      if (event.origin !== this.siteOrigin) return;
      const data = event.data;
      if (!data || typeof data !== "object" || data.protocol !== PROTOCOL) return;
      if (data.type === "resize") {
        const height = Number(data.height);
        if (Number.isFinite(height) && height > 0) {
          this.frame.style.height = Math.ceil(height) + "px";
          this.style.minHeight = "";
        }
        return;
      }
      if (!EVENTS.includes(data.type)) return;
      if (data.type === "ready") {
        this.ready = true;
        this.removePoster();
        const waiting = this.queue;
        this.queue = [];
        waiting.forEach((message) => this.send(message));
      }
      this.dispatchEvent(new CustomEvent(data.type, { detail: data }));
    }

    removePoster() {
      if (!this.shadowRoot || !this.shadowRoot.querySelector(".poster")) return;
      this.shadowRoot.innerHTML = "<slot></slot>";
      this.frame.style.position = "";
      this.frame.style.visibility = "";
      if (this.focusOnReady) this.frame.focus();
    }

    send(message) {
      const full = { protocol: PROTOCOL, ...message };
      if (!this.ready || !this.frame || !this.frame.contentWindow) {
        this.queue.push(message);
        return;
      }
      this.frame.contentWindow.postMessage(full, this.siteOrigin);
    }

    // A new match: options as the table's query parameters, e.g.
    // newGame({game: "avissinia", partnership: 1, seed: 42}); without a seed, a fresh deal.
    // Refused at once, with an "error" event, when its argument is not one a table takes;
    // returns whether the command was sent (or queued until the table is ready).
    newGame(options = {}) {
      const problem = newGameProblem(options);
      if (problem) {
        this.dispatchEvent(new CustomEvent("error", { detail: {
          protocol: PROTOCOL, type: "error", command: "new-game", message: problem } }));
        return false;
      }
      const { game, seed, ...rest } = options;
      const command = { command: "new-game", options: rest };
      if (game !== undefined) command.game = game;
      if (seed !== undefined) command.seed = seed;
      this.send(command);
      return true;
    }

    pause() {
      this.send({ command: "pause" });
    }

    resume() {
      this.send({ command: "resume" });
    }
  }

  customElements.define("card-table", CardTable);
})();
