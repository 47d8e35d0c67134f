// A live Ludus duodecim scriptorum board: the worker's SVG, the points a piece can leave, the
// chosen one and its destinations, and a button per legal step; one die is played at a time
// through petteia_core.web's Duodecim session (ops game_step, game_unstep, game_commit, game_think).
//
// Used by the play page (play.js) and by the explorable boards of the pages (duo-live.js). The
// `host` shows what happens: host.say(text, kind), host.announce(text), host.onState(state),
// host.thinking(on), and optionally host.onStepped(before, after, step) after each step played.
import { DuoKeyboard } from "./duo-keyboard.js";
import { BusyCount } from "./busy.js";
import { el, reducedMotion } from "./dom.js";

export class DuoBoard {
  /** `keyboard`: arrow keys and Enter on the board itself (the step buttons work either way). */
  constructor(figure, host, { id = "play-duo", keyboard = false } = {}) {
    this.figure = figure;
    this.game = host;
    this.id = id;
    this.wrap = figure.querySelector(".petteia-svg-wrap");
    this.state = null;
    this.selected = null;
    this.work = new BusyCount(figure); // requests under way: no input meanwhile
    this.thinkingNow = false;
    this.viewing = false;
    this.disposed = false;
    this.mode = "play";
    this.side = "w";
    this.level = 1;
    figure.classList.add("duo-live");
    this.stepsBox = el("div", { class: "play-steps", role: "group", "aria-label": "Legal steps" });
    this.wrap.after(this.stepsBox);
    this.wrap.addEventListener("click", (e) => this.onClick(e));
    this.keyboard = keyboard ? new DuoKeyboard(this) : null;
  }

  async start(api, state) {
    this.api = api;
    this.live = true;
    this.figure.classList.add("is-live");
    this.show(state);
    this.maybeThink();
  }

  /** The host closes the game in the worker; the board only stops drawing and asking. */
  dispose() {
    this.disposed = true;
  }

  get busy() {
    return this.work.busy;
  }

  lock() {
    this.work.lock();
  }

  unlock() {
    this.work.unlock();
  }

  /** Resolves once no request or animation is under way. */
  settled() {
    return this.work.settled();
  }


  async request(op, args) {
    this.lock();
    try {
      const reply = await this.api.call(op.startsWith("game_") ? op : `game_${op}`, args);
      if (this.disposed) return null;
      if (!reply.ok) {
        this.game.say(reply.error, "error");
        return null;
      }
      return reply;
    } finally {
      this.unlock();
    }
  }

  yourTurn() {
    const s = this.state;
    return s && !s.result && !this.viewing && (this.mode !== "play" || s.turn === this.side);
  }

  show(state) {
    if (this.disposed) return;
    this.state = state;
    this.viewing = false;
    this.selected = null;
    this.setSvg(state.svg);
    this.drawSteps();
    this.game.onState(state);
  }

  setSvg(text) {
    const tpl = document.createElement("template");
    tpl.innerHTML = text.trim();
    const svg = tpl.content.firstElementChild;
    const old = this.wrap.querySelector("svg");
    if (old) old.replaceWith(svg);
    else this.wrap.prepend(svg);
    this.svg = svg;
    if (this.keyboard) svg.setAttribute("focusable", "false");
  }

  showPicture(svgText) {
    this.viewing = true;
    this.selected = null;
    this.setSvg(svgText);
    this.drawSteps();
  }

  steps() {
    return this.yourTurn() ? this.state.steps : [];
  }

  /** Mark the points a piece can leave, the selected one and its destinations; list the steps. */
  drawSteps() {
    const steps = this.steps();
    const froms = new Set(steps.map((s) => s.from));
    const dests = new Set(steps.filter((s) => s.from === this.selected).map((s) => s.to));
    for (const r of this.svg.querySelectorAll("rect.pt[data-point]")) {
      const p = r.dataset.point;
      r.classList.toggle("is-movable", froms.has(p));
      r.classList.toggle("is-selected", p === this.selected);
      r.classList.toggle("is-dest", dests.has(p));
    }
    const mine = this.state.turn;
    const tray = this.svg.querySelector(`g.tray-side[data-side="${mine}"]`);
    tray?.classList.toggle("is-movable", froms.has("enter") || dests.has("off"));
    tray?.classList.toggle("is-selected", this.selected === "enter");
    this.keyboard?.draw();
    const box = this.stepsBox;
    box.replaceChildren();
    if (!this.yourTurn()) return;
    const s = this.state;
    if (s.void) {
      const pass = el("button", { type: "button", class: "petteia-btn play-pass" }, "No move is possible with this roll: pass");
      pass.addEventListener("click", () => this.pass());
      box.append(pass);
      return;
    }
    const label = el("span", { class: "play-steps-label" },
      s.prefix.length ? `Played so far: ${s.prefix.join(" ")}. Next step:` : "Steps (one die each):");
    box.append(label);
    for (const st of steps) {
      const b = el("button", { type: "button", class: "petteia-btn play-step", "data-from": st.from, "data-to": st.to,
        "aria-label": `${st.text.replace("@", "enter on ")} with the ${st.die}` }, `${st.text} (${st.die})`);
      b.addEventListener("click", () => this.step(st));
      box.append(b);
    }
    if (s.prefix.length) {
      const back = el("button", { type: "button", class: "petteia-btn play-unstep" }, "Take back the last step");
      back.addEventListener("click", () => this.send("unstep", {}));
      box.append(back);
    }
  }

