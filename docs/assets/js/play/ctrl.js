// The play page's controller (in the manner of lichess's ui/puzzle ctrl.ts): it holds the page's
// data and its actions, and knows no DOM. The views (view-*.js) draw from it after every
// `ui.redraw()`; the saved game is store.js's; a friend's link is friend.js's; "Move now" with its
// standby worker is move-now.js's; export and links are record.js's.
//
// One copy of the game: the board's GameDriver (game-driver.js) holds the worker's latest state,
// and `ctrl.state` reads it from there. The worker session (worker-session.js) owns its id and
// drops replies once the game is replaced.
import { t, tn } from "../i18n.js";
import { GameDriver } from "../game-driver.js";
import { prepareStandby } from "../worker-client.js";
import { WorkerSession, newSessionId } from "../worker-session.js";
import { DEFAULTS, shorten } from "./store.js";
import { FriendFlow } from "./friend.js";
import { MoveNow } from "./move-now.js";
import { Saving } from "./saving.js";
import { RULESETS, SIDES } from "../../vendor/words.mjs";

/** What the notice says when a record from `source` cannot be played. */
const CANNOT = {
  friend: () => t("This friend's link cannot be opened"),
  link: () => t("This link does not hold a game that can be played"),
  saved: () => t("Your saved game could not be restored and was ignored"),
  previous: () => t("Your earlier game could not be restored"),
  record: () => t("This record cannot be played"),
  left: () => t("The game you left could not be restored"),
  tab: () => t("The game of the other tab could not be opened here"),
};

// The notice of the last link that could not be played, for a while: the theme redraws the page
// when the address's hash changes, and the new page's controller restores the saved game.
let badLink = null;
const BAD_LINK_KEPT_MS = 10000;

export class PlayCtrl {
  /**
   * @param {object} deps
   *   ui: {redraw(), announce(text), boardFigure(state, opts) → the figure a new board is drawn in};
   *   store: the saved game (store.js PlayStore); clock: the two players' clock (clock.js);
   *   review: "Review the game" (review.js), given this controller as its host later (attachReview).
   */
  constructor({ ui, store, clock }) {
    this.ui = ui;
    this.store = store;
    this.clock = clock;
    this.review = null;
    this.api = null;
    this.board = null; // the GameDriver of the game on the page
    this.session = null; // its WorkerSession
    this.opts = { ...DEFAULTS };
    this.turnOfEvents = 0; // counts New game / load requests: only the latest may mount its game
    this.disposed = false;
    this.status = { text: t("Loading Python…"), kind: "info" };
    this.notice = { text: "", kind: "info", actions: [] };
    this.exportMsg = "";
    this.looking = null; // {text, ply}: a past position is on the board
    this.question = null; // {text, yes: {label, run, cls}, no: {…}}: Resign? A draw offered between two players
    this.left = null; // the game a New game replaced, offered back: {record, opts}
    this.shownOfGame = 0; // states shown of the game on the board
    this.stateCount = 0; // states shown so far (the views draw the move list again when it grows)
    this.moveNow = new MoveNow(this);
    this.friend = new FriendFlow(this);
    this.saving = new Saving(this);
  }

  /** The state of the game on the board (the worker's latest reply), or null before one. */
  get state() {
    return this.board?.state ?? null;
  }

  /** Whether the computer is thinking about its move. */
  get thinking() {
    return this.moveNow.thinking;
  }

  redraw() {
    if (!this.disposed) this.ui.redraw();
  }

  // ------------------------------------------------------------ messages
  say(text, kind = "info") {
    this.status = { text, kind };
    this.redraw();
  }

  announce(text) {
    this.ui.announce(text);
  }

  /** A sentence above the board: "info" or "error", with buttons `{label, run}` (a list: a choice). */
  showNotice(text, kind = "info", actions = null) {
    this.notice = { text, kind, actions: text && actions ? [actions].flat() : [] };
    this.redraw();
  }

  // ------------------------------------------------------------ life
  async start(hash, connect) {
    this.api = await connect((p) => this.say(p.text), (err) => this.say(t("The game could not start: {error}.", { error: err.message }), "error"));
    if (!this.api || this.disposed) return;
    // A friend's link opens its game at once, or says (once the reader's own game is back on the
    // board) why it cannot, or asks before it replaces a game in progress.
    const friend = this.friend.isLink(hash) ? await this.friend.open(hash) : null;
    if (this.disposed) return;
    if (!(friend ? friend.opened : await this.fromHash(hash))) {
      const saved = this.saving.read();
      if (!saved || !(await this.load(saved.record, saved, "saved", saved.mended))) {
        await this.newGame(this.opts, { keepNotice: true });
      }
    }
    if (!this.disposed) friend?.after?.();
  }

