// One game session in the Python worker, driven from the page: the host's side of a board. It
// sends the reader's moves, lets the computer answer, takes back and replays, and hands every
// state to the board on screen (board-view.js) and to its host. It is the only part of a board
// that talks to the worker, and it does so through the `call` it is given, so a host decides how
// (the trainer, for one, drops the replies of a puzzle the reader has left).
//
// Every kind of session answers the same verbs (petteia_core/web/ops.py): play (a custodian move)
// or step/unstep/commit (one die of a Duodecim turn), think, undo, redo, reset, close.
import { t } from "./i18n.js";
import { BoardView } from "./board-view.js";
import { BusyCount } from "./busy.js";
import { reducedMotion } from "./dom.js";

const DICE_PAUSE_MS = 400; // a Duodecim roll stays in view this long before the computer moves

export class GameDriver {
  /**
   * @param {HTMLElement} figure  the board's figure (it carries "is-busy" while a request runs)
   * @param {object} options  id: the session's board id; call(op, args) → Promise<reply>;
   *   mode: "play" (the computer takes the side that is not `side`) | "friend" (the reader plays
   *   `side` only; the other side's moves come by link, play.js) | "explore" | "puzzle";
   *   level; label and hideCaptures (for the view); host: onState(state), say(text, kind),
   *   announce(text), thinking(on), and optionally fail(err).
   */
  constructor(figure, { id, call, mode = "explore", side = "w", level = 3, label, hideCaptures = false, host }) {
    this.figure = figure;
    this.id = id;
    this.call = call;
    this.mode = mode;
    this.side = side;
    this.level = level;
    this.host = host;
    this.state = null;
    this.viewing = false; // a past position is shown: no input until the game is shown again
    this.disposed = false;
    this.thinkingNow = false;
    this.hurry = false; // the next think is a short one (HURRY_NODES)
    this.work = new BusyCount(figure);
    const wrap = figure.querySelector(".petteia-svg-wrap") || figure;
    this.view = new BoardView(wrap, {
      onMove: (from, to, opts) => this.move(from, to, opts),
      announce: (text) => host.announce(text),
      busy: () => this.busy || this.viewing || this.disposed,
      hideCaptures,
      label,
      refused: (spot) => this.refused(spot),
    });
  }

  get wrap() {
    return this.view.wrap;
  }

  /** True while a request or an animation is under way (the board takes no input). */
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

  /** Before Python: the board takes the first move from what the build wrote for it
   *  (`first`, site_scripts/build/first_move.py: the legal moves, the status line after a move, a
   *  page puzzle's answers). The move is made on the picture at once; start() plays it in the
   *  worker when Python is ready. */
  early(first) {
    this.first = { ...first, dests: first.moves.map(([from, to, captures, text]) => ({ from, to, captures, text })) };
    this.figure.classList.add("is-early");
    this.view.set({ dests: this.first.dests, turn: first.turn });
    this.view.enable();
  }

  /** A touch answered before the board's code loaded (first-touch.js): the same clicks again,
   *  through the board's own input, so the piece stays picked up or the move is played. */
  replayTouch({ from, to }) {
    if (!this.first) return;
    this.view.activate(from);
    if (to !== null) this.view.activate(to);
  }

  /** The first state: the board comes alive, and the computer moves if it is its turn. A move
   *  made before Python was ready is played in the worker first, so the board goes on from the
   *  position the reader reached. */
  async start(state) {
    if (this.disposed) return;
    this.first = null;
    const pending = this.pending;
    this.pending = null;
    if (pending) {
      const reply = await this.call("play", { board_id: this.id, frm: pending.from, to: pending.to });
      if (reply?.ok) state = reply;
      this.unlock(); // the lock taken by the early move
      if (this.disposed) return;
    }
    this.figure.classList.remove("is-early");
    this.figure.classList.add("is-live");
    this.show(state);
    this.view.enable();
    this.maybeThink();
  }

