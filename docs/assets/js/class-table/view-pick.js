// Which class: the classes kept in this browser (a list to choose from) and "Load a class file",
// with what loading a file said.
import { t, tn } from "../i18n.js";
import { el } from "../dom.js";

export class PickView {
  /** @param ctrl the class table's controller */
  constructor(ctrl) {
    this.ctrl = ctrl;
    this.node = el("div", { class: "class-controls class-pick" });
    const label = el("label", { for: "class-choose" }, t("Class:"));
    this.choose = el("select", { id: "class-choose", class: "class-choose" });
    this.choose.addEventListener("change", () => ctrl.openStored(this.choose.value));
    this.file = el("input", { type: "file", accept: ".json,application/json", class: "class-import-file", hidden: true });
    this.file.addEventListener("change", () => {
      const file = this.file.files?.[0];
      this.file.value = "";
      if (file) ctrl.importFile(file);
    });
    const load = el("button", { type: "button", class: "md-button class-import" }, t("Load a class file"));
    load.addEventListener("click", () => this.file.click());
    this.node.append(label, this.choose, load, this.file);
    this.fileMsg = el("p", { class: "class-file-msg", role: "status" });
  }

  update() {
    const { ctrl } = this;
    const kept = ctrl.kept();
    const key = JSON.stringify([kept, ctrl.cls?.assignment.id]);
    if (key !== this.drawn) {
      this.drawn = key;
      this.choose.replaceChildren(...kept.map((c) => el("option", { value: c.id, selected: c.id === ctrl.cls?.assignment.id },
        tn("{name} ({id}, {puzzles} puzzles, {n} pupil)", "{name} ({id}, {puzzles} puzzles, {n} pupils)", c.rows,
          { name: c.name, id: c.id, puzzles: c.ids.length }))));
      if (!kept.length) this.choose.append(el("option", { value: "" }, t("no class kept in this browser yet")));
    }
    this.fileMsg.textContent = ctrl.fileMsg.text;
    if (ctrl.fileMsg.text) this.fileMsg.dataset.kind = ctrl.fileMsg.kind;
  }
}