  dispose() {
    this.disposed = true;
    this.clock.dispose();
    this.board?.dispose();
    this.session?.close();
  }

  /** A game link in the address (`#record=…`, or a friend's link): its game, if it can be played. */
  async fromHash(hash) {
    if (this.friend.isLink(hash)) {
      const friend = await this.friend.open(hash);
      if (!this.disposed) friend.after?.();
      return friend.opened;
    }
    const h = (hash || "").replace(/^#/, "");
    if (!h.includes("record=")) return false;
    let p;
    try {
      p = new URLSearchParams(h);
    } catch {
      p = new URLSearchParams();
    }
    const { opts } = this.store.checkOptions(Object.fromEntries(p), { ...this.opts, since: 0 });
    // The reader's own unfinished game is kept aside, to come back to with one click.
    const mine = this.saving.read({ quiet: true });
    const ok = await this.load(p.get("record") || "", opts, "link");
    if (this.disposed) return ok; // a page redrawn meanwhile reads the link itself
    this.ui.clearHash(); // the link has done its job
    if (ok && mine && mine.record !== this.state?.record && this.saving.keep(this.store.PREVIOUS, mine)) this.friend.offerPrevious();
    return ok;
  }

  // ------------------------------------------------------------ games
  /** Arguments every new game takes: who the computer plays, and the tests' dice seed. */
  gameArgs(opts) {
    const args = { computer: opts.opponent === "computer" ? (opts.side === "w" ? "b" : "w") : null };
    if (Number.isInteger(window.__petteiaDiceSeed)) args.seed = window.__petteiaDiceSeed;
    return args;
  }

  /** A new session of the worker for a game of `what` (a ruleset), not yet on the board; `call`:
   * another worker's (the standby's), by default the page's. */
  newSession(what, call = (op, args) => this.api.call(op, args)) {
    return new WorkerSession(newSessionId("play", what), call);
  }

  /** Take the page's turn of events: a later New game, load or link wins over this one. Resolves
   * to a function telling whether this turn is still the page's, once the computer has moved. */
  async claimTurn() {
    const turn = ++this.turnOfEvents;
    this.review?.stop();
    await this.moveNow.stopThinking();
    return () => turn === this.turnOfEvents && !this.disposed;
  }

  async newGame(opts, { keepNotice = false } = {}) {
    const current = await this.claimTurn();
    if (!current()) return;
    const left = this.state?.ply > 0 && !this.state.result ? { record: this.state.record, opts: { ...this.opts, dice: this.state.dice ?? null }, plies: this.state.ply } : null;
    const session = this.newSession(opts.ruleset);
    const reply = await session.call("open", {
      kind: "game", ruleset: opts.ruleset, first: opts.ruleset === "poleis" ? opts.first : "w", ...this.gameArgs(opts),
    });
    if (!current()) return session.close();
    if (!reply.ok) return this.say(reply.error, "error");
    if (!keepNotice) this.showNotice("");
    await this.mount(session, reply, opts);
    // New game in the middle of a game can be taken back, until the next one.
    this.left = left;
    if (left) {
      this.showNotice(tn("A new game has started. The game you left ({n} move) is kept for now.",
        "A new game has started. The game you left ({n} moves) is kept for now.", left.plies), "info",
      { label: t("Back to the game you left"), run: () => this.backToLeft() });
    }
  }

  /** The game a New game replaced, back on the board (New game is undoable). */
  async backToLeft() {
    const left = this.left;
    this.left = null;
    if (left) await this.load(left.record, left.opts, "left");
  }

  /** A record read by the worker, move by move, into a new session not yet on the board:
   * {session, reply} ({ok: false, error} when it cannot be played), or null when a later New game
   * or load overtook this request (its session is closed). */
  async checkRecord(record, opts) {
    const current = await this.claimTurn();
    if (!current()) return null;
    const ruleset = /\[\s*Ruleset\s+"([^"]*)"/i.exec(record)?.[1]?.toLowerCase();
    const session = this.newSession(RULESETS[ruleset] ? ruleset : "game");
    const reply = await session.call("load", { record, ...this.gameArgs(opts), ...(opts.dice ? { dice: opts.dice } : {}) });
    if (!current() || !reply) {
      session.close();
      return null;
    }
    if (!reply.ok) session.close();
    return { session, reply };
  }

