// "Review the game" on the play page (main.js, ctrl.js): the worker judges every move of the game, one
// request a move (petteia_core/web/review.py, the same engine as `python -m petteia_core analyse`),
// so the page stays responsive, shows a <progress> bar, and can stop between two moves.
// What it shows: a mark beside each move of the move list (?! inaccuracy, ? mistake, ?? blunder,
// with the word for screen readers), an evaluation graph over the moves (click a move to see it),
// and for a marked move the position before it with the better move as an arrow and
// "Try again from here", which starts a game from that position against the computer.
import { t, tn } from "../i18n.js";
import { el } from "../dom.js";
import { MARKS, SIDES } from "../../vendor/words.mjs";

const SVG_NS = "http://www.w3.org/2000/svg";
const RANGE = 3; // the graph shows evaluations from -3 to +3 pieces (a forced win at the edge)
const W = 400, H = 140, PAD = 6;

const svgEl = (name, attrs = {}) => {
  const n = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
  return n;
};

// A mark's name, and the mark in a sentence ("…, a mistake.").
const NAMES = () => ({ good: t("good"), inaccuracy: t("inaccuracy"), mistake: t("mistake"), blunder: t("blunder") });
const WORDS = () => ({ good: t("good"), inaccuracy: t("an inaccuracy"), mistake: t("a mistake"), blunder: t("a blunder") });
/** "2 mistakes": how many moves of one mark. */
const COUNTS = {
  blunder: (n) => tn("{n} blunder", "{n} blunders", n),
  mistake: (n) => tn("{n} mistake", "{n} mistakes", n),
  inaccuracy: (n) => tn("{n} inaccuracy", "{n} inaccuracies", n),
};

export class GameReview {
  /** @param page the play page's controller (ctrl.js): its board, session, state, opts, view(),
   *  say(), lookBack(), mount(), newSession(), claimTurn()…
   *  @param view {figure(): the board's figure, moveButtons(): the move list's buttons} */
  constructor(page, view) {
    this.page = page;
    this.view = view;
    this.results = new Map(); // move index (0: the first move) -> the worker's review of it
    this.run = null; // the review under way: { board, stop }
    this.node = el("section", { class: "play-review", "aria-label": t("Review the game") });
    const head = el("div", { class: "play-review-head" });
    this.bStart = el("button", { type: "button", class: "petteia-btn play-review-start", disabled: true }, t("Review the game"));
    this.bStart.title = t("The computer looks at every move of the game and marks the mistakes");
    this.bStart.addEventListener("click", () => this.start());
    this.bStop = el("button", { type: "button", class: "petteia-btn play-review-stop", hidden: true }, t("Stop the review"));
    this.bStop.addEventListener("click", () => this.stop());
    head.append(this.bStart, this.bStop);
    this.progressBox = el("div", { class: "play-review-progress", hidden: true });
    this.progress = el("progress", { max: "1", value: "0", id: "play-review-progress" });
    this.progressText = el("label", { for: "play-review-progress", class: "play-review-progress-text" }, "");
    this.progressBox.append(this.progressText, this.progress);
    this.graph = el("div", { class: "play-review-graph", hidden: true });
    this.summary = el("p", { class: "play-review-summary", role: "status", "aria-live": "polite" });
    const legend = Object.entries(MARKS).filter(([m]) => m !== "good")
      .map(([m, { symbol, least }]) => `${symbol} ${NAMES()[m]} (${least}+)`).join(", ");
    this.legend = el("p", { class: "play-review-legend", hidden: true },
      t("Pieces lost against the computer's best move: {legend}.", { legend }));
    this.node.append(head, this.progressBox, this.graph, this.summary, this.legend);
    // "Try again from here", shown in the page's "Looking back" bar with a marked move.
    this.bTry = el("button", { type: "button", class: "petteia-btn play-try-again", hidden: true }, t("Try again from here"));
    this.bTry.addEventListener("click", () => this.tryAgain());
    this.shown = null; // the review whose picture is on the board
  }

  /** The page's "Looking back" bar takes the Try again button (called once the page is built). */
  attach(viewBar) {
    viewBar.append(this.bTry);
  }

  // ------------------------------------------------------------ the page's hooks
  /** A new game (or a loaded one, or Try again): the review of the old one is over. */
  reset() {
    if (this.run) this.run.stop = true;
    this.results.clear();
    this.hidePicture();
    this.graph.hidden = true;
    this.graph.replaceChildren();
    this.summary.textContent = "";
    this.legend.hidden = true;
    this.progressBox.hidden = true;
    this.sync();
  }

  /** After every state: marks in the move list; reviews of moves that were taken back are dropped. */
  decorate(state) {
    const texts = new Map();
    for (const row of state.moves_list) for (const side of ["w", "b"]) if (row[side]) texts.set(row[side].ply - 1, row[side].text);
    let dropped = false;
    for (const [ply, r] of this.results) {
      if (texts.get(ply) !== r.listed) {
        this.results.delete(ply);
        dropped = true;
      }
    }
    this.hidePicture();
    for (const b of this.view.moveButtons()) {
      const r = this.results.get(Number(b.dataset.ply) - 1);
      if (r) this.markButton(b, r);
    }
    if (dropped || this.results.size) this.drawGraph(); // the game may have grown: the graph's scale changes
    this.sync();
  }

