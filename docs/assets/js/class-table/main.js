// The class table (docs/teachers/class-table.md, issue #22): the teacher pastes the pupils'
// result codes (or scans their QR codes with the device's camera) and sees one row per pupil,
// the totals and the hardest puzzles; sortable, printable, exported as CSV, and the whole class
// saved to a file and loaded again. Kept in this browser per assignment (class-roster.js).
//
// The page is opened with the assignment in its address (#assign=…, from the builder), or with a
// pupil's result too (#assign=…&code=…, the QR code of the trainer's finish screen); without one
// it offers the classes kept in this browser and the class file. This module puts the page
// together: the controller (ctrl.js, no DOM), its views (view-*.js) and store.js.
import { el } from "../dom.js";
import { pupilsBases } from "../site-address.js";
import { ClassCtrl } from "./ctrl.js";
import { PickView } from "./view-pick.js";
import { AddView } from "./view-add.js";
import { TableView } from "./view-table.js";
import { download } from "./store.js";
import { testApi } from "./test-api.js";

class ClassPage {
  constructor(root) {
    this.root = root;
    this.ctrl = new ClassCtrl({
      redraw: () => this.redraw(),
      download,
      setHash: (hash) => history.replaceState(null, "", hash),
    });
    this.pick = new PickView(this.ctrl);
    this.add = new AddView(this.ctrl);
    this.table = new TableView(this.ctrl);
    root.replaceChildren();
    root.classList.add("class-table");
    this.note = el("p", { class: "class-note", role: "status", hidden: true });
    this.body = el("div", { class: "class-body", hidden: true });
    this.body.append(this.table.head, this.add.node, this.table.table, this.table.hard, this.table.actions);
    root.append(this.note, this.pick.node, this.pick.fileMsg, this.body);
    pupilsBases(location.href, new URL("../../", location.href)).then((b) => this.ctrl.setPupilsBase(b?.lan[0] ?? null));
  }

  redraw() {
    const { ctrl } = this;
    this.note.textContent = ctrl.note;
    this.note.hidden = !ctrl.note;
    this.body.hidden = !ctrl.cls;
    this.pick.update();
    this.add.update();
    this.table.update();
  }

  dispose() {
    this.add.stopScan();
  }
}

let current = null;

export function mount(root, hash = location.hash) {
  current?.dispose();
  current = new ClassPage(root);
  window.__petteiaClassTable = testApi(current); // for tests and debugging
  current.ctrl.start(hash);
}

export function unmount() {
  current?.dispose();
  current = null;
  window.__petteiaClassTable = null;
}
