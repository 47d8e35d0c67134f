// The teachers' assignment builder (docs/teachers/assignments.md, issue #22): choose puzzles from
// the collection (filters by game, theme and difficulty, a checkbox each, a preview of the
// position), name the assignment, and get its link for the class, with a QR code, a copy button
// and a link to its class table. The puzzle list and the previews come from the Python worker
// (ops puzzle_list and open); the link is made by assignment-code.js.
//
// Difficulty is shown one way everywhere: five stars (★★☆☆☆, "2 of 5"); the list is sorted by it,
// then by the measured rating. The chosen puzzles show their goal, game and stars, and a small
// picture of the position. On a loopback address (the classroom download opened at 127.0.0.1)
// the pupils' link is made with the address serve.py reports for the room's network, or the page
// warns that the pupils' devices cannot open it (issue #34, items 14 and 20).
import { connect } from "./worker-client.js";
import { el } from "./dom.js";
import { AssignmentError, MAX_PUZZLES, checkAssignment, encodeAssignment } from "./assignment-code.js";
import { qrSvg } from "./qr.js";
import { fillPuzzleFilters } from "./puzzle-filters.js";
import { onOtherBase, pupilsBases } from "./site-address.js";

const PREVIEW_ID = "assignment-preview";
const THUMB_ID = "assignment-thumb";

/** Difficulty `d` (1 to 5) as five stars, the same in the list, the preview and the assignment. */
export function starsOf(d) {
  return `${"★".repeat(d)}${"☆".repeat(Math.max(0, 5 - d))}`;
}

function starsNode(d) {
  return el("span", { class: "assign-stars", title: `Difficulty ${d} of 5`, "aria-label": `difficulty ${d} of 5` }, starsOf(d));
}

class Builder {
  constructor(root) {
    this.root = root;
    this.all = [];
    this.chosen = []; // puzzle ids, in the assignment's order
    this.thumbs = new Map(); // puzzle id -> its position's SVG (text), or "" for none
    this.thumbQueue = Promise.resolve();
    this.disposed = false;
    this.build();
  }

  build() {
    const r = this.root;
    r.replaceChildren();
    r.classList.add("assign-builder");
    this.status = el("p", { class: "assign-status", role: "status" }, "Loading the puzzle collection (Python, a few seconds the first time)…");
    const filters = el("div", { class: "assign-filters", role: "group", "aria-label": "Filter the puzzles" });
    const select = (name, label) => {
      const wrap = el("label", { class: "assign-field" }, label);
      const s = el("select", { name, class: `assign-${name}` });
      s.addEventListener("change", () => this.renderList());
      wrap.append(s);
      filters.append(wrap);
      return s;
    };
    this.fGame = select("game", "Game");
    this.fTheme = select("theme", "Theme");
    this.fDiff = select("difficulty", "Difficulty");
    this.bAll = el("button", { type: "button", class: "md-button assign-add-shown" }, "Add the puzzles shown");
    this.bAll.addEventListener("click", () => this.addShown());
    filters.append(this.bAll);
    this.count = el("p", { class: "assign-count-shown" });
    this.list = el("ul", { class: "assign-list", "aria-label": "Puzzles of the collection" });
    this.list.addEventListener("change", (e) => {
      const box = e.target.closest?.("input[type=checkbox]");
      if (box) this.toggle(box.value, box.checked);
    });
    this.list.addEventListener("click", (e) => {
      const b = e.target.closest?.("button[data-preview]");
      if (b) this.preview(b.dataset.preview);
    });
    this.previewBox = el("div", { class: "assign-preview", "aria-live": "polite" },
      "Press “Preview” beside a puzzle to see its position here.");
    const pick = el("div", { class: "assign-pick" });
    pick.append(filters, this.count, this.list);
    const columns = el("div", { class: "assign-columns" });
    columns.append(pick, this.previewBox);

    // The assignment: its puzzles, its name, its link.
    const box = el("section", { class: "assign-made", "aria-labelledby": "assign-made-title" });
    this.chosenTitle = el("h2", { id: "assign-made-title" }, "Your assignment");
    this.chosenList = el("ol", { class: "assign-chosen" });
    this.chosenList.addEventListener("click", (e) => {
      const b = e.target.closest?.("button[data-remove]");
      if (b) this.toggle(b.dataset.remove, false);
      const v = e.target.closest?.("button[data-preview]");
      if (v) this.preview(v.dataset.preview);
    });
    const nameLabel = el("label", { for: "assign-name" }, "Name of the assignment (the pupils see it):");
    this.name = el("input", { id: "assign-name", class: "assign-name", maxlength: "60", placeholder: "e.g. Class 7b: captures" });
    this.bMake = el("button", { type: "button", class: "md-button md-button--primary assign-make" }, "Make the link");
    this.bMake.addEventListener("click", () => this.make());
    this.msg = el("p", { class: "assign-msg", role: "status", "aria-live": "polite" });
    this.out = el("div", { class: "assign-out", hidden: true });
    box.append(this.chosenTitle, this.chosenList, nameLabel, this.name, this.bMake, this.msg, this.out);
    r.append(this.status, columns, box);
    this.renderChosen();
  }

