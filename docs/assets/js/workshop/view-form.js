// The workshop's form: a preset to start from (Petteia's or a Ludus latrunculorum reconstruction)
// and the rule options in three groups. It offers only the options that mean something with the
// preset and setup chosen (ctrl.js `offered`: Hoplite moves only for an army, vagi only without one,
// the latrunculi options only on a latrunculi preset), and says options that do not fit together beside the control
// the reader changed (issue #34, 8). Drawn from the controller: the form's values are written only
// when the controller asks (ctrl.form.drawn), so a field being typed in is never overwritten.
import { t } from "../i18n.js";
import { el } from "../dom.js";
import { BOARDS, LATRUNCULI, PETTEIA, isLatrunculi, offered } from "./ctrl.js";
import { RULESETS, SIDES } from "../../vendor/words.mjs";

const yesNo = (name, label) => ({ name, label, kind: "check" });
const choice = (name, label, choices) => ({ name, label, kind: "select", choices });
const upTo = (n) => Array.from({ length: n }, (_, i) => String(i + 1));

/** The form, in three groups. "board" stands for width and height together. Each preset's family
 *  (Petteia, Ludus latrunculorum) has its own options among them (ctrl.js `offered`). */
function groups() {
  return [
    [t("Board and pieces"), [
      choice("board", t("Board"), BOARDS.latrunculi.map((b) => [b, b.replace("x", " × ")])),
      choice("setup", t("Setup"), [["rows", t("A row of pieces each")], ["army", t("An army: Hoplites, Peltasts, a Basileus")],
        ["hand", t("Placed one by one on an empty board")], ["given", t("The reconstruction's own start")]]),
      { name: "pieces_per_side", label: t("Pieces each"), kind: "number", min: 1, max: 48 },
      choice("placement_per_turn", t("Pieces put down each turn"), [["1", "1"], ["2", "2"]]),
      choice("first_player", t("Moves first"), [["w", SIDES.w], ["b", SIDES.b]]),
      choice("reach", t("A piece moves"), [["slide", t("any number of empty squares")], ["step", t("one square")]]),
      choice("jumps", t("Jumps"), [["none", t("no jumps")], ["dux", t("the dux jumps over an enemy piece")],
        ["chains", t("chains of jumps over any piece")]]),
      choice("dux", t("Dux (the leader)"), [["none", t("no dux")], ["immune", t("never captured")],
        ["plain", t("captured like a counter")]]),
      choice("hoplite_range", t("Hoplite moves"), [["none", t("any distance")], ...upTo(8).map((n) => [n, t("at most {n}", { n })])]),
      yesNo("dice", t("Dice say how far pieces move")),
      yesNo("vagi", t("Vagi: a quiet move turns a piece into a vagus")),
    ]],
    [t("Capture"), [
      yesNo("corner_capture", t("Corner capture")),
      yesNo("corner_anvil", t("A corner square helps to capture")),
      yesNo("binding", t("Binding: a trapped counter is bound, and taken off on a later turn")),
      yesNo("entry_rule", t("A counter may stop between two enemies only if it binds (the 2001 rule)")),
      yesNo("extra_move", t("A capture earns the capturing piece another move")),
      yesNo("mandatory_capture", t("Mandatory capture")),
      yesNo("hoplite_capture_class", t("A Hoplite is captured only with a Hoplite or the Basileus")),
      yesNo("basileus_capture_class", t("The Basileus is taken only with two Hoplites or the enemy Basileus among its captors")),
    ]],
    [t("End of the game"), [
      yesNo("one_piece_loss", t("A player left with one piece loses")),
      yesNo("no_pieces_loss", t("A player whose last piece is taken loses")),
      choice("no_move", t("A player who cannot move"), [["loses", t("loses")], ["count", t("ends the game: more pieces wins")]]),
      yesNo("army_victories", t("Army victories: rout, decimation, breakthrough")),
      choice("refusal_limit", t("Refusal of battle loses after"), [["none", t("never")], ...upTo(5).map((n) => [n, t("{n} in a row", { n })])]),
      { name: "stall_limit", label: t("Moves without a capture that end the game"), kind: "number", min: 2, max: 400 },
      yesNo("repetition", t("A position seen three times ends the game")),
    ]],
  ];
}

