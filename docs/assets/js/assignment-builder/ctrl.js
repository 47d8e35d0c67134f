// The assignment builder's controller (docs/teachers/assignments.md, issue #22; the play page's
// shape, play/ctrl.js): the puzzle collection, the filters, the puzzles chosen, the preview, the
// link made, and their actions; no DOM. The views (view-*.js) draw from it at every `ui.redraw()`.
// The puzzle list and the pictures come from the Python worker (ops puzzle_list and open); the
// link is made by store.js (assignment-code.js's codes).
import { t, tn } from "../i18n.js";
import { MAX_PUZZLES } from "../assignment-code.js";
import { makeLinks } from "./store.js";

const PREVIEW_ID = "assignment-preview";
const THUMB_ID = "assignment-thumb";

export class BuilderCtrl {
  /** @param {object} ui  redraw() */
  constructor(ui) {
    this.ui = ui;
    this.api = null;
    this.disposed = false;
    this.status = { text: t("Loading the puzzle collection (Python, a few seconds the first time)…"), kind: "info" };
    this.list = null; // the worker's puzzle_list reply (its games, themes and difficulties fill the filters)
    this.all = [];
    this.byId = new Map();
    this.filter = { game: "", theme: "", difficulty: "" };
    this.shownVersion = 0; // counts changes of the puzzles shown (the list is drawn again)
    this.chosen = []; // puzzle ids, in the assignment's order
    this.chosenVersion = 0; // counts changes of the chosen puzzles or their pictures
    this.thumbs = new Map(); // puzzle id -> its position's SVG (text), "" for none, null while asked for
    this.thumbQueue = Promise.resolve();
    this.preview = null; // {id, loading} | {id, error} | {id, svg, puzzle}
    this.msg = { text: "", kind: "info" };
    this.made = null; // {a, here, table, bases, base}: the link made, on `base` when one is chosen
  }

  redraw() {
    if (!this.disposed) this.ui.redraw();
  }

  async start(connect) {
    this.api = await connect((p) => this.setStatus(p.text),
      (err) => this.setStatus(t("The puzzle collection could not be loaded: {error}.", { error: err.message }), "error"));
    if (!this.api || this.disposed) return;
    const reply = await this.api.call("puzzle_list", {});
    if (this.disposed) return;
    if (!reply.ok) return this.setStatus(reply.error, "error");
    this.list = reply;
    this.all = reply.puzzles;
    this.byId = new Map(this.all.map((p) => [p.id, p]));
    this.shownVersion++;
    this.chosenChanged();
    this.setStatus(tn("{n} puzzle in the collection. Tick the ones you want, or filter and add all shown.",
      "{n} puzzles in the collection. Tick the ones you want, or filter and add all shown.", this.all.length));
  }

  dispose() {
    this.disposed = true;
    this.api?.call("close", { board_id: PREVIEW_ID }).catch(() => {});
    this.api?.call("close", { board_id: THUMB_ID }).catch(() => {});
  }

  setStatus(text, kind = "info") {
    this.status = { text, kind };
    this.redraw();
  }

  message(text, kind = "info") {
    this.msg = { text, kind };
    this.redraw();
  }

  // ------------------------------------------------------------ choosing
  setFilter(name, value) {
    this.filter = { ...this.filter, [name]: value };
    this.shownVersion++;
    this.redraw();
  }

  /** The puzzles the filters let through, easiest first (then by measured rating). */
  shown() {
    const { game, theme, difficulty } = this.filter;
    return this.all.filter((p) => (!game || p.ruleset === game) && (!theme || p.themes.includes(theme))
      && (!difficulty || p.difficulty === Number(difficulty)))
      .sort((a, b) => a.difficulty - b.difficulty || (a.rating ?? 0) - (b.rating ?? 0) || a.id.localeCompare(b.id));
  }

  toggle(id, on) {
    const has = this.chosen.includes(id);
    if (on && !has) {
      if (this.chosen.length >= MAX_PUZZLES) {
        return this.message(t("An assignment has at most {n} puzzles.", { n: MAX_PUZZLES }), "error");
      }
      this.chosen.push(id);
    } else if (!on && has) {
      this.chosen = this.chosen.filter((x) => x !== id);
    }
    this.chosenChanged();
    this.redraw();
  }

  addShown() {
    const room = MAX_PUZZLES - this.chosen.length;
    const add = this.shown().map((p) => p.id).filter((id) => !this.chosen.includes(id));
    this.chosen.push(...add.slice(0, room));
    if (add.length > room) {
      this.msg = { text: t("Only {room} more fitted: an assignment has at most {n} puzzles.", { room, n: MAX_PUZZLES }), kind: "error" };
    }
    this.chosenChanged();
    this.redraw();
  }

  /** The choice changed: the link shown no longer matches it; pictures are fetched for new puzzles. */
  chosenChanged() {
    this.chosenVersion++;
    this.made = null;
    for (const id of this.chosen) if (this.byId.has(id) && !this.thumbs.has(id)) this.thumb(id);
  }

  /** Fetch the small picture of puzzle `id` (one at a time, on a board of its own). */
  thumb(id) {
    if (!this.api) return;
    this.thumbs.set(id, null); // asked for
    this.thumbQueue = this.thumbQueue.then(async () => {
      if (this.disposed || !this.chosen.includes(id)) return this.thumbs.delete(id);
      const reply = await this.api.call("open", { kind: "puzzle", board_id: THUMB_ID, puzzle_id: id }).catch(() => null);
      this.thumbs.set(id, reply?.ok && reply.svg ? reply.svg : "");
      this.chosenVersion++;
      this.redraw();
    });
  }

  async showPreview(id) {
    if (!this.api) return;
    this.preview = { id, loading: true };
    this.redraw();
    const reply = await this.api.call("open", { kind: "puzzle", board_id: PREVIEW_ID, puzzle_id: id });
    if (this.disposed || this.preview?.id !== id) return;
    if (!reply.ok) {
      this.preview = { id, error: reply.error };
    } else {
      this.preview = { id, svg: reply.svg || "", puzzle: this.byId.get(id) };
      if (reply.svg && !this.thumbs.get(id)) this.thumbs.set(id, reply.svg);
    }
    this.redraw();
  }

  // ------------------------------------------------------------ the link
  async make(name) {
    const links = makeLinks(name, this.chosen, location.href);
    if (links.error) return this.message(links.error, "error");
    const bases = await links.bases;
    this.made = { ...links, bases, base: bases?.lan[0] ?? null };
    this.message("");
  }

  /** The pupils' address chosen among this computer's network addresses. */
  chooseBase(base) {
    this.made = { ...this.made, base };
    this.redraw();
  }
}