  /** A move before Python: refused by a page puzzle (the board unchanged), or made on the
   *  picture, with the status line the worker will also give. The board then waits for Python. */
  async moveEarly(from, to, { dragged }) {
    const f = this.first;
    const dests = f.dests;
    const move = dests.find((m) => m.from === from && m.to === to);
    if (!move) return;
    const answer = f.puzzle?.[`${from}-${to}`];
    if (answer && !answer.ok) {
      this.host.say(answer.status, "info");
      this.host.announce(answer.status);
      this.view.set({ dests, turn: f.turn }); // the position stays as it was
      return;
    }
    this.first = null;
    this.pending = move;
    this.lock(); // until start(): Python takes over from the position reached
    await this.view.playLocally(move, { dragged });
    // Python may have taken the move over while it was drawn (start() clears `pending`): its state
    // is then shown and spoken, and the early words would come after it, in place of its own.
    const overtaken = () => this.pending !== move;
    if (overtaken()) return;
    const status = answer?.status ?? f.ends?.[move.text] ?? f.status.replace("{move}", move.text);
    if (answer?.reply) {
      const [rf, rt, rc, text] = answer.reply;
      await sleep(reducedMotion() ? 0 : 300);
      if (overtaken()) return;
      await this.view.playLocally({ from: rf, to: rt, captures: rc, text });
      if (overtaken()) return;
    }
    this.host.say(status, "info");
    this.host.announce(status);
  }

  /** The host closes the session in the worker; the driver stops drawing and asking. */
  dispose() {
    this.disposed = true;
  }

  // ------------------------------------------------------------------ states
  readersTurn(state = this.state) {
    const oneSide = this.mode === "play" || this.mode === "friend";
    return !!state && !state.result && (!oneSide || state.turn === this.side);
  }

  /** What the reader may do in `state`: its moves, or the steps of a Duodecim turn. */
  dests(state) {
    if (!this.readersTurn(state)) return [];
    return state.kind === "duodecim" ? state.steps : state.moves;
  }

  /** The reader chose a piece of the side to move that has no move now: say why (a compulsory
   * capture, the roll, or the piece is blocked) and mark the pieces that may move. A puzzle says
   * the rule, not which pieces (that could give its answer away). */
  refused(spot) {
    if (!this.readersTurn()) return;
    const held = this.state?.restricted;
    const square = this.view.spotName(spot);
    let text;
    if (held && this.mode === "puzzle") text = t("{square} cannot move now: a rule holds it back (a capture is compulsory, or the roll does not allow it).", { square });
    else text = held?.text ?? t("{square} cannot move now: it is blocked.", { square });
    this.host.say(text, "info");
    this.host.announce(text);
    if (held && this.mode !== "puzzle") this.view.flash(held.from);
  }

  show(state) {
    if (this.disposed) return;
    this.state = state;
    this.viewing = false;
    this.view.set({ svg: state.svg, dests: this.dests(state), turn: state.turn });
    this.host.onState(state);
  }

  /** A past position, read-only, until the game is shown again (show). */
  showPicture(svg) {
    this.viewing = true;
    this.view.set({ svg, dests: [], turn: this.state?.turn });
  }

  /** One request; its reply, or null when it failed (the host is told why). */
  async request(op, args = {}) {
    this.lock();
    try {
      const reply = await this.call(op, { board_id: this.id, ...args });
      if (this.disposed || !reply) return null;
      if (!reply.ok) {
        this.host.say(reply.error, "error");
        return null;
      }
      return reply;
    } catch (err) {
      if (this.disposed) return null;
      if (this.host.fail) this.host.fail(err);
      else this.host.say(`${err?.message || err}`, "error");
      return null;
    } finally {
      this.unlock();
    }
  }