export class FormView {
  /** @param ctrl the workshop's controller */
  constructor(ctrl) {
    this.ctrl = ctrl;
    this.drawn = 0; // the controller's form.drawn last written
    this.fields = {}; // name → control
    this.wraps = {}; // name → the control's wrapper (where its problem is said)
    this.node = el("form", { class: "workshop-form", "aria-label": t("Rules of the variant") });
    this.node.addEventListener("submit", (e) => e.preventDefault());
    this.node.addEventListener("change", (e) => this.changed(e.target.name));
    this.preset = el("select", { name: "preset", id: "workshop-preset" });
    for (const [label, presets] of [[t("Petteia"), PETTEIA], [t("Ludus latrunculorum"), LATRUNCULI]]) {
      const group = el("optgroup", { label });
      for (const p of presets) group.append(el("option", { value: p }, RULESETS[p]));
      this.preset.append(group);
    }
    this.wraps.preset = el("div", { class: "workshop-field workshop-preset" });
    this.wraps.preset.append(el("label", { for: "workshop-preset" }, t("Start from")), this.preset);
    this.node.append(this.wraps.preset);
    for (const [legend, fields] of groups()) {
      const set = el("fieldset", { class: "workshop-group" });
      set.append(el("legend", {}, legend));
      for (const f of fields) set.append(this.field(f));
      this.node.append(set);
    }
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
        for (const [v, text] of f.choices) control.append(el("option", { value: v }, text));
      } else {
        control = el("input", { type: "number", name: f.name, id, min: f.min, max: f.max, step: 1 });
      }
      wrap.append(el("label", { for: id }, f.label), control);
    }
    this.fields[f.name] = control;
    this.wraps[f.name] = wrap;
    return wrap;
  }

  /** The form as options ({name: text}) of the fields it has. */
  read() {
    const values = {};
    for (const [name, control] of Object.entries(this.fields)) {
      if (name === "board") [values.width, values.height] = control.value.split("x");
      else if (control.type === "checkbox") values[name] = control.checked ? "true" : "false";
      else values[name] = control.value.trim();
    }
    return values;
  }

  changed(name) {
    if (name) this.ctrl.changed(name, this.preset.value, this.read());
  }

  update() {
    const { form, problems } = this.ctrl;
    if (form.values && form.drawn !== this.drawn) {
      this.drawn = form.drawn;
      this.write(form.ruleset, form.values);
    }
    const setup = this.fields.setup.value;
    const ruleset = this.preset.value;
    for (const [name, wrap] of Object.entries(this.wraps)) wrap.hidden = !offered(name, setup, ruleset);
    const boards = BOARDS[isLatrunculi(ruleset) ? "latrunculi" : "petteia"];
    for (const option of this.fields.board.options) option.hidden = !boards.includes(option.value);
    for (const option of this.fields.setup.options) option.hidden = option.value === "given" && !isLatrunculi(ruleset);
    this.fields.pieces_per_side.disabled = setup !== "hand";
    this.drawProblems(problems);
  }

  write(ruleset, values) {
    this.preset.value = ruleset;
    for (const [name, control] of Object.entries(this.fields)) {
      if (name === "board") control.value = `${values.width}x${values.height}`;
      else if (control.type === "checkbox") control.checked = values[name] === "true";
      else control.value = values[name];
    }
  }

  /** What does not fit together, beside the control the reader changed (or the preset's). */
  drawProblems(problems) {
    const key = problems ? `${problems.field}\n${problems.texts.join("\n")}` : "";
    if (key === this.problemsDrawn) return;
    this.problemsDrawn = key;
    this.node.querySelector(".workshop-msg")?.remove();
    for (const control of Object.values(this.fields)) control.removeAttribute("aria-describedby");
    if (!problems) return;
    const wrap = this.wraps[problems.field] && !this.wraps[problems.field].hidden ? this.wraps[problems.field] : this.wraps.preset;
    const msg = el("p", { class: "workshop-msg", id: "workshop-msg", role: "alert" },
      `${problems.texts.join(" ")} ${t("The board keeps its game until the rules fit together.")}`);
    wrap.append(msg);
    if (problems.field !== "preset") msg.scrollIntoView({ block: "nearest" }); // in view with its control
    (this.fields[problems.field] ?? this.preset).setAttribute("aria-describedby", "workshop-msg");
  }
}
