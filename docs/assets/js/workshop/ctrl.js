// The workshop's controller (docs/lab/workshop.md, issue #15; the play page's shape, play/ctrl.js):
// the page's data and its actions, and no DOM. The views (view-*.js) draw from it at every
// `ui.redraw()`; self-play runs are selfplay.js's; the link and a record's rules are store.js's.
//
// Python judges everything (petteia_core.web.workshop: ops rule_text, selfplay_start/next/stop;
// open with options for the board): options that do not fit together come back as problems in a
// reader's words, shown beside the control the reader changed, and the board and the buttons wait
// until they are fixed. The ruleset is also the page's address, so a link reopens it; a game's
// record carries its options.
import { t } from "../i18n.js";
import { GameDriver } from "../game-driver.js";
import { LinkError, isWorkshopHash, readOptionWords, readWorkshopHash, recordRules, workshopHash } from "./store.js";
import { SelfPlay } from "./selfplay.js";
import { RULESETS, SIDES } from "../../vendor/words.mjs";

/** The presets: Petteia's rule sets, then the eight Ludus latrunculorum reconstructions (issue #30;
 *  petteia_core.options.PRESETS). */
export const PETTEIA = ["classic", "vagi", "poleis", "tournament", "kubeia"];
export const LATRUNCULI = ["latrunculi-quintana", "latrunculi-kowalski", "latrunculi-kowalski-11x10", "latrunculi-bell",
  "latrunculi-bell-7x8", "latrunculi-piso", "latrunculi-schaedler", "latrunculi-schaedler-1994"];
export const PRESETS = [...PETTEIA, ...LATRUNCULI];
/** The options that mean something only with an army (Hoplites, Peltasts and a Basileus), each
 * with its value when off; the form offers them only with the army setup. */
export const ARMY_ONLY = { hoplite_range: "none", dice: "false", hoplite_capture_class: "false",
  basileus_capture_class: "false", army_victories: "false" };
/** The options that mean nothing with an army (its pieces are Hoplites, Peltasts and a Basileus). */
export const NOT_ARMY = { vagi: "false" };
/** The options of Ludus latrunculorum (RULES.md §8), offered only on its presets: a Petteia
 *  preset keeps them off (these values). */
export const LATRUNCULI_ONLY = { placement_per_turn: "1", reach: "slide", jumps: "none", dux: "none",
  corner_anvil: "false", binding: "false", entry_rule: "false", extra_move: "false", no_pieces_loss: "false",
  no_move: "loses" };
/** Petteia's options a latrunculi preset does not offer: the setup (a set start or placement is the
 *  reconstruction's), the army's, vagi, mandatory capture (captures are never compulsory in Ludus
 *  latrunculorum, RULES.md §9.0) and refusal of battle (not counted in its moves). */
const NOT_LATRUNCULI = ["setup", "vagi", "mandatory_capture", "refusal_limit", ...Object.keys(ARMY_ONLY)];
/** What a set start (Quintana's, Kowalski's) fixes: its board, pieces and whether there is a dux. */
const SET_BY_START = ["board", "pieces_per_side", "placement_per_turn"];
const STARTS_WITHOUT_DUX = ["latrunculi-quintana"];
/** The boards the form offers: Petteia's two, and those of the latrunculi reconstructions. */
export const BOARDS = { petteia: ["8x8", "12x8"], latrunculi: ["7x8", "8x8", "11x10", "12x8"] };

export const isLatrunculi = (ruleset) => LATRUNCULI.includes(ruleset);

/** Whether the form offers option `name` with the setup `setup` on preset `ruleset`. */
export function offered(name, setup, ruleset = "classic") {
  if (isLatrunculi(ruleset)) {
    if (NOT_LATRUNCULI.includes(name)) return false;
    if (setup === "given" && SET_BY_START.includes(name)) return false;
    if (name === "dux" && STARTS_WITHOUT_DUX.includes(ruleset)) return false;
    return true;
  }
  if (name in LATRUNCULI_ONLY) return false;
  if (name in ARMY_ONLY) return setup === "army";
  if (name in NOT_ARMY) return setup !== "army";
  return true;
}

