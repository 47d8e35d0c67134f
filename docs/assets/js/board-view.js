// One board on screen, in the mould of chessground: it holds the state it is given, draws it,
// takes the reader's input (click, tap, drag, keyboard cursor) and reports the move chosen. It
// knows no worker, no rules and no game: its host (a page's board, the play page, the trainer)
// asks Python and calls set() with what to show.
//
//   const view = new BoardView(wrap, { onMove: (from, to, { dragged }) => …, announce, busy });
//   view.set({ svg, dests: [{ from, to, captures, text }], turn });   // after every reply
//   await view.animate(move);                                        // a move being made
//
// Its parts: board-grid.js (the squares of a custodian board), board-track.js (the Duodecim track),
// board-input.js (pointer and keys), board-spots.js (the spots' helpers they share).
//
// The SVG is drawn by petteia_core's renderer; every square (rect.sq) and point (rect.pt) carries
// its own place on screen, so nothing here computes where a square is. Two layouts: the squares of
// a custodian board (a piece is picked up, then put on a marked square; placements need no pick)
// and the track of Duodecim scripta (a point or the tray of pieces to enter, then a destination).
// Ludus latrunculorum adds jump chains: a piece that may jump on is led square by square (a click
// on each landing square; a click on the square it stands on stops there; a click on a chain's last
// square plays the whole chain when no other ends there), and removals: a click on a bound enemy
// piece takes it (a move from no square, like a placement).
import { t } from "./i18n.js";
import { Cursor, svg as svgEl } from "./cursor.js";
import { reducedMotion } from "./dom.js";
import { GRID } from "./board-grid.js";
import { attachInput } from "./board-input.js";
import { key, landings } from "./board-spots.js";
import { TRACK } from "./board-track.js";

const FLASH_MS = 1800; // how long the pieces that may move stay marked after a refused choice
const ANIMATION_MS = 350; // matches board.css (capture fade, move slide)

/**
 * A move the board may offer: `from` a square, null (a placement, or a latrunculi removal), a
 * point or "enter"; `to` a square, a point or "off"; `captures` the squares emptied; `text` its
 * notation; `path` the squares a latrunculi jump chain lands on before `to`.
 * @typedef {{ from: (number|string|null), to: (number|string), captures?: number[], text: string, hit?: boolean, path?: number[] }} Dest
 */

export class BoardView {
  /**
   * @param {HTMLElement} wrap  the element the SVG sits in (it keeps the listeners and the focus)
   * @param {object} config  onMove(from, to, {dragged}); announce(text); busy() → true while the
   *   host is waiting (input is ignored); hideCaptures: a puzzle's dots must not give away captures;
   *   label: the board's name for screen readers; refused(spot): the reader chose a piece of the
   *   side to move that has no move now (the host says why).
   */
  constructor(wrap, { onMove, announce, busy = () => false, hideCaptures = false, label = "Board", refused = null }) {
    this.wrap = wrap;
    this.config = { onMove, announce, busy, hideCaptures, refused };
    this.svg = wrap.querySelector("svg.petteia-svg, svg");
    this.layout = null;
    this.dests = [];
    this.turn = "w";
    this.selected = null; // the picked-up spot, or null
    this.via = []; // a jump chain under way: the landing squares chosen so far (latrunculi)
    this.hint = null; // {from, to} while a hint is drawn
    this.enabled = false;
    this.cursor = new Cursor(this);
    this.label = label;
  }

  // ------------------------------------------------------------------ the host's side
  /** Take input from now on (once the first state is set). */
  enable() {
    if (this.enabled) return;
    this.enabled = true;
    const w = this.wrap;
    w.tabIndex = 0;
    w.setAttribute("role", "application");
    w.setAttribute("aria-label", `${this.label} ${this.layout.keyHelp}`);
    this.attach();
  }