  async mount() {
    this.api = await connect((p) => this.setStatus(p.text),
      (err) => this.setStatus(`The puzzle collection could not be loaded: ${err.message}.`, "error"));
    if (!this.api || this.disposed) return;
    const reply = await this.api.call("puzzle_list", {});
    if (this.disposed) return;
    if (!reply.ok) return this.setStatus(reply.error, "error");
    this.all = reply.puzzles;
    this.byId = new Map(this.all.map((p) => [p.id, p]));
    fillPuzzleFilters({ game: this.fGame, theme: this.fTheme, difficulty: this.fDiff }, reply,
      (d) => `${"★".repeat(d)} (${d} of 5)`);
    this.setStatus(`${this.all.length} puzzles in the collection. Tick the ones you want, or filter and add all shown.`);
    this.renderList();
    this.renderChosen();
  }

  dispose() {
    this.disposed = true;
    this.api?.call("close", { board_id: PREVIEW_ID }).catch(() => {});
    this.api?.call("close", { board_id: THUMB_ID }).catch(() => {});
  }

  setStatus(text, kind = "info") {
    this.status.textContent = text;
    this.status.dataset.kind = kind;
  }

  message(text, kind = "info") {
    this.msg.textContent = text;
    this.msg.dataset.kind = kind;
  }

  filtered() {
    const g = this.fGame.value, t = this.fTheme.value, d = this.fDiff.value;
    return this.all.filter((p) => (!g || p.ruleset === g) && (!t || p.themes.includes(t)) && (!d || p.difficulty === Number(d)))
      .sort((a, b) => a.difficulty - b.difficulty || (a.rating ?? 0) - (b.rating ?? 0) || a.id.localeCompare(b.id));
  }

  renderList() {
    const ps = this.filtered();
    this.count.textContent = `${ps.length} puzzle${ps.length === 1 ? "" : "s"} shown, easiest first (★☆☆☆☆ easiest, ★★★★★ hardest).`;
    this.list.replaceChildren(...ps.map((p) => {
      const li = el("li", { "data-id": p.id });
      const box = el("input", { type: "checkbox", value: p.id, id: `assign-pick-${p.id}`, checked: this.chosen.includes(p.id) });
      const label = el("label", { for: `assign-pick-${p.id}` });
      label.append(el("strong", {}, p.id), ` · ${p.game} · `, starsNode(p.difficulty), ` · ${p.themes.join(", ")}`);
      const b = el("button", { type: "button", class: "md-button assign-preview-button", "data-preview": p.id, "aria-label": `Preview ${p.id}` }, "Preview");
      li.append(box, label, b);
      return li;
    }));
  }

  toggle(id, on) {
    const has = this.chosen.includes(id);
    if (on && !has) {
      if (this.chosen.length >= MAX_PUZZLES) {
        this.message(`An assignment has at most ${MAX_PUZZLES} puzzles.`, "error");
        this.renderList();
        return;
      }
      this.chosen.push(id);
    } else if (!on && has) {
      this.chosen = this.chosen.filter((x) => x !== id);
    }
    this.renderChosen();
    const box = this.list.querySelector(`input[value="${CSS.escape(id)}"]`);
    if (box) box.checked = this.chosen.includes(id);
  }

  addShown() {
    const room = MAX_PUZZLES - this.chosen.length;
    const add = this.filtered().map((p) => p.id).filter((id) => !this.chosen.includes(id));
    this.chosen.push(...add.slice(0, room));
    if (add.length > room) this.message(`Only ${room} more fitted: an assignment has at most ${MAX_PUZZLES} puzzles.`, "error");
    this.renderChosen();
    this.renderList();
  }