  /** A game from a record (a link, the box, the saved game): the current game stays if it is bad.
   * `mended`: the saved settings that were not valid and were replaced (said in the notice). */
  async load(record, opts, source, mended = []) {
    let checked = await this.checkRecord(record, opts);
    if (checked && !checked.reply.ok && opts.dice) {
      // A kept roll that does not fit the game (edited storage): the game without it, dice thrown anew.
      checked = await this.checkRecord(record, { ...opts, dice: null });
      if (checked?.reply.ok) mended = [...mended, t("Its roll did not fit the game, so the dice were thrown again.")];
    }
    if (!checked) return false;
    const { session, reply } = checked;
    if (!reply.ok) {
      const what = CANNOT[source]();
      const keep = this.state ? ` ${t("Your current game is unchanged.")}` : "";
      const why = `${what}: ${shorten(reply.error)}.`;
      const text = `${why}${keep}`;
      if (source === "link") badLink = { text: why, at: performance.now() };
      if (source === "record") this.exportMsg = text;
      this.showNotice(text, "error");
      if (source === "saved") this.store.forgetGame();
      return false;
    }
    if (source === "saved") {
      // After a bad link say both things: on this page, or on the page the theme redrew when the
      // address changed (a new controller, which did not see the link: badLink carries its notice).
      const carried = badLink && performance.now() - badLink.at < BAD_LINK_KEPT_MS ? badLink.text : "";
      badLink = null;
      const before = this.notice.text.includes(CANNOT.link()) ? this.notice.text : carried;
      const fixed = mended.length ? ` ${mended.join(" ")}` : "";
      if (before) this.showNotice(`${before.replace(/\s*$/, "")} ${t("Your game is unchanged.")}${fixed}`, "error");
      else if (this.store.read(this.store.PREVIOUS) !== null) this.friend.offerPrevious(); // a friend's game, restored
      else this.showNotice(`${t("Your last game has been restored.")}${fixed}`, "info");
    } else {
      this.showNotice("");
    }
    if (source === "record") this.exportMsg = t("The record has been loaded.");
    this.redraw();
    await this.mount(session, reply, { ...opts, ruleset: reply.ruleset });
    return true;
  }

  /** The game of `session` (its first state `state`) on a new board. `hurry`: the computer's
   * first think is a short one ("Move now" after a restarted worker). */
  async mount(session, state, { ruleset, side, level, opponent, first, hints = false, since = 0, clock = null }, { hurry = false } = {}) {
    const opts = { ruleset, side, level, opponent, first, hints, since: opponent === "friend" ? since : 0 };
    if (this.disposed) return session.close(); // the page was left (or redrawn) meanwhile
    this.saving.here(); // a game the reader set up in this tab: this tab plays and saves again
    this.board?.dispose();
    this.session?.close();
    this.moveNow.reset();
    this.opts = { ...opts };
    this.looking = null;
    this.question = null;
    this.shownOfGame = 0;
    this.ui.writeForm(this.opts);
    const figure = this.ui.boardFigure(state, opts);
    const mine = () => board === this.board;
    const board = new GameDriver(figure, {
      id: session.id,
      call: (op, args) => session.call(op, args), // null once the game is replaced: the board ignores it
      mode: { human: "explore", friend: "friend" }[opts.opponent] ?? "play",
      side: opts.side,
      level: opts.level,
      label: t("Game board."),
      host: {
        onState: (s) => mine() && this.onState(s),
        say: (text, kind) => mine() && this.say(text, kind),
        announce: (text) => mine() && this.announce(text),
        thinking: (on) => this.moveNow.onThinking(on, board),
      },
    });
    board.hurry = hurry;
    this.board = board;
    this.session = session;
    this.clock.reset(opts.opponent === "human", state.ply, clock); // a saved game's clock comes back
    this.review?.reset();
    this.ui.mounted(board, state);
    if (state.kind !== "duodecim" && opts.side === "b" && !state.flipped && opts.opponent !== "human") {
      const flipped = await session.call("flip", { flipped: true });
      if (flipped?.ok) state = flipped;
    }
    if (board.disposed) return;
    // Where "Move now" must restart the worker, a second one is kept ready for it (against the computer).
    if (opts.opponent === "computer") prepareStandby();
    board.start(state); // its first state then sets what the buttons can do
  }

  /** Every state the board shows: the page's words, the saved game and the clock follow it. */
  onState(state) {
    this.stateCount += 1;
    this.shownOfGame += 1;
    this.looking = null;
    this.question = null;
    if (!this.thinking || state.result) this.status = { text: state.status, kind: state.result ? "result" : "info" };
    // A Duodecim step is said in Python's words; the whole track is described when the game starts.
    const spoken = state.said || (state.kind !== "duodecim" || this.shownOfGame === 1 ? state.description : "");
    if (spoken) this.announce(spoken);
    this.clock.update(state); // before save(): the saved game keeps the clock as this move left it
    this.saving.save();
    this.redraw();
    this.review?.decorate(state);
    this.friend.sync(state);
  }

  // ------------------------------------------------------------ the reader's actions
  /** Whether "Show a good move" is offered: asked for, against the computer at levels 1–3, on a
   * board of squares (the Duodecim track has no arrows), not in classroom mode. */
  hintsOffered(state = this.state) {
    const o = this.opts;
    return Boolean(o.hints && o.opponent === "computer" && o.level <= 3 && state && state.kind !== "duodecim" && !this.ui.presenting());
  }

