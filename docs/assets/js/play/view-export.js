// "Record, link and import" under the play page: the game in notation (edit or paste a record and
// play it), copy, download, and a link to the game.
import { t } from "../i18n.js";
import { el } from "../dom.js";
import { exportRecord, gameLink, recordFileName } from "./record.js";

export class ExportView {
  /** @param ctrl the play page's controller @param page the page's address (no hash) */
  constructor(ctrl, page) {
    this.ctrl = ctrl;
    this.page = page;
    const exp = (this.node = el("details", { class: "play-export" }));
    exp.append(el("summary", {}, t("Record, link and import")));
    this.box = el("textarea", { id: "play-record", rows: "6", spellcheck: "false", "aria-label": t("Game record") });
    const row = el("div", { class: "play-export-buttons" });
    const button = (cls, text, fn) => {
      const b = el("button", { type: "button", class: `petteia-btn ${cls}` }, text);
      b.addEventListener("click", fn);
      row.append(b);
    };
    button("play-copy", t("Copy the record"), () => this.copy(ctrl.state?.record || "", t("The record is copied.")));
    button("play-download", t("Download"), () => this.download());
    button("play-link", t("Copy a link to this game"), () => this.copy(this.link(), t("The link is copied.")));
    button("play-import", t("Play the record in the box"), () => ctrl.importRecord(this.box.value, "record"));
    this.message = el("p", { class: "play-export-msg", role: "status", "aria-live": "polite" });
    exp.append(el("label", { for: "play-record" }, t("The game in notation (edit or paste a record, then “Play the record in the box”):")),
      this.box, row, this.message);
    this.drawn = -1;
  }

  update() {
    const { ctrl } = this;
    if (ctrl.stateCount !== this.drawn && ctrl.state) {
      this.drawn = ctrl.stateCount;
      this.box.value = ctrl.state.record;
    }
    this.message.textContent = ctrl.exportMsg;
  }

  link() {
    return gameLink(this.ctrl.opts, this.ctrl.state, this.page());
  }

  async copy(text, done) {
    this.box.value = this.ctrl.state?.record || "";
    try {
      await navigator.clipboard.writeText(text);
      this.ctrl.exportMsg = done;
    } catch {
      this.ctrl.exportMsg = t("Copy this by hand: {text}", { text });
    }
    this.ctrl.redraw();
  }

  download() {
    const blob = new Blob([exportRecord(this.ctrl.opts, this.ctrl.state)], { type: "text/plain;charset=utf-8" });
    const a = el("a", { href: URL.createObjectURL(blob), download: recordFileName(this.ctrl.opts) });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    this.ctrl.exportMsg = t("The record is downloaded.");
    this.ctrl.redraw();
  }
}
