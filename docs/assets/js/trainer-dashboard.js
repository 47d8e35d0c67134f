// The trainer's dashboard: the reader's rating and its trend (a small inline SVG chart), and per
// game and per theme how many puzzles were tried and how many solved the first time. Draws from
// the progress (trainer-progress.js) and the puzzle list; no storage, no worker.
import { el } from "./dom.js";

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
    const t = svg("text", { x: PAD - 4, y: y(v) + 4, "text-anchor": "end", class: "tick" });
    t.textContent = String(v);
    s.append(t);
  }
  const pts = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  s.append(svg("polyline", { points: pts, class: "trend" }));
  const last = values[values.length - 1];
  s.append(svg("circle", { cx: x(values.length - 1), cy: y(last), r: 3.5, class: "now" }));
  const cap = svg("text", { x: PAD, y: H - 2, class: "tick" });
  cap.textContent = `${values.length - 1} rated attempts`;
  s.append(cap);
  s.setAttribute("aria-label", `Rating trend over ${values.length - 1} rated attempts: from ${Math.round(values[0])} to ${Math.round(last)}, lowest ${Math.round(lo)}, highest ${Math.round(hi)}.`);
  return s;
}

function table(caption, head, rows) {
  const t = el("table", { class: "trainer-table" });
  t.append(el("caption", {}, caption));
  const hr = el("tr", {});
  for (const h of head) hr.append(el("th", { scope: "col" }, h));
  const thead = el("thead", {});
  thead.append(hr);
  t.append(thead);
  const body = el("tbody", {});
  for (const r of rows) {
    const tr = el("tr", { "data-key": r.key });
    tr.append(el("th", { scope: "row" }, r.name), el("td", {}, `${r.tried} of ${r.total}`),
      el("td", {}, r.tried ? `${r.first} (${Math.round((100 * r.first) / r.tried)}%)` : "–"));
    body.append(tr);
  }
  t.append(body);
  return t;
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
  head.append("Your rating: ", el("strong", { class: "trainer-dash-rating" }, String(Math.round(r.rating))),
    !rated ? " (everyone starts at 1500; it settles after a few puzzles)"
      : r.rd > PROVISIONAL_RD ? ` (after ${rated} rated attempt${rated === 1 ? "" : "s"}: still a first estimate, it moves in big steps for a few more puzzles)`
        : ` (± ${Math.round(2 * r.rd)}, after ${rated} rated attempts)`);
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
  const byTheme = tally(puzzles, progress, (p) => p.themes.map((t) => [t, t]));
  byTheme.sort((a, b) => (a.name < b.name ? -1 : 1));
  const head3 = ["", "Tried", "Solved first time"];
  root.append(table("By game", ["Game", ...head3.slice(1)], byGame),
    table("By theme", ["Theme", ...head3.slice(1)], byTheme));
  const best = el("p", { class: "trainer-bests" },
    `Best streak run: ${progress.modes.streak} · Best timed run: ${progress.modes.timed} · `
    + `Longest run of solves: ${progress.best}`);
  root.append(best);
}
