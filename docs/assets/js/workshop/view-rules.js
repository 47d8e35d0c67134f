// The workshop's rules in words (one sentence per rule, the changed ones marked) and the link to
// them. While the form's options do not fit together the last good rules stay, greyed (is-stale).
import { t } from "../i18n.js";
import { el } from "../dom.js";
import { copyField } from "./copy.js";

export class RulesView {
  /** @param ctrl the workshop's controller */
  constructor(ctrl) {
    this.ctrl = ctrl;
    this.node = el("section", { class: "workshop-rules-box", "aria-label": t("The rules in words") });
    this.title = el("h3", { class: "workshop-title" }, t("The rules"));
    this.list = el("ol", { class: "workshop-rules" });
    const linkRow = el("div", { class: "workshop-link-row" });
    this.link = el("input", { type: "text", readonly: true, class: "workshop-link", "aria-label": t("Link to these rules") });
    this.copyButton = el("button", { type: "button", class: "md-button workshop-copy-link" }, t("Copy link"));
    this.copied = el("span", { class: "workshop-copied", "aria-live": "polite" });
    this.copyButton.addEventListener("click", async () => {
      this.copied.textContent = await copyField(this.link, t("The link has been copied."), t("Press Ctrl+C (or ⌘C) to copy the selected link."));
    });
    linkRow.append(this.link, this.copyButton, this.copied);
    this.node.append(this.title, this.list, linkRow);
    this.linesDrawn = null;
  }

  update() {
    const { ctrl } = this;
    const ok = !!ctrl.rules;
    this.copyButton.disabled = !ok;
    this.list.classList.toggle("is-stale", !ok && ctrl.lines.length > 0);
    if (!ok || ctrl.lines === this.linesDrawn) return;
    this.linesDrawn = ctrl.lines;
    this.title.textContent = ctrl.rules.title;
    this.list.replaceChildren(...ctrl.lines.map((rule) => {
      const li = el("li", { "data-topic": rule.topic, class: rule.changed ? "is-changed" : null }, rule.text);
      if (rule.changed) li.append(" ", el("span", { class: "workshop-changed" }, t("changed")));
      return li;
    }));
    this.link.value = location.href;
    this.copied.textContent = "";
  }
}