  renderChosen() {
    const n = this.chosen.length;
    this.chosenTitle.textContent = `Your assignment: ${n} puzzle${n === 1 ? "" : "s"}`;
    this.chosenList.replaceChildren(...this.chosen.map((id, i) => {
      const p = this.byId?.get(id);
      const li = el("li", { "data-id": id, class: "assign-chosen-item" });
      li.append(el("span", { class: "assign-chosen-number" }, `${i + 1}.`));
      const pic = el("div", { class: "assign-thumb", "aria-hidden": "true" });
      const svg = this.thumbs.get(id);
      if (svg) pic.innerHTML = svg; // drawn by petteia_core.render: our own SVG
      else if (svg === undefined && p) this.thumb(id);
      const text = el("div", { class: "assign-chosen-text" });
      text.append(el("span", { class: "assign-chosen-goal" }, p ? p.goal : id));
      const meta = el("span", { class: "assign-chosen-meta" }, p ? `${p.game} · ` : "");
      if (p) meta.append(starsNode(p.difficulty), ` · ${id}`);
      text.append(meta);
      const buttons = el("span", { class: "assign-chosen-buttons" });
      buttons.append(
        el("button", { type: "button", class: "assign-remove", "data-preview": id, "aria-label": `Preview ${id}` }, "Preview"),
        el("button", { type: "button", class: "assign-remove", "data-remove": id, "aria-label": `Remove ${id}` }, "Remove"));
      li.append(pic, text, buttons);
      return li;
    }));
    if (!n) this.chosenList.append(el("li", { class: "assign-none" }, "No puzzle yet: tick some in the list."));
    this.out.hidden = true; // the link shown no longer matches the choice
  }

  /** Fetch the small picture of puzzle `id` (one at a time, on a board of its own), then show it. */
  thumb(id) {
    if (!this.api || this.thumbs.has(id)) return;
    this.thumbs.set(id, null); // asked for
    this.thumbQueue = this.thumbQueue.then(async () => {
      if (this.disposed || !this.chosen.includes(id)) return this.thumbs.delete(id);
      const reply = await this.api.call("open", { kind: "puzzle", board_id: THUMB_ID, puzzle_id: id }).catch(() => null);
      this.thumbs.set(id, reply?.ok && reply.svg ? reply.svg : "");
      const pic = this.chosenList.querySelector(`li[data-id="${CSS.escape(id)}"] .assign-thumb`);
      if (pic && reply?.svg) pic.innerHTML = reply.svg;
    });
  }

  async preview(id) {
    if (!this.api) return;
    const p = this.byId.get(id);
    this.previewBox.replaceChildren(el("p", {}, `Loading ${id}…`));
    const reply = await this.api.call("open", { kind: "puzzle", board_id: PREVIEW_ID, puzzle_id: id });
    if (this.disposed) return;
    if (!reply.ok) {
      this.previewBox.replaceChildren(el("p", { "data-kind": "error" }, reply.error));
      return;
    }
    const pic = reply.svg
      ? el("div", { class: "assign-preview-svg" })
      : el("p", {}, "(A Duodecim scripta puzzle: the pupil chooses a whole turn.)");
    if (reply.svg) pic.innerHTML = reply.svg; // drawn by petteia_core.render: our own SVG
    if (reply.svg && !this.thumbs.get(id)) this.thumbs.set(id, reply.svg);
    const trainer = new URL(`../../puzzles/#id=${id}`, location.href).href;
    const open = el("a", { href: trainer, target: "_blank", rel: "noopener" }, "Try it in the trainer");
    const info = el("p", {}, `${p.id} · ${p.game} · `);
    info.append(starsNode(p.difficulty), ` · ${p.goal}${p.roll ? ` Roll: ${p.roll[0]} and ${p.roll[1]}.` : ""} `);
    info.append(open);
    const add = el("button", { type: "button", class: "md-button assign-preview-add" },
      this.chosen.includes(id) ? "In the assignment" : "Add to the assignment");
    add.disabled = this.chosen.includes(id);
    add.addEventListener("click", () => {
      this.toggle(id, true);
      add.textContent = "In the assignment";
      add.disabled = true;
    });
    this.previewBox.replaceChildren(el("h3", {}, `Preview: ${id}`), pic, info, add);
  }