export class WorkshopCtrl {
  /**
   * @param {object} ui  redraw(); boardFigure(state) → the figure a new board is drawn in;
   *   announce(text); setHash(hash)
   */
  constructor(ui) {
    this.ui = ui;
    this.api = null;
    this.disposed = false;
    this.loading = t("Starting Python (a few seconds the first time)…"); // "" once Python answers
    this.notice = ""; // a bad link's sentence, above the form
    this.values = null; // every option's text, as the worker last accepted them
    this.form = { ruleset: "classic", values: null, drawn: 0 }; // what the form shows; `drawn` counts rewrites
    this.rules = null; // {ruleset, options: {name: text}, words, title, lines}: the form's rules when valid
    this.lines = []; // the rules in sentences [{topic, text, changed}] (kept, marked stale, while the form is wrong)
    this.problems = null; // {field, texts}: options that do not fit together, said beside `field`
    this.board = null; // the GameDriver of the game on the board
    this.state = null;
    this.playing = ""; // "On the board: …"
    this.gameStatus = { text: "", kind: "info" };
    this.recordMsg = { text: "", kind: "info" };
    this.boards = 0; // board ids: a new one for each game, the old session closed once replaced
    this.rulesTurn = 0; // only the latest rule_text request may change the page
    this.opponent = { value: "level-2", side: "w" };
    this.selfplay = new SelfPlay(this);
  }

  redraw() {
    if (!this.disposed) this.ui.redraw();
  }

  // ------------------------------------------------------------ life
  async start(hash, connect) {
    this.api = await connect((p) => { this.loading = p.text; this.redraw(); },
      (err) => { this.loading = t("The workshop could not start: {error}.", { error: err.message }); this.redraw(); });
    if (!this.api || this.disposed) return;
    this.loading = "";
    this.redraw();
    await this.fromHash(hash);
    if (!this.disposed && this.rules) await this.newGame();
  }

  dispose() {
    this.disposed = true;
    this.selfplay.dispose();
    if (this.api && this.board) this.api.call("close", { board_id: this.board.id }).catch(() => {});
    this.board?.dispose();
  }

  /** The rules of a link (or the classic preset without one); a bad link is said, and its preset
   *  (or the classic one) is shown instead. Returns whether the link's rules are on the form. */
  async fromHash(hash) {
    if (!isWorkshopHash(hash)) return this.applyRules("classic", null);
    let link;
    try {
      link = readWorkshopHash(hash);
    } catch (err) {
      if (!(err instanceof LinkError)) throw err;
      this.notice = t("This link's rules cannot be used: {why}. The form shows {name} instead.", { why: err.message, name: RULESETS.classic });
      await this.applyRules("classic", null);
      return false;
    }
    const preset = PRESETS.includes(link.ruleset) ? link.ruleset : "classic";
    const reply = await this.api.call("rule_text", { ruleset: link.ruleset, options: link.options });
    if (this.disposed) return false;
    if (!reply.ok) {
      this.notice = t("This link's rules cannot be used: {why}. The form shows {name} instead.", { why: reply.error, name: RULESETS[preset] });
      await this.applyRules(preset, null);
      return false;
    }
    this.notice = "";
    return this.applyRules(link.ruleset, link.options, { fillForm: true });
  }

  /** The address changed to another ruleset: its rules, and a new game of them. */
  async onHash(hash) {
    if (!isWorkshopHash(hash) || !this.rules || hash === workshopHash(this.rules.ruleset, this.rules.words)) return;
    if (await this.fromHash(hash)) await this.newGame();
  }

  // ------------------------------------------------------------ the rules
  /** A field of the form changed (`values`: the whole form as text). A new preset fills the form;
   *  other changes keep what goes with them, and a new setup drops the options it does not offer. */
  async changed(name, ruleset, values) {
    if (!this.api || !name) return;
    this.notice = ""; // a bad link's notice is history once the reader changes the rules
    if (name === "preset") return this.applyRules(ruleset, null);
    values = { ...this.values, ...values };
    const width = Number(values.width);
    if (name === "setup" || name === "board") {
      const was = this.values?.setup;
      if (values.setup === "rows") values.pieces_per_side = String(width);
      else if (values.setup === "army") values.pieces_per_side = String(2 * width + 1);
      else if (was !== "hand") values.pieces_per_side = String(2 * width);
    }
    if (name === "setup") {
      for (const [option, off] of Object.entries({ ...ARMY_ONLY, ...NOT_ARMY })) {
        if (!offered(option, values.setup, ruleset)) values[option] = off;
      }
    }
    if (name === "vagi" || name === "setup") values.tiebreak = values.vagi === "true" ? "pieces_then_ordinarii" : "pieces";
    this.showForm(ruleset, values);
    return this.applyRules(ruleset, values, { field: name });
  }

  /** The form shows `values` of preset `ruleset` (its views write them at the next redraw). */
  showForm(ruleset, values) {
    this.form = { ruleset, values, drawn: this.form.drawn + 1 };
  }

