// The rules workshop (docs/lab/workshop.md, issue #15): compose a ruleset from the rule options,
// read the rules it makes, play it on a live board (against the computer or a friend beside you),
// and let the computer play it against itself a few times, the figures growing after every game.
//
// This module puts the page together: the controller (ctrl.js, the data and actions, no DOM),
// its views (view-*.js, drawn from it at every redraw), the link and a record's rules (store.js)
// and the self-play run (selfplay.js). Python runs in the one worker, so the page never waits.
import { el } from "../dom.js";
import { connect } from "../worker-client.js";
import { WorkshopCtrl } from "./ctrl.js";
import { FormView } from "./view-form.js";
import { RulesView } from "./view-rules.js";
import { PlayView } from "./view-play.js";
import { SelfPlayView } from "./view-selfplay.js";
import { testApi } from "./test-api.js";

class WorkshopPage {
  constructor(root) {
    this.root = root;
    this.ctrl = new WorkshopCtrl({
      redraw: () => this.redraw(),
      boardFigure: (state) => this.play.newFigure(state),
      announce: (text) => this.play.speech.say(text),
      setHash: (hash) => location.hash !== hash && history.replaceState(history.state, "", hash),
    });
    this.form = new FormView(this.ctrl);
    this.rules = new RulesView(this.ctrl);
    this.play = new PlayView(this.ctrl);
    this.selfplay = new SelfPlayView(this.ctrl);
    this.build();
    this.redraw();
  }

  /** The form beside the rules in words; under them, play, then self-play. */
  build() {
    const r = this.root;
    r.replaceChildren();
    r.classList.add("workshop");
    this.status = el("p", { class: "workshop-status", role: "status" });
    this.notice = el("p", { class: "workshop-notice", role: "alert", hidden: true });
    const compose = el("div", { class: "workshop-compose" });
    const formSide = el("div", { class: "workshop-form-side" });
    formSide.append(this.form.node);
    compose.append(formSide, this.rules.node);
    r.append(this.status, this.notice, compose, this.play.node, this.selfplay.node);
  }

  redraw() {
    const { ctrl } = this;
    this.status.textContent = ctrl.loading;
    this.status.hidden = !ctrl.loading;
    this.notice.textContent = ctrl.notice;
    this.notice.hidden = !ctrl.notice;
    this.form.update();
    this.rules.update();
    this.play.update();
    this.selfplay.update();
    if (ctrl.state) this.root.dataset.ply = String(ctrl.state.ply);
  }

  start(hash) {
    window.addEventListener("hashchange", this.onHash);
    return this.ctrl.start(hash || location.hash, connect);
  }

  dispose() {
    window.removeEventListener("hashchange", this.onHash);
    this.ctrl.dispose();
  }

  onHash = () => this.ctrl.onHash(location.hash);
}

let current = null;

export function mount(root, hash) {
  current?.dispose();
  current = new WorkshopPage(root);
  window.__petteiaWorkshop = testApi(current); // the browser tests read the page through it
  current.start(hash);
}

export function unmount() {
  current?.dispose();
  current = null;
  window.__petteiaWorkshop = null;
}