  /** Enable or disable "Review the game": not while the computer thinks, nor with no move. */
  sync() {
    const p = this.page;
    const thinking = p.thinking;
    const plies = p.state?.ply || 0;
    this.bStart.disabled = !!this.run || thinking || !p.board || plies === 0;
    this.bStart.hidden = !!this.run;
    this.bStop.hidden = !this.run;
  }

  /** The reader picked move `ply` (plies after it) in the move list: a marked move shows the
   *  position before it, with the better move as an arrow. True when this picture was shown. */
  show(ply) {
    const r = this.results.get(ply - 1);
    if (!r || !r.better || !this.page.board) {
      this.hidePicture();
      return false;
    }
    const p = this.page;
    p.board.showPicture(r.svg);
    this.view.figure().classList.add("is-reviewing");
    const duodecim = p.state?.kind === "duodecim";
    p.lookBack(`${r.text} ${duodecim ? t("The tinted points show the better turn: where its pieces start and land.")
      : t("The tinted squares show the move played; the arrow, the better move.")}`, ply);
    this.shown = r;
    this.bTry.hidden = false;
    p.say(t("Move {n}: {move}, {mark}.", { n: r.number, move: `${r.move}${r.symbol}`, mark: WORDS()[r.mark] }) + " " +
      (duodecim ? t("The better turn is marked on the board.") : t("The better move is drawn as an arrow.")));
    return true;
  }

  hidePicture() {
    this.shown = null;
    this.bTry.hidden = true;
    this.view.figure().classList.remove("is-reviewing");
  }

  // ------------------------------------------------------------ the review
  stop() {
    if (this.run) this.run.stop = true;
  }

  async start() {
    const p = this.page;
    const board = p.board;
    if (this.run || !board || !p.state) return;
    if (p.thinking) return p.say(t("Wait for the computer's move, then review the game."));
    if (!p.state.ply) return p.say(t("There are no moves to review yet."));
    const run = (this.run = { board, stop: false });
    this.sync();
    this.progressBox.hidden = false;
    this.graph.hidden = false;
    this.legend.hidden = false;
    const t0 = performance.now();
    let failed = null;
    try {
      for (let ply = 0; ; ply++) {
        // Never while the computer thinks or a move is being made: wait for the board to be quiet.
        await board.settled();
        if (p.moveNow.over) await p.moveNow.over;
        if (run.stop || p.board !== board || board.disposed || !p.state) break;
        const total = p.state.ply;
        this.progress.max = total;
        if (ply >= total) break;
        this.progress.value = ply;
        this.progressText.textContent = t("Reviewing move {n} of {total}…", { n: ply + 1, total });
        if (!this.results.has(ply)) {
          const reply = await p.session.call("review", { ply });
          if (run.stop || p.board !== board || !reply) break;
          if (!reply.ok) {
            failed = reply.error;
            break;
          }
          reply.listed = this.listedText(ply);
          if (reply.listed === undefined) continue; // taken back meanwhile
          this.results.set(ply, reply);
          const b = [...this.view.moveButtons()].find((m) => m.dataset.ply === String(ply + 1));
          if (b) this.markButton(b, reply);
          this.drawGraph();
        }
        this.progress.value = ply + 1;
      }
    } catch (err) {
      failed = `${err?.message || err}`;
    } finally {
      if (this.run === run) this.run = null;
      this.sync();
    }
    if (p.board !== board || board.disposed) return; // a new game, or Python restarted ("Move now")
    const total = p.state?.ply || 0;
    const done = [...this.results.keys()].filter((k) => k < total).length;
    this.elapsed = Math.round(performance.now() - t0);
    if (failed) {
      this.progressText.textContent = t("The review stopped: {error}", { error: failed });
      p.say(this.progressText.textContent, "error");
    } else if (done >= total) {
      this.progress.value = total;
      this.progressText.textContent = tn("Review complete: {n} move.", "Review complete: {n} moves.", total);
      this.summarise();
    } else {
      this.progressText.textContent = tn("Review stopped after {done} of {n} move.", "Review stopped after {done} of {n} moves.", total, { done });
      this.summarise();
    }
  }

  listedText(ply) {
    for (const row of this.page.state?.moves_list || []) {
      for (const side of ["w", "b"]) if (row[side] && row[side].ply === ply + 1) return row[side].text;
    }
    return undefined;
  }

  markButton(b, r) {
    b.dataset.mark = r.mark;
    b.nextElementSibling?.classList.contains("play-mark") && b.nextElementSibling.remove();
    const number = b.getAttribute("aria-label")?.split(":")[0] || t("Move {n}", { n: r.number });
    b.setAttribute("aria-label", t("{number}: {move}, {mark}. Show this position", { number, move: b.textContent, mark: WORDS()[r.mark] }));
    if (r.mark === "good") return;
    const name = NAMES()[r.mark];
    const mark = el("span", { class: `play-mark play-mark-${r.mark}`, title: name });
    mark.append(el("span", { "aria-hidden": "true" }, r.symbol), el("span", { class: "petteia-sr-only" }, ` ${name}`));
    b.after(mark);
  }

