// The workshop's self-play figures (petteia_core.lab.stats.summarise, as the worker sends them
// after every game) as a table: the same figures, in the same words, as the page "Which rules make
// the best game?" (site_scripts/build/lab_page.py).
import { t, tn } from "../i18n.js";
import { el } from "../dom.js";

const pct = (rate, games) => (games === 0 ? t("— (no game)")
  : `${Math.round(100 * rate.rate)} % (${Math.round(100 * rate.low)}–${Math.round(100 * rate.high)})`);
const num = (x, digits) => Number(x).toFixed(digits);
const games = (n) => tn("{n} game", "{n} games", n);

/** The rows of the table: [key (its `data-figure`), figure, value, what it means]. */
export function statRows(s) {
  const ln = s.length;
  const reasons = Object.entries(s.reasons).map(([reason, n]) => `${reason} ${n}`).join(", ") || "—";
  return [
    ["games", t("Games played"), String(s.games), ""],
    ["first", t("First player wins"), pct(s.first_player_win_rate, s.games), games(s.first_player_wins)],
    ["second", t("Second player wins"), pct(s.second_player_win_rate, s.games), games(s.second_player_wins)],
    ["draws", t("Draws"), pct(s.draw_rate, s.games), games(s.draws)],
    ["ended", t("Ended by a rule"), pct(s.completion, s.games), t("{n} stopped at the move cap", { n: s.unfinished })],
    ["reasons", t("How the games ended"), reasons, ""],
    ["length", t("Length: median (quartiles)"), `${ln.median} (${ln.q1}–${ln.q3})`,
      t("single moves; shortest {min}, longest {max}", { min: ln.min, max: ln.max })],
    ["branching", t("Moves to choose from"), num(s.branching_factor, 0), t("legal moves in a position, on average")],
    ["captures", t("Captures a game"), num(s.captures_per_game.mean, 1), t("pieces")],
    ["leads", t("Lead changes a game"), num(s.lead_changes_per_game.mean, 2), t("how often the side ahead changed")],
    ["decisive", t("Ahead after move 20 wins"), pct(s.decisiveness, s.decisiveness.games),
      tn("of {n} game with a side ahead", "of {n} games with a side ahead", s.decisiveness.games)],
  ];
}

/** A table of summary `s`. */
export function statsTable(s) {
  const table = el("table", { class: "workshop-stats-table" });
  table.append(el("caption", {}, t("Self-play figures (95 % intervals in brackets)")));
  const body = el("tbody");
  for (const [key, name, value, note] of statRows(s)) {
    const tr = el("tr", { "data-figure": key });
    tr.append(el("th", { scope: "row" }, name), el("td", { class: "workshop-stat" }, value), el("td", { class: "workshop-note" }, note));
    body.append(tr);
  }
  table.append(body);
  return table;
}
