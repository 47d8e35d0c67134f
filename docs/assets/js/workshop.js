// The workshop (docs/lab/workshop.md, issue #15): compose a ruleset from the rule options, read
// the rules it makes, play it on a live board (against the computer or a friend beside you), and
// let the computer play it against itself a few times, the figures growing after every game.
//
// Python judges everything (petteia_core.web.workshop: ops rule_text, selfplay_start/next/stop;
// open with options for the board): a bad combination comes back as a sentence, shown here, and
// the board and the buttons wait until it is fixed. The ruleset is also the page's address
// (workshop-link.js), so a link reopens it; a game's record carries its options.
import { connect } from "./worker-client.js";
import { GameDriver } from "./game-driver.js";
import { Announcer } from "./announcer.js";
import { el } from "./dom.js";
import { LinkError, isWorkshopHash, readOptionWords, readWorkshopHash, recordRules, workshopHash } from "./workshop-link.js";
import { statsTable } from "./workshop-stats.js";
import { LEVELS, RULESETS, SIDES } from "../vendor/words.mjs";

const PRESETS = ["classic", "vagi", "poleis", "tournament", "kubeia"];
const RUN_ID = "workshop-run";
const DEFAULT_GAMES = 10;

const yesNo = (name, label) => ({ name, label, kind: "check" });
const choice = (name, label, choices) => ({ name, label, kind: "select", choices });
const upTo = (n, first) => [first, ...Array.from({ length: n }, (_, i) => [String(i + 1), String(i + 1)])];

// The form, in three groups. "board" stands for width and height together.
const GROUPS = [
  ["Board and pieces", [
    choice("board", "Board", [["8x8", "8 × 8"], ["12x8", "12 × 8"]]),
    choice("setup", "Setup", [["rows", "A row of pieces each"], ["army", "An army: Hoplites, Peltasts, a Basileus"],
      ["hand", "Placed one by one on an empty board"]]),
    { name: "pieces_per_side", label: "Pieces each", kind: "number", min: 1, max: 48 },
    choice("first_player", "Moves first", [["w", SIDES.w], ["b", SIDES.b]]),
    choice("hoplite_range", "Hoplite moves", upTo(8, ["none", "any distance"]).map(([v, t]) => [v, v === "none" ? t : `at most ${t}`])),
    yesNo("dice", "Dice say how far pieces move"),
    yesNo("vagi", "Vagi: a quiet move turns a piece into a vagus"),
  ]],
  ["Capture", [
    yesNo("corner_capture", "Corner capture"),
    yesNo("mandatory_capture", "Mandatory capture"),
    yesNo("hoplite_capture_class", "A Hoplite is captured only with a Hoplite or the Basileus"),
    yesNo("basileus_capture_class", "The Basileus is taken only with two Hoplites or the enemy Basileus among its captors"),
  ]],
  ["End of the game", [
    yesNo("one_piece_loss", "A player left with one piece loses"),
    yesNo("army_victories", "Army victories: rout, decimation, breakthrough"),
    choice("refusal_limit", "Refusal of battle loses after", upTo(5, ["none", "never"]).map(([v, t]) => [v, v === "none" ? t : `${t} in a row`])),
    { name: "stall_limit", label: "Moves without a capture that end the game", kind: "number", min: 2, max: 400 },
    yesNo("repetition", "A position seen three times ends the game"),
  ]],
];

class Workshop {
  constructor(root) {
    this.root = root;
    this.api = null;
    this.disposed = false;
    this.values = null; // every option's text, as the worker last accepted them
    this.rules = null; // {ruleset, options: {name: text}, words, title}: the form's rules when valid
    this.board = null;
    this.state = null;
    this.boards = 0; // board ids: a new one for each game, the old session closed once replaced
    this.runToken = 0; // a self-play run goes on while it holds the latest token
    this.running = false;
    this.played = null; // the last reply of the run: its games so far and their figures
    this.speech = new Announcer();
    this.build();
  }

