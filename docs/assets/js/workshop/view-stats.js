// The workshop's self-play figures (petteia_core.lab.stats.summarise, as the worker sends them
// after every game) as a table: the same figures, in the same words, as the page "Which rules make
// the best game?" (site_scripts/build/lab_page.py).
import { t, tn } from "../i18n.js";
import { el } from "../dom.js";

const pct = (rate, games) => (games === 0 ? t("— (no game)")
  : `${Math.round(100 * rate.rate)} % (${Math.round(100 * rate.low)}–${Math.round(100 * rate.high)})`);
const num = (x, digits) => Number(x).toFixed(digits);

const share = (rate) => `${Math.round(100 * rate.rate)} %`;

/**
 * The rows of the table: [key (its `data-figure`), figure, value, the figure in a plain sentence].
 * The value keeps the page's short form ("median 70 (55–154)"); the sentence says what it means.
 */
export function statRows(s) {
  const ln = s.length;
  const reasons = Object.entries(s.reasons).map(([reason, n]) => `${reason} ${n}`).join(", ") || "—";
  const none = s.games === 0;
  const plain = (text) => (none ? "" : text); // no figure to tell before the first game
  return [
    ["games", t("Games played"), String(s.games), tn("The computer played {n} game against itself.", "The computer played {n} games against itself.", s.games)],
    ["first", t("First player wins"), pct(s.first_player_win_rate, s.games),
      plain(t("The side that moves first won {n} of the games ({share}).", { n: s.first_player_wins, share: share(s.first_player_win_rate) }))],
    ["second", t("Second player wins"), pct(s.second_player_win_rate, s.games),
      plain(t("The side that moves second won {n} of the games ({share}).", { n: s.second_player_wins, share: share(s.second_player_win_rate) }))],
    ["draws", t("Draws"), pct(s.draw_rate, s.games), plain(t("{n} of the games ended in a draw ({share}).", { n: s.draws, share: share(s.draw_rate) }))],
    ["ended", t("Ended by a rule"), pct(s.completion, s.games),
      plain(t("{ended} games ended by a rule of the game; {n} were still going at the move cap and were stopped.",
        { ended: s.games - s.unfinished, n: s.unfinished }))],
    ["reasons", t("How the games ended"), reasons, plain(t("Each way a game can end, and how many games ended so."))],
    ["length", t("Length: median (quartiles)"), `${ln.median} (${ln.q1}–${ln.q3})`,
      plain(t("Half the games lasted between {q1} and {q3} single moves, a typical one {median}; the shortest {min}, the longest {max}.",
        { q1: ln.q1, q3: ln.q3, median: ln.median, min: ln.min, max: ln.max }))],
    ["branching", t("Moves to choose from"), num(s.branching_factor, 0),
      plain(t("A player had {n} legal moves to choose from in a position, on average.", { n: num(s.branching_factor, 0) }))],
    ["captures", t("Captures a game"), num(s.captures_per_game.mean, 1),
      plain(t("About {n} pieces were captured in a game.", { n: num(s.captures_per_game.mean, 1) }))],
    ["leads", t("Lead changes a game"), num(s.lead_changes_per_game.mean, 2),
      plain(t("The side with more pieces changed {n} times a game, on average.", { n: num(s.lead_changes_per_game.mean, 2) }))],
    ["decisive", t("Ahead after move 20 wins"), pct(s.decisiveness, s.decisiveness.games),
      s.decisiveness.games === 0 ? "" : tn(
        "In {n} game one side had more pieces after move 20; that side went on to win {share} of the time.",
        "In {n} games one side had more pieces after move 20; that side went on to win {share} of the time.",
        s.decisiveness.games, { share: share(s.decisiveness) })],
  ];
}

/** A table of summary `s`. */
export function statsTable(s) {
  const table = el("table", { class: "workshop-stats-table" });
  table.append(el("caption", {}, t("Self-play figures. In brackets: the range in which the true figure lies, 95 times in 100 (more games make it narrower).")));
  const body = el("tbody");
  for (const [key, name, value, note] of statRows(s)) {
    const tr = el("tr", { "data-figure": key });
    tr.append(el("th", { scope: "row" }, name), el("td", { class: "workshop-stat" }, value), el("td", { class: "workshop-note" }, note));
    body.append(tr);
  }
  table.append(body);
  return table;
}
