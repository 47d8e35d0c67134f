// What the trainer's address asks for (#daily, #id=classic-001, #assign=…), today's date for the
// puzzle of the day, and one opening of one puzzle (a Session: its own board id in the worker).
import { currentPuzzleId } from "../puzzle-ids.js";

/** Today's date, YYYY-MM-DD, in the reader's time zone. */
export function today() {
  const d = new Date();
  const pad = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** What an address fragment asks for: {route: "daily" | "id" | "assign" | "next", id, assign,
 *  unreadable}. Never throws. */
export function readHash(hash) {
  let h = (hash || "").replace(/^#/, "");
  try {
    h = decodeURIComponent(h);
  } catch {
    return { route: "next", unreadable: true };
  }
  if (h === "daily") return { route: "daily" };
  const m = h.match(/^id=([\s\S]*)$/);
  if (m) return { route: "id", id: currentPuzzleId(m[1]) };
  const a = h.match(/^assign=([\s\S]*)$/);
  if (a) return { route: "assign", assign: a[1] };
  return { route: "next" };
}

let sessions = 0;

/** One opening of one puzzle: its board id in the worker and what the reader did in it. */
export class Session {
  constructor() {
    this.n = ++sessions;
    this.boardId = `trainer-${this.n}`;
    this.puzzle = null; // the puzzle's summary, once open
    this.recorded = false; // the result of this attempt is in the progress
    this.finished = false; // the assignment heard how this puzzle ended
    this.playing = false; // the solution is being played
  }
}

