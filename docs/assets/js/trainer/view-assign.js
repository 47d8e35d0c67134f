// The assignment's part of the trainer page (ctrl-assign.js runs it): the start form, the line
// "Puzzle 2 of 6" above the board, and the finish screen with the result code and its QR code.
import { t, tn } from "../i18n.js";
import { el } from "../dom.js";
import { fitBytes } from "../assignment-code.js";

const WORDS = {
  first: () => t("✓ solved at the first try"),
  solved: () => t("✓ solved"),
  missed: () => t("✗ missed"),
  untried: () => t("– not tried"),
};

/** The assignment's part of the trainer page: start form, "Puzzle 2 of 6", finish screen. */
export class AssignmentPanel {
  /** `on`: {start(name), finishNow(), restart(), qr(text, label) -> Promise<Element>} */
  constructor(run, on) {
    this.run = run;
    this.on = on;
    this.node = el("section", { class: "assign-panel", "aria-label": t("Assignment") });
  }

  /** The start form: the assignment's name and size, the pupil's name. */
  showStart() {
    const a = this.run.assignment;
    const form = el("form", { class: "assign-start" });
    const input = el("input", {
      id: "assign-pupil", class: "assign-pupil", autocomplete: "name", maxlength: "40",
    });
    const label = el("label", { for: "assign-pupil" }, t("Your name (as your teacher should see it):"));
    const go = el("button", { type: "submit", class: "md-button md-button--primary assign-go" }, t("Start"));
    const msg = el("p", { class: "assign-msg", role: "status" });
    form.append(label, input, go, msg);
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const name = fitBytes(input.value);
      if (!name) {
        msg.textContent = t("Type your name first: it goes into your result code.");
        input.focus();
        return;
      }
      this.on.start(name);
    });
    this.node.replaceChildren(
      el("h2", { class: "assign-title" }, t("Assignment: {name}", { name: a.name })),
      el("p", {}, tn("{n} puzzle. Each puzzle counts once: at the first try, solved after a wrong try or a hint, or missed (“Show solution”). At the end you get a code for your teacher.",
        "{n} puzzles. Each puzzle counts once: at the first try, solved after a wrong try or a hint, or missed (“Show solution”). At the end you get a code for your teacher.", a.ids.length)),
      form);
    this.node.hidden = false;
    setTimeout(() => input.focus({ preventScroll: true }), 0);
  }

  /** The line above the board while the pupil solves. */
  showProgress(i) {
    const a = this.run.assignment;
    const line = el("p", { class: "assign-progress" });
    line.append(el("strong", { class: "assign-count" }, t("Puzzle {i} of {n}", { i: i + 1, n: a.ids.length })),
      ` · ${a.name} · ${this.run.pupil}`);
    // "Finish now", asked once more: the puzzles left count as not tried in the result code.
    const finish = el("button", { type: "button", class: "md-button assign-finish" }, t("Finish now"));
    const ask = el("p", { class: "assign-finish-ask", role: "group", hidden: true });
    const yes = el("button", { type: "button", class: "md-button md-button--primary assign-finish-yes" }, t("Yes, finish"));
    const no = el("button", { type: "button", class: "md-button assign-finish-no" }, t("Go on"));
    const words = el("span", {});
    ask.append(words, " ", yes, " ", no);
    finish.addEventListener("click", () => {
      // Asked now: a puzzle tried meanwhile counts as missed, not as not tried.
      const n = this.run.results.filter((r, k) => r === null && !this.run.failed[k]).length;
      words.textContent = tn("Finish now? {n} puzzle counts as not tried in your result code.",
        "Finish now? {n} puzzles count as not tried in your result code.", n);
      ask.hidden = false;
      finish.hidden = true;
      yes.focus();
    });
    no.addEventListener("click", () => {
      ask.hidden = true;
      finish.hidden = false;
      finish.focus();
    });
    yes.addEventListener("click", () => this.on.finishNow());
    line.append(" ", finish);
    this.node.replaceChildren(line, ask);
    this.node.hidden = false;
  }

  /** The finish screen: the results, the code in large letters and its QR code. */
  async showFinish(pageUrl) {
    const run = this.run;
    const code = run.code();
    const list = el("ol", { class: "assign-results" });
    run.results.forEach((r, i) => {
      list.append(el("li", { "data-result": r }, `${run.assignment.ids[i]}: ${WORDS[r]()}`));
    });
    const first = run.results.filter((r) => r === "first").length;
    const solved = run.results.filter((r) => r === "first" || r === "solved").length;
    const untried = run.results.filter((r) => r === "untried").length;
    const codeBox = el("p", { class: "assign-code-line" });
    const big = el("output", { class: "assign-code", "aria-label": t("Result code {code}", { code: code.split("").join(" ") }) });
    code.split("-").forEach((group, i) => {
      if (i) big.append("-", el("wbr")); // a long code breaks between its groups only
      big.append(group);
    });
    codeBox.append(t("Your result code:"), " ", big);
    const qrBox = el("div", { class: "assign-qr" });
    const again = el("button", { type: "button", class: "md-button assign-restart" }, t("Another pupil on this device"));
    again.addEventListener("click", () => this.on.restart());
    this.node.replaceChildren(
      el("h2", { class: "assign-title" }, t("Finished: {name}", { name: run.assignment.name })),
      el("p", { class: "assign-summary" },
        t("{pupil}: {solved} of {total} solved, {first} at the first try.", { pupil: run.pupil, solved, total: run.total, first })
        + (untried ? " " + tn("{n} puzzle not tried.", "{n} puzzles not tried.", untried) : "")),
      list, codeBox,
      el("p", {}, t("Show this code to your teacher, read it out, or let them scan the QR code.")),
      qrBox, again);
    this.node.hidden = false;
    try {
      const qr = await this.on.qr(run.tableUrl(pageUrl), t("QR code of your result code {code}", { code }));
      if (qr) qrBox.append(qr); // null only for a link longer than any QR code holds
    } catch {
      qrBox.append(el("p", {}, t("(The QR code could not be drawn: the code above is all your teacher needs.)")));
    }
  }
}
