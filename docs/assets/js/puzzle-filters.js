// The puzzle filters' choices (game, theme, difficulty), filled from the worker's puzzle list:
// shared by the trainer (trainer/view-choose.js) and the teachers' assignment builder (assignment-builder.js).
import { el } from "./dom.js";
import { t } from "./i18n.js";

/**
 * Fill three <select>s with "all" and the games, themes and difficulties the collection has.
 * @param {{game: HTMLSelectElement, theme: HTMLSelectElement, difficulty: HTMLSelectElement}} selects
 * @param {{puzzles: {ruleset: string, difficulty: number}[], rulesets: {id: string, name: string}[], themes: {id: string, name: string}[]}} list
 * @param {(d: number) => string} starsText  the words of difficulty `d`
 */
export function fillPuzzleFilters(selects, list, starsText) {
  const opt = (s, value, text) => s.append(el("option", { value }, text));
  opt(selects.game, "", t("All games"));
  for (const g of list.rulesets) if (list.puzzles.some((p) => p.ruleset === g.id)) opt(selects.game, g.id, g.name);
  opt(selects.theme, "", t("All themes"));
  for (const theme of list.themes) opt(selects.theme, theme.id, theme.name);
  opt(selects.difficulty, "", t("Any difficulty"));
  for (let d = 1; d <= 5; d++) if (list.puzzles.some((p) => p.difficulty === d)) opt(selects.difficulty, String(d), starsText(d));
}
