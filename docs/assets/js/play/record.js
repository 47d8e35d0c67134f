// The play page's game as text: the link that reopens it, and the record a player saves, with the
// tags a saved game carries (date, players, level, result). Pure functions of the game's settings
// (`opts`, ctrl.js) and the worker's state.
import { t } from "../i18n.js";

/** The address that opens this game on the play page (a friend's game opens as two players). */
export function gameLink(opts, state, page) {
  const opponent = opts.opponent === "friend" ? "human" : opts.opponent;
  const p = new URLSearchParams({ ruleset: opts.ruleset, side: opts.side, level: String(opts.level), opponent,
    first: opts.first || "w", record: state?.record || "" });
  return `${page}#${p.toString()}`;
}

/** The record with the tags a player expects in a saved game: date, players, level, result. */
export function exportRecord(opts, state, date = today()) {
  if (!state) return "";
  const computer = t("The computer, level {level}", { level: opts.level });
  const other = opts.opponent === "friend" ? t("Your friend") : computer;
  const players = opts.opponent === "human" ? { w: t("White player"), b: t("Black player") }
    : { w: opts.side === "w" ? t("You") : other, b: opts.side === "b" ? t("You") : other };
  const tags = [`[Date "${date}"]`, `[White "${players.w}"]`, `[Black "${players.b}"]`];
  if (opts.opponent === "computer") tags.push(`[Level "${opts.level}"]`);
  tags.push(`[Result "${state.result ? state.result.score : "*"}"]`);
  const [first, ...rest] = state.record.split("\n");
  return [first, ...tags, ...rest].join("\n");
}

/** The file name of a downloaded record. */
export function recordFileName(opts, date = today()) {
  return `petteia-${opts.ruleset}-${date}.txt`;
}

function today() {
  return new Date().toISOString().slice(0, 10);
}