  summarise() {
    const count = { w: {}, b: {} };
    for (const r of this.results.values()) count[r.side][r.mark] = (count[r.side][r.mark] || 0) + 1;
    const say = (side) => {
      const parts = ["blunder", "mistake", "inaccuracy"].filter((m) => count[side][m]).map((m) => COUNTS[m](count[side][m]));
      const marks = parts.length ? parts.join(", ") : t("no marked moves");
      return t("{side}: {marks}", { side: SIDES[side], marks });
    };
    this.summary.textContent = t("{white}. {black}. Click a marked move to see the better one.", { white: say("w"), black: say("b") });
  }

  // ------------------------------------------------------------ the graph
  drawGraph() {
    const total = this.page.state?.ply || 0;
    this.graph.replaceChildren();
    if (!total) return;
    const x = (i) => PAD + (i * (W - 2 * PAD)) / Math.max(1, total);
    const y = (v) => H / 2 - (Math.max(-RANGE, Math.min(RANGE, v)) * (H / 2 - PAD)) / RANGE;
    const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, class: "play-review-svg", role: "img" });
    const reviewed = [...this.results.values()].sort((a, b) => a.ply - b.ply);
    const desc = reviewed.length
      ? t("Evaluation over the game, for White: from {start} to {end} after move {n}.",
        { start: fmt(reviewed[0].before), end: fmt(reviewed[reviewed.length - 1].after), n: reviewed.length })
      : t("Evaluation over the game.");
    svg.setAttribute("aria-label", desc);
    svg.append(svgEl("rect", { class: "rv-black", x: 0, y: H / 2, width: W, height: H / 2 }));
    svg.append(svgEl("line", { class: "rv-zero", x1: 0, y1: H / 2, x2: W, y2: H / 2 }));
    const points = [];
    for (const r of reviewed) {
      if (!points.length || r.ply === 0) points.push([x(r.ply), y(r.before)]);
      points.push([x(r.ply + 1), y(r.after)]);
    }
    if (points.length) {
      const d = points.map(([px, py], i) => `${i ? "L" : "M"}${px.toFixed(1)} ${py.toFixed(1)}`).join("");
      svg.append(svgEl("path", { class: "rv-area", d: `${d}L${points[points.length - 1][0].toFixed(1)} ${H / 2}L${points[0][0].toFixed(1)} ${H / 2}Z` }));
      svg.append(svgEl("path", { class: "rv-line", d }));
    }
    for (const r of reviewed) {
      const cx = x(r.ply + 1), cy = y(r.after);
      const g = svgEl("g", { class: `rv-move rv-${r.mark}`, "data-ply": r.ply + 1 });
      const title = svgEl("title");
      title.textContent = `${r.number}${r.side === "w" ? "." : "…"} ${r.move}${r.symbol} (${r.mark}): ${fmt(r.before)} → ${fmt(r.after)}`;
      g.append(title, svgEl("rect", { class: "rv-hit", x: cx - (W - 2 * PAD) / Math.max(1, total) / 2, y: 0,
        width: (W - 2 * PAD) / Math.max(1, total), height: H }));
      if (r.mark !== "good") g.append(svgEl("circle", { class: "rv-dot", cx, cy, r: r.mark === "blunder" ? 6 : 4.5 }));
      g.addEventListener("click", () => this.page.view(r.ply + 1));
      svg.append(g);
    }
    this.graph.append(svg);
    this.graph.hidden = false;
  }

  // ------------------------------------------------------------ Try again from here
  /** A new game from the position before the marked move: the reader plays the side that made it,
   *  against the computer at the level chosen on the page. */
  async tryAgain() {
    const p = this.page;
    const r = this.shown;
    if (!r || !p.board) return;
    const side = r.side;
    const from = p.session;
    const ruleset = p.state.ruleset;
    const current = await p.claimTurn();
    if (!current()) return;
    const session = p.newSession(ruleset);
    const args = { new_id: session.id, ply: r.ply, computer: side === "w" ? "b" : "w" };
    if (Number.isInteger(window.__petteiaDiceSeed)) args.seed = window.__petteiaDiceSeed;
    const reply = await from.call("branch", args);
    if (!current() || !reply) return session.close();
    if (!reply.ok) return p.say(reply.error, "error");
    const level = p.opts.level;
    await p.mount(session, reply, { ...p.opts, side, opponent: "computer", level });
    p.showNotice(t("Try again: you play {side} from before move {n} ({move}), against the computer at level {level}. The better move was {best}.",
      { side: SIDES[side], n: r.number, move: `${r.move}${r.symbol}`, level, best: r.best }), "info");
  }
}

function fmt(v) {
  if (v >= 30) return t("White wins");
  if (v <= -30) return t("Black wins");
  return `${v > 0 ? "+" : ""}${v.toFixed(2)}`;
}
