// The workshop's self-play figures (petteia_core.lab.stats.summarise, as the worker sends them
// after every game) as a table: the same figures, in the same words, as the page "Which rules make
// the best game?" (site_scripts/lab_page.py).
import { el } from "./dom.js";

const pct = (rate, games) => (games === 0 ? "— (no game)"
  : `${Math.round(100 * rate.rate)} % (${Math.round(100 * rate.low)}–${Math.round(100 * rate.high)})`);
const num = (x, digits) => Number(x).toFixed(digits);

/** The rows of the table: [figure, value, what it means]. */
export function statRows(s) {
  const ln = s.length;
  const reasons = Object.entries(s.reasons).map(([reason, n]) => `${reason} ${n}`).join(", ") || "—";
  return [
    ["Games played", String(s.games), ""],
    ["First player wins", pct(s.first_player_win_rate, s.games), `${s.first_player_wins} games`],
    ["Second player wins", pct(s.second_player_win_rate, s.games), `${s.second_player_wins} games`],
    ["Draws", pct(s.draw_rate, s.games), `${s.draws} games`],
    ["Ended by a rule", pct(s.completion, s.games), `${s.unfinished} stopped at the move cap`],
    ["How the games ended", reasons, ""],
    ["Length: median (quartiles)", `${ln.median} (${ln.q1}–${ln.q3})`, `single moves; shortest ${ln.min}, longest ${ln.max}`],
    ["Moves to choose from", num(s.branching_factor, 0), "legal moves in a position, on average"],
    ["Captures a game", num(s.captures_per_game.mean, 1), "pieces"],
    ["Lead changes a game", num(s.lead_changes_per_game.mean, 2), "how often the side ahead changed"],
    ["Ahead after move 20 wins", pct(s.decisiveness, s.decisiveness.games), `of ${s.decisiveness.games} games with a side ahead`],
  ];
}

/** A table of summary `s`. */
export function statsTable(s) {
  const table = el("table", { class: "workshop-stats-table" });
  table.append(el("caption", {}, "Self-play figures (95 % intervals in brackets)"));
  const body = el("tbody");
  for (const [name, value, note] of statRows(s)) {
    const tr = el("tr", { "data-figure": name });
    tr.append(el("th", { scope: "row" }, name), el("td", { class: "workshop-stat" }, value), el("td", { class: "workshop-note" }, note));
    body.append(tr);
  }
  table.append(body);
  return table;
}
