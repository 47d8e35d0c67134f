// "Play against the computer" (docs/play/index.md): choose a game, a side and a level (or two
// players on one device, or a friend by link: friend-link.js, friend-panel.js), play, look back
// through the moves, undo, resign, offer a draw, export and import the record, share a link; the
// last unfinished game comes back after a reload.
//
// The rules and the computer run in the one Python worker (petteia_core.web: a game session):
// the page thread never waits for them, so it keeps answering while the computer thinks.
// The board is the site's one board (board-view.js), driven by a GameDriver (game-driver.js) whose
// host is this page; Duodecim scripta also gets a button per legal step (step-buttons.js).
import { connect, prepareStandby, restartWorker, standbyApi } from "./worker-client.js";
import { GameDriver, HURRY_NODES } from "./game-driver.js";
import { StepButtons } from "./step-buttons.js";
import { Announcer } from "./announcer.js";
import { DEFAULTS, PREVIOUS, STORE, checkOptions, checkSaved, readKey, removeKey, shorten, writeKey } from "./play-store.js";
import { Classroom } from "./classroom.js";
import { GameReview } from "./review.js";
import { PlayClock } from "./play-clock.js";
import { FriendPanel } from "./friend-panel.js";
import { FriendLinkError, continues, friendLink, isFriendLink, readFriendLink } from "./friend-link.js";
import { el, reducedMotion } from "./dom.js";
// Ruleset, level and side names: generated from petteia_core/web/words.py by site_scripts/vendor.py.
import { RULESETS, LEVELS, SIDES as SIDE } from "../vendor/words.mjs";

const FACES = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

// ---------------------------------------------------------------- the page
class PlayPage {
  constructor(root) {
    this.root = root;
    this.api = null;
    this.board = null;
    this.state = null;
    this.opts = { ...DEFAULTS };
    this.turnOfEvents = 0; // counts New game / load requests: only the latest may mount its game
    this.build();
  }

