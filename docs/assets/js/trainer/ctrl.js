// The puzzle trainer's controller (docs/puzzles/index.md; in the manner of lichess's ui/puzzle
// ctrl.ts): the page's data and actions, no DOM. The views (view-*.js) draw from it after every
// `ui.redraw()`; the progress is store.js's, the Streak and Timed runs ctrl-modes.js's, an
// assignment (#assign=…) ctrl-assign.js's.
//
// It serves the stored puzzles (petteia_core.web.puzzle, through the one Python worker), filtered
// by game, theme and difficulty; the reader plays the solution on the live board (the board's
// GameDriver, given by main.js), the worker plays the stored defence and refutes a wrong move.
// A Duodecim puzzle's turn is played on the same board, one die at a time (the worker checks the
// whole turn). Hints in two steps, "Show solution", the puzzle of the day (#daily), one link per puzzle
// (#id=classic-001), and "Next puzzle" near the reader's Glicko-2 rating.
//
// Every puzzle opened is a new *session* with its own board id in the worker (trainer-1, …).
// Every request goes through ask(), which drops the reply when the session changed while it was
// under way, so a sequence that belongs to one puzzle can never write another puzzle's state.
//
// What an attempt counts as (solved, first try, rated, an assignment's outcome), the hints and the
// clipping of echoed input are decided in Python (petteia_core/web/attempt.py, puzzle.py,
// duodecim_puzzle.py): every puzzle reply carries `attempt`, and the controller records what it
// says, once per session.
import { t } from "../i18n.js";
import { seenLately } from "./store.js";
import { pickNear } from "./modes.js";
import { Session, readHash, today } from "./address.js";
import { ModeRunner } from "./ctrl-modes.js";
import { AssignFlow } from "./ctrl-assign.js";
import { ProgressKeeper } from "./ctrl-progress.js";

const STEP_MS = () => window.__petteiaTrainerStepMs ?? 900; // pause between the solution's moves
const OPENED = 40; // puzzles opened in this visit that "Next puzzle" does not offer again

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));


export class TrainerCtrl {
  /** @param {object} deps  ui: {redraw(), announce(text), setHash(url), hint(from, to),
   *  focusBoard()};
   *  connect: (progress, fail) → Promise<api> (worker-client.js). */
  constructor({ ui, connect }) {
    this.ui = ui;
    this.connect = connect;
    this.api = null;
    this.board = null; // the GameDriver of the puzzle board (main.js sets it)
    this.all = []; // every puzzle's summary
    this.games = [];
    this.listReply = null; // puzzle_list's reply (the filters' choices)
    this.filters = { game: "", theme: "", difficulty: "" };
    this.current = null; // summary of the puzzle on screen
    this.session = null; // the Session on screen; every other one is over
    this.disposed = false;
    this.notes = new Map(); // topic -> sentence, shown together above the trainer
    this.opened = []; // the puzzles opened in this visit, the last OPENED
    this.status = { text: t("Loading Python…"), kind: "info" };
    this.puzzleView = null; // {title, goal, roll, side, daily, duodecim} of the puzzle on screen
    this.buttons = { hint: false, solution: false, tryAgain: false };
    this.boardStatus = ""; // the board's state: todo | wrong | solved | shown
    this.keeper = new ProgressKeeper(this); // the progress, in storage and in files
    this.modes = new ModeRunner(this);
    this.assign = new AssignFlow(this);
    this.note("stored", this.keeper.notice);
  }

  /** The reader's progress (store.js's format), as this tab holds it. */
  get progress() {
    return this.keeper.data;
  }

  get lastChange() {
    return this.keeper.lastChange;
  }

  get fileMsg() {
    return this.keeper.fileMsg;
  }

  get ready() {
    return Boolean(this.api) && !this.disposed;
  }

  get mode() {
    return this.modes.mode;
  }

  redraw() {
    if (!this.disposed) this.ui.redraw();
  }

  setStatus(text, kind = "info") {
    this.status = { text, kind };
    this.redraw();
  }

  /** Show (or, with null, withdraw) the sentence about `topic` in the note above the trainer. */
  note(topic, text) {
    if (text) this.notes.set(topic, text);
    else this.notes.delete(topic);
    this.redraw();
  }