  // ------------------------------------------------------------------ the reader's moves
  /** The move the reader chose on the board (a whole custodian move, or one Duodecim step);
   *  `chosen`: the move itself (a latrunculi jump chain is told from another with the same ends
   *  by its path, and is sent in notation). */
  async move(from, to, { dragged = false, move: chosen = null } = {}) {
    if (!this.state && this.first && !this.busy) return this.moveEarly(from, to, { dragged });
    if (this.busy || !this.state) return;
    const state = this.state;
    if (state.kind === "duodecim") {
      const step = state.steps.find((s) => s.from === from && s.to === to);
      if (step) await this.step(step);
      return;
    }
    const move = (chosen && state.moves.includes(chosen) ? chosen : null) ??
      state.moves.find((m) => m.from === from && m.to === to);
    const args = move?.path?.length ? { notation: move.text } : { frm: from, to };
    this.lock();
    try {
      // The animation runs while the worker computes the new position; both take about as long.
      const [reply] = await Promise.all([this.request("play", args), this.view.animate(move, { dragged })]);
      if (reply) this.show(reply);
      else if (!this.disposed) this.show(state); // refused: the board offers the same moves again
    } finally {
      this.unlock();
    }
    this.maybeThink();
  }

  /** One die of a Duodecim turn (a step button, or a click on its destination). */
  step(st) {
    return this.send("step", { frm: st.from, to: st.to, die: st.die });
  }

  /** A void roll: nothing can move, the dice pass to the other side. */
  pass() {
    return this.send("commit", {});
  }

  /** Take back the last step of the turn being played. */
  unstep() {
    return this.send("unstep", {});
  }

  async send(op, args) {
    if (this.busy) return;
    this.lock();
    try {
      const reply = await this.request(op, args);
      if (reply) this.show(reply);
    } finally {
      this.unlock();
    }
    this.maybeThink();
  }

  // ------------------------------------------------------------------ the computer
  computersTurn() {
    const s = this.state;
    return this.mode === "play" && !!s && !s.result && s.turn !== this.side;
  }

  /** The computer plays while it is its turn (a Kubeia double, a Duodecim turn after a void
   *  roll); the board stays locked from the first request to the last animation. */
  async maybeThink() {
    if (this.thinkingNow || this.disposed || !this.computersTurn()) return;
    this.thinkingNow = true;
    this.lock();
    this.host.thinking(true);
    try {
      while (!this.disposed && this.computersTurn()) {
        if (this.state.kind === "duodecim" && !reducedMotion()) await sleep(DICE_PAUSE_MS); // let the dice be seen
        if (this.disposed) break;
        // window.__petteiaThinkArgs: tests may give the search a larger budget (node_limit) or a seed.
        const reply = await this.request("think", {
          level: this.level, seed: Math.floor(Math.random() * 1e9), ...window.__petteiaThinkArgs,
          ...(this.hurry ? { node_limit: HURRY_NODES } : {}),
        });
        if (!reply || this.disposed) break;
        await this.view.animate(reply.last_move);
        if (this.disposed) break;
        this.show(reply);
      }
    } finally {
      this.thinkingNow = false;
      this.hurry = false;
      this.unlock();
      if (!this.disposed) this.host.thinking(false);
    }
  }

  // ------------------------------------------------------------------ buttons
  /** undo | redo | reset (or any verb that returns a state). Against the computer, undo and redo
   *  take back (or replay) whole exchanges: they stop on the reader's turn. */
  async command(op, args = {}) {
    if (this.busy || this.disposed) return null;
    this.lock();
    let reply = null;
    try {
      // A replayed move slides like a played one (the worker says which move redo plays).
      const replayed = op === "redo" ? this.state?.redo_move : null;
      [reply] = await Promise.all([this.request(op, args), this.view.animate(replayed)]);
      while (reply && !this.disposed && this.mode === "play" && reply.turn !== this.side && !reply.result &&
             ((op === "undo" && reply.can_undo) || (op === "redo" && reply.can_redo))) {
        reply = await this.request(op, args);
      }
      if (reply) this.show(reply);
    } finally {
      this.unlock();
    }
    this.maybeThink();
    return reply;
  }
}

// The computer's search budget, in nodes, when it must move at once (its next think after
// `driver.hurry = true`: "Move now" in a browser whose search cannot be interrupted, play.js).
export const HURRY_NODES = 2000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