  // ------------------------------------------------------------ markup
  build() {
    const r = this.root;
    r.replaceChildren();
    r.classList.add("play-page");
    const form = el("form", { class: "play-setup", "aria-label": "New game" });
    const field = (label, control) => {
      const id = `play-${control.name}`;
      control.id = id;
      const wrap = el("div", { class: "play-field" });
      wrap.append(el("label", { for: id }, label), control);
      form.append(wrap);
      return control;
    };
    const select = (name, options) => {
      const s = el("select", { name });
      for (const [v, t] of options) s.append(el("option", { value: v }, t));
      return s;
    };
    this.fRuleset = field("Game", select("ruleset", Object.entries(RULESETS)));
    this.fOpponent = field("Opponent", select("opponent", [
      ...Object.entries(LEVELS).map(([n, name]) => [`level-${n}`, `Computer, level ${n}: ${name}`]),
      ["human", "Two players on this device"],
      ["friend", "A friend, by link"],
    ]));
    this.fSide = field("You play", select("side", Object.entries(SIDE)));
    this.fFirst = field("Who places first (Poleis)", select("first", Object.entries(SIDE)));
    // "Show a good move" while playing the computer at levels 1–3: off unless the reader asks.
    this.fHints = el("input", { type: "checkbox", name: "hints", id: "play-hints" });
    const hintsWrap = el("div", { class: "play-field play-field-check" });
    hintsWrap.append(this.fHints, el("label", { for: "play-hints" }, "Offer “Show a good move” (levels 1–3)"));
    form.append(hintsWrap);
    const go = el("button", { type: "submit", class: "md-button md-button--primary play-new" }, "New game");
    const room = el("button", { type: "button", class: "md-button play-classroom",
      title: "Present: a large, high-contrast board for a projector, two players on this device (bookmark: play/?classroom)" },
    "Present: classroom mode");
    // The clock for two players on this device (play-clock.js).
    this.clock = new PlayClock({ announce: (t) => this.announce(t), lose: (side) => this.loseOnTime(side) });
    form.append(this.clock.field, go, room);
    this.classroom = new Classroom(this, room);
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      if (this.clock.read().ok) this.newGame(this.readForm());
    });
    this.fRuleset.addEventListener("change", () => this.syncForm());
    this.fOpponent.addEventListener("change", () => this.syncForm());

    this.status = el("p", { class: "play-status", role: "status", "aria-live": "polite" }, "Loading Python…");
    this.speech = new Announcer(); // what happens on the board, for screen readers
    this.dice = el("div", { class: "play-dice", hidden: true, "aria-label": "Dice" });

    this.figure = el("figure", { class: "petteia-board play-board", id: "play-board" });
    this.figure.append(el("div", { class: "petteia-svg-wrap" }));

    const controls = el("div", { class: "play-controls", role: "group", "aria-label": "Game controls" });
    const button = (cls, text, fn, extra = {}) => {
      const b = el("button", { type: "button", class: `petteia-btn play-btn ${cls}`, disabled: true, ...extra }, text);
      b.addEventListener("click", fn);
      controls.append(b);
      return b;
    };
    this.bUndo = button("play-undo", "Undo", async () => (await this.stopThinking()) && this.board?.command("undo"));
    this.bRedo = button("play-redo", "Redo", () => this.board?.command("redo"));
    this.bFlip = button("play-flip", "Turn the board", () => this.board?.command?.("flip"));
    this.bHint = button("play-hint", "Show a good move", () => this.showGoodMove(), {
      title: "The computer shows a good move for you as an arrow (the record counts the hints used)",
    });
    this.bHint.hidden = true;
    this.bStop = button("play-stop", "Move now", () => this.moveNow(), {
      title: "The computer stops searching and plays the best move it has found so far",
    });
    this.bStop.hidden = true; // shown once a game is mounted
    this.bResign = button("play-resign", "Resign", () => this.resign());
    this.bDraw = button("play-draw", "Offer a draw", () => this.offerDraw());
    this.confirm = el("div", { class: "play-confirm", hidden: true, role: "group", "aria-label": "Draw offer" });

    this.viewBar = el("div", { class: "play-viewing", hidden: true });
    this.viewText = el("span");
    const back = el("button", { type: "button", class: "petteia-btn play-back" }, "Back to game");
    back.addEventListener("click", () => this.backToGame());
    this.viewBar.append(this.viewText, back);

    const movesBox = el("section", { class: "play-moves", "aria-label": "Moves" });
    movesBox.append(el("h2", {}, "Moves"));
    this.moves = el("ol", { class: "play-movelist" });
    movesBox.append(this.moves);
    // "Review the game" (review.js): under the move list, its Try again button in the Looking back bar.
    this.review = new GameReview(this);
    movesBox.append(this.review.node);
    this.review.attach(this.viewBar);

    const exp = el("details", { class: "play-export" });
    exp.append(el("summary", {}, "Record, link and import"));
    this.recordBox = el("textarea", { id: "play-record", rows: "6", spellcheck: "false", "aria-label": "Game record" });
    const row = el("div", { class: "play-export-buttons" });
    const mk = (cls, text, fn) => {
      const b = el("button", { type: "button", class: `petteia-btn ${cls}` }, text);
      b.addEventListener("click", fn);
      row.append(b);
      return b;
    };
    mk("play-copy", "Copy the record", () => this.copy(this.state?.record || "", "The record is copied."));
    mk("play-download", "Download", () => this.download());
    mk("play-link", "Copy a link to this game", () => this.copy(this.link(), "The link is copied."));
    mk("play-import", "Play the record in the box", () => this.importRecord(this.recordBox.value, "record"));
    this.exportMsg = el("p", { class: "play-export-msg", role: "status", "aria-live": "polite" });
    exp.append(el("label", { for: "play-record" }, "The game in notation (edit or paste a record, then “Play the record in the box”):"),
      this.recordBox, row, this.exportMsg);
    this.exportPanel = exp;

    this.notice = el("p", { class: "play-notice", role: "alert", hidden: true });
    const main = el("div", { class: "play-main" });
    const side = el("div", { class: "play-side" });
    main.append(this.figure, side);
    // The board first; beside it (below it on a phone) the game's state, its controls, the moves,
    // and the form for the next game.
    // A game with a friend by link: whose move it is, then the link to send (friend-panel.js).
    this.friend = new FriendPanel();
    side.append(this.clock.faces, this.status, this.speech.node, this.dice, controls, this.confirm, this.viewBar,
      this.friend.node, movesBox, form);
    r.append(this.notice, main, exp);
    this.syncForm();
  }

  readForm() {
    const o = this.fOpponent.value;
    const other = o === "human" || o === "friend";
    return {
      ruleset: this.fRuleset.value,
      opponent: other ? o : "computer",
      level: other ? this.opts.level : Number(o.split("-")[1]),
      side: this.fSide.value,
      first: this.fFirst.value,
      hints: this.fHints.checked,
    };
  }

  writeForm(o) {
    this.fRuleset.value = o.ruleset;
    this.fOpponent.value = o.opponent === "computer" ? `level-${o.level}` : o.opponent;
    this.fSide.value = o.side;
    this.fFirst.value = o.first || "w";
    this.fHints.checked = Boolean(o.hints);
    this.syncForm();
  }

  syncForm() {
    this.fFirst.closest(".play-field").hidden = this.fRuleset.value !== "poleis";
    this.fSide.closest(".play-field").hidden = this.fOpponent.value === "human";
    this.clock?.sync(this.fOpponent.value === "human");
    const level = Number(this.fOpponent.value.split("-")[1]);
    this.fHints.closest(".play-field").hidden = !(level <= 3) || this.fRuleset.value === "duodecim";
  }

  /** Whether "Show a good move" is offered: asked for, against the computer at levels 1–3, on a
   * board of squares (the Duodecim track has no arrows), not in classroom mode. */
  hintsOffered(state = this.state) {
    const o = this.opts;
    return Boolean(o.hints && o.opponent === "computer" && o.level <= 3 && state && state.kind !== "duodecim" &&
      !document.documentElement.classList.contains("petteia-classroom"));
  }

  /** "Show a good move": the computer's choice for the reader, as an arrow on the board. */
  async showGoodMove() {
    if (!this.board || !this.hintsOffered()) return;
    const reply = await this.board.command("suggest", { level: 4, seed: Math.floor(Math.random() * 1e9) });
    if (reply?.suggestion) this.announce(`A good move: ${reply.suggestion.text}.`);
  }

  // ------------------------------------------------------------ messages
  say(text, kind = "info") {
    this.status.textContent = text;
    this.status.dataset.kind = kind;
  }

  announce(text) {
    this.speech.say(text);
  }

  /** A sentence above the board: "info" (restored, kept) or "error" (something failed), with an
   * optional button `{label, run}` (or a list of them: a choice). */
  showNotice(text, kind = "info", action = null) {
    this.notice.replaceChildren(text);
    this.notice.hidden = !text;
    this.notice.dataset.kind = kind;
    if (kind === "error") this.notice.setAttribute("role", "alert");
    else this.notice.setAttribute("role", "status");
    for (const a of text && action ? [action].flat() : []) {
      const b = el("button", { type: "button", class: "petteia-btn play-notice-action" }, a.label);
      b.addEventListener("click", () => a.run());
      this.notice.append(" ", b);
    }
  }

  /** The board of the current game tells when the computer starts and stops thinking. */
  thinking(on, board = this.board) {
    if (board !== this.board) return; // an old game's board, already replaced
    this.root.classList.toggle("is-thinking", on);
    // "Move now" in every browser: the search is interrupted, or the worker restarted (moveNow).
    this.bStop.hidden = false;
    this.bStop.disabled = !on || board.hurry;
    if (on) {
      this.dropQuickMove();
      if (this.api?.stopWay === "restart" && !board.hurry) this.prepareQuickMove(board);
      this.thinkingOver = new Promise((resolve) => (this.endThinking = resolve));
      this.say("The computer is thinking…");
    } else {
      this.dropQuickMove();
      this.endThinking?.();
      this.thinkingOver = null;
      if (this.state) this.say(this.state.status, this.state.result ? "result" : "info");
    }
    this.review?.sync();
  }

  /** "Move now": the computer ends its search and plays the best move it has found. Where the
   * browser cannot interrupt the search (stopWay "restart", worker.js), the worker is restarted
   * and the computer plays after a short search in the new one. */
  moveNow() {
    if (!this.thinkingOver || this.board?.hurry) return;
    this.bStop.disabled = true;
    this.say("Moving now…");
    if (this.api?.canStop) this.api.stop();
    else this.restartThinking();
  }

  /**
   * The worker is busy with a search nothing can interrupt: end it with the worker, start a new
   * one (from the stored snapshot, when there is one) and bring the game back from its record;
   * the computer then moves after a short search. The page's turn of events is untouched: a New
   * game waiting in stopThinking() goes on once the computer has moved.
   */
  async restartThinking() {
    const { board, opts } = this;
    if (!board || !this.state) return;
    const quick = this.quick?.board === board ? this.quick : null;
    this.quick = null;
    board.dispose(); // its unanswered think dies with the old worker
    performance.mark("petteia-restart"); // tests and the benchmark count restarts
    let reply = null;
    try {
      this.api = await restartWorker((p) => this.say(`Moving now… ${p.text}`));
      // The standby works out its move while the search runs (prepareQuickMove), or does it now.
      reply = quick ? await quick.reply : null;
      if (quick?.api !== this.api) reply = null; // made by a standby that is not the one taking over
      reply ??= await this.api.call("load", this.reloadArgs());
    } catch (err) {
      reply = { ok: false, error: err?.message || String(err) };
    }
    if (this.disposed) return;
    if (!reply.ok) {
      this.endThinking?.();
      this.thinkingOver = null;
      this.root.classList.remove("is-thinking");
      return this.showNotice(`The computer could not be stopped (${shorten(reply.error)}); reload the page to go on.`, "error");
    }
    await this.mount(reply, opts, { hurry: true });
  }

  /** What brings the current game back in another worker: its record, and the roll already
   * thrown for the side to move (a record does not hold it; a new roll would change the dice). */
  reloadArgs() {
    const { record, dice } = this.state;
    return { board_id: this.sessionId(this.opts.ruleset), record, ...this.gameArgs(this.opts), ...(dice ? { dice } : {}) };
  }

  /** Where "Move now" restarts the worker: while the search runs, the standby loads the game and
   * plays the computer's move after a short search, so that a restart finds the move made (or
   * on its way). this.quick: {board, api, id, reply: a promise of the state after that move}. */
  prepareQuickMove(board) {
    const args = this.reloadArgs();
    const quick = { board, id: args.board_id, api: null };
    quick.reply = (async () => {
      quick.api = await standbyApi();
      if (!quick.api || quick.dropped) return null;
      const loaded = await quick.api.call("load", args);
      if (!loaded.ok || quick.dropped) return null;
      const reply = await quick.api.call("think", {
        board_id: args.board_id, level: this.opts.level, seed: Math.floor(Math.random() * 1e9),
        ...window.__petteiaThinkArgs, node_limit: HURRY_NODES,
      });
      return reply.ok ? reply : null;
    })().catch(() => null);
    this.quick = quick;
  }

  /** The search ended by itself: the standby's prepared move is not needed. */
  dropQuickMove() {
    const quick = this.quick;
    this.quick = null;
    if (quick) quick.dropped = true;
    quick?.reply.then(() => quick.api?.call("close", { board_id: quick.id })).catch(() => {});
  }

  /** Before a new game, a loaded one or an undo: make a thinking computer move now and wait for it. */
  async stopThinking() {
    for (;;) {
      if (this.thinkingOver) {
        const over = this.thinkingOver;
        this.moveNow();
        await over;
      } else if (this.board?.busy && !this.board.disposed) {
        await this.board.settled(); // the reader's own move still on its way
      } else {
        return true;
      }
    }
  }

  // ------------------------------------------------------------ life
  async start(hash) {
    this.api = await connect((p) => this.say(p.text), (err) => this.say(`The game could not start: ${err.message}.`, "error"));
    if (!this.api || this.disposed) return;
    window.addEventListener("hashchange", this.onHash);
    window.addEventListener("pagehide", this.onHide);
    // A friend's link opens its game at once, or says (once the reader's own game is back on the
    // board) why it cannot, or asks before it replaces a game in progress.
    const friend = isFriendLink(hash) ? await this.openFriendLink(hash) : null;
    if (this.disposed) return;
    if (!(friend ? friend.opened : await this.fromHash(hash))) {
      const saved = this.readSaved();
      if (!saved || !(await this.load(saved.record, saved, "saved", saved.mended))) {
        await this.newGame(this.opts, { keepNotice: true });
      }
    }
    if (!this.disposed) friend?.after?.();
    if (Classroom.requested() && !this.disposed) this.classroom.enter();
  }

  /** Both sides played from this device (classroom mode): the game goes on from where it is. */
  async twoPlayers() {
    if (this.opts.opponent === "human") return;
    await this.stopThinking();
    this.opts = { ...this.opts, opponent: "human" };
    this.writeForm(this.opts);
    if (!this.board) return;
    this.board.mode = "explore";
    const reply = await this.api.call("set_computer", { board_id: this.board.id, computer: null });
    if (reply.ok && !this.board.disposed) this.board.show(reply);
  }

  dispose() {
    window.removeEventListener("hashchange", this.onHash);
    window.removeEventListener("pagehide", this.onHide);
    this.classroom.dispose();
    this.clock.dispose();
    this.board?.dispose();
    if (this.board) this.api?.call("close", { board_id: this.board.id }).catch(() => {});
    this.disposed = true;
  }

  onHash = (e) => this.fromHash(new URL(e.newURL).hash);

  /** The page is left or reloaded: the saved game keeps the clock's time as it is now. */
  onHide = () => {
    if (this.state && this.clock.setting) this.save();
  };

  async fromHash(hash) {
    if (isFriendLink(hash)) {
      const friend = await this.openFriendLink(hash);
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
    const { opts } = checkOptions(Object.fromEntries(p), { ...this.opts, since: 0 });
    // The reader's own unfinished game is kept aside, to come back to with one click.
    const mine = this.readSaved({ quiet: true });
    const ok = await this.load(p.get("record") || "", opts, "link");
    // A page redrawn meanwhile (the theme does that when the hash changes) reads the link itself.
    if (this.disposed) return ok;
    history.replaceState(null, "", location.pathname + location.search); // the link has done its job
    if (ok && mine && mine.record !== this.state?.record) {
      if (this.store(PREVIOUS, mine)) this.offerPrevious();
    }
    return ok;
  }

  /**
   * A friend's link (friend-link.js): its game is checked move by move by the worker, and its
   * side to move against the link's word, before anything is replaced. Returns {opened} and,
   * when it was not opened, `after`: what to tell the reader once their own game is on the board
   * (why the link is bad, or the question "Open the friend's game / Keep my game").
   */
  async openFriendLink(hash) {
    const done = () => !this.disposed && history.replaceState(null, "", location.pathname + location.search);
    const unchanged = () => (this.state || this.readSaved({ quiet: true }) ? " Your game is unchanged." : "");
    const fail = (why) => {
      done();
      const keep = unchanged(); // whether the reader had a game before the link, not a new one started since
      return { opened: false, after: () => this.showNotice(`This friend's link cannot be opened: ${why}.${keep}`, "error") };
    };
    let link;
    try {
      link = await readFriendLink(hash);
    } catch (err) {
      if (!(err instanceof FriendLinkError)) throw err;
      return fail(err.message);
    }
    const mine = this.gameInProgress();
    const opts = { ...this.opts, opponent: "friend", side: link.turn, hints: false };
    const reply = await this.checkRecord(link.record, opts);
    if (!reply) return { opened: false }; // a later New game or link took over
    if (!reply.ok) return fail(`its game has been changed or damaged: ${shorten(reply.error)}`);
    if (!reply.result && reply.turn !== link.turn) {
      this.close(reply);
      return fail(`it says it is ${SIDE[link.turn]}'s move, but in its game it is ${SIDE[reply.turn]}'s, so it has been changed`);
    }
    done();
    const friendOpts = { ...opts, ruleset: reply.ruleset, since: reply.ply };
    if (mine && !continues(link.record, mine.record)) {
      this.close(reply); // opened again if the reader chooses it
      return { opened: false, after: () => this.askFriend(link.record, friendOpts) };
    }
    this.showNotice("");
    await this.mount(reply, friendOpts);
    return { opened: true };
  }

  /** The game the reader is playing, if it has moves and no result: {record, opts}, or null. */
  gameInProgress() {
    if (this.state) {
      return this.state.ply > 0 && !this.state.result ? { record: this.state.record, opts: this.opts } : null;
    }
    const saved = this.readSaved({ quiet: true });
    const moves = saved?.record.split("\n").some((row) => row.trim() && !row.trim().startsWith("["));
    return moves ? { record: saved.record, opts: saved } : null;
  }

  /** A valid friend's link while another game is in progress: the reader chooses. */
  askFriend(record, opts) {
    const mine = this.gameInProgress();
    if (!mine) return this.load(record, opts, "friend"); // the game in progress has ended meanwhile
    this.showNotice(`Your friend's link holds another game (${RULESETS[opts.ruleset]}, ${SIDE[opts.side]} to move). ` +
      "Open it instead of the game you are playing here?", "info", [
      { label: "Open the friend's game", run: async () => {
        const keep = this.gameInProgress();
        if (!(await this.load(record, opts, "friend"))) return;
        // The reader's own game is kept aside, to come back to with one click.
        if (keep && this.store(PREVIOUS, { ...keep.opts, record: keep.record })) this.offerPrevious();
      } },
      { label: "Keep my game", run: () => this.showNotice("You kept your game. The friend's link was not opened.") },
    ]);
  }

  /** After a friend's link: the notice offers the reader's own game back. */
  offerPrevious() {
    this.showNotice("This is a shared game; your own game is kept.", "info", {
      label: "Back to your game",
      run: () => this.restorePrevious(),
    });
  }

  async restorePrevious() {
    const raw = this.readStore(PREVIOUS);
    const prev = raw ? checkSaved(raw) : null;
    if (!prev) return this.showNotice("Your earlier game could not be found any more.", "error");
    if (await this.load(prev.opts.record, prev.opts, "previous")) this.removeStore(PREVIOUS);
  }

  /** The saved game, its settings checked one by one (a bad one is replaced and said). */
  readSaved({ quiet = false } = {}) {
    const raw = this.readStore(STORE);
    if (raw === null) return null;
    const saved = checkSaved(raw);
    if (!saved) {
      if (!quiet) {
        this.removeStore(STORE);
        this.showNotice("Your saved game could not be read and was ignored; a new game has started.", "error");
      }
      return null;
    }
    return { ...saved.opts, mended: saved.mended };
  }

  readStore(key) {
    return readKey(key);
  }

  /** Write `value` as JSON; false (and the reader told) when the browser refuses. */
  store(key, value) {
    const why = writeKey(key, value);
    if (why === null) return true;
    this.showNotice(`Your game could not be saved (${why}): it will not come back after a reload. ` +
      "“Record, link and import” can download it.", "error");
    this.saveFailed = true;
    return false;
  }

  removeStore(key) {
    removeKey(key);
  }

  save() {
    const s = this.state;
    if (!s || s.result) return this.removeStore(STORE);
    const { ruleset, side, level, opponent, first, hints, since } = this.opts;
    const clock = this.clock.snapshot();
    const dice = s.dice ?? null; // the roll the side to move has thrown: a reload keeps it
    if (this.store(STORE, { ruleset, side, level, opponent, first, hints, since, clock, dice, record: s.record }) && this.saveFailed) {
      this.saveFailed = false;
      this.showNotice("");
    }
  }

  forget() {
    this.removeStore(STORE);
  }

  /** A session id never used before on this page: a late close or reply of an old game cannot reach it. */
  sessionId(ruleset) {
    sessions += 1;
    return `play-${ruleset}-${Date.now().toString(36)}-${sessions}`;
  }

  /** Arguments every new game takes: who the computer plays, and the tests' dice seed. */
  gameArgs(opts) {
    const args = { computer: opts.opponent === "computer" ? (opts.side === "w" ? "b" : "w") : null };
    if (Number.isInteger(window.__petteiaDiceSeed)) args.seed = window.__petteiaDiceSeed;
    return args;
  }

  async newGame(opts, { keepNotice = false } = {}) {
    const turn = ++this.turnOfEvents; // a later New game, load or link wins over this one
    this.review?.stop();
    await this.stopThinking();
    if (turn !== this.turnOfEvents || this.disposed) return;
    const reply = await this.api.call("open", {
      kind: "game",
      board_id: this.sessionId(opts.ruleset),
      ruleset: opts.ruleset,
      first: opts.ruleset === "poleis" ? opts.first : "w",
      ...this.gameArgs(opts),
    });
    if (turn !== this.turnOfEvents || this.disposed) return this.close(reply);
    if (!reply.ok) return this.say(reply.error, "error");
    if (!keepNotice) this.showNotice("");
    await this.mount(reply, opts);
  }

  /** A game from a record (a link, the box, the saved game): the current game stays if it is bad.
   * `mended`: the saved settings that were not valid and were replaced (said in the notice). */
  async load(record, opts, source, mended = []) {
    let reply = await this.checkRecord(record, opts);
    if (reply && !reply.ok && opts.dice) {
      // A kept roll that does not fit the game (edited storage): the game without it, dice thrown anew.
      reply = await this.checkRecord(record, { ...opts, dice: null });
      if (reply?.ok) mended = [...mended, "Its roll did not fit the game, so the dice were thrown again."];
    }
    if (!reply) return false;
    if (!reply.ok) {
      const what = {
        friend: "This friend's link cannot be opened",
        link: "This link does not hold a game that can be played",
        saved: "Your saved game could not be restored and was ignored",
        previous: "Your earlier game could not be restored",
        record: "This record cannot be played",
      }[source];
      const keep = this.state ? " Your current game is unchanged." : "";
      const error = shorten(reply.error);
      this.showNotice(`${what}: ${error}.${keep}`, "error");
      if (source === "record") this.exportMsg.textContent = `${what}: ${error}.${keep}`;
      if (source === "saved") this.forget();
      return false;
    }
    if (source === "saved") {
      // After a bad link (the theme reloads the page when the hash changes) say both things.
      const before = !this.notice.hidden && this.notice.textContent.includes("does not hold") ? this.notice.textContent : "";
      const fixed = mended.length ? ` ${mended.join(" ")}` : "";
      if (before) this.showNotice(`${before.replace(/\s*$/, "")} Your game is unchanged.${fixed}`, "error");
      else if (this.readStore(PREVIOUS) !== null) this.offerPrevious(); // a friend's game, restored
      else this.showNotice(`Your last game has been restored.${fixed}`, "info");
    } else {
      this.showNotice("");
    }
    if (source === "record") this.exportMsg.textContent = "The record has been loaded.";
    await this.mount(reply, { ...opts, ruleset: reply.ruleset });
    return true;
  }

  /** A record read by the worker, move by move, into a new session that is not yet on the board:
   * its state ({ok: false, error} when it cannot be played), or null when a later New game or
   * load overtook this request (the session it opened is closed). */
  async checkRecord(record, opts) {
    const turn = ++this.turnOfEvents;
    this.review?.stop();
    await this.stopThinking();
    if (turn !== this.turnOfEvents || this.disposed) return null;
    const ruleset = /\[\s*Ruleset\s+"([^"]*)"/i.exec(record)?.[1]?.toLowerCase();
    const reply = await this.api.call("load", {
      board_id: this.sessionId(RULESETS[ruleset] ? ruleset : "game"),
      record,
      ...this.gameArgs(opts),
      ...(opts.dice ? { dice: opts.dice } : {}), // a saved game's roll, kept
    });
    if (turn !== this.turnOfEvents || this.disposed) {
      this.close(reply);
      return null;
    }
    return reply;
  }

  /** Close a game the worker opened for a request that was overtaken by a later one. */
  close(reply) {
    if (reply?.ok) this.api.call("close", { board_id: reply.board_id }).catch(() => {});
  }

  /** The game of `state` on a new board. `hurry`: the computer's first think is a short one. */
  async mount(state, { ruleset, side, level, opponent, first, hints = false, since = 0, clock = null }, { hurry = false } = {}) {
    const opts = { ruleset, side, level, opponent, first, hints, since: opponent === "friend" ? since : 0 };
    if (this.disposed) return this.close(state); // the page was left (or redrawn) meanwhile
    const old = this.board;
    old?.dispose();
    if (old) this.api.call("close", { board_id: old.id }).catch(() => {});
    this.root.classList.remove("is-thinking");
    this.endThinking?.();
    this.thinkingOver = null;
    this.opts = { ...opts };
    this.writeForm(this.opts);
    const duodecim = state.kind === "duodecim";
    const wrap = el("div", { class: "petteia-svg-wrap" });
    const figure = el("figure", {
      class: `petteia-board play-board ${duodecim ? "play-duodecim duo-live" : ""}`,
      id: "play-board", "data-mode": "play", "data-ruleset": state.ruleset,
    });
    figure.append(wrap);
    this.figure.replaceWith(figure);
    this.figure = figure;
    // The board's host is this page, for as long as the board is the page's current one.
    const mine = () => board === this.board;
    const board = new GameDriver(figure, {
      id: state.board_id,
      call: (op, args) => this.api.call(op, args),
      mode: { human: "explore", friend: "friend" }[opts.opponent] ?? "play",
      side: opts.side,
      level: opts.level,
      label: "Game board.",
      host: {
        onState: (s) => mine() && this.onState(s),
        say: (text, kind) => mine() && this.say(text, kind),
        announce: (text) => mine() && this.announce(text),
        thinking: (on) => this.thinking(on, board),
      },
    });
    board.hurry = hurry;
    this.board = board;
    this.steps = duodecim ? new StepButtons(board) : null;
    if (this.steps) wrap.after(this.steps.box);
    this.state = null;
    this.clock.reset(opts.opponent === "human", state.ply, clock); // a saved game's clock comes back
    this.review?.reset();
    this.lastDiceKey = null;
    this.figure.dataset.side = opts.side;
    if (!duodecim && opts.side === "b" && !state.flipped && opts.opponent !== "human") {
      const flipped = await this.api.call("flip", { board_id: board.id, flipped: true });
      if (flipped.ok) state = flipped;
    }
    if (board.disposed) return;
    for (const b of [this.bUndo, this.bRedo, this.bResign, this.bDraw, this.bFlip]) b.disabled = false;
    // Where "Move now" must restart the worker, a second one is kept ready for it, once this one
    // is (a game against the computer only).
    if (opts.opponent === "computer") prepareStandby();
    board.start(state); // its first state then sets what the buttons can do
  }

  // ------------------------------------------------------------ state
  onState(state) {
    this.state = state;
    this.backBar(false);
    this.confirm.hidden = true;
    if (!this.root.classList.contains("is-thinking") || state.result) {
      this.say(state.status, state.result ? "result" : "info");
    }
    this.steps?.render(state);
    const spoken = state.said || (state.kind !== "duodecim" ? state.description : ""); // a die's step, in Python's words
    if (spoken) this.announce(spoken);
    this.root.dataset.result = state.result ? state.result.score : "";
    this.showDice(state);
    this.renderMoves(state);
    this.review?.decorate(state);
    // A friend's game: Undo takes back the reader's own moves only, not the friend's.
    const friend = this.opts.opponent === "friend";
    this.bUndo.disabled = !state.can_undo || (friend && state.ply <= this.opts.since);
    this.bRedo.disabled = !state.can_redo;
    this.bResign.disabled = !!state.result;
    this.bDraw.disabled = !!state.result || !state.can_draw || friend; // a draw by link: agree it in your messages
    this.showFriend(state);
    this.bHint.hidden = !this.hintsOffered(state);
    this.bHint.disabled = !!state.result || state.turn !== this.opts.side;
    this.bHint.textContent = state.hints ? `Show a good move (${state.hints} used)` : "Show a good move";
    this.bFlip.hidden = state.kind === "duodecim";
    this.recordBox.value = state.record;
    this.clock.update(state); // before save(): the saved game keeps the clock as this move left it
    this.save();
  }

  /** A game with a friend by link: on the reader's turn, say whose move it is; after it, the
   * link that hands the game to the friend (and its QR code). */
  async showFriend(state) {
    const asked = (this.friendAsked = (this.friendAsked || 0) + 1); // only the latest state's link is shown
    const side = this.opts.side;
    if (this.opts.opponent !== "friend") return this.friend.hide();
    if (!state.result && state.turn === side) return this.friend.yourMove(SIDE[side], state.ply === 0);
    const link = await friendLink(state.record, state.turn, location.origin + location.pathname);
    if (asked === this.friendAsked && this.state === state) this.friend.offer(link, SIDE[state.turn], Boolean(state.result));
  }

  showDice(state) {
    const d = state.dice;
    this.dice.hidden = !d;
    if (!d) return;
    const key = `${state.ply}:${state.turn}:${d.join("")}`;
    const faces = (a, b) => {
      this.dice.replaceChildren(
        el("span", { class: "play-die", "aria-hidden": "true" }, FACES[a]),
        el("span", { class: "play-die", "aria-hidden": "true" }, FACES[b]),
        el("span", { class: "play-dice-text" }, `${SIDE[state.turn]} rolled ${d[0]} and ${d[1]}`),
      );
    };
    if (key === this.lastDiceKey) return;
    this.lastDiceKey = key;
    this.dice.setAttribute("aria-label", `Dice: ${d[0]} and ${d[1]}`);
    if (reducedMotion()) return faces(d[0], d[1]);
    // A short roll: random faces for a moment, then the real ones.
    let n = 0;
    this.dice.classList.add("is-rolling");
    const spin = () => {
      if (this.lastDiceKey !== key) return; // a newer roll (or game) took over
      if (++n < 6) {
        this.dice.replaceChildren(
          el("span", { class: "play-die", "aria-hidden": "true" }, FACES[1 + Math.floor(Math.random() * 6)]),
          el("span", { class: "play-die", "aria-hidden": "true" }, FACES[1 + Math.floor(Math.random() * 6)]),
          el("span", { class: "play-dice-text" }, "Rolling…"),
        );
        setTimeout(spin, 60);
      } else {
        this.dice.classList.remove("is-rolling");
        faces(d[0], d[1]);
      }
    };
    spin();
  }

  renderMoves(state) {
    const list = this.moves;
    list.replaceChildren();
    for (const row of state.moves_list) {
      const li = el("li", { value: String(row.number) });
      li.append(el("span", { class: "play-move-no", "aria-hidden": "true" }, `${row.number}.`));
      for (const side of ["w", "b"]) {
        const m = row[side];
        if (!m) {
          li.append(el("span", { class: "play-move-empty" }, side === "w" ? "…" : ""));
          continue;
        }
        const b = el("button", { type: "button", class: "play-move", "data-ply": String(m.ply),
          "aria-label": `Move ${row.number}, ${SIDE[side]}: ${m.text}. Show this position` }, m.text);
        if (m.ply === state.ply) b.setAttribute("aria-current", "step");
        b.addEventListener("click", () => this.view(m.ply));
        li.append(b);
      }
      list.append(li);
    }
    if (!state.moves_list.length) list.append(el("li", { class: "play-move-none" }, "No moves yet."));
  }

  backBar(on, text = "") {
    this.viewBar.hidden = !on;
    this.viewText.textContent = text;
    this.root.classList.toggle("is-viewing", on);
  }

  async view(ply) {
    if (this.review?.show(ply)) return; // a reviewed move: the position before it, the better move drawn
    if (!this.board || this.board.busy) return this.say("Wait for the computer's move.");
    if (ply === this.state.ply) return this.backToGame();
    const reply = await this.api.call("at", { board_id: this.board.id, ply });
    if (!reply.ok) return this.say(reply.error, "error");
    this.board.showPicture(reply.svg);
    this.steps?.clear();
    this.backBar(true, `Looking back: ${reply.description}`);
    this.moves.querySelectorAll(".play-move").forEach((b) => b.classList.toggle("is-viewed", Number(b.dataset.ply) === ply));
    this.say(reply.description);
  }

  backToGame() {
    if (this.state) this.board.show(this.state);
  }

  async resign() {
    if (!this.board || this.board.busy || !this.state || this.state.result) return;
    const human = this.opts.opponent === "human";
    const side = human ? this.state.turn : this.opts.side;
    const reply = await this.board.request("resign", { board_id: this.board.id, side });
    if (reply) this.board.show(reply);
  }

  /** The clock: `side`'s time ran out. False while a move is on its way (the clock asks again). */
  async loseOnTime(side) {
    if (!this.board || !this.state || this.state.result) return true;
    if (this.board.busy) return false;
    const reply = await this.board.request("lose_on_time", { board_id: this.board.id, side });
    if (reply) this.board.show(reply);
    return true;
  }

  async offerDraw() {
    if (!this.board || this.board.busy || !this.state || this.state.result) return;
    if (this.opts.opponent === "human") {
      const other = SIDE[this.state.turn === "w" ? "b" : "w"];
      this.confirm.replaceChildren(el("span", {}, `${SIDE[this.state.turn]} offers a draw. ${other}, do you accept?`));
      const yes = el("button", { type: "button", class: "petteia-btn play-accept" }, "Accept the draw");
      const no = el("button", { type: "button", class: "petteia-btn play-decline" }, "Decline");
      yes.addEventListener("click", async () => {
        const reply = await this.board.request("agree_draw", { board_id: this.board.id });
        if (reply) this.board.show(reply);
      });
      no.addEventListener("click", () => {
        this.confirm.hidden = true;
        this.say(`${other} declines the draw. ${this.state.status}`);
      });
      this.confirm.append(yes, no);
      this.confirm.hidden = false;
      yes.focus();
      return;
    }
    const reply = await this.board.request("offer_draw", { board_id: this.board.id, level: this.opts.level, side: this.opts.side });
    if (!reply) return;
    this.board.show(reply);
    if (!reply.draw.accepted) this.say("The computer declines the draw: it thinks it stands better. Play on.");
  }

  // ------------------------------------------------------------ export and import
  link() {
    const o = this.opts;
    // (A game with a friend by link opens from this link as two players on one device.)
    const opponent = o.opponent === "friend" ? "human" : o.opponent;
    const p = new URLSearchParams({ ruleset: o.ruleset, side: o.side, level: String(o.level), opponent,
      first: o.first || "w", record: this.state?.record || "" });
    return `${location.origin}${location.pathname}#${p.toString()}`;
  }

  async copy(text, done) {
    this.recordBox.value = this.state?.record || "";
    try {
      await navigator.clipboard.writeText(text);
      this.exportMsg.textContent = done;
    } catch {
      this.exportMsg.textContent = `Copy this by hand: ${text}`;
    }
  }

  /** The record with the tags a player expects in a saved game: date, players, level, result. */
  exportRecord() {
    const s = this.state;
    if (!s) return "";
    const o = this.opts;
    const date = new Date().toISOString().slice(0, 10);
    const computer = `The computer, level ${o.level}`;
    const other = o.opponent === "friend" ? "Your friend" : computer;
    const players = o.opponent === "human" ? { w: "White player", b: "Black player" }
      : { w: o.side === "w" ? "You" : other, b: o.side === "b" ? "You" : other };
    const tags = [`[Date "${date}"]`, `[White "${players.w}"]`, `[Black "${players.b}"]`];
    if (o.opponent === "computer") tags.push(`[Level "${o.level}"]`);
    tags.push(`[Result "${s.result ? s.result.score : "*"}"]`);
    const [first, ...rest] = s.record.split("\n");
    return [first, ...tags, ...rest].join("\n");
  }

  download() {
    const date = new Date().toISOString().slice(0, 10);
    const blob = new Blob([this.exportRecord()], { type: "text/plain;charset=utf-8" });
    const a = el("a", { href: URL.createObjectURL(blob), download: `petteia-${this.opts.ruleset}-${date}.txt` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    this.exportMsg.textContent = "The record is downloaded.";
  }

  importRecord(text, source) {
    return this.load(text, this.opts, source);
  }

  // ------------------------------------------------------------ for tests and scripts
  /** Play the first legal move (preferring a capture) or step; resolves once the page has the new state. */
  async playFirst() {
    const b = this.board, s = this.state;
    if (!s || s.result || b.busy) return false;
    if (s.kind === "duodecim") {
      if (s.void) await b.pass();
      else await b.step(s.steps[s.steps.length - 1]);
      return true;
    }
    const move = s.moves.find((m) => m.captures.length) || s.moves[0];
    if (!move) return false;
    await b.move(move.from, move.to);
    return true;
  }
}

/** Session ids handed out on this page so far (see PlayPage.sessionId). */
let sessions = 0;

let current = null;

export function mountPlay(root, hash = location.hash) {
  if (current && current.root === root && !current.disposed) return current; // the same page again
  current?.dispose();
  current = new PlayPage(root);
  window.__petteiaPlay = current; // tests drive the page through it
  current.start(hash);
  return current;
}

export function unmountPlay() {
  current?.dispose();
  current = null;
  window.__petteiaPlay = null;
}
