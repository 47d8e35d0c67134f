// The teachers' assignment builder (docs/teachers/assignments.md, issue #22): choose puzzles from
// the collection (filters by game, theme and difficulty, a checkbox each, a preview of the
// position), name the assignment, and get its link for the class, with a QR code, a copy button
// and a link to its class table.
//
// Difficulty is shown one way everywhere: five stars (★★☆☆☆, "2 of 5"); the list is sorted by it,
// then by the measured rating. This module puts the page together: the controller (ctrl.js, no
// DOM), its views (view-pick.js, view-chosen.js, view-link.js) and the links (store.js).
import { el } from "../dom.js";
import { connect } from "../worker-client.js";
import { BuilderCtrl } from "./ctrl.js";
import { PickView } from "./view-pick.js";
import { ChosenView } from "./view-chosen.js";
import { LinkView } from "./view-link.js";
import { testApi } from "./test-api.js";

class BuilderPage {
  constructor(root) {
    this.root = root;
    this.ctrl = new BuilderCtrl({ redraw: () => this.redraw() });
    this.pick = new PickView(this.ctrl);
    this.link = new LinkView(this.ctrl);
    this.chosen = new ChosenView(this.ctrl, this.link.node);
    root.replaceChildren();
    root.classList.add("assign-builder");
    this.status = el("p", { class: "assign-status", role: "status" });
    root.append(this.status, this.pick.node, this.chosen.node);
    this.redraw();
  }

  redraw() {
    const { status } = this.ctrl;
    this.status.textContent = status.text;
    this.status.dataset.kind = status.kind;
    this.pick.update();
    this.chosen.update();
    this.link.update();
  }
}

let current = null;

export function mount(root) {
  current?.ctrl.dispose();
  current = new BuilderPage(root);
  window.__petteiaBuilder = testApi(current); // for tests and debugging
  current.ctrl.start(connect);
}

export function unmount() {
  current?.ctrl.dispose();
  current = null;
  window.__petteiaBuilder = null;
}
