// One live board: the SVG drawn by petteia_core's renderer (at build time, then by the worker
// after every move), plus selection, destination dots, click/drag/touch moves, capture
// animation, undo/redo/reset/flip buttons and a spoken description.
//
// Listeners sit on the board's wrapper <div>, which stays in place while the SVG inside it is
// replaced after every move, so nothing needs re-attaching and keyboard focus is kept.
import { KeyboardCursor } from "./keyboard.js";
import { LineControls, LINE_KEY_HELP } from "./line.js";
import { BusyCount } from "./busy.js";
import { el, reducedMotion } from "./dom.js";
import { SIDES } from "../vendor/words.mjs"; // generated from petteia_core/web/words.py

const SVG_NS = "http://www.w3.org/2000/svg";
const DRAG_THRESHOLD = 4; // px of pointer travel before a press becomes a drag
const ANIMATION_MS = 350; // matches board.css (capture fade, move slide)

export class LiveBoard {
  constructor(figure, index) {
    this.figure = figure;
    this.id = `${figure.id || "board"}-${index}`;
    this.api = null;
    this.state = null;
    this.live = false;
    this.disposed = false;
    this.selected = null; // square of the picked-up piece, or null
    this.work = new BusyCount(figure); // requests and animations under way: no input meanwhile
    this.thinkingNow = false;
    // mode "play": the reader plays `side` against the computer (petteia_core.ai at `level`).
    // mode "puzzle": the reader must find the moves of the fence's `solution` (the worker checks
    // them and plays the replies); without a solution it behaves as "explore".
    this.mode = figure.dataset.mode || "explore";
    this.side = (figure.dataset.side || "w")[0].toLowerCase() === "b" ? "b" : "w"; // w|b|white|black
    this.level = Number(figure.dataset.level) || 3;
    this.wrap = figure.querySelector(".petteia-svg-wrap") || figure;
    this.buildUi();
  }

  // ------------------------------------------------------------------ chrome around the SVG
  buildUi() {
    const f = this.figure;
    f.querySelectorAll(".petteia-ui").forEach((n) => n.remove()); // a page restored from cache
    const ui = el("div", { class: "petteia-ui" });
    this.status = el("p", { class: "petteia-status" });
    this.bar = el("progress", { class: "petteia-progress", max: "100", value: "0", "aria-hidden": "true" });
    const controls = el("div", { class: "petteia-controls", role: "group", "aria-label": "Board controls" });
    const button = (name, label, glyph, action) => {
      const b = el("button", { type: "button", class: `petteia-btn petteia-${name}`, "aria-label": label, title: label, disabled: "" }, glyph);
      b.addEventListener("click", () => this.command(action));
      controls.append(b);
      return b;
    };
    this.buttons = {
      reset: button("reset", "Back to the start", "↺", "reset"),
      undo: button("undo", "Take back a move", "◀", "undo"),
      redo: button("redo", "Replay the move", "▶", "redo"),
      flip: button("flip", "Turn the board round", "⇅", "flip"),
    };
    // A fence's line of play (data-line), to step through on an explore board.
    // (Duodecim boards use their line's rolls for the first turns instead: duo-live.js.)
    this.line = f.dataset.line && this.mode === "explore" && f.dataset.ruleset !== "duodecim"
      ? new LineControls(this, controls) : null;
    // Read by screen readers whenever it changes; visually hidden (the board shows the same).
    this.liveRegion = el("p", { class: "petteia-sr-only", "aria-live": "polite", "aria-atomic": "true" });
    ui.append(this.status, this.bar, controls, this.liveRegion);
    f.insertBefore(ui, f.querySelector("figcaption"));
    this.setStatus("Loading Python…");
  }

  setStatus(text, kind = "info") {
    this.status.textContent = text;
    this.status.dataset.kind = kind;
  }

  showProgress({ percent, text }) {
    if (this.live || this.disposed || this.failed) return;
    this.figure.classList.add("is-loading");
    this.bar.value = percent;
    this.setStatus(text);
  }

