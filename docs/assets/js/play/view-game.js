// The play page's game column, drawn from the controller (ctrl.js) at every redraw: the status
// line, the dice, the game's buttons, a draw offer between two players, the "Looking back" bar,
// the friend box, and the notice above the board. Buttons call the controller's actions; nothing
// here decides what a game allows.
import { t } from "../i18n.js";
import { el } from "../dom.js";
import { DiceView } from "../dice-view.js";
import { Announcer } from "../announcer.js";
import { FriendPanel } from "./friend-panel.js";
import { SIDES } from "../../vendor/words.mjs";

export class GameView {
  /** @param ctrl the play page's controller */
  constructor(ctrl) {
    this.ctrl = ctrl;
    this.status = el("p", { class: "play-status", role: "status", "aria-live": "polite" });
    this.speech = new Announcer(); // what happens on the board, for screen readers
    this.dice = new DiceView("play-dice");
    this.controls = el("div", { class: "play-controls", role: "group", "aria-label": t("Game controls") });
    const button = (cls, text, fn, extra = {}) => {
      const b = el("button", { type: "button", class: `petteia-btn play-btn ${cls}`, disabled: true, ...extra }, text);
      b.addEventListener("click", fn);
      this.controls.append(b);
      return b;
    };
    this.bUndo = button("play-undo", t("Undo"), () => ctrl.undo());
    this.bRedo = button("play-redo", t("Redo"), () => ctrl.redo());
    this.bFlip = button("play-flip", t("Turn the board"), () => ctrl.flip());
    this.bHint = button("play-hint", t("Show a good move"), () => ctrl.showGoodMove(), {
      title: t("The computer shows a good move for you as an arrow (the record counts the hints used)"),
    });
    this.bStop = button("play-stop", t("Move now"), () => ctrl.moveNow.now(), {
      title: t("The computer stops searching and plays the best move it has found so far"),
    });
    this.bResign = button("play-resign", t("Resign"), () => ctrl.resign());
    this.bDraw = button("play-draw", t("Offer a draw"), () => ctrl.offerDraw());
    this.confirm = el("div", { class: "play-confirm", hidden: true, role: "group", "aria-label": t("Question") });
    this.question = null; // the question on screen
    this.viewBar = el("div", { class: "play-viewing", hidden: true });
    this.viewText = el("span");
    const back = el("button", { type: "button", class: "petteia-btn play-back" }, t("Back to game"));
    back.addEventListener("click", () => ctrl.backToGame());
    this.viewBar.append(this.viewText, back);
    this.friend = new FriendPanel();
    this.friendBox = null;
    this.notice = el("p", { class: "play-notice", role: "alert", hidden: true });
    this.noticeShown = null;
  }

  /** Everything the controller's data decides, drawn again. */
  update(root) {
    const { ctrl } = this;
    const { state, opts, board } = ctrl;
    root.classList.toggle("is-thinking", ctrl.thinking);
    root.classList.toggle("is-viewing", Boolean(ctrl.looking));
    root.dataset.result = state?.result ? state.result.score : "";
    this.status.textContent = ctrl.status.text;
    this.status.dataset.kind = ctrl.status.kind;
    this.drawNotice(ctrl.notice);
    this.drawDice(state);
    const friend = opts.opponent === "friend";
    const none = !board || !state;
    this.bUndo.disabled = none || !state.can_undo || (friend && state.ply <= opts.since);
    this.bRedo.disabled = none || !state.can_redo;
    this.bResign.disabled = none || Boolean(state.result);
    this.bDraw.disabled = none || Boolean(state.result) || !state.can_draw || friend; // a draw by link: agree it in your messages
    this.bFlip.disabled = !board;
    this.bFlip.hidden = state?.kind === "duodecim";
    this.bHint.hidden = !ctrl.hintsOffered(state);
    this.bHint.disabled = none || Boolean(state.result) || state.turn !== opts.side;
    this.bHint.textContent = state?.hints ? t("Show a good move ({n} used)", { n: state.hints }) : t("Show a good move");
    this.bStop.hidden = opts.opponent !== "computer"; // in place from the start of the game: nothing jumps
    this.bStop.disabled = !ctrl.moveNow.available;
    this.drawQuestion(ctrl.question);
    this.viewBar.hidden = !ctrl.looking;
    this.viewText.textContent = ctrl.looking?.text ?? "";
    this.drawFriend(ctrl.friend.box);
  }

  /** A sentence above the board, "info" or "error", with its buttons. */
  drawNotice(notice) {
    if (notice === this.noticeShown) return;
    this.noticeShown = notice;
    const n = this.notice;
    n.replaceChildren(notice.text);
    n.hidden = !notice.text;
    n.dataset.kind = notice.kind;
    n.setAttribute("role", notice.kind === "error" ? "alert" : "status");
    for (const a of notice.actions) {
      const b = el("button", { type: "button", class: "petteia-btn play-notice-action" }, a.label);
      b.addEventListener("click", () => a.run());
      n.append(" ", b);
    }
  }

  /** A question with two answers: "Resign this game?", a draw offered between two players. */
  drawQuestion(q) {
    if (q === this.question) return;
    this.question = q;
    this.confirm.hidden = !q;
    if (!q) return this.confirm.replaceChildren();
    const answer = (a) => {
      const b = el("button", { type: "button", class: `petteia-btn ${a.cls}` }, a.label);
      b.addEventListener("click", () => a.run());
      return b;
    };
    const yes = answer(q.yes);
    this.confirm.replaceChildren(el("span", {}, q.text), yes, answer(q.no));
    yes.focus();
  }

  drawFriend(box) {
    if (box === this.friendBox) return;
    this.friendBox = box;
    if (box.step === "hide") this.friend.hide();
    else if (box.step === "move") this.friend.yourMove(SIDES[box.side], box.first);
    else this.friend.offer(box.link, SIDES[box.next], box.over);
  }

  /** The roll of the side to move (Kubeia, Duodecim scripta). */
  drawDice(state) {
    const d = state?.dice;
    this.dice.show(d ?? null, state?.turn, d ? `${state.ply}:${state.turn}:${d.join("")}` : null, state?.ruleset);
  }

  /** A new game on the page: its roll is drawn afresh. */
  reset() {
    this.dice.reset();
  }
}