  // ------------------------------------------------------------ markup
  build() {
    const r = this.root;
    r.replaceChildren();
    r.classList.add("workshop");
    this.status = el("p", { class: "workshop-status", role: "status" }, "Starting Python (a few seconds the first time)…");
    this.notice = el("p", { class: "workshop-notice", role: "alert", hidden: true });

    // The form
    this.form = el("form", { class: "workshop-form", "aria-label": "Rules of the variant" });
    this.form.addEventListener("submit", (e) => e.preventDefault());
    this.form.addEventListener("change", (e) => this.changed(e.target.name));
    this.fields = {};
    const presetWrap = el("div", { class: "workshop-field workshop-preset" });
    this.fPreset = el("select", { name: "preset", id: "workshop-preset" });
    for (const p of PRESETS) this.fPreset.append(el("option", { value: p }, RULESETS[p]));
    presetWrap.append(el("label", { for: "workshop-preset" }, "Start from"), this.fPreset);
    this.form.append(presetWrap);
    for (const [legend, fields] of GROUPS) {
      const set = el("fieldset", { class: "workshop-group" });
      set.append(el("legend", {}, legend));
      for (const f of fields) set.append(this.field(f));
      this.form.append(set);
    }
    this.msg = el("p", { class: "workshop-msg", role: "alert", hidden: true });

    // The rules in words, and the link
    const rulesBox = el("section", { class: "workshop-rules-box", "aria-label": "The rules in words" });
    this.title = el("h3", { class: "workshop-title" }, "The rules");
    this.ruleList = el("ol", { class: "workshop-rules" });
    const linkRow = el("div", { class: "workshop-link-row" });
    this.linkField = el("input", { type: "text", readonly: true, class: "workshop-link", "aria-label": "Link to these rules" });
    this.bCopyLink = el("button", { type: "button", class: "md-button workshop-copy-link" }, "Copy link");
    this.bCopyLink.addEventListener("click", () => this.copy(this.linkField, this.linkMsg, "link"));
    this.linkMsg = el("span", { class: "workshop-copied", "aria-live": "polite" });
    linkRow.append(this.linkField, this.bCopyLink, this.linkMsg);
    rulesBox.append(this.msg, this.title, this.ruleList, linkRow);

    const compose = el("div", { class: "workshop-compose" });
    const formSide = el("div", { class: "workshop-form-side" });
    formSide.append(this.form);
    compose.append(formSide, rulesBox);

    // Play
    const play = el("section", { class: "workshop-play", "aria-label": "Play the variant" });
    play.append(el("h2", {}, "Play it"));
    const controls = el("div", { class: "workshop-controls" });
    this.fOpponent = el("select", { id: "workshop-opponent", name: "opponent" });
    for (const [n, name] of Object.entries(LEVELS)) this.fOpponent.append(el("option", { value: `level-${n}` }, `Computer, level ${n}: ${name}`));
    this.fOpponent.append(el("option", { value: "friend" }, "A friend beside you"));
    this.fOpponent.value = "level-2";
    this.fSide = el("select", { id: "workshop-side", name: "side" });
    for (const [v, t] of Object.entries(SIDES)) this.fSide.append(el("option", { value: v }, `You play ${t}`));
    const label = (f, text) => {
      const w = el("div", { class: "workshop-field" });
      w.append(el("label", { for: f.id }, text), f);
      return w;
    };
    this.fOpponent.addEventListener("change", () => (this.fSide.disabled = this.fOpponent.value === "friend"));
    this.bNew = el("button", { type: "button", class: "md-button md-button--primary workshop-new", disabled: true }, "New game with these rules");
    this.bNew.addEventListener("click", () => this.newGame());
    this.bUndo = el("button", { type: "button", class: "md-button workshop-undo", disabled: true }, "Undo");
    this.bUndo.addEventListener("click", () => this.board?.command("undo"));
    controls.append(label(this.fOpponent, "Opponent"), label(this.fSide, "Side"), this.bNew, this.bUndo);
    this.playing = el("p", { class: "workshop-playing" });
    this.gameStatus = el("p", { class: "workshop-game-status", role: "status" });
    this.figure = el("figure", { class: "petteia-board workshop-board", id: "workshop-board" });
    this.figure.append(el("div", { class: "petteia-svg-wrap" }));
    const records = el("div", { class: "workshop-records" });
    this.recordField = el("textarea", { class: "workshop-record", rows: 4, "aria-label": "Game record",
      placeholder: "A game's record: copy it from here, or paste one and press “Load a record”." });
    this.bCopyRecord = el("button", { type: "button", class: "md-button workshop-copy-record", disabled: true }, "Copy record");
    this.bCopyRecord.addEventListener("click", () => {
      this.recordField.value = this.state?.record ?? "";
      this.copy(this.recordField, this.recordMsg, "record");
    });
    this.bLoad = el("button", { type: "button", class: "md-button workshop-load", disabled: true }, "Load a record");
    this.bLoad.addEventListener("click", () => this.loadRecord(this.recordField.value));
    this.recordMsg = el("p", { class: "workshop-record-msg", "aria-live": "polite" });
    records.append(this.recordField, el("div", { class: "workshop-buttons" }), this.recordMsg);
    records.children[1].append(this.bCopyRecord, this.bLoad);
    play.append(controls, this.playing, this.gameStatus, this.figure, records, this.speech.node);

    // Self-play
    const selfplay = el("section", { class: "workshop-selfplay", "aria-label": "Self-play" });
    selfplay.append(el("h2", {}, "Let the computer play it"));
    const runRow = el("div", { class: "workshop-controls" });
    this.fGames = el("input", { type: "number", id: "workshop-games", min: 10, max: 100, step: 1, value: DEFAULT_GAMES });
    this.bRun = el("button", { type: "button", class: "md-button md-button--primary workshop-run", disabled: true }, "Play the games");
    this.bRun.addEventListener("click", () => this.runSelfPlay());
    this.bCancel = el("button", { type: "button", class: "md-button workshop-cancel", disabled: true }, "Cancel");
    this.bCancel.addEventListener("click", () => this.cancelRun());
    runRow.append(label(this.fGames, "Games (10–100)"), this.bRun, this.bCancel);
    this.progress = el("progress", { class: "workshop-progress", max: DEFAULT_GAMES, value: 0, "aria-label": "Games played" });
    this.progressText = el("p", { class: "workshop-progress-text", "aria-live": "polite" });
    this.runNote = el("p", { class: "workshop-run-note" });
    this.statsBox = el("div", { class: "workshop-stats" });
    selfplay.append(runRow, this.progress, this.progressText, this.runNote, this.statsBox);

    r.append(this.status, this.notice, compose, play, selfplay);
  }