  fail(err) {
    if (this.disposed) return;
    console.error("Petteia board", this.id, err);
    this.live = false;
    this.failed = true;
    this.figure.classList.remove("is-loading");
    this.figure.classList.add("is-error");
    this.bar.hidden = true;
    this.status.setAttribute("role", "alert");
    this.setStatus(
      `This board could not be made interactive: ${err?.message || err}. The diagram above still shows the position.`,
      "error",
    );
  }

  /** True while a request or an animation is under way: clicks, drags and keys are ignored. */
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


  dispose() {
    this.disposed = true;
    if (this.api) this.api.call("close", { board_id: this.id }).catch(() => {});
  }

  // ------------------------------------------------------------------ life
  async start(api) {
    if (this.disposed) return;
    this.api = api;
    const d = this.figure.dataset;
    const json = (text) => (text ? JSON.parse(text) : null);
    const state = await api.call("open", {
      board_id: this.id,
      ruleset: d.ruleset || "classic",
      position: d.position || null,
      flipped: d.flip === "1",
      attic: d.attic === "1",
      // The fence's marks, redrawn by the worker until the first move.
      arrows: json(d.arrows),
      highlights: json(d.highlights),
      last: json(d.last),
      solution: this.mode === "puzzle" ? d.solution || null : null,
      line: this.line ? json(d.line) : null,
    });
    if (!state.ok) throw new Error(state.error);
    if (this.disposed) return;
    this.live = true;
    this.figure.classList.remove("is-loading");
    this.figure.classList.add("is-live");
    this.bar.hidden = true;
    this.wrap.tabIndex = 0;
    this.wrap.setAttribute("role", "application");
    this.wrap.setAttribute(
      "aria-label",
      "Petteia board. Arrow keys move the cursor, Enter picks up a piece or moves it, Escape puts it back." +
        (this.line ? LINE_KEY_HELP : ""),
    );
    this.keyboard = new KeyboardCursor(this);
    this.attachPointer();
    this.show(state);
    for (const b of Object.values(this.buttons)) b.removeAttribute("disabled");
    this.update();
    this.maybeThink();
  }

  /** Whether the computer is to move now (play mode, its side's turn, the game on). */
  computersTurn() {
    const s = this.state;
    return this.mode === "play" && !!s && !s.result && s.turn !== this.side;
  }

  /** In play mode, let the computer answer, as often as it is its turn (a Kubeia double gives it
   * a second move). The board stays locked from the first request to the last animation. */
  async maybeThink() {
    if (this.thinkingNow || this.disposed || !this.computersTurn()) return;
    this.thinkingNow = true;
    this.lock();
    this.onThinking(true);
    try {
      while (!this.disposed && this.computersTurn()) {
        const reply = await this.request("think", { board_id: this.id, level: this.level });
        if (!reply || this.disposed) break;
        await this.animate(reply.last_move);
        if (this.disposed) break;
        this.show(reply);
      }
    } finally {
      this.thinkingNow = false;
      this.unlock();
      if (!this.disposed) this.onThinking(false);
    }
  }

  /** Told when the computer starts and stops thinking (the play page shows it). */
  onThinking(on) {
    if (on) this.setStatus("The computer is thinking…");
  }

  async command(op) {
    if (!this.live || this.busy) return;
    this.lock();
    try {
      // A replayed move slides like a played one (the worker says which move redo plays).
      const replayed = op === "redo" ? this.state?.redo_move : null;
      let [reply] = await Promise.all([this.request(op, { board_id: this.id }), this.animate(replayed)]);
      // Against the computer, take back (or replay) whole exchanges: stop on the reader's turn.
      while (reply && !this.disposed && this.mode === "play" && reply.turn !== this.side && !reply.result &&
             ((op === "undo" && reply.can_undo) || (op === "redo" && reply.can_redo))) {
        reply = await this.request(op, { board_id: this.id });
      }
      if (reply && !this.disposed) this.show(reply);
    } finally {
      this.unlock();
    }
    this.maybeThink();
  }

