// The assignment being made: its puzzles (goal, game, stars and a small picture of the position
// each, with Preview and Remove), its name, "Make the link" and what that said.
import { t, tn } from "../i18n.js";
import { el } from "../dom.js";
import { starsNode } from "./view-pick.js";

export class ChosenView {
  /** @param ctrl the builder's controller; @param linkNode where the link made is shown */
  constructor(ctrl, linkNode) {
    this.ctrl = ctrl;
    this.node = el("section", { class: "assign-made", "aria-labelledby": "assign-made-title" });
    this.title = el("h2", { id: "assign-made-title" }, t("Your assignment"));
    this.list = el("ol", { class: "assign-chosen" });
    this.list.addEventListener("click", (e) => {
      const b = e.target.closest?.("button[data-remove]");
      if (b) ctrl.toggle(b.dataset.remove, false);
      const v = e.target.closest?.("button[data-preview]");
      if (v) ctrl.showPreview(v.dataset.preview);
    });
    const nameLabel = el("label", { for: "assign-name" }, t("Name of the assignment (the pupils see it):"));
    this.name = el("input", { id: "assign-name", class: "assign-name", maxlength: "60", placeholder: t("e.g. Class 7b: captures") });
    const make = el("button", { type: "button", class: "md-button md-button--primary assign-make" }, t("Make the link"));
    make.addEventListener("click", () => ctrl.make(this.name.value));
    this.msg = el("p", { class: "assign-msg", role: "status", "aria-live": "polite" });
    this.node.append(this.title, this.list, nameLabel, this.name, make, this.msg, linkNode);
    this.drawn = -1;
  }

  update() {
    const { ctrl } = this;
    this.msg.textContent = ctrl.msg.text;
    this.msg.dataset.kind = ctrl.msg.kind;
    if (this.drawn === ctrl.chosenVersion) return;
    this.drawn = ctrl.chosenVersion;
    const n = ctrl.chosen.length;
    this.title.textContent = tn("Your assignment: {n} puzzle", "Your assignment: {n} puzzles", n);
    this.list.replaceChildren(...ctrl.chosen.map((id, i) => this.item(id, i)));
    if (!n) this.list.append(el("li", { class: "assign-none" }, t("No puzzle yet: tick some in the list.")));
  }

  item(id, i) {
    const p = this.ctrl.byId.get(id);
    const li = el("li", { "data-id": id, class: "assign-chosen-item" });
    li.append(el("span", { class: "assign-chosen-number" }, `${i + 1}.`));
    const pic = el("div", { class: "assign-thumb", "aria-hidden": "true" });
    const svg = this.ctrl.thumbs.get(id);
    if (svg) pic.innerHTML = svg; // drawn by petteia_core.render: our own SVG
    const text = el("div", { class: "assign-chosen-text" });
    text.append(el("span", { class: "assign-chosen-goal" }, p ? p.goal : id));
    const meta = el("span", { class: "assign-chosen-meta" }, p ? `${p.game} · ` : "");
    if (p) meta.append(starsNode(p.difficulty), ` · ${id}`);
    text.append(meta);
    const buttons = el("span", { class: "assign-chosen-buttons" });
    buttons.append(
      el("button", { type: "button", class: "assign-remove", "data-preview": id, "aria-label": t("Preview {id}", { id }) }, t("Preview")),
      el("button", { type: "button", class: "assign-remove", "data-remove": id, "aria-label": t("Remove {id}", { id }) }, t("Remove")));
    li.append(pic, text, buttons);
    return li;
  }
}