  /** Show a state: `svg` (the renderer's picture), `dests` (the moves the reader may make now:
   *  none while the computer thinks or a past position is shown), `turn`, `hint`. */
  set({ svg, dests = [], turn = "w", hint = null }) {
    this.turn = turn;
    if (svg !== undefined) this.swap(svg);
    else if (!this.layout) this.adopt(this.wrap.querySelector("svg")); // the picture drawn at build time
    this.dests = dests;
    this.turn = turn;
    this.hint = hint;
    this.selected = null;
    this.via = [];
    this.layout.marks(this);
    this.draw();
  }

  /** Draw (or, with null, clear) a hint's marks: the piece to move and where. */
  setHint(hint) {
    this.hint = hint;
    this.draw();
  }

  /** Put the new picture in place of the old one; listeners stay on the wrapper. */
  swap(text) {
    const tpl = document.createElement("template");
    tpl.innerHTML = text.trim();
    const svg = tpl.content.firstElementChild;
    const old = this.wrap.querySelector("svg");
    if (old) old.replaceWith(svg);
    else this.wrap.prepend(svg);
    this.adopt(svg);
  }

  /** Take `svg` (already in place) as the board's picture. */
  adopt(svg) {
    svg.setAttribute("focusable", "false");
    this.svg = svg;
    // The board's width / height, for pages that size it to the window (site.css: --aspect).
    const box = svg.viewBox?.baseVal;
    if (box?.height) this.wrap.closest("figure")?.style.setProperty("--aspect", String(box.width / box.height));
    this.layout = svg.classList.contains("petteia-duodecim") || svg.querySelector("rect.pt") ? TRACK : GRID;
    this.spots = this.layout.spots(this);
  }

  /** Make `move` on the picture itself (before Python has drawn the position after it): the
   *  piece slides and stays, the captured pieces fade and go. The next set() replaces it all. */
  async playLocally(move, { dragged = false } = {}) {
    await this.animate(move, { dragged });
    const piece = this.pieceOn(move.from);
    if (piece) {
      const [x, y] = this.centre(move.to);
      piece.style.transform = "";
      piece.classList.remove("is-moving", "is-dragging", "is-selected");
      piece.setAttribute("transform", `translate(${x} ${y})`);
      piece.dataset.sq = move.to;
    }
    for (const c of move.captures || []) this.pieceOn(c)?.remove();
    this.svg.querySelectorAll("g.marks > *, g.overlay > *, g.arrows > *").forEach((n) => n.remove());
  }

  /** Slide the moving piece (unless it was dragged there) and fade the captured ones. */
  animate(move, { dragged = false } = {}) {
    if (!move || reducedMotion() || this.layout !== GRID) return Promise.resolve();
    const piece = move.from === null || move.from === undefined ? null : this.pieceOn(move.from);
    const hops = landings(move);
    if (piece && !dragged) {
      const [x0, y0] = this.centre(move.from), [x1, y1] = this.centre(hops[0]);
      piece.style.transform = `translate(${x0}px, ${y0}px)`;
      piece.getBoundingClientRect(); // commit the start position before the transition
      piece.classList.add("is-moving");
      piece.style.transform = `translate(${x1}px, ${y1}px)`;
    }
    for (const c of move.captures || []) this.pieceOn(c)?.classList.add("is-captured");
    const wait = (ms) => new Promise((r) => setTimeout(r, ms));
    if (hops.length === 1 || !piece || dragged) return wait(ANIMATION_MS);
    // A jump chain: one slide a landing square, one after the other.
    return (async () => {
      for (const sq of hops.slice(1)) {
        await wait(ANIMATION_MS);
        const [x, y] = this.centre(sq);
        piece.style.transform = `translate(${x}px, ${y}px)`;
      }
      await wait(ANIMATION_MS);
    })();
  }