  /** The reader chose another puzzle: a word about the address that opened this one is over. */
  chose() {
    this.note("address", null);
    if (!this.mode) this.modes.result = null; // the last run's result is over too
  }

  failedCount() {
    return Object.values(this.progress.results).filter((v) => v === "failed").length;
  }

  filtered() {
    const { game: g, theme: th, difficulty: d } = this.filters;
    return this.all.filter((p) => (!g || p.ruleset === g) && (!th || p.themes.includes(th)) && (!d || p.difficulty === Number(d)));
  }

  setFilter(name, value) {
    this.filters[name] = value;
    this.redraw();
  }

  // ------------------------------------------------------------ an attempt
  /** What the worker says `session`'s attempt counts as (`attempt` of a puzzle reply). */
  noteAttempt(session, attempt) {
    if (!attempt || session !== this.session) return;
    if (!attempt.first_try) this.assign.mark("failed");
    if (attempt.result) this.record(session, attempt.result, attempt.rated);
    if (attempt.outcome && !session.finished) {
      session.finished = true;
      this.assign.mark(attempt.outcome);
    }
  }

  /** The result of `session`'s attempt (once per attempt), kept and saved; a run hears of it. */
  record(session, result, rated) {
    if (session !== this.session || session.recorded || !session.puzzle) return;
    session.recorded = true;
    const ok = result === "solved";
    this.keeper.record(session.puzzle, ok, rated);
    this.modes.heard(session, ok);
    this.redraw();
  }

  /** Save the progress (store.js merges it with another tab's); see ctrl-progress.js. */
  save(opts) {
    this.keeper.save(opts);
  }

  // ------------------------------------------------------------ choosing a puzzle
  async openDaily() {
    const session = this.beginSession(); // a later choice of the reader wins over this one
    const reply = await this.locked(this.api.call("puzzle_daily", { date: today() }));
    if (!this.live(session)) return;
    if (!reply.ok) return this.noPuzzle(t("The puzzle of the day"), reply.error);
    await this.open(reply.id, { daily: true }, session);
  }

  /** The next puzzle: one of the filters' choice near the reader's rating, not seen lately and
   *  not solved yet if there is one (or, with `failedOnly`, the next failed one in the list). */
  async next(failedOnly = false, { landing = false } = {}) {
    if (this.mode) this.modes.end("stopped");
    const pool = failedOnly ? this.all.filter((p) => this.progress.results[p.id] === "failed") : this.filtered();
    if (!pool.length) {
      this.setStatus(failedOnly ? t("No failed puzzles to retry.") : t("No puzzle matches these filters."), "error");
      return;
    }
    let pick;
    if (failedOnly) {
      const at = this.current ? pool.findIndex((p) => p.id === this.current.id) : -1;
      pick = [...pool.slice(at + 1), ...pool.slice(0, at + 1)][0];
    } else {
      const seen = seenLately(this.progress);
      for (const id of this.opened) seen.add(id); // opened in this visit, tried or not
      // The trainer opens on a puzzle of petteia (the reply's `opening` games), unless the filters
      // chose another game (a Duodecim puzzle is a whole turn of dice; latrunculi a Roman game).
      const opening = this.listReply?.opening ?? [];
      const boards = landing ? pool.filter((p) => opening.includes(p.ruleset)) : [];
      pick = pickNear(boards.length ? boards : pool, this.progress.rating.rating, seen, Math.random,
        (p) => this.progress.results[p.id] !== "solved");
    }
    await this.open(pick.id);
  }

  /** A puzzle chosen from the list. */
  choose(id) {
    this.note("address", null);
    if (this.mode) this.modes.end("stopped");
    return this.open(id);
  }