  /** The spot under a click: a point name, or "tray" (the side to move's pieces off the board). */
  spotOf(target) {
    const hit = target.closest("[data-point], g.tray-side");
    if (!hit) return null;
    if (hit.matches("g.tray-side")) return hit.dataset.side === this.state?.turn ? "tray" : null;
    return hit.dataset.point;
  }

  onClick(e) {
    if (!this.yourTurn() || this.busy) return;
    const spot = this.spotOf(e.target);
    if (spot === null) return;
    this.keyboard?.moveTo(spot, false);
    this.activate(spot);
  }

  /** What a click or Enter on `spot` means: choose a piece, play a step, or let go. */
  activate(spot) {
    if (!this.yourTurn() || this.busy) return false;
    const steps = this.steps();
    if (spot === "tray") {
      spot = this.selected && steps.some((s) => s.from === this.selected && s.to === "off") ? "off" : "enter";
    }
    if (this.selected !== null) {
      const st = steps.find((s) => s.from === this.selected && s.to === spot);
      if (st) {
        this.step(st);
        return true;
      }
    }
    let done = false;
    if (steps.some((s) => s.from === spot)) {
      this.selected = this.selected === spot ? null : spot;
      const n = steps.filter((s) => s.from === spot).length;
      if (this.selected) this.game.announce(`${spot === "enter" ? "A piece to enter" : spot} chosen: ${n} step${n === 1 ? "" : "s"}.`);
      done = true;
    } else {
      this.selected = null;
    }
    this.drawSteps();
    return done;
  }

  /** Let go of the chosen piece (Escape). */
  clearSelection() {
    if (this.selected === null) return false;
    this.selected = null;
    this.drawSteps();
    return true;
  }

  async step(st) {
    const before = this.state;
    await this.send("step", { frm: st.from, to: st.to, die: st.die });
    if (this.state !== before) this.game.onStepped?.(before, this.state, st);
  }

  /** A void roll: nothing can move, the dice pass to the other side. */
  async pass() {
    const before = this.state;
    await this.send("commit", {});
    if (this.state !== before) this.game.onStepped?.(before, this.state, null);
  }

  async send(op, args) {
    if (this.busy) return;
    this.lock();
    // The step is chosen: no step of this position may be offered again meanwhile.
    this.stepsBox.replaceChildren();
    try {
      const reply = await this.request(op, { board_id: this.id, ...args });
      if (reply) this.show(reply);
    } finally {
      this.unlock();
    }
    this.maybeThink();
  }

  computersTurn() {
    const s = this.state;
    return this.mode === "play" && !!s && !s.result && s.turn !== this.side;
  }

  /** The computer plays its turns while it is to move; the board is locked until it is done. */
  async maybeThink() {
    if (this.thinkingNow || this.disposed || !this.computersTurn()) return;
    this.thinkingNow = true;
    this.lock();
    this.game.thinking(true, this);
    try {
      while (!this.disposed && this.computersTurn()) {
        await new Promise((r) => setTimeout(r, reducedMotion() ? 0 : 400)); // let the dice be seen
        if (this.disposed) break;
        const reply = await this.request("think", {
          board_id: this.id, level: this.level, seed: Math.floor(Math.random() * 1e9), ...window.__petteiaThinkArgs,
        });
        if (!reply) break;
        this.show(reply);
      }
    } finally {
      this.thinkingNow = false;
      this.unlock();
      if (!this.disposed) this.game.thinking(false, this);
    }
  }

  async command(op) {
    if (this.busy) return;
    this.lock();
    try {
      let reply = await this.request(op, { board_id: this.id });
      while (reply && this.mode === "play" && reply.turn !== this.side && !reply.result &&
             ((op === "undo" && reply.can_undo) || (op === "redo" && reply.can_redo))) {
        reply = await this.request(op, { board_id: this.id });
      }
      if (reply) this.show(reply);
    } finally {
      this.unlock();
    }
    this.maybeThink();
  }
}
