// "Play against the computer" (docs/play/index.md): choose a game, a side and a level (or two
// players on one device), play, look back through the moves, undo, resign, offer a draw, export
// and import the record, share a link; the last unfinished game comes back after a reload.
//
// The rules and the computer run in the one Python worker (petteia_core.web_play's game_* ops):
// the page thread never waits for them, so it keeps answering while the computer thinks.
// Custodian games use the ordinary live board (board.js, keyboard.js); Duodecim scripta gets the
// point-and-step board of duo-board.js (and a button per legal step, for the keyboard).
import { connect } from "./worker-client.js";
import { LiveBoard } from "./board.js";
import { DuoBoard } from "./duo-board.js";
import { Classroom } from "./classroom.js";
import { el, reducedMotion } from "./dom.js";

const STORE = "petteia-play-v1";
const RULESETS = {
  classic: "Classic Petteia", vagi: "Ordinarii and vagi", poleis: "Poleis",
  tournament: "Tournament Petteia", kubeia: "Kubeia", duodecim: "Ludus duodecim scriptorum",
};
const LEVELS = { 1: "Beginner", 2: "Novice", 3: "Player", 4: "Strong", 5: "Master" }; // petteia_core.ai.LEVELS
const FACES = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
const SIDE = { w: "White", b: "Black" };

// ---------------------------------------------------------------- the custodian board
class PlayBoard extends LiveBoard {
  constructor(figure, game) {
    super(figure, 0);
    this.game = game;
    this.viewing = false;
  }

  async start(api, state) {
    this.api = api;
    this.live = true;
    this.figure.classList.add("is-live");
    this.bar.hidden = true;
    this.wrap.tabIndex = 0;
    this.wrap.setAttribute("role", "application");
    this.wrap.setAttribute("aria-label",
      "Game board. Arrow keys move the cursor, Enter picks up a piece or moves it, Escape puts it back.");
    const { KeyboardCursor } = await import("./keyboard.js");
    this.keyboard = new KeyboardCursor(this);
    this.attachPointer();
    for (const b of Object.values(this.buttons)) b.removeAttribute("disabled");
    this.show(state);
    this.maybeThink();
  }

  request(op, args) {
    const name = op.startsWith("game_") ? op : `game_${op}`;
    if (op === "think") {
      // window.__petteiaThinkArgs: tests may give the search a larger budget (node_limit).
      args = { ...args, level: this.level, seed: Math.floor(Math.random() * 1e9), ...window.__petteiaThinkArgs };
    }
    return super.request(name, args);
  }

  async maybeThink() {
    const s = this.state;
    if (this.mode !== "play" || !s || s.result || s.turn === this.side || this.busy || this.disposed) return;
    this.game.thinking(true);
    try {
      await super.maybeThink();
    } finally {
      this.game.thinking(false);
    }
  }

  show(state) {
    if (this.disposed) return;
    this.viewing = false;
    super.show(state);
    this.game.onState(state);
  }

  activate(sq) {
    return this.viewing ? false : super.activate(sq);
  }

  /** A past position, read-only: no piece can be picked up until "Back to game". */
  showPicture(svgText) {
    this.viewing = true;
    const tpl = document.createElement("template");
    tpl.innerHTML = svgText.trim();
    const svg = tpl.content.firstElementChild;
    this.wrap.querySelector("svg.petteia-svg")?.replaceWith(svg);
    this.svg = svg;
    this.selected = null;
    this.byFrom = new Map();
    this.geometry();
  }
}