  /** Open puzzle `id` in a new session. `fallback`: an unknown id gets a word and the next puzzle. */
  async open(id, { daily = false, fallback = false, tried = false } = {}, session = this.beginSession()) {
    const reply = await this.locked(this.api.call("open", { kind: "puzzle", board_id: session.boardId, puzzle_id: id, tried }));
    if (!this.live(session)) {
      this.closeSession(session); // the reader moved on while it opened
      return;
    }
    if (!reply.ok) {
      if (fallback) {
        this.note("address", t("No such puzzle: {error}. Here is the next puzzle instead.", { error: reply.error }));
        return this.next(false, { landing: true });
      }
      return this.noPuzzle(t("Unknown puzzle"),
        t("No such puzzle: {error}. Choose one from the list below or press “Next puzzle”.", { error: reply.error }));
    }
    const p = reply.trainer;
    session.puzzle = p;
    this.opened = [...this.opened.filter((x) => x !== p.id), p.id].slice(-OPENED);
    this.modes.unlockBoard();
    this.current = p;
    if (!this.assign.run) this.ui.setHash(`#id=${p.id}`); // an assignment keeps its address
    // The roll decides how far each piece goes (Kubeia: in the position; Duodecim: the puzzle's).
    const given = p.roll ?? reply.dice ?? null; // a Duodecim puzzle's roll is written "63"
    const roll = given ? Array.from(given, Number) : null;
    const title = this.assign.run
      ? t("Puzzle {i} of {n} · {game}", { i: this.assign.index + 1, n: this.assign.run.total, game: p.game })
      : daily ? t("Puzzle of the day: {game} · {id}", { game: p.game, id: p.id }) : `${p.game} · ${p.id}`;
    this.puzzleView = {
      title, roll, side: reply.turn ?? p.side ?? "w", duodecim: reply.kind === "duodecim",
      goal: roll ? [p.goal, t("Roll: {a} and {b}.", { a: roll[0], b: roll[1] })].join(" ") : p.goal,
    };
    this.buttons = { hint: true, solution: true, tryAgain: false };
    this.boardStatus = "todo";
    this.board.id = session.boardId;
    this.redraw();
    this.board.start(reply);
  }

  /** No puzzle on screen (the one asked for could not be opened): say why, leave no dead board. */
  noPuzzle(title, text) {
    this.current = null;
    this.puzzleView = { title, goal: "", roll: null, side: "w", none: true };
    this.buttons = { hint: false, solution: false, tryAgain: false };
    this.setStatus(text, "error");
  }

  /** Called by the board with every new state of the session on screen. */
  onState(state) {
    const p = state.trainer;
    const session = this.session;
    if (!p || !session?.puzzle) return;
    const inMode = Boolean(this.mode);
    this.buttons = {
      tryAgain: p.status === "wrong" && !inMode,
      hint: p.your_turn && !session.playing,
      solution: p.status !== "solved" && p.status !== "shown" && !session.playing,
    };
    this.boardStatus = p.status;
    this.noteAttempt(session, p.attempt); // the worker decides what counts (a solve only at the first try)
    let text = p.text;
    if (p.status === "wrong") {
      if (!inMode) text += ` ${t("Press “Try again” to take it back.")}`;
      else if (!this.mode) text += ` ${this.modes.text}`; // the miss ended the run
    }
    if (p.status === "solved") text += this.afterSolve(inMode);
    this.setStatus(text, p.status);
  }

  /** What the status adds to a solve: where to go from here. */
  afterSolve(inMode) {
    if (inMode) return this.mode ? ` ${t("Next puzzle…")}` : "";
    if (this.assign.run) {
      const press = t("Press “{label}”.", { label: this.assign.nextLabel });
      return ` ${press}`;
    }
    return ` ${t("Press “Next puzzle” for another.")}`;
  }

  async retry() {
    const reply = await this.ask("retry");
    if (reply) this.board.show(reply);
    this.ui.focusBoard();
  }

  async hint() {
    const session = this.session;
    if (!session?.puzzle) return;
    const duodecim = session.puzzle.ruleset === "duodecim";
    const ply = this.board.state?.ply;
    const reply = await this.ask("hint");
    if (!reply || !this.live(session)) return;
    this.noteAttempt(session, reply.attempt); // a hint ends the first try and leaves the rating
    if (duodecim) return this.setStatus(t("Hint: {text}", { text: reply.text }), "hint");
    if (this.board.state?.ply !== ply) return; // the position moved on
    this.ui.hint(reply.from, reply.to);
    this.ui.announce(reply.text);
    this.setStatus(t("Hint: {text}", { text: reply.text }), "hint");
  }

