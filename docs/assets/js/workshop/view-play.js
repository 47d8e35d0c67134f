// "Play it": the opponent and side, New game and Undo, the line saying what is on the board, the
// game's status, the live board, and the record box (copy a game's record, or load one).
import { t } from "../i18n.js";
import { el } from "../dom.js";
import { Announcer } from "../announcer.js";
import { copyField } from "./copy.js";
import { LEVELS, SIDES } from "../../vendor/words.mjs";

/** A label above its control, in the workshop's field style. */
export function labelled(control, text) {
  const w = el("div", { class: "workshop-field" });
  w.append(el("label", { for: control.id }, text), control);
  return w;
}

export class PlayView {
  /** @param ctrl the workshop's controller */
  constructor(ctrl) {
    this.ctrl = ctrl;
    this.speech = new Announcer();
    this.node = el("section", { class: "workshop-play", "aria-label": t("Play the variant") });
    this.node.append(el("h2", {}, t("Play it")));
    const controls = el("div", { class: "workshop-controls" });
    this.opponent = el("select", { id: "workshop-opponent", name: "opponent" });
    for (const [n, name] of Object.entries(LEVELS)) {
      this.opponent.append(el("option", { value: `level-${n}` }, t("Computer, level {n}: {name}", { n, name })));
    }
    this.opponent.append(el("option", { value: "friend" }, t("A friend beside you")));
    this.opponent.value = ctrl.opponent.value;
    this.side = el("select", { id: "workshop-side", name: "side" });
    for (const [v, name] of Object.entries(SIDES)) this.side.append(el("option", { value: v }, t("You play {side}", { side: name })));
    const chosen = () => ctrl.setOpponent(this.opponent.value, this.side.value);
    this.opponent.addEventListener("change", chosen);
    this.side.addEventListener("change", chosen);
    this.bNew = el("button", { type: "button", class: "md-button md-button--primary workshop-new", disabled: true }, t("New game with these rules"));
    this.bNew.addEventListener("click", () => ctrl.newGame());
    this.bUndo = el("button", { type: "button", class: "md-button workshop-undo", disabled: true }, t("Undo"));
    this.bUndo.addEventListener("click", () => ctrl.undo());
    controls.append(labelled(this.opponent, t("Opponent")), labelled(this.side, t("Side")), this.bNew, this.bUndo);
    this.playing = el("p", { class: "workshop-playing" });
    this.status = el("p", { class: "workshop-game-status", role: "status" });
    this.figure = el("figure", { class: "petteia-board workshop-board", id: "workshop-board" });
    this.figure.append(el("div", { class: "petteia-svg-wrap" }));
    this.node.append(controls, this.playing, this.status, this.figure, this.records(), this.speech.node);
  }

  records() {
    const { ctrl } = this;
    const box = el("div", { class: "workshop-records" });
    this.record = el("textarea", { class: "workshop-record", rows: 4, "aria-label": t("Game record"),
      placeholder: t("A game's record: copy it from here, or paste one and press “Load a record”.") });
    this.bCopy = el("button", { type: "button", class: "md-button workshop-copy-record", disabled: true }, t("Copy record"));
    this.bCopy.addEventListener("click", async () => {
      this.record.value = ctrl.state?.record ?? "";
      const said = await copyField(this.record, t("The record has been copied."), t("Press Ctrl+C (or ⌘C) to copy the selected record."));
      ctrl.recordSaid(said, "info");
    });
    this.bLoad = el("button", { type: "button", class: "md-button workshop-load", disabled: true }, t("Load a record"));
    this.bLoad.addEventListener("click", () => ctrl.loadRecord(this.record.value));
    this.recordMsg = el("p", { class: "workshop-record-msg", "aria-live": "polite" });
    const buttons = el("div", { class: "workshop-buttons" });
    buttons.append(this.bCopy, this.bLoad);
    box.append(this.record, buttons, this.recordMsg);
    return box;
  }

  /** A new game's board: a fresh figure in place of the old one. */
  newFigure(state) {
    const figure = el("figure", { class: "petteia-board workshop-board", id: "workshop-board", "data-mode": "play",
      "data-ruleset": state.ruleset });
    figure.append(el("div", { class: "petteia-svg-wrap" }));
    this.figure.replaceWith(figure);
    this.figure = figure;
    return figure;
  }

  update() {
    const { ctrl } = this;
    this.side.disabled = ctrl.opponent.value === "friend";
    this.bNew.disabled = !ctrl.rules;
    this.bUndo.disabled = !ctrl.state?.can_undo;
    this.bLoad.disabled = !ctrl.api;
    this.bCopy.disabled = !ctrl.board;
    this.playing.textContent = ctrl.playing;
    this.status.textContent = ctrl.gameStatus.text;
    this.status.dataset.kind = ctrl.gameStatus.kind;
    this.recordMsg.textContent = ctrl.recordMsg.text;
    this.recordMsg.dataset.kind = ctrl.recordMsg.kind;
  }
}