// ---------------------------------------------------------------- the page
class PlayPage {
  constructor(root) {
    this.root = root;
    this.api = null;
    this.board = null;
    this.state = null;
    this.opts = { ruleset: "classic", side: "w", level: 1, opponent: "computer", first: "w" };
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
    ]));
    this.fSide = field("You play", select("side", [["w", "White"], ["b", "Black"]]));
    this.fFirst = field("Who places first (Poleis)", select("first", [["w", "White"], ["b", "Black"]]));
    const go = el("button", { type: "submit", class: "md-button md-button--primary play-new" }, "New game");
    const room = el("button", { type: "button", class: "md-button play-classroom",
      title: "A large, high-contrast board for a projector, two players on this device (bookmark: play/?classroom)" },
    "Classroom mode");
    form.append(go, room);
    this.classroom = new Classroom(this, room);
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.newGame(this.readForm());
    });
    this.fRuleset.addEventListener("change", () => this.syncForm());
    this.fOpponent.addEventListener("change", () => this.syncForm());

    this.status = el("p", { class: "play-status", role: "status", "aria-live": "polite" }, "Loading Python…");
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
    this.bStop = button("play-stop", "Move now", () => this.moveNow(), {
      title: "The computer stops searching and plays the best move it has found so far",
    });
    this.bStop.hidden = true; // shown once Python is loaded, where the browser can interrupt it
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
    side.append(this.status, this.dice, controls, this.confirm, this.viewBar, movesBox);
    r.append(form, this.notice, main, exp);
    this.syncForm();
  }

  readForm() {
    const o = this.fOpponent.value;
    return {
      ruleset: this.fRuleset.value,
      opponent: o === "human" ? "human" : "computer",
      level: o === "human" ? this.opts.level : Number(o.split("-")[1]),
      side: this.fSide.value,
      first: this.fFirst.value,
    };
  }

  writeForm(o) {
    this.fRuleset.value = o.ruleset;
    this.fOpponent.value = o.opponent === "human" ? "human" : `level-${o.level}`;
    this.fSide.value = o.side;
    this.fFirst.value = o.first || "w";
    this.syncForm();
  }

  syncForm() {
    this.fFirst.closest(".play-field").hidden = this.fRuleset.value !== "poleis";
    this.fSide.closest(".play-field").hidden = this.fOpponent.value === "human";
  }

  // ------------------------------------------------------------ messages
  say(text, kind = "info") {
    this.status.textContent = text;
    this.status.dataset.kind = kind;
  }

  announce(text) {
    this.say(text);
  }

  showNotice(text) {
    this.notice.textContent = text;
    this.notice.hidden = !text;
  }

  thinking(on) {
    this.root.classList.toggle("is-thinking", on);
    // "Move now" needs JSPI in the worker (see worker.js); elsewhere the search runs to its end.
    this.bStop.hidden = !this.api?.canStop;
    this.bStop.disabled = !on;
    if (on) {
      this.thinkingOver = new Promise((resolve) => (this.endThinking = resolve));
      this.say("The computer is thinking…");
    } else {
      this.endThinking?.();
      this.thinkingOver = null;
      if (this.state) this.say(this.statusText(this.state), this.state.result ? "result" : "info");
    }
  }

  /** "Move now": the computer ends its search and plays the best move it has found. */
  moveNow() {
    if (!this.thinkingOver || !this.api?.canStop) return;
    this.bStop.disabled = true;
    this.api.stop();
    this.say("Moving now…");
  }

  /** Before a new game, a loaded one or an undo: make a thinking computer move now and wait for its
   * move. False when it cannot be interrupted (the caller asks the reader to wait). */
  async stopThinking() {
    if (!this.thinkingOver) return true;
    if (!this.api?.canStop) return false;
    const over = this.thinkingOver;
    this.moveNow();
    await over;
    return true;
  }

  // ------------------------------------------------------------ life
  async start(hash) {
    this.api = await connect((p) => this.say(p.text), (err) => this.say(`The game could not start: ${err.message}.`, "error"));
    if (!this.api || this.disposed) return;
    window.addEventListener("hashchange", this.onHash);
    if (!(await this.fromHash(hash))) {
      const saved = this.readSaved();
      if (!saved || !(await this.load(saved.record, saved, "saved"))) await this.newGame(this.opts, { keepNotice: true });
    }
    if (Classroom.requested() && !this.disposed) this.classroom.enter();
  }

  /** Both sides played from this device (classroom mode): the game goes on from where it is. */
  twoPlayers() {
    if (this.opts.opponent === "human") return;
    this.opts = { ...this.opts, opponent: "human" };
    this.writeForm(this.opts);
    if (this.board) this.board.mode = "explore";
    if (this.state) this.onState(this.state);
  }

  dispose() {
    window.removeEventListener("hashchange", this.onHash);
    this.classroom.dispose();
    this.board?.dispose?.();
    this.disposed = true;
  }

  onHash = (e) => this.fromHash(new URL(e.newURL).hash);

  async fromHash(hash) {
    const h = (hash || "").replace(/^#/, "");
    if (!h.includes("record=")) return false;
    const p = new URLSearchParams(h);
    const opts = {
      ruleset: p.get("ruleset") || "classic",
      side: p.get("side") === "b" ? "b" : "w",
      level: Math.min(5, Math.max(1, Number(p.get("level")) || 1)),
      opponent: p.get("opponent") === "human" ? "human" : "computer",
      first: p.get("first") === "b" ? "b" : "w",
    };
    const ok = await this.load(p.get("record") || "", opts, "link");
    history.replaceState(null, "", location.pathname + location.search); // the link has done its job
    return ok;
  }

  readSaved() {
    let raw;
    try {
      raw = localStorage.getItem(STORE);
    } catch {
      return null;
    }
    if (!raw) return null;
    try {
      const v = JSON.parse(raw);
      if (!v || typeof v.record !== "string" || !RULESETS[v.ruleset]) throw new Error("bad shape");
      return { ...this.opts, ...v, level: Number(v.level) || 1 };
    } catch {
      this.forget();
      this.showNotice("Your saved game could not be read and was ignored; a new game has started.");
      return null;
    }
  }

  save() {
    const s = this.state;
    try {
      if (!s || s.result) localStorage.removeItem(STORE);
      else localStorage.setItem(STORE, JSON.stringify({ ...this.opts, record: s.record }));
    } catch {
      /* private mode: no resuming */
    }
  }

  forget() {
    try {
      localStorage.removeItem(STORE);
    } catch {
      /* ignore */
    }
  }

  async newGame(opts, { keepNotice = false } = {}) {
    if (!(await this.stopThinking()) || this.board?.busy) return this.say("Wait for the computer's move, then start a new game.");
    const reply = await this.api.call("game_open", {
      board_id: opts.ruleset === "duodecim" ? "play-duo" : "play-board-0",
      ruleset: opts.ruleset,
      first: opts.ruleset === "poleis" ? opts.first : "w",
    });
    if (!reply.ok) return this.say(reply.error, "error");
    if (!keepNotice) this.showNotice("");
    await this.mount(reply, opts);
  }

  /** A game from a record (a link, the box, the saved game): the current game stays if it is bad. */
  async load(record, opts, source) {
    if (!(await this.stopThinking()) || this.board?.busy) {
      this.say("Wait for the computer's move, then load the game.");
      return false;
    }
    const ruleset = /\[\s*Ruleset\s+"([^"]*)"/i.exec(record)?.[1]?.toLowerCase();
    const reply = await this.api.call("game_load", {
      board_id: ruleset === "duodecim" ? "play-duo" : "play-board-0",
      record,
    });
    if (!reply.ok) {
      const what = { link: "This link does not hold a game that can be played", saved: "Your saved game could not be restored and was ignored", record: "This record cannot be played" }[source];
      const keep = this.state ? " Your current game is unchanged." : "";
      this.showNotice(`${what}: ${reply.error}.${keep}`);
      if (source === "record") this.exportMsg.textContent = `${what}: ${reply.error}.${keep}`;
      if (source === "saved") this.forget();
      return false;
    }
    if (source === "saved") {
      // After a bad link (the theme reloads the page when the hash changes) say both things.
      const before = !this.notice.hidden && this.notice.textContent.includes("does not hold") ? this.notice.textContent : "";
      this.showNotice(before ? `${before.replace(/\s*$/, "")} Your game is unchanged.` : "Your last game has been restored.");
    } else {
      this.showNotice("");
    }
    if (source === "record") this.exportMsg.textContent = "The record has been loaded.";
    await this.mount(reply, { ...opts, ruleset: reply.ruleset });
    return true;
  }

  async mount(state, opts) {
    this.board?.dispose?.();
    this.opts = { ...opts };
    this.writeForm(this.opts);
    const wrap = el("div", { class: "petteia-svg-wrap" });
    const figure = el("figure", {
      class: `petteia-board play-board ${state.kind === "duodecim" ? "play-duodecim" : ""}`,
      id: "play-board", "data-mode": "play", "data-ruleset": state.ruleset,
    });
    figure.append(wrap);
    this.figure.replaceWith(figure);
    this.figure = figure;
    const board = state.kind === "duodecim" ? new DuoBoard(figure, this) : new PlayBoard(figure, this);
    board.mode = opts.opponent === "human" ? "explore" : "play";
    board.side = opts.side;
    board.level = opts.level;
    this.board = board;
    this.state = null;
    this.lastDiceKey = null;
    this.figure.dataset.side = opts.side;
    if (board instanceof PlayBoard && opts.side === "b" && !state.flipped && opts.opponent !== "human") {
      const flipped = await this.api.call("game_flip", { board_id: board.id, flipped: true });
      if (flipped.ok) state = flipped;
    }
    await board.start(this.api, state);
    for (const b of [this.bUndo, this.bRedo, this.bResign, this.bDraw, this.bFlip]) b.disabled = false;
    window.__petteiaPlay = this; // tests drive the page through it
  }

  // ------------------------------------------------------------ state
  onState(state) {
    this.state = state;
    this.backBar(false);
    this.confirm.hidden = true;
    if (!this.root.classList.contains("is-thinking") || state.result) {
      this.say(this.statusText(state), state.result ? "result" : "info");
    }
    this.root.dataset.result = state.result ? state.result.score : "";
    this.showDice(state);
    this.renderMoves(state);
    this.bUndo.disabled = !state.can_undo;
    this.bRedo.disabled = !state.can_redo;
    this.bResign.disabled = !!state.result;
    this.bDraw.disabled = !!state.result || !state.can_draw;
    this.bFlip.hidden = state.kind === "duodecim";
    this.recordBox.value = state.record;
    this.save();
  }

  statusText(state) {
    const human = this.opts.opponent === "human";
    let text;
    if (state.result) {
      text = `Game over. ${state.result.text}`;
    } else {
      const who = SIDE[state.turn];
      text = human || state.turn === this.opts.side ? `${who} to move${human ? "" : " (you)"}.` : `${who} to move (the computer).`;
      if (state.kind === "duodecim" && state.prefix?.length) text += ` Steps so far: ${state.prefix.join(" ")}.`;
      if (state.last_move) text += ` Last move: ${state.last_move.text}.`;
    }
    return text;
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
    if (!this.board || this.board.busy) return this.say("Wait for the computer's move.");
    if (ply === this.state.ply) return this.backToGame();
    const reply = await this.api.call("game_at", { board_id: this.board.id, ply });
    if (!reply.ok) return this.say(reply.error, "error");
    this.board.showPicture(reply.svg);
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
        this.say(`${other} declines the draw. ${SIDE[this.state.turn]} to move.`);
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
    const p = new URLSearchParams({ ruleset: o.ruleset, side: o.side, level: String(o.level), opponent: o.opponent,
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

  download() {
    const blob = new Blob([this.state?.record || ""], { type: "text/plain;charset=utf-8" });
    const a = el("a", { href: URL.createObjectURL(blob), download: `petteia-${this.opts.ruleset}.txt` });
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
      if (s.void) await b.send("commit", {});
      else await b.step(s.steps[s.steps.length - 1]);
      return true;
    }
    const move = s.moves.find((m) => m.captures.length) || s.moves[0];
    if (!move) return false;
    await b.play(move);
    return true;
  }
}

let current = null;

export function mountPlay(root, hash = location.hash) {
  if (current && current.root === root && !current.disposed) return current; // the same page again
  current?.dispose();
  current = new PlayPage(root);
  current.start(hash);
  return current;
}

export function unmountPlay() {
  current?.dispose();
  current = null;
}