  /** "Show a good move": the computer's choice for the reader, as an arrow on the board. */
  async showGoodMove() {
    if (!this.board || !this.hintsOffered()) return;
    const reply = await this.board.command("suggest", { level: 4, seed: Math.floor(Math.random() * 1e9) });
    if (reply?.suggestion) this.announce(t("A good move: {move}.", { move: reply.suggestion.text }));
  }

  async undo() {
    if (await this.moveNow.stopThinking()) await this.board?.command("undo");
  }

  redo() {
    return this.board?.command("redo");
  }

  flip() {
    return this.board?.command("flip");
  }

  /** Both sides played from this device (classroom mode): the game goes on from where it is. */
  async twoPlayers() {
    if (this.opts.opponent === "human") return;
    await this.moveNow.stopThinking();
    this.opts = { ...this.opts, opponent: "human" };
    this.ui.writeForm(this.opts);
    this.redraw();
    if (!this.board) return;
    this.board.mode = "explore";
    const reply = await this.session.call("set_computer", { computer: null });
    if (reply?.ok && !this.board.disposed) this.board.show(reply);
  }

  /** Move `ply` of the move list: a reviewed move with its better move, or the position after it. */
  async view(ply) {
    if (this.review?.show(ply)) return;
    if (!this.board || this.board.busy) return this.say(t("Wait for the computer's move."));
    if (ply === this.state.ply) return this.backToGame();
    const reply = await this.session.call("at", { ply });
    if (!reply) return;
    if (!reply.ok) return this.say(reply.error, "error");
    this.board.showPicture(reply.svg);
    this.lookBack(t("Looking back: {position}", { position: reply.description }), ply);
    this.say(reply.description);
  }

  /** The "Looking back" bar over a past position (`ply`: the move shown), or null: the game. */
  lookBack(text, ply = null) {
    this.looking = text === null ? null : { text, ply };
    this.redraw();
  }

  backToGame() {
    if (this.state) this.board.show(this.state);
  }

  /** Resign asks first, in the page: a game is thrown away by two clicks, not one. */
  resign() {
    if (!this.board || this.board.busy || !this.state || this.state.result) return;
    const side = this.opts.opponent === "human" ? this.state.turn : this.opts.side;
    const text = this.opts.opponent === "human"
      ? t("Resign for {side}? The game ends as a loss for {side}.", { side: SIDES[side] })
      : t("Resign this game? It ends as a loss for you.");
    this.ask(text, { label: t("Resign"), cls: "play-resign-yes", run: () => this.resignNow(side) },
      { label: t("Keep playing"), cls: "play-resign-no", run: () => this.ask(null) });
  }

  async resignNow(side) {
    this.question = null;
    if (!this.board || this.board.busy || !this.state || this.state.result) return this.redraw();
    const reply = await this.board.request("resign", { side });
    if (reply) this.board.show(reply);
  }

  /** A question in the page with two answers (null: none). */
  ask(text, yes = null, no = null) {
    this.question = text === null ? null : { text, yes, no };
    this.redraw();
  }

  /** The clock: `side`'s time ran out. False while a move is on its way (the clock asks again). */
  async loseOnTime(side) {
    if (!this.board || !this.state || this.state.result) return true;
    if (this.board.busy) return false;
    const reply = await this.board.request("lose_on_time", { side });
    if (reply) this.board.show(reply);
    return true;
  }

  async offerDraw() {
    if (!this.board || this.board.busy || !this.state || this.state.result) return;
    if (this.opts.opponent === "human") {
      const by = this.state.turn, other = by === "w" ? "b" : "w";
      return this.ask(t("{side} offers a draw. {other}, do you accept?", { side: SIDES[by], other: SIDES[other] }),
        { label: t("Accept the draw"), cls: "play-accept", run: () => this.acceptDraw() },
        { label: t("Decline"), cls: "play-decline", run: () => this.declineDraw(other) });
    }
    const reply = await this.board.request("offer_draw", { level: this.opts.level, side: this.opts.side });
    if (!reply) return;
    this.board.show(reply);
    if (!reply.draw.accepted) this.say(t("The computer declines the draw: it thinks it stands better. Play on."));
  }

  async acceptDraw() {
    const reply = await this.board.request("agree_draw", {});
    if (reply) this.board.show(reply);
  }

  declineDraw(other) {
    this.question = null;
    this.say(t("{side} declines the draw. {status}", { side: SIDES[other], status: this.state.status }));
  }

  /** Play the record in the export box (or a downloaded one). */
  importRecord(text, source = "record") {
    return this.load(text, this.opts, source);
  }
}