  field(f) {
    const id = `workshop-field-${f.name}`; // "workshop-board" is the board's figure
    const wrap = el("div", { class: `workshop-field workshop-${f.kind}` });
    let control;
    if (f.kind === "check") {
      control = el("input", { type: "checkbox", name: f.name, id });
      wrap.append(control, el("label", { for: id }, f.label));
    } else {
      if (f.kind === "select") {
        control = el("select", { name: f.name, id });
        for (const [v, t] of f.choices) control.append(el("option", { value: v }, t));
      } else {
        control = el("input", { type: "number", name: f.name, id, min: f.min, max: f.max, step: 1 });
      }
      wrap.append(el("label", { for: id }, f.label), control);
    }
    this.fields[f.name] = control;
    return wrap;
  }

  // ------------------------------------------------------------ the form and the worker
  /** Show every option of `values` ({name: text}) in the form. */
  writeForm(ruleset, values) {
    this.fPreset.value = ruleset;
    for (const [name, control] of Object.entries(this.fields)) {
      if (name === "board") control.value = `${values.width}x${values.height}`;
      else if (control.type === "checkbox") control.checked = values[name] === "true";
      else control.value = values[name];
    }
    this.fields.pieces_per_side.disabled = values.setup !== "hand";
  }

  /** The form as options ({name: text}): every option, the ones the form has no field for as last accepted. */
  readForm() {
    const values = { ...this.values };
    for (const [name, control] of Object.entries(this.fields)) {
      if (name === "board") [values.width, values.height] = control.value.split("x");
      else if (control.type === "checkbox") values[name] = control.checked ? "true" : "false";
      else values[name] = control.value.trim();
    }
    return values;
  }

