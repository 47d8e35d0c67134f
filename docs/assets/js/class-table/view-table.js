// The class's results: its title and the pupils' link, the table (a row per pupil, a column per
// puzzle, the three counts; sortable by any column; a Remove button a row), the class's totals,
// the key, the hardest puzzles, and Print / Export as CSV / Save the class to a file.
import { t, tn } from "../i18n.js";
import { button, el } from "../dom.js";
import { onOtherBase } from "../site-address.js";
import { WORDS, hardest, puzzleTotals, rowTotals } from "../class-roster.js";

export class TableView {
  /** @param ctrl the class table's controller */
  constructor(ctrl) {
    this.ctrl = ctrl;
    this.head = el("div", { class: "class-head" });
    this.table = el("div", { class: "class-table-wrap" });
    this.hard = el("div", { class: "class-hardest" });
    this.actions = el("div", { class: "class-controls class-actions" });
    const btn = (cls, text, fn) => this.actions.append(button(cls, text, fn));
    btn("class-print", t("Print the table"), () => window.print());
    btn("class-csv", t("Export as CSV (spreadsheet)"), () => ctrl.exportCsv());
    btn("class-export", t("Save the class to a file"), () => ctrl.exportFile());
  }

  update() {
    const { ctrl } = this;
    if (!ctrl.cls) return;
    const key = `${ctrl.version} ${ctrl.sort.key} ${ctrl.sort.dir} ${ctrl.pupilsBase}`;
    if (key === this.drawn) return;
    this.drawn = key;
    const { cls } = ctrl;
    const a = cls.assignment;
    const link = el("a", { href: ctrl.pupilsLink(onOtherBase), target: "_blank", rel: "noopener" }, t("the pupils' link"));
    const [before, after] = tn("Assignment {id}, {puzzles} puzzles, {n} pupil so far ({link}).",
      "Assignment {id}, {puzzles} puzzles, {n} pupils so far ({link}).", cls.rows.length, { id: a.id, puzzles: a.ids.length }).split("{link}");
    const line = el("p", {});
    line.append(before, link, after ?? "");
    this.head.replaceChildren(el("h2", { class: "class-title" }, a.name), line);
    this.drawTable();
    this.drawHardest();
  }

  drawTable() {
    const { ctrl } = this;
    const cls = ctrl.cls;
    const ids = cls.assignment.ids;
    const said = WORDS;
    const table = el("table", { class: "class-results" });
    table.append(el("caption", {}, t("Results: {name}", { name: cls.assignment.name })));
    const head = el("tr", {});
    const th = (key, text, title) => {
      const cell = el("th", { scope: "col", "data-key": String(key) });
      const active = ctrl.sort.key === key;
      if (active) cell.setAttribute("aria-sort", ctrl.sort.dir > 0 ? "ascending" : "descending");
      const b = el("button", { type: "button", class: "class-sort", title: title || t("Sort by {column}", { column: text }) }, text);
      if (active) b.append(el("span", { "aria-hidden": "true" }, ctrl.sort.dir > 0 ? " ▲" : " ▼"));
      b.addEventListener("click", () => ctrl.sortBy(key));
      cell.append(b);
      head.append(cell);
    };
    th("pupil", t("Pupil"));
    ids.forEach((id, i) => th(i, `${i + 1}`, t("Puzzle {n}: {id} (sort by it)", { n: i + 1, id })));
    th("first", t("First try"), t("Sort by the puzzles solved at the first try"));
    th("later", t("Later try"), t("Sort by the puzzles solved after a wrong move or a hint"));
    th("missed", t("Missed"));
    th("untried", t("Not tried"), t("Sort by the puzzles left when the pupil pressed Finish now"));
    head.append(el("th", { scope: "col", class: "class-controls" }, ""));
    const thead = el("thead", {});
    thead.append(head);
    const tbody = el("tbody", {});
    for (const row of ctrl.sortedRows()) tbody.append(this.row(row, ids, said));
    if (!cls.rows.length) {
      const tr = el("tr", {});
      tr.append(el("td", { colspan: String(ids.length + 6) }, t("No results yet: add the pupils' codes above.")));
      tbody.append(tr);
    }
    const foot = el("tr", { class: "class-totals" });
    foot.append(el("th", { scope: "row" }, t("Class")));
    for (const p of puzzleTotals(cls)) {
      foot.append(el("td", { title: p.id, class: "class-puzzle-total" },
        p.untried
          ? t("{first} first try, {later} later try, {missed} missed, {untried} not tried", { first: p.first, later: p.later, missed: p.missed, untried: p.untried })
          : t("{first} first try, {later} later try, {missed} missed", { first: p.first, later: p.later, missed: p.missed })));
    }
    const all = cls.rows.map(rowTotals);
    const sum = (k) => String(all.reduce((s, x) => s + x[k], 0));
    foot.append(el("td", {}, sum("first")), el("td", {}, sum("later")), el("td", {}, sum("missed")), el("td", {}, sum("untried")),
      el("td", { class: "class-controls" }));
    const tfoot = el("tfoot", {});
    tfoot.append(foot);
    table.append(thead, tbody, tfoot);
    const list = ids.map((id, i) => `${i + 1} = ${id}`).join(", ");
    const key = el("p", { class: "class-key" }, t("Puzzles: {list}.", { list }) + " " +
      t("✓ first try: solved with no wrong move and no hint; ✓ later try: solved after a wrong move or a hint; ✗ missed: the solution was shown; – not tried: the pupil pressed Finish now before reaching it. Each pupil's four counts add up to the number of puzzles."));
    const wrap = el("div", { class: "class-scroll" });
    wrap.append(table);
    this.table.replaceChildren(wrap, key);
  }

  row(row, ids, said) {
    const tr = el("tr", { "data-code": row.code });
    tr.append(el("th", { scope: "row", class: "class-pupil" }, row.pupil));
    row.results.forEach((r, i) => tr.append(el("td", { "data-result": r, title: `${ids[i]}: ${said[r]}` }, said[r])));
    const n = rowTotals(row);
    tr.append(el("td", { class: "class-total", "data-total": "first" }, String(n.first)),
      el("td", { class: "class-total", "data-total": "later" }, String(n.later)),
      el("td", { class: "class-total", "data-total": "missed" }, String(n.missed)),
      el("td", { class: "class-total", "data-total": "untried" }, String(n.untried)));
    const rm = el("button", { type: "button", class: "class-remove", "aria-label": t("Remove {pupil}'s row", { pupil: row.pupil }) }, t("Remove"));
    rm.addEventListener("click", () => {
      if (window.confirm(t("Remove {pupil}'s row? (Their code adds it again.)", { pupil: row.pupil }))) this.ctrl.remove(row.code);
    });
    const cell = el("td", { class: "class-controls" });
    cell.append(rm);
    tr.append(cell);
    return tr;
  }

  drawHardest() {
    const cls = this.ctrl.cls;
    if (!cls.rows.length) return this.hard.replaceChildren();
    const hard = hardest(cls);
    const list = el("ol", {});
    for (const p of hard) {
      list.append(el("li", {}, t("Puzzle {n} ({id}): {missed} missed, {later} solved at a later try, {first} at the first try.",
        { n: p.index + 1, id: p.id, missed: p.missed, later: p.later, first: p.first })));
    }
    this.hard.replaceChildren(el("h3", {}, t("The hardest puzzles")),
      hard.length ? list : el("p", {}, t("Every puzzle was solved at the first try by everyone so far.")));
  }
}