  // ------------------------------------------------------------------ what the reader may do
  /** The moves from the picked-up spot (or the placements, which need no pick). Along a jump
   *  chain: one per next landing square (the move that ends there first), and the move that
   *  stops where the piece stands. */
  destinations() {
    if (this.selected === null) return this.layout === GRID ? this.dests.filter((m) => m.from === null) : [];
    const moves = this.candidates();
    if (!this.chaining(moves)) return moves;
    const n = this.via.length;
    const next = new Map();
    for (const m of moves) {
      const hops = landings(m);
      const sq = hops[Math.min(n, hops.length - 1)];
      if (!next.has(sq) || landings(next.get(sq)).length > hops.length) next.set(sq, m);
    }
    return [...next.values()];
  }

  /** The moves of the picked-up piece that go through the landing squares chosen so far. */
  candidates() {
    const via = this.via;
    return this.dests.filter((m) => key(m.from) === this.selected &&
      via.every((sq, k) => landings(m)[k] === sq));
  }

  /** Whether the picked-up piece is led square by square (it may make a jump chain). */
  chaining(moves = this.candidates()) {
    return this.via.length > 0 || moves.some((m) => m.path?.length);
  }

  /** What a click on `spot` means along a jump chain: { move } (stop there, the last jump, or a
   *  whole chain that alone ends there), { jump } (land there and go on), { several } (more than
   *  one chain ends there), or null (not a chain's square). */
  chainAction(spot) {
    const moves = this.candidates();
    if (this.selected === null || !this.chaining(moves)) return null;
    const n = this.via.length;
    if (n && spot === this.via[n - 1]) {
      const stop = moves.find((m) => landings(m).length === n);
      return stop ? { move: stop } : null;
    }
    const on = moves.filter((m) => landings(m).length > n && landings(m)[n] === spot);
    if (on.length === 1 && landings(on[0]).length === n + 1) return { move: on[0] }; // nothing goes on from there
    if (on.length) return { jump: on.some((m) => landings(m).length === n + 1) ? "or-stop" : "on" };
    const ends = moves.filter((m) => m.to === spot);
    if (ends.length === 1) return { move: ends[0] }; // a whole chain at once: no other ends there
    return ends.length > 1 ? { several: true } : null;
  }

  /** A click on `spot` along a jump chain (chainAction). Returns true if it did something. */
  chainStep(spot) {
    const act = this.chainAction(spot);
    if (!act) return false;
    const name = GRID.name(this, spot);
    if (act.move) {
      this.choose(act.move);
    } else if (act.jump) {
      this.via = [...this.via, spot];
      this.draw();
      this.config.announce(act.jump === "or-stop"
        ? t("Jumped to {square}: choose the next landing square, or {square} again to stop there.", { square: name })
        : t("Jumped to {square}: choose the next landing square.", { square: name }));
    } else {
      this.config.announce(t("Several jumps end on {square}: choose each landing square in turn.", { square: name }));
    }
    return true;
  }

  /** Whether a click on `spot` is taken as a move or a step of a chain (not a pick-up). */
  accepts(spot) {
    if (this.selected !== null && this.chaining()) {
      const n = this.via.length;
      return this.candidates().some((m) => landings(m).slice(n).includes(spot) || (n && spot === this.via[n - 1]));
    }
    return !!this.moveTo(spot);
  }

  movableFrom(spot) {
    return this.dests.some((m) => key(m.from) === spot);
  }

  moveTo(spot) {
    if (this.selected !== null && this.chaining()) {
      const ends = this.candidates().filter((m) => m.to === spot);
      return ends.length === 1 ? ends[0] : null;
    }
    return this.destinations().find((m) => m.to === spot) || null;
  }

  /** What a click, a tap or Enter on `spot` means. Returns true if it did something. */
  activate(spot) {
    if (!this.enabled || this.config.busy() || spot === null) return false;
    spot = this.layout.resolve(this, spot);
    if (this.chainStep(spot)) return true;
    const move = this.moveTo(spot);
    if (move) {
      this.choose(move);
      return true;
    }
    if (this.movableFrom(spot)) {
      if (this.selected === spot) this.cancel(false);
      else this.select(spot);
      return true;
    }
    this.cancel(false);
    this.refuse(spot);
    return false;
  }