  /** A field changed: a new preset fills the form; other changes keep what goes with them. */
  async changed(name) {
    if (!this.api || !name) return;
    this.showNotice(""); // a bad link's notice is history once the reader changes the rules
    if (name === "preset") return this.applyRules(this.fPreset.value, null);
    const values = this.readForm();
    const width = Number(values.width);
    if (name === "setup" || name === "board") {
      const was = this.values?.setup;
      if (values.setup === "rows") values.pieces_per_side = String(width);
      else if (values.setup === "army") values.pieces_per_side = String(2 * width + 1);
      else if (was !== "hand") values.pieces_per_side = String(2 * width);
      this.fields.pieces_per_side.value = values.pieces_per_side;
      this.fields.pieces_per_side.disabled = values.setup !== "hand";
    }
    if (name === "vagi") values.tiebreak = values.vagi === "true" ? "pieces_then_ordinarii" : "pieces";
    await this.applyRules(this.fPreset.value, values);
  }

  /** Ask the worker for the rules of `ruleset` with `options`; show them, or say what is wrong.
   *  Returns whether they were accepted. */
  async applyRules(ruleset, options, { fillForm = options === null } = {}) {
    const turn = (this.rulesTurn = (this.rulesTurn ?? 0) + 1);
    const reply = await this.api.call("rule_text", { ruleset, options });
    if (this.disposed || turn !== this.rulesTurn) return false;
    if (!reply.ok) {
      this.rules = null;
      this.showMsg(`These rules do not fit together: ${reply.error.replace(/^inconsistent options: /, "")}. ` +
        "Change one of them; the board keeps its game until then.");
      this.ruleList.classList.add("is-stale");
      this.enableRuleButtons();
      return false;
    }
    this.showMsg("");
    this.values = reply.values;
    this.rules = { ruleset: reply.ruleset, options: readOptionWords(reply.options), words: reply.options, title: reply.title };
    if (fillForm) this.writeForm(reply.ruleset, reply.values);
    this.title.textContent = reply.title;
    this.ruleList.classList.remove("is-stale");
    this.ruleList.replaceChildren(...reply.rules.map((rule) => {
      const li = el("li", { "data-topic": rule.topic, class: rule.changed ? "is-changed" : null }, rule.text);
      if (rule.changed) li.append(" ", el("span", { class: "workshop-changed" }, "changed"));
      return li;
    }));
    const hash = workshopHash(reply.ruleset, reply.options);
    if (location.hash !== hash) history.replaceState(history.state, "", hash);
    this.linkField.value = location.href;
    this.linkMsg.textContent = "";
    this.enableRuleButtons();
    return true;
  }

  showMsg(text) {
    this.msg.textContent = text;
    this.msg.hidden = !text;
  }

  enableRuleButtons() {
    const ok = !!this.rules;
    this.bNew.disabled = !ok;
    this.bRun.disabled = !ok || this.running;
    this.bCopyLink.disabled = !ok;
  }

  say(text, kind = "info") {
    this.gameStatus.textContent = text;
    this.gameStatus.dataset.kind = kind;
  }

  // ------------------------------------------------------------ life
  async start(hash) {
    this.api = await connect((p) => (this.status.textContent = p.text),
      (err) => (this.status.textContent = `The workshop could not start: ${err.message}.`));
    if (!this.api || this.disposed) return;
    this.status.textContent = "";
    this.status.hidden = true;
    this.bLoad.disabled = false;
    window.addEventListener("hashchange", this.onHash);
    await this.fromHash(hash || location.hash);
    if (!this.disposed && this.rules) await this.newGame();
  }

  /** The rules of a link (or the classic preset without one); a bad link is said, and its preset
   *  (or the classic one) is shown instead. */
  async fromHash(hash) {
    if (!isWorkshopHash(hash)) return this.applyRules("classic", null);
    let link;
    try {
      link = readWorkshopHash(hash);
    } catch (err) {
      if (!(err instanceof LinkError)) throw err;
      this.showNotice(`This link's rules cannot be used: ${err.message}. The form shows ${RULESETS.classic} instead.`);
      return this.applyRules("classic", null);
    }
    const preset = PRESETS.includes(link.ruleset) ? link.ruleset : "classic";
    const reply = await this.api.call("rule_text", { ruleset: link.ruleset, options: link.options });
    if (this.disposed) return false;
    if (!reply.ok) {
      this.showNotice(`This link's rules cannot be used: ${reply.error}. The form shows ${RULESETS[preset]} instead.`);
      return this.applyRules(preset, null);
    }
    this.showNotice("");
    return this.applyRules(link.ruleset, link.options, { fillForm: true });
  }

