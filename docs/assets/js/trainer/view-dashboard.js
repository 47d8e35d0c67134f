// The trainer's dashboard: the reader's rating and its trend (a small inline SVG chart), and per
// game and per theme how many puzzles were tried and how many solved the first time. Draws from
// the progress (store.js) and the puzzle list; no storage, no worker.
import { t, tn } from "../i18n.js";
import { button, el } from "../dom.js";
import { today } from "./address.js";

const SVG = "http://www.w3.org/2000/svg";
const W = 320, H = 110, PAD = 34; // the chart's box (it scales with the page)
const PROVISIONAL_RD = 110; // above this deviation the rating is called a first estimate

/** The rows of one table: [{key, name, tried, first}] for puzzles grouped by `groupOf(p)` (a list). */
export function tally(puzzles, progress, groupOf) {
  const rows = new Map();
  for (const p of puzzles) {
    for (const [key, name] of groupOf(p)) {
      if (!rows.has(key)) rows.set(key, { key, name, total: 0, tried: 0, first: 0 });
      const r = rows.get(key);
      r.total += 1;
      if (p.id in progress.tries) r.tried += 1;
      if (progress.first[p.id] === "solved") r.first += 1;
    }
  }
  return [...rows.values()];
}

/** The rating after each rated attempt, oldest first (with the start, 1500, in front). */
export function ratingTrend(progress) {
  const points = progress.history.filter((h) => h[3] !== null).map((h) => h[3]);
  return points.length ? [1500, ...points] : [];
}

function svg(name, attrs = {}) {
  const n = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
  return n;
}

/** A small line chart of `values` (the rating trend), with its lowest and highest value marked. */
export function chart(values) {
  const s = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "trainer-chart", role: "img" });
  const lo = Math.min(...values), hi = Math.max(...values);
  const span = Math.max(50, hi - lo);
  const x = (i) => PAD + ((W - PAD - 6) * i) / Math.max(1, values.length - 1);
  const y = (v) => 8 + (H - 24) * (1 - (v - (lo + hi - span) / 2) / span);
  s.append(svg("line", { x1: PAD, y1: H - 14, x2: W - 4, y2: H - 14, class: "axis" }));
  for (const v of new Set([Math.round(lo), Math.round(hi)])) {
    const tick = svg("text", { x: PAD - 4, y: y(v) + 4, "text-anchor": "end", class: "tick" });
    tick.textContent = String(v);
    s.append(tick);
  }
  const pts = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  s.append(svg("polyline", { points: pts, class: "trend" }));
  const last = values[values.length - 1];
  s.append(svg("circle", { cx: x(values.length - 1), cy: y(last), r: 3.5, class: "now" }));
  const cap = svg("text", { x: PAD, y: H - 2, class: "tick" });
  cap.textContent = tn("{n} rated attempt", "{n} rated attempts", values.length - 1);
  s.append(cap);
  s.setAttribute("aria-label", tn("Rating trend over {n} rated attempt: from {from} to {to}, lowest {lo}, highest {hi}.",
    "Rating trend over {n} rated attempts: from {from} to {to}, lowest {lo}, highest {hi}.", values.length - 1,
    { from: Math.round(values[0]), to: Math.round(last), lo: Math.round(lo), hi: Math.round(hi) }));
  return s;
}

function table(caption, head, rows) {
  const tbl = el("table", { class: "trainer-table" });
  tbl.append(el("caption", {}, caption));
  const hr = el("tr", {});
  for (const h of head) hr.append(el("th", { scope: "col" }, h));
  const thead = el("thead", {});
  thead.append(hr);
  tbl.append(thead);
  const body = el("tbody", {});
  for (const r of rows) {
    const tr = el("tr", { "data-key": r.key });
    tr.append(el("th", { scope: "row" }, r.name), el("td", {}, t("{tried} of {total}", { tried: r.tried, total: r.total })),
      el("td", {}, r.tried ? `${r.first} (${Math.round((100 * r.first) / r.tried)}%)` : "–"));
    body.append(tr);
  }
  tbl.append(body);
  return tbl;
}

/**
 * Fill `root` with the dashboard for `progress` over `puzzles` (the trainer's list) and `games`
 * ([{id, name}]). `actions` are elements (buttons) shown under the tables.
 */
