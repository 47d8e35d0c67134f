// Adding results: the box for result codes (pasted or typed, one a line), "Add to the table", and
// "Scan QR codes with the camera" (the vendored qr-scanner, loaded only when asked for); what
// adding said, one line a code.
import { t } from "../i18n.js";
import { el } from "../dom.js";
import { codeFromScan } from "./store.js";

export class AddView {
  /** @param ctrl the class table's controller */
  constructor(ctrl) {
    this.ctrl = ctrl;
    this.scanner = null;
    this.node = el("form", { class: "class-controls class-add" });
    const label = el("label", { for: "class-codes" }, t("Result codes (paste or type one or more, one per line):"));
    this.codes = el("textarea", { id: "class-codes", class: "class-codes", rows: "3", autocomplete: "off", spellcheck: "false" });
    const add = el("button", { type: "submit", class: "md-button md-button--primary class-add-button" }, t("Add to the table"));
    this.bScan = el("button", { type: "button", class: "md-button class-scan" }, t("Scan QR codes with the camera"));
    this.bScan.addEventListener("click", () => (this.scanner ? this.stopScan() : this.startScan()));
    this.msg = el("div", { class: "class-msg", role: "status", "aria-live": "polite" });
    this.video = el("video", { class: "class-video", hidden: true, muted: true, playsinline: true });
    this.node.append(label, this.codes, add, this.bScan, this.msg, this.video);
    this.node.addEventListener("submit", (e) => {
      e.preventDefault();
      ctrl.addCodes(this.codes.value);
    });
  }

  update() {
    const { ctrl } = this;
    if (ctrl.lines !== this.drawn) {
      this.drawn = ctrl.lines;
      this.msg.replaceChildren(...ctrl.lines.map(([kind, text]) => el("p", { "data-kind": kind }, text)));
    }
    if (ctrl.refused !== null) {
      this.codes.value = ctrl.refused;
      ctrl.refused = null;
    }
  }

  async startScan() {
    let QrScanner;
    try {
      QrScanner = (await import("../../vendor/qr-scanner/qr-scanner.min.js")).default;
    } catch {
      return this.ctrl.sayScan(t("The QR code reader could not be loaded: type or paste the codes instead."));
    }
    if (!(await QrScanner.hasCamera().catch(() => false))) {
      return this.ctrl.sayScan(t("No camera was found on this device: type or paste the codes instead."));
    }
    this.video.hidden = false;
    let last = "";
    const scanner = new QrScanner(this.video, (result) => {
      const text = result?.data ?? String(result);
      if (!text || text === last) return;
      last = text;
      this.ctrl.addCodes(codeFromScan(text));
    }, { returnDetailedScanResult: true, highlightScanRegion: true });
    this.scanner = scanner;
    try {
      await scanner.start();
      this.bScan.textContent = t("Stop the camera");
    } catch (err) {
      this.stopScan();
      this.ctrl.sayScan(t("The camera could not be used ({why}; perhaps permission was not given): type or paste the codes instead.",
        { why: String(err?.message || err).slice(0, 80) }));
    }
  }

  stopScan() {
    if (!this.scanner) return;
    this.scanner.stop();
    this.scanner.destroy();
    this.scanner = null;
    this.video.hidden = true;
    this.bScan.textContent = t("Scan QR codes with the camera");
  }
}