  /** Ask the worker for the rules of `ruleset` with `options`; show them, or say what is wrong
   *  beside `field` (the control the reader changed). Returns whether they were accepted. */
  async applyRules(ruleset, options, { fillForm = options === null, field = null } = {}) {
    const turn = ++this.rulesTurn;
    const reply = await this.api.call("rule_text", { ruleset, options });
    if (this.disposed || turn !== this.rulesTurn) return false;
    if (!reply.ok) {
      this.rules = null;
      const texts = reply.problems?.length ? this.problemTexts(reply.problems, field) : [reply.error];
      this.problems = { field: field ?? "preset", texts };
      this.redraw();
      return false;
    }
    this.problems = null;
    this.values = reply.values;
    this.rules = { ruleset: reply.ruleset, options: readOptionWords(reply.options), words: reply.options, title: reply.title };
    this.lines = reply.rules;
    if (fillForm) this.showForm(reply.ruleset, reply.values);
    this.ui.setHash(workshopHash(reply.ruleset, reply.options));
    this.redraw();
    return true;
  }

  /** The reader's sentences of `problems`, those about the changed `field` first. */
  problemTexts(problems, field) {
    const about = (p) => p.options.includes(field) || (field === "board" && p.options.some((o) => o === "width" || o === "height"));
    return [...problems.filter(about), ...problems.filter((p) => !about(p))].map((p) => p.text);
  }

  // ------------------------------------------------------------ the board
  /** Who plays: {mode, side, level, computer} from the opponent chosen. */
  who() {
    const { value, side } = this.opponent;
    if (value === "friend") return { mode: "explore", side: "w", level: 1, computer: null };
    return { mode: "play", side, level: Number(value.replace("level-", "")), computer: side === "w" ? "b" : "w" };
  }

  setOpponent(value, side) {
    this.opponent = { value, side };
    this.redraw();
  }

  async newGame() {
    if (!this.rules || !this.api) return;
    const rules = this.rules;
    const who = this.who();
    const reply = await this.api.call("open", {
      kind: "game", board_id: `workshop-${++this.boards}`, ruleset: rules.ruleset, options: rules.options,
      computer: who.computer,
    });
    if (this.disposed) return;
    if (!reply.ok) return this.say(t("The game could not start: {error}.", { error: reply.error }), "error");
    await this.mount(reply, rules, who);
  }

  /** A record pasted in the box: its rules fill the form and its game comes on the board; a
   *  record that cannot be played is said and the board keeps its game. */
  async loadRecord(record) {
    if (!this.api) return;
    const named = recordRules(record);
    if (named && !PRESETS.includes(named.ruleset)) {
      const game = RULESETS[named.ruleset] ?? named.ruleset;
      return this.recordSaid(t("This record is a game of {game}, which the workshop does not change: play it on the play page. The board keeps its game.", { game }), "error");
    }
    const who = this.who();
    const reply = await this.api.call("load", { board_id: `workshop-${++this.boards}`, record, computer: who.computer });
    if (this.disposed) return;
    if (!reply.ok || !named) {
      const why = reply.ok ? t("it does not name its rules") : reply.error;
      if (reply.ok) this.api.call("close", { board_id: reply.board_id }).catch(() => {});
      return this.recordSaid(t("This record cannot be played: {why}. The board keeps its game.", { why }), "error");
    }
    if (!(await this.applyRules(named.ruleset, named.options, { fillForm: true }))) {
      this.api.call("close", { board_id: reply.board_id }).catch(() => {});
      return;
    }
    this.recordSaid(t("The record has been loaded: its rules are in the form and its game is on the board."), "info");
    await this.mount(reply, this.rules, who);
  }

  recordSaid(text, kind) {
    this.recordMsg = { text, kind };
    this.redraw();
  }

  async mount(state, rules, who) {
    const old = this.board;
    old?.dispose();
    if (old) this.api.call("close", { board_id: old.id }).catch(() => {});
    const figure = this.ui.boardFigure(state);
    const mine = () => board === this.board;
    const board = new GameDriver(figure, {
      id: state.board_id,
      call: (op, args) => this.api.call(op, args),
      mode: who.mode,
      side: who.side,
      level: who.level,
      label: t("Workshop game board."),
      host: {
        onState: (s) => mine() && this.onState(s),
        say: (text, kind) => mine() && this.say(text, kind),
        announce: (text) => mine() && this.ui.announce(text),
        thinking: (on) => mine() && on && this.say(t("The computer is thinking…")),
      },
    });
    this.board = board;
    this.playing = who.computer
      ? t("On the board: {rules}; against the computer (level {level}), you play {side}.", { rules: rules.title, level: who.level, side: SIDES[who.side] })
      : t("On the board: {rules}; two players on this device.", { rules: rules.title });
    this.redraw();
    if (who.computer && who.side === "b") {
      const flipped = await this.api.call("flip", { board_id: board.id, flipped: true });
      if (flipped.ok) state = flipped;
    }
    if (board.disposed) return;
    board.start(state);
  }

  onState(state) {
    this.state = state;
    this.say(state.status, state.result ? "result" : "info");
  }

  say(text, kind = "info") {
    this.gameStatus = { text, kind };
    this.redraw();
  }

  undo() {
    this.board?.command("undo");
  }
}
