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
(() => {
  "use strict";
  if (window.customElements === undefined || customElements.get("card-table")) return;

  const PROTOCOL = "card-table"; // the tag every message of ours carries, both ways
  const EVENTS = ["ready", "deal-over", "game-over"];
  // Attributes of the element that are not query parameters of the table.
  const OWN_ATTRIBUTES = new Set(["site", "title", "width", "height", "class", "style", "id"]);
  // The site is where this script came from, unless the element names another.
  const SCRIPT_SITE = document.currentScript ? document.currentScript.src : location.href;

  class CardTable extends HTMLElement {
    constructor() {
      super();
      this.frame = null;
      this.ready = false;
      this.queue = []; // commands given before the table was ready
      this.onMessage = this.onMessage.bind(this);
    }

    connectedCallback() {
      if (this.frame) return;
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
      frame.title = this.getAttribute("title") || "Card table";
      frame.setAttribute("allow", "clipboard-write");
      frame.style.cssText = "border:0;width:100%;display:block;";
      frame.style.height = (this.getAttribute("height") || "720") + "px";
      this.style.display = this.style.display || "block";
      const width = Number(this.getAttribute("width"));
      if (width > 0) { // a width in pixels, never wider than the host's column
        this.style.width = this.style.width || width + "px";
        this.style.maxWidth = this.style.maxWidth || "100%";
      }
      this.frame = frame;
      window.addEventListener("message", this.onMessage);
      this.appendChild(frame);
    }

    disconnectedCallback() {
      window.removeEventListener("message", this.onMessage);
      if (this.frame) this.frame.remove();
      this.frame = null;
      this.ready = false;
    }

    onMessage(event) {
      // Only our own frame, from the site's origin, speaking our protocol.
      if (!this.frame || event.source !== this.frame.contentWindow) return;
      if (event.origin !== this.siteOrigin) return;
      const data = event.data;
      if (!data || typeof data !== "object" || data.protocol !== PROTOCOL) return;
      if (data.type === "resize") {
        const height = Number(data.height);
        if (Number.isFinite(height) && height > 0) this.frame.style.height = Math.ceil(height) + "px";
        return;
      }
      if (!EVENTS.includes(data.type)) return;
      if (data.type === "ready") {
        this.ready = true;
        const waiting = this.queue;
        this.queue = [];
        waiting.forEach((message) => this.send(message));
      }
      this.dispatchEvent(new CustomEvent(data.type, { detail: data }));
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
    newGame(options = {}) {
      const { game, seed, ...rest } = options;
      const command = { command: "new-game", options: rest };
      if (game !== undefined) command.game = String(game);
      if (seed !== undefined) command.seed = Number(seed);
      this.send(command);
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