  onHash = async () => {
    const wanted = location.hash;
    if (!isWorkshopHash(wanted) || !this.rules || wanted === workshopHash(this.rules.ruleset, this.rules.words)) return;
    if (await this.fromHash(wanted)) await this.newGame();
  };

  showNotice(text) {
    this.notice.textContent = text;
    this.notice.hidden = !text;
  }

  dispose() {
    this.disposed = true;
    this.runToken++;
    window.removeEventListener("hashchange", this.onHash);
    if (this.api) {
      this.api.call("selfplay_stop", { run_id: RUN_ID }).catch(() => {});
      if (this.board) this.api.call("close", { board_id: this.board.id }).catch(() => {});
    }
    this.board?.dispose();
  }

  // ------------------------------------------------------------ the board
  opponent() {
    const v = this.fOpponent.value;
    if (v === "friend") return { mode: "explore", side: "w", level: 1, computer: null };
    const side = this.fSide.value;
    return { mode: "play", side, level: Number(v.replace("level-", "")), computer: side === "w" ? "b" : "w" };
  }

  async newGame() {
    if (!this.rules || !this.api) return;
    const rules = this.rules;
    const who = this.opponent();
    const reply = await this.api.call("open", {
      kind: "game", board_id: `workshop-${++this.boards}`, ruleset: rules.ruleset, options: rules.options,
      computer: who.computer,
    });
    if (this.disposed) return;
    if (!reply.ok) return this.say(`The game could not start: ${reply.error}.`, "error");
    await this.mount(reply, rules, who);
  }

  /** A record pasted in the box: its rules fill the form and its game comes on the board; a
   *  record that cannot be played is said and the board keeps its game. */
  async loadRecord(record) {
    if (!this.api) return;
    const named = recordRules(record);
    if (named && !PRESETS.includes(named.ruleset)) {
      const game = RULESETS[named.ruleset] ?? named.ruleset;
      return this.recordSaid(`This record is a game of ${game}, which the workshop does not change: play it on the play page. The board keeps its game.`, "error");
    }
    const who = this.opponent();
    const reply = await this.api.call("load", { board_id: `workshop-${++this.boards}`, record, computer: who.computer });
    if (this.disposed) return;
    if (!reply.ok || !named) {
      const why = reply.ok ? "it does not name its rules" : reply.error;
      if (reply.ok) this.api.call("close", { board_id: reply.board_id }).catch(() => {});
      return this.recordSaid(`This record cannot be played: ${why}. The board keeps its game.`, "error");
    }
    if (!(await this.applyRules(named.ruleset, named.options, { fillForm: true }))) {
      this.api.call("close", { board_id: reply.board_id }).catch(() => {});
      return;
    }
    this.recordSaid("The record has been loaded: its rules are in the form and its game is on the board.", "info");
    await this.mount(reply, this.rules, who);
  }

  recordSaid(text, kind) {
    this.recordMsg.textContent = text;
    this.recordMsg.dataset.kind = kind;
  }

  async mount(state, rules, who) {
    const old = this.board;
    old?.dispose();
    if (old) this.api.call("close", { board_id: old.id }).catch(() => {});
    const wrap = el("div", { class: "petteia-svg-wrap" });
    const figure = el("figure", { class: "petteia-board workshop-board", id: "workshop-board", "data-mode": "play",
      "data-ruleset": state.ruleset });
    figure.append(wrap);
    this.figure.replaceWith(figure);
    this.figure = figure;
    const mine = () => board === this.board;
    const board = new GameDriver(figure, {
      id: state.board_id,
      call: (op, args) => this.api.call(op, args),
      mode: who.mode,
      side: who.side,
      level: who.level,
      label: "Workshop game board.",
      host: {
        onState: (s) => mine() && this.onState(s),
        say: (text, kind) => mine() && this.say(text, kind),
        announce: (text) => mine() && this.speech.say(text),
        thinking: (on) => mine() && on && this.say("The computer is thinking…"),
      },
    });
    this.board = board;
    const against = who.computer ? `against the computer (level ${who.level}), you play ${SIDES[who.side]}` : "two players on this device";
    this.playing.textContent = `On the board: ${rules.title}; ${against}.`;
    if (who.computer && who.side === "b") {
      const flipped = await this.api.call("flip", { board_id: board.id, flipped: true });
      if (flipped.ok) state = flipped;
    }
    if (board.disposed) return;
    this.bCopyRecord.disabled = false;
    board.start(state);
  }