  async make() {
    let a;
    try {
      a = checkAssignment({ name: this.name.value, ids: this.chosen });
    } catch (err) {
      if (!(err instanceof AssignmentError)) throw err;
      const why = { "the assignment has no name": "Give the assignment a name first.", "it names no puzzles": "Choose at least one puzzle first." }[err.message];
      this.message(why ?? `This assignment cannot be made: ${err.message}.`, "error");
      return;
    }
    const code = encodeAssignment(a);
    const here = new URL(`../../puzzles/#assign=${code}`, location.href).href;
    const table = new URL(`../class-table/#assign=${code}`, location.href).href;
    const bases = await pupilsBases(location.href, new URL("../../", location.href));
    this.showLink(a, here, table, bases, bases?.lan[0] ?? null);
    this.message("");
  }

  /** Show the link for the class: `here` as made on this page, or on `base` (a LAN address). */
  showLink(a, here, table, bases, base) {
    const link = base ? onOtherBase(here, base) : here;
    const field = el("input", { class: "assign-link", readonly: true, value: link, "aria-label": "The assignment's link" });
    const copy = el("button", { type: "button", class: "md-button assign-copy" }, "Copy the link");
    const copied = el("span", { class: "assign-copied", role: "status" });
    copy.addEventListener("click", async () => {
      field.select();
      try {
        await navigator.clipboard.writeText(link);
        copied.textContent = "Copied.";
      } catch {
        copied.textContent = "Press Ctrl+C (or ⌘C) to copy the selected link.";
      }
    });
    const nodes = [el("h3", {}, "The link for your class")];
    if (bases) nodes.push(this.addressNote(a, here, table, bases, base));
    const qr = el("div", { class: "assign-qr" });
    const drawn = qrSvg(link, `QR code of the link to the assignment ${a.name}`);
    if (drawn) qr.append(drawn); // null only for a link longer than any QR code holds
    const tableLink = el("a", { href: table, class: "md-button assign-table-link" }, "Open its class table");
    const tryLink = el("a", { href: link, target: "_blank", rel: "noopener", class: "assign-try" }, "open it as a pupil");
    const tail = el("p", {});
    tail.append(`Assignment ${a.id}: “${a.name}”, ${a.ids.length} puzzle${a.ids.length === 1 ? "" : "s"}. Keep this link: the class table needs it too (or `, tryLink, " to check it).");
    nodes.push(field, copy, copied, qr, tail, tableLink);
    this.out.replaceChildren(...nodes);
    this.out.hidden = false;
  }

  /** What the teacher must know when this page is on a loopback address (127.0.0.1). */
  addressNote(a, here, table, bases, base) {
    const host = location.host;
    const note = el("div", { class: "assign-address", role: "note", "data-kind": base ? "info" : "error" });
    if (base) {
      note.append(el("p", {}, `This page is open at ${host}, an address that only this computer knows. ` +
        `So the link below uses ${new URL(base).host}, the address at which the pupils' devices reach this computer ` +
        "(they must be on the same network, for example the same Wi-Fi)."));
      if (bases.lan.length > 1) {
        const label = el("label", { class: "assign-field" }, "This computer has more than one network address. The pupils' address:");
        const pick = el("select", { class: "assign-base" });
        for (const b of bases.lan) pick.append(el("option", { value: b, selected: b === base }, new URL(b).host));
        pick.addEventListener("change", () => this.showLink(a, here, table, bases, pick.value));
        label.append(pick);
        note.append(label);
      }
    } else if (bases.listening === "local") {
      note.append(el("p", {}, `Pupils' devices cannot open this link: it names ${host}, which on every device means that device itself, ` +
        "and the server lets only this computer in. Stop serve.py (Ctrl+C) and start it again with " +
        "python3 serve.py --host 0.0.0.0 (on Windows: py serve.py --host 0.0.0.0), then reload this page and make the link again: " +
        "it will use the address the pupils' devices can reach."));
    } else {
      note.append(el("p", {}, `Pupils' devices cannot open this link: it names ${host}, which on every device means that device itself. ` +
        "Open this page at this computer's network address instead (python3 serve.py --host 0.0.0.0 prints it), " +
        "and make the link there."));
    }
    return note;
  }
}

let builder = null;

export function mount(root) {
  builder?.dispose();
  builder = new Builder(root);
  window.__petteiaBuilder = builder; // for tests and debugging
  builder.mount();
}

export function unmount() {
  builder?.dispose();
  builder = null;
}