  async request(op, args) {
    this.lock();
    try {
      const reply = await this.api.call(op, args);
      if (!reply.ok) {
        this.announce(reply.error);
        this.setStatus(reply.error, "error");
        return null;
      }
      return reply;
    } catch (err) {
      this.fail(err);
      return null;
    } finally {
      this.unlock();
    }
  }

  /** Swap in the worker's SVG and refresh everything derived from the state. */
  show(state) {
    this.state = state;
    this.selected = null;
    const tpl = document.createElement("template");
    tpl.innerHTML = state.svg.trim();
    const svg = tpl.content.firstElementChild;
    const old = this.wrap.querySelector("svg.petteia-svg");
    if (old) old.replaceWith(svg);
    else this.wrap.prepend(svg);
    this.svg = svg;
    svg.setAttribute("focusable", "false");
    this.geometry();
    this.byFrom = new Map();
    const readersTurn = this.mode !== "play" || state.turn === this.side;
    for (const m of readersTurn ? state.moves : []) {
      const key = m.from === null ? "hand" : m.from;
      if (!this.byFrom.has(key)) this.byFrom.set(key, []);
      this.byFrom.get(key).push(m);
    }
    for (const piece of svg.querySelectorAll("g.piece[data-sq]")) {
      if (this.byFrom.has(Number(piece.dataset.sq))) piece.classList.add("is-movable");
    }
    this.update();
    this.announce(state.puzzle ? `${state.puzzle.text} ${state.description}` : state.description);
  }

  update() {
    const s = this.state;
    if (!s) return;
    this.buttons.undo.disabled = !s.can_undo;
    this.buttons.redo.disabled = !s.can_redo;
    this.buttons.reset.disabled = !s.can_undo && !s.can_redo;
    this.line?.update(s);
    const side = SIDES[s.turn];
    let text = s.result ? s.result.text : `${side} to move.`;
    if (!s.result && s.dice) text += ` Dice: ${s.dice[0]}–${s.dice[1]}.`;
    if (s.last_move) text += ` Last move ${s.last_move.text}.`;
    if (s.puzzle) text = `${s.puzzle.text} ${text}`;
    this.status.removeAttribute("role");
    this.setStatus(text, s.result || s.puzzle?.status === "solved" ? "result" : "info");
    this.drawFx();
  }

  announce(text) {
    // Clear first so the same sentence twice is still read.
    this.liveRegion.textContent = "";
    requestAnimationFrame(() => (this.liveRegion.textContent = text));
  }

  // ------------------------------------------------------------------ geometry
  geometry() {
    const d = this.svg.dataset;
    const [ox, oy] = (d.origin || "0 0").split(" ").map(Number);
    this.g = {
      w: Number(d.width), h: Number(d.height), s: Number(d.square || 60),
      ox, oy, flipped: d.flipped === "1",
    };
  }

  /** Top-left corner of a square, in SVG user units. */
  corner(sq) {
    const { w, h, s, ox, oy, flipped } = this.g;
    const row = Math.floor(sq / w), col = sq % w;
    const dc = flipped ? w - 1 - col : col;
    const dr = flipped ? row : h - 1 - row;
    return [ox + dc * s, oy + dr * s];
  }

  centre(sq) {
    const [x, y] = this.corner(sq);
    return [x + this.g.s / 2, y + this.g.s / 2];
  }

  /** Pointer position -> SVG user units. */
  toSvg(clientX, clientY) {
    const m = this.svg.getScreenCTM();
    if (!m) return [0, 0];
    const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
    return [p.x, p.y];
  }

