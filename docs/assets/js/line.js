// Stepping through a board's line of play (a fence's `moves:`, sent as data-line).
//
// The worker keeps the line as the game's redo history (petteia_core/web/line.py), so the
// board's own buttons do most of the work: "start" is reset (back to the fence's position with
// the line ahead), "back" is undo, "next" is redo, which plays the line's next move, animated,
// while the game follows the line. This module adds "end of the line", relabels those buttons,
// shows where in the line the board stands and adds the keys Home, Page Up, Page Down and End.
// The reader may leave the line at any point by making another move; "start" returns to it.

import { t } from "./i18n.js";
import { icon } from "./icons.js";

const KEYS = { Home: "start", PageUp: "back", PageDown: "next", End: "end" };
export const LINE_KEY_HELP = () => ` ${t("Page Down plays the next move of the line, Page Up takes it back, Home and End go to its start and end.")}`;

export class LineControls {
  constructor(board, controls) {
    this.board = board;
    const { reset, redo, flip } = board.buttons;
    reset.replaceChildren(icon("start"));
    this.label(reset, t("Back to the start of the line"));
    this.label(board.buttons.undo, t("Back one move"));
    this.label(redo, t("Next move of the line"));
    const end = document.createElement("button");
    Object.assign(end, { type: "button", className: "petteia-btn petteia-line-end", disabled: true });
    end.append(icon("end"));
    this.label(end, t("End of the line"));
    end.addEventListener("click", () => this.go("end"));
    controls.insertBefore(end, flip);
    board.buttons.end = end; // enabled with the others when the board comes alive
    this.where = document.createElement("span");
    this.where.className = "petteia-line-where";
    controls.append(this.where); // last, so on a phone it is the one that wraps
    board.wrap.addEventListener("keydown", (e) => this.onKey(e));
  }

  label(button, text) {
    button.setAttribute("aria-label", text);
    button.title = text;
  }

  /** Refresh the buttons and the "Move 2 of 3" counter from the worker's state. */
  update(state) {
    const line = state.line;
    const { redo, end, reset } = this.board.buttons;
    if (!line) return;
    const following = line.ply !== null;
    end.disabled = !this.board.live || (following && line.ply === line.length);
    reset.disabled = !this.board.live || line.ply === 0;
    this.label(redo, following && line.ply < line.length ? t("Next move of the line") : t("Replay the move"));
    this.where.textContent = following ? t("Line: {n} of {total}", { n: line.ply, total: line.length }) : t("Off the line");
  }

  /** "start" | "back" | "next" | "end": the line's buttons, by name (for the keys). */
  async go(where) {
    const b = this.board;
    if (!b.live || b.busy) return;
    if (where === "start") return b.command("reset");
    if (where === "back") return b.command("undo");
    if (where === "next") return b.command("redo");
    const reply = await b.request("line_goto", { board_id: b.id, ply: b.state.line.length });
    if (reply) b.show(reply);
  }

  onKey(e) {
    if (!(e.key in KEYS) || e.altKey || e.ctrlKey || e.metaKey || !this.board.live) return;
    e.preventDefault(); // the page must not scroll
    this.go(KEYS[e.key]);
  }
}