  onState(state) {
    this.state = state;
    this.say(state.status, state.result ? "result" : "info");
    this.bUndo.disabled = !state.can_undo;
    this.root.dataset.ply = String(state.ply);
  }

  // ------------------------------------------------------------ self-play
  async runSelfPlay() {
    if (!this.rules || this.running) return;
    const games = Math.round(Number(this.fGames.value));
    if (!(games >= 10 && games <= 100)) {
      this.progressText.textContent = "Choose from 10 to 100 games.";
      return;
    }
    const token = ++this.runToken;
    const rules = this.rules;
    // window.__petteiaSelfplaySeed: tests fix the run's seed (without one the worker draws it and says it).
    const seed = Number.isInteger(window.__petteiaSelfplaySeed) ? window.__petteiaSelfplaySeed : undefined;
    let reply = await this.api.call("selfplay_start", { run_id: RUN_ID, ruleset: rules.ruleset, options: rules.options, games, seed });
    if (this.disposed || token !== this.runToken) return;
    if (!reply.ok) {
      this.progressText.textContent = `The games could not start: ${reply.error}.`;
      return;
    }
    this.running = true;
    this.bRun.disabled = true;
    this.bCancel.disabled = false;
    this.runNote.replaceChildren(
      `${rules.title}: the computer plays both sides at level ${reply.level}, the weakest, so that a game takes ` +
      `a moment; a game still going after ${reply.cap} single moves is stopped and counted as unfinished ` +
      `(seed ${reply.seed}). The same games with the site's Python package: `,
      el("code", { class: "workshop-command" }, reply.command));
    this.showRun(reply);
    try {
      while (!reply.done) {
        reply = await this.api.call("selfplay_next", { run_id: RUN_ID });
        if (this.disposed || token !== this.runToken) return; // cancelled: the game that was under way is dropped
        if (!reply.ok) {
          this.progressText.textContent = `The games stopped: ${reply.error}.`;
          break;
        }
        this.showRun(reply);
      }
      if (reply.ok) this.progressText.textContent = `Done: ${reply.played} of ${reply.games} games played.`;
    } catch (err) {
      if (token === this.runToken) this.progressText.textContent = `The games stopped: ${err?.message || err}.`;
    }
    if (token === this.runToken && !this.disposed) this.endRun();
  }

  showRun(reply) {
    this.progress.max = reply.games;
    this.progress.value = reply.played;
    this.progressText.textContent = `${reply.played}/${reply.games} games played…`;
    this.played = reply;
    this.statsBox.replaceChildren(statsTable(reply.summary));
  }

  cancelRun() {
    if (!this.running) return;
    this.runToken++;
    const r = this.played;
    this.progressText.textContent = `Cancelled after ${r.played} of ${r.games} games: the figures are those of the games played.`;
    this.endRun();
  }

  endRun() {
    this.running = false;
    this.bCancel.disabled = true;
    this.enableRuleButtons();
    this.api.call("selfplay_stop", { run_id: RUN_ID }).catch(() => {});
  }

  // ------------------------------------------------------------ copying
  async copy(field, msg, what) {
    field.select();
    try {
      await navigator.clipboard.writeText(field.value);
      msg.textContent = `The ${what} has been copied.`;
    } catch {
      msg.textContent = `Press Ctrl+C (or ⌘C) to copy the selected ${what}.`;
    }
  }
}

let workshop = null;

export function mount(root, hash) {
  workshop?.dispose();
  workshop = new Workshop(root);
  window.__petteiaWorkshop = workshop; // for tests and debugging
  workshop.start(hash);
}

export function unmount() {
  workshop?.dispose();
  workshop = null;
}