  squareAt(clientX, clientY) {
    const [x, y] = this.toSvg(clientX, clientY);
    const { w, h, s, ox, oy, flipped } = this.g;
    const dc = Math.floor((x - ox) / s), dr = Math.floor((y - oy) / s);
    if (dc < 0 || dr < 0 || dc >= w || dr >= h) return null;
    const col = flipped ? w - 1 - dc : dc;
    const row = flipped ? dr : h - 1 - dr;
    return row * w + col;
  }

  pieceOn(sq) {
    return this.svg.querySelector(`g.pieces g.piece[data-sq="${sq}"]`);
  }

  squareName(sq) {
    return this.svg.querySelector(`rect.sq[data-sq="${sq}"]`)?.dataset.name ?? String(sq);
  }

  // ------------------------------------------------------------------ selection and dots
  destinations() {
    if (this.selected !== null) return this.byFrom.get(this.selected) || [];
    return this.byFrom.get("hand") || []; // Poleis placements need no selection
  }

  moveTo(sq) {
    return this.destinations().find((m) => m.to === sq) || null;
  }

  select(sq) {
    this.selected = sq;
    this.drawFx();
    const n = (this.byFrom.get(sq) || []).length;
    this.announce(`${this.squareName(sq)} picked up: ${n} move${n === 1 ? "" : "s"}.`);
  }

  clearSelection() {
    if (this.selected === null) return;
    this.selected = null;
    this.drawFx();
  }

  /** Redraw what the front end adds in g.fx: selection, dots, keyboard cursor. */
  drawFx() {
    if (!this.svg) return;
    const fx = this.svg.querySelector("g.fx") || this.svg.appendChild(document.createElementNS(SVG_NS, "g"));
    fx.setAttribute("class", "fx");
    fx.replaceChildren();
    this.svg.querySelectorAll(".is-selected").forEach((n) => n.classList.remove("is-selected"));
    const s = this.g.s;
    if (this.selected !== null) {
      this.svg.querySelector(`rect.sq[data-sq="${this.selected}"]`)?.classList.add("is-selected");
      this.pieceOn(this.selected)?.classList.add("is-selected");
    }
    // A puzzle's marks must not tell a capture from a quiet move: that would give the answer away.
    const hideCaptures = this.mode === "puzzle";
    for (const m of this.destinations()) {
      const [cx, cy] = this.centre(m.to);
      const dot = document.createElementNS(SVG_NS, "circle");
      const ring = m.captures.length > 0 && !hideCaptures;
      dot.setAttribute("class", ring ? "dest-ring" : "dest-dot");
      dot.setAttribute("cx", cx);
      dot.setAttribute("cy", cy);
      dot.setAttribute("r", ring ? s * 0.42 : s * 0.15);
      dot.dataset.sq = m.to;
      fx.append(dot);
    }
    this.keyboard?.draw(fx);
  }

  /** What a click, a tap or Enter on `sq` means. Returns true if it did something. */
  activate(sq) {
    if (!this.live || this.busy || sq === null) return false;
    const move = this.moveTo(sq);
    if (move) {
      this.play(move);
      return true;
    }
    if (this.byFrom.has(sq)) {
      if (this.selected === sq) this.clearSelection();
      else this.select(sq);
      return true;
    }
    this.clearSelection();
    return false;
  }

  // ------------------------------------------------------------------ moves
  /** Slide the moving piece (unless dragged there) and fade and shrink the captured ones. */
  animate(move, { dragged = false } = {}) {
    if (!move || reducedMotion()) return Promise.resolve();
    const piece = move.from === null ? null : this.pieceOn(move.from);
    if (piece && !dragged) {
      const [x0, y0] = this.centre(move.from), [x1, y1] = this.centre(move.to);
      piece.style.transform = `translate(${x0}px, ${y0}px)`;
      piece.getBoundingClientRect(); // commit the start position before the transition
      piece.classList.add("is-moving");
      piece.style.transform = `translate(${x1}px, ${y1}px)`;
    }
    for (const c of move.captures) this.pieceOn(c)?.classList.add("is-captured");
    return new Promise((r) => setTimeout(r, ANIMATION_MS));
  }