  /** Play the stored solution from the puzzle position, one move at a time; stops as soon as the
   *  reader opens another puzzle (every await is followed by a check). */
  async showSolution() {
    const session = this.session;
    if (!session?.puzzle || session.playing) return;
    if (session.puzzle.ruleset === "duodecim") {
      const reply = await this.ask("show_solution"); // the puzzle is missed, its turn played on the board
      if (reply) this.board.show(reply);
      return;
    }
    session.playing = true;
    this.buttons = { ...this.buttons, hint: false, solution: false };
    this.redraw();
    try {
      // The puzzle is missed, the board back at its start; then the solution, one move at a time.
      let reply = await this.ask("show_solution");
      if (!reply) return;
      this.noteAttempt(session, reply.trainer.attempt);
      this.board.show(reply);
      this.setStatus(t("The solution…"), "shown");
      while (reply.trainer.status !== "solved") {
        await sleep(STEP_MS() / 2);
        if (!this.live(session)) return;
        reply = await this.ask("solution");
        if (!reply) return;
        await this.board.view.animate(reply.last_move);
        if (!this.live(session)) return;
        this.board.show(reply);
        await sleep(STEP_MS() / 2);
        if (!this.live(session)) return;
      }
    } finally {
      session.playing = false;
    }
  }

  // ------------------------------------------------------------ sessions and requests
  /** True while `session` is the one on screen. */
  live(session) {
    return !this.disposed && session !== null && session === this.session;
  }

  /** Whether a state from the worker belongs to the session on screen. */
  owns(state) {
    return Boolean(this.session && state?.board_id === this.session.boardId);
  }

  /** One request about the session on screen: its reply, or null when it failed (the status
   *  says why) or when the reader moved on to another puzzle while it was under way. */
  async ask(op, args = {}) {
    const session = this.session;
    if (!this.live(session) || !this.api) return null;
    this.board.lock(); // no input until the reply is in (a move also holds it through the animation)
    let reply;
    try {
      reply = await this.api.call(op, { ...args, board_id: session.boardId });
    } catch (err) {
      if (this.live(session)) this.setStatus(t("The trainer stopped: {error}. Reload the page to go on.", { error: err?.message || err }), "error");
      return null;
    } finally {
      this.board.unlock();
    }
    if (!this.live(session)) return null;
    if (!reply.ok) {
      this.setStatus(reply.error, "error");
      return null;
    }
    return reply;
  }

  /** A new session replaces the one on screen; the old one is over (and closed in the worker). */
  beginSession() {
    const old = this.session;
    this.session = new Session();
    if (old) this.closeSession(old);
    return this.session;
  }

  /** `promise`, with the board taking no input until it settles (a puzzle is being chosen). */
  async locked(promise) {
    this.board.lock();
    try {
      return await promise;
    } finally {
      this.board.unlock();
    }
  }

  closeSession(session) {
    this.api?.call("close", { board_id: session.boardId }).catch(() => {});
  }

  // ------------------------------------------------------------ start
  async mount(hash) {
    this.api = await this.connect((p) => this.setStatus(p.text),
      (err) => this.setStatus(t("The trainer could not start: {error}.", { error: err.message }), "error"));
    if (!this.api || this.disposed) return;
    const reply = await this.api.call("puzzle_list", {});
    if (this.disposed) return;
    if (!reply.ok) return this.setStatus(reply.error, "error");
    this.all = reply.puzzles;
    this.games = reply.rulesets;
    this.listReply = reply;
    this.redraw();
    await this.fromHash(hash);
  }

  dispose() {
    this.disposed = true;
    this.modes.dispose();
    if (this.session) this.closeSession(this.session);
    this.session = null;
    this.board?.dispose();
  }

  /** Open what the address asks for; an address that cannot be read gets a word and a puzzle. */
  async fromHash(hash) {
    const want = readHash(hash);
    if (want.route === "assign") return this.assign.open(want.assign);
    if (this.assign.run) this.assign.leave();
    this.note("address", want.unreadable
      ? t("This puzzle address could not be read (it is not a link the trainer knows), so here is the next puzzle.")
      : null);
    if (want.route === "daily") return this.openDaily();
    if (want.route === "id") return this.open(want.id, { fallback: true });
    return this.next(false, { landing: true });
  }
}