export function renderDashboard(root, progress, puzzles, games, actions = []) {
  root.replaceChildren();
  const r = progress.rating;
  const rated = progress.history.filter((h) => h[3] !== null).length;
  const head = el("p", { class: "trainer-rating-line" });
  head.append(t("Your rating:"), " ", el("strong", { class: "trainer-dash-rating" }, String(Math.round(r.rating))), " ",
    !rated ? t("(everyone starts at 1500; it settles after a few puzzles)")
      : r.rd > PROVISIONAL_RD ? tn("(after {n} rated attempt: still a first estimate, it moves in big steps for a few more puzzles)",
        "(after {n} rated attempts: still a first estimate, it moves in big steps for a few more puzzles)", rated)
        : tn("(± {pm}, after {n} rated attempt)", "(± {pm}, after {n} rated attempts)", rated, { pm: Math.round(2 * r.rd) }));
  root.append(head);
  if (actions.length) {
    const box = el("div", { class: "trainer-dash-actions" });
    box.append(...actions);
    root.append(box);
  }
  const trend = ratingTrend(progress);
  if (trend.length >= 2) root.append(chart(trend));
  const name = new Map(games.map((g) => [g.id, g.name]));
  const byGame = tally(puzzles, progress, (p) => [[p.ruleset, name.get(p.ruleset) || p.ruleset]]);
  const byTheme = tally(puzzles, progress, (p) => p.themes.map((theme, i) => [theme, p.theme_names[i]]));
  byTheme.sort((a, b) => (a.name < b.name ? -1 : 1));
  const cols = [t("Tried"), t("Solved first time")];
  root.append(table(t("By game"), [t("Game"), ...cols], byGame),
    table(t("By theme"), [t("Theme"), ...cols], byTheme));
  const best = el("p", { class: "trainer-bests" },
    t("Best Streak run: {streak} · Best Timed run: {timed} · Longest run of solves: {best}",
      { streak: progress.modes.streak, timed: progress.modes.timed, best: progress.best }));
  root.append(best);
}

/** The dashboard under the trainer (a function of the controller, ctrl.js): drawn when opened and
 *  again on every change while open, with "Replay my misses" and the progress file's buttons. */
export class DashboardView {
  constructor(ctrl) {
    this.ctrl = ctrl;
    const btn = (cls, text, fn) => button(`trainer-${cls}`, text, fn);
    this.node = el("details", { class: "trainer-dashboard", id: "trainer-dashboard" });
    this.node.append(el("summary", {}, t("Your progress: rating, results, progress file")));
    this.dash = el("div", { class: "trainer-dash" });
    this.bReplay = btn("replay", t("Replay my misses"), () => {
      ctrl.chose();
      ctrl.next(true);
    });
    this.bExport = btn("export", t("Save progress to a file"), () => this.exportFile());
    this.fileInput = el("input", { type: "file", accept: ".json,application/json", class: "trainer-import-file", hidden: true });
    this.fileInput.addEventListener("change", () => this.importFile());
    this.bImport = btn("import", t("Load progress from a file"), () => this.fileInput.click());
    this.fileMsg = el("p", { class: "trainer-file-msg", role: "status", "aria-live": "polite", hidden: true });
    this.node.append(this.dash, this.fileMsg, this.fileInput);
    this.node.addEventListener("toggle", () => this.update());
  }

  update() {
    const { ctrl } = this;
    const failed = ctrl.failedCount();
    this.bReplay.textContent = t("Replay my misses ({n})", { n: failed });
    this.bReplay.disabled = !ctrl.ready || failed === 0 || Boolean(ctrl.mode);
    this.bImport.disabled = !ctrl.ready;
    const msg = ctrl.fileMsg;
    this.fileMsg.hidden = !msg;
    if (msg) {
      this.fileMsg.textContent = msg.text;
      this.fileMsg.dataset.kind = msg.kind;
    }
    const p = ctrl.progress;
    const key = `${this.node.open}|${ctrl.all.length}|${p.history.length}|${p.history.at(-1)?.[0]}|${Object.keys(p.tries).length}|${p.rating.rating}`
      + `|${p.modes.streak}|${p.modes.timed}|${p.best}|${failed}`;
    if (!this.node.open || key === this.key) return;
    this.key = key;
    renderDashboard(this.dash, ctrl.progress, ctrl.all, ctrl.games || [],
      failed ? [this.bReplay, this.bExport, this.bImport] : [this.bExport, this.bImport]);
  }

  exportFile() {
    const url = URL.createObjectURL(new Blob([this.ctrl.keeper.exportText()], { type: "application/json" }));
    const a = el("a", { href: url, download: `petteia-progress-${today()}.json` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    this.ctrl.keeper.exported();
  }

  async importFile() {
    const file = this.fileInput.files?.[0];
    this.fileInput.value = "";
    if (file) this.ctrl.keeper.importText(await file.text());
  }
}
