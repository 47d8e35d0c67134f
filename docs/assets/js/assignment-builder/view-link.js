// The link made for the class: the link (on the pupils' address when this page is on a loopback
// one, issue #34 items 14 and 20), Copy, its QR code, the class table's link, and what the teacher
// must know about the address.
import { t, tn } from "../i18n.js";
import { el } from "../dom.js";
import { qrSvg } from "../qr.js";
import { onOtherBase } from "../site-address.js";

export class LinkView {
  /** @param ctrl the builder's controller (its `made`) */
  constructor(ctrl) {
    this.ctrl = ctrl;
    this.node = el("div", { class: "assign-out", hidden: true });
    this.drawn = null;
  }

  update() {
    const { made } = this.ctrl;
    this.node.hidden = !made;
    if (!made || made === this.drawn) return;
    this.drawn = made;
    const { a, here, table, bases, base } = made;
    const link = base ? onOtherBase(here, base) : here;
    const field = el("input", { class: "assign-link", readonly: true, value: link, "aria-label": t("The assignment's link") });
    const copy = el("button", { type: "button", class: "md-button assign-copy" }, t("Copy the link"));
    const copied = el("span", { class: "assign-copied", role: "status" });
    copy.addEventListener("click", async () => {
      field.select();
      try {
        await navigator.clipboard.writeText(link);
        copied.textContent = t("Copied.");
      } catch {
        copied.textContent = t("Press Ctrl+C (or ⌘C) to copy the selected link.");
      }
    });
    const nodes = [el("h3", {}, t("The link for your class"))];
    if (bases) nodes.push(this.addressNote(bases, base));
    const qr = el("div", { class: "assign-qr" });
    const drawn = qrSvg(link, t("QR code of the link to the assignment {name}", { name: a.name }));
    if (drawn) qr.append(drawn); // null only for a link longer than any QR code holds
    const tableLink = el("a", { href: table, class: "md-button assign-table-link" }, t("Open its class table"));
    const tryLink = el("a", { href: link, target: "_blank", rel: "noopener", class: "assign-try" }, t("open it as a pupil"));
    const [before, after] = tn("Assignment {id}: “{name}”, {n} puzzle. Keep this link: the class table needs it too (or {try} to check it).",
      "Assignment {id}: “{name}”, {n} puzzles. Keep this link: the class table needs it too (or {try} to check it).",
      a.ids.length, { id: a.id, name: a.name }).split("{try}");
    const tail = el("p", {});
    tail.append(before, tryLink, after ?? "");
    nodes.push(field, copy, copied, qr, tail, tableLink);
    this.node.replaceChildren(...nodes);
  }

  /** What the teacher must know when this page is on a loopback address (127.0.0.1). */
  addressNote(bases, base) {
    const host = location.host;
    const note = el("div", { class: "assign-address", role: "note", "data-kind": base ? "info" : "error" });
    const serve = "python3 serve.py --host 0.0.0.0";
    if (base) {
      note.append(el("p", {}, t("This page is open at {host}, an address that only this computer knows. So the link below uses {lan}, the address at which the pupils' devices reach this computer (they must be on the same network, for example the same Wi-Fi).",
        { host, lan: new URL(base).host })));
      if (bases.lan.length > 1) {
        const label = el("label", { class: "assign-field" }, t("This computer has more than one network address. The pupils' address:"));
        const pick = el("select", { class: "assign-base" });
        for (const b of bases.lan) pick.append(el("option", { value: b, selected: b === base }, new URL(b).host));
        pick.addEventListener("change", () => this.ctrl.chooseBase(pick.value));
        label.append(pick);
        note.append(label);
      }
    } else if (bases.listening === "local") {
      note.append(el("p", {}, t("Pupils' devices cannot open this link: it names {host}, which on every device means that device itself, and the server lets only this computer in. Stop serve.py (Ctrl+C) and start it again with {serve} (on Windows: {windows}), then reload this page and make the link again: it will use the address the pupils' devices can reach.",
        { host, serve, windows: "py serve.py --host 0.0.0.0" })));
    } else {
      note.append(el("p", {}, t("Pupils' devices cannot open this link: it names {host}, which on every device means that device itself. Open this page at this computer's network address instead ({serve} prints it), and make the link there.",
        { host, serve })));
    }
    return note;
  }
}
