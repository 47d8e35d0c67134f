// The teachers' assignment builder (docs/teachers/assignments.md, issue #22): choose puzzles from
// the collection (filters by game, theme and difficulty, a checkbox each, a preview of the
// position), name the assignment, and get its link for the class, with a QR code, a copy button
// and a link to its class table. The puzzle list and the previews come from the Python worker
// (ops puzzle_list and open); the link is made by assignment-code.js.
import { connect } from "./worker-client.js";
import { el } from "./dom.js";
import { AssignmentError, MAX_PUZZLES, checkAssignment, encodeAssignment } from "./assignment-code.js";
import { qrSvg } from "./qr.js";
import { fillPuzzleFilters } from "./puzzle-filters.js";

const PREVIEW_ID = "assignment-preview";

class Builder {
  constructor(root) {
    this.root = root;
    this.all = [];
    this.chosen = []; // puzzle ids, in the assignment's order
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
  }

  dispose() {
    this.disposed = true;
    this.api?.call("close", { board_id: PREVIEW_ID }).catch(() => {});
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
      .sort((a, b) => (a.rating ?? 0) - (b.rating ?? 0) || a.id.localeCompare(b.id));
  }

  renderList() {
    const ps = this.filtered();
    this.count.textContent = `${ps.length} puzzle${ps.length === 1 ? "" : "s"} shown, easiest first.`;
    this.list.replaceChildren(...ps.map((p) => {
      const li = el("li", { "data-id": p.id });
      const box = el("input", { type: "checkbox", value: p.id, id: `assign-pick-${p.id}`, checked: this.chosen.includes(p.id) });
      const label = el("label", { for: `assign-pick-${p.id}` });
      label.append(el("strong", {}, p.id), ` · ${p.game} · ${"★".repeat(p.difficulty)}${typeof p.rating === "number" ? ` · rating ${p.rating}` : ""} · ${p.themes.join(", ")}`);
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
    this.chosenList.replaceChildren(...this.chosen.map((id) => {
      const li = el("li", { "data-id": id }, `${id} `);
      li.append(el("button", { type: "button", class: "assign-remove", "data-remove": id, "aria-label": `Remove ${id}` }, "Remove"));
      return li;
    }));
    if (!n) this.chosenList.append(el("li", { class: "assign-none" }, "No puzzle yet: tick some in the list."));
    this.out.hidden = true; // the link shown no longer matches the choice
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
    const trainer = new URL(`../../puzzles/#id=${id}`, location.href).href;
    const open = el("a", { href: trainer, target: "_blank", rel: "noopener" }, "Try it in the trainer");
    const info = el("p", {}, `${p.id} · ${p.game} · ${"★".repeat(p.difficulty)} · ${p.goal}${p.roll ? ` Roll: ${p.roll[0]} and ${p.roll[1]}.` : ""} `);
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

  make() {
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
    const link = new URL(`../../puzzles/#assign=${code}`, location.href).href;
    const table = new URL(`../class-table/#assign=${code}`, location.href).href;
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
    const qr = el("div", { class: "assign-qr" });
    const drawn = qrSvg(link, `QR code of the link to the assignment ${a.name}`);
    if (drawn) qr.append(drawn); // null only for a link longer than any QR code holds
    const tableLink = el("a", { href: table, class: "md-button assign-table-link" }, "Open its class table");
    const tryLink = el("a", { href: link, target: "_blank", rel: "noopener", class: "assign-try" }, "open it as a pupil");
    const tail = el("p", {});
    tail.append(`Assignment ${a.id}: “${a.name}”, ${a.ids.length} puzzle${a.ids.length === 1 ? "" : "s"}. Keep this link: the class table needs it too (or `, tryLink, " to check it).");
    this.out.replaceChildren(el("h3", {}, "The link for your class"), field, copy, copied, qr, tail, tableLink);
    this.out.hidden = false;
    this.message("");
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