  async play(move, { dragged = false } = {}) {
    if (this.busy) return;
    this.lock();
    // The move is made: none of this turn's moves may be offered again (a quick second click).
    this.selected = null;
    this.byFrom = new Map();
    this.drawFx();
    try {
      // The animation runs while the worker computes the new position; both take about as long.
      const [reply] = await Promise.all([
        this.request("play", { board_id: this.id, frm: move.from, to: move.to }),
        this.animate(move, { dragged }),
      ]);
      if (!reply || this.disposed) return;
      this.show(reply);
    } finally {
      this.unlock();
    }
    this.maybeThink();
  }

  // ------------------------------------------------------------------ pointer: click, drag, touch
  attachPointer() {
    const wrap = this.wrap;
    let press = null; // {sq, x, y, id, piece, wasSelected, dragging}

    wrap.addEventListener("pointerdown", (e) => {
      if (!this.live || this.busy || e.button > 0 || !this.svg.contains(e.target)) return;
      const sq = this.squareAt(e.clientX, e.clientY);
      if (sq === null) return;
      this.keyboard?.moveTo(sq, false);
      if (this.moveTo(sq)) {
        this.activate(sq); // a click on a dot (or an empty square for a placement)
        e.preventDefault();
        return;
      }
      if (!this.byFrom.has(sq)) {
        this.clearSelection();
        return;
      }
      e.preventDefault(); // no text selection, no scrolling while dragging a piece
      const wasSelected = this.selected === sq;
      if (!wasSelected) this.select(sq);
      press = { sq, x: e.clientX, y: e.clientY, id: e.pointerId, piece: this.pieceOn(sq), wasSelected, dragging: false };
      wrap.setPointerCapture(e.pointerId);
    });

    wrap.addEventListener("pointermove", (e) => {
      if (!press || e.pointerId !== press.id) return;
      if (!press.dragging && Math.hypot(e.clientX - press.x, e.clientY - press.y) < DRAG_THRESHOLD) return;
      if (!press.dragging) {
        press.dragging = true;
        press.piece?.classList.add("is-dragging");
        press.piece?.parentNode.append(press.piece); // on top of the other pieces
      }
      const [x, y] = this.toSvg(e.clientX, e.clientY);
      if (press.piece) press.piece.style.transform = `translate(${x}px, ${y}px)`;
      const over = this.squareAt(e.clientX, e.clientY);
      this.svg.querySelectorAll("rect.sq.is-hover").forEach((n) => n.classList.remove("is-hover"));
      if (over !== null && this.moveTo(over)) {
        this.svg.querySelector(`rect.sq[data-sq="${over}"]`)?.classList.add("is-hover");
      }
    });

    const end = (e, cancelled) => {
      if (!press || e.pointerId !== press.id) return;
      const p = press;
      press = null;
      if (wrap.hasPointerCapture(e.pointerId)) wrap.releasePointerCapture(e.pointerId);
      this.svg.querySelectorAll("rect.sq.is-hover").forEach((n) => n.classList.remove("is-hover"));
      if (p.dragging) {
        const target = cancelled ? null : this.squareAt(e.clientX, e.clientY);
        const move = target !== null ? this.moveTo(target) : null;
        p.piece?.classList.remove("is-dragging");
        if (move) {
          this.play(move, { dragged: true });
        } else if (p.piece) {
          p.piece.style.transform = ""; // back to its square (the transform attribute)
        }
      } else if (p.wasSelected) {
        this.clearSelection(); // a second click on the picked-up piece puts it back
      }
    };
    wrap.addEventListener("pointerup", (e) => end(e, false));
    wrap.addEventListener("pointercancel", (e) => end(e, true));
    wrap.addEventListener("keydown", (e) => this.keyboard?.onKey(e));
    wrap.addEventListener("focus", () => this.keyboard?.show());
    wrap.addEventListener("blur", () => this.keyboard?.hide());
  }
}