  /** A piece of the side to move with no move now, chosen: the host is asked to say why. */
  refuse(spot) {
    if (this.layout !== GRID || !this.dests.length) return;
    if (this.pieceOn(spot)?.classList.contains(this.turn)) this.config.refused?.(spot);
  }

  /** The pieces on `squares` are marked for a moment (the ones that may move, after a refusal). */
  flash(squares) {
    clearTimeout(this.flashTimer);
    const marked = squares.map((sq) => this.pieceOn(sq)).filter(Boolean);
    this.svg?.querySelectorAll("g.piece.is-must").forEach((p) => p.classList.remove("is-must"));
    for (const p of marked) p.classList.add("is-must");
    this.flashTimer = setTimeout(() => marked.forEach((p) => p.classList.remove("is-must")), FLASH_MS);
  }

  /** A square's name as the board shows it (Δ4). */
  spotName(spot) {
    return this.layout === GRID ? GRID.name(this, spot) : String(spot);
  }

  select(spot) {
    this.selected = spot;
    this.via = [];
    this.draw();
    this.config.announce(this.layout.picked(this, spot));
  }

  /** Put the picked-up piece back; `say`: tell the screen reader (Escape). */
  cancel(say = true) {
    if (this.selected === null) return false;
    this.selected = null;
    this.via = [];
    this.draw();
    if (say) this.config.announce(this.layout.putBack);
    return true;
  }

  /** The reader chose `move`: nothing of this turn may be offered again (a quick second click). */
  choose(move, { dragged = false } = {}) {
    this.selected = null;
    this.via = [];
    this.dests = [];
    this.layout.marks(this);
    this.draw();
    this.config.onMove(move.from, move.to, { dragged, move });
  }

  // ------------------------------------------------------------------ the picture
  fx() {
    if (!this.svg) return null;
    let fx = this.svg.querySelector("g.fx");
    if (!fx) {
      fx = svgEl("g", { class: "fx" });
      this.svg.append(fx);
    }
    return fx;
  }

  /** Redraw what the front end adds to the picture: selection, destinations, hint, cursor. */
  draw() {
    if (!this.svg) return;
    const fx = this.fx();
    fx.replaceChildren();
    this.layout.draw(this, fx);
    this.cursor.draw();
  }

  spot(id) {
    return this.spots.get(id) || null;
  }

  centre(id) {
    const s = this.spot(id);
    return s ? [s.x + s.w / 2, s.y + s.h / 2] : [0, 0];
  }

  pieceOn(sq) {
    return this.svg.querySelector(`g.pieces g.piece[data-sq="${sq}"]`);
  }

  /** Pointer position → SVG user units. */
  toSvg(clientX, clientY) {
    const m = this.svg.getScreenCTM();
    if (!m) return [0, 0];
    const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
    return [p.x, p.y];
  }

  /** The square under a pointer (custodian boards), or null. */
  squareAt(clientX, clientY) {
    const [x, y] = this.toSvg(clientX, clientY);
    for (const s of this.spots.values()) {
      if (x >= s.x && x < s.x + s.w && y >= s.y && y < s.y + s.h) return s.id;
    }
    return null;
  }

  // ------------------------------------------------------------------ the cursor's questions
  rows() {
    return this.layout.rows(this);
  }

  home() {
    return this.layout.home(this);
  }

  describe(id) {
    return this.layout.describe(this, id);
  }

  idle(id) {
    return this.layout.idle(this, id);
  }

  announce(text) {
    this.config.announce(text);
  }

  /** Listen to the reader's pointer and keys (board-input.js). */
  attach() {
    attachInput(this);
  }
}
