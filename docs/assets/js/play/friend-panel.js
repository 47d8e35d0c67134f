// The play page's box for a game with a friend by link (play.js owns the game; friend-link.js
// writes the link; qr.js draws its QR code). It shows one of two things:
//
//  - on the reader's turn: whose move it is ("Your move as Black — your friend sent you this game");
//  - after the reader's move: the link for the friend, with "Copy link", "Share…" where the
//    browser can share, and a QR code of the link for a phone beside the screen.
//
// Copying uses the clipboard; where the browser refuses, the link is selected in its text field
// for the reader to copy by hand.
import { t } from "../i18n.js";
import { el } from "../dom.js";
import { qrSvg } from "../qr.js";

export class FriendPanel {
  constructor() {
    this.node = el("section", { class: "play-friend", hidden: true, "aria-label": t("Play a friend by link") });
    this.text = el("p", { class: "play-friend-text" });
    this.send = el("div", { class: "play-friend-send", hidden: true });
    this.field = el("input", { type: "text", class: "play-friend-link", readonly: true, spellcheck: "false",
      "aria-label": t("The link for your friend") });
    this.field.addEventListener("focus", () => this.field.select());
    const row = el("div", { class: "play-friend-buttons" });
    this.bCopy = el("button", { type: "button", class: "petteia-btn play-friend-copy" }, t("Copy link"));
    this.bCopy.addEventListener("click", () => this.copy());
    this.bShare = el("button", { type: "button", class: "petteia-btn play-friend-share", hidden: true }, t("Share…"));
    this.bShare.addEventListener("click", () => this.share());
    row.append(this.bCopy, this.bShare);
    this.more = el("p", { class: "play-friend-more" });
    this.message = el("p", { class: "play-friend-msg", role: "status", "aria-live": "polite" });
    this.qr = el("figure", { class: "play-friend-qr" });
    this.send.append(this.field, row, this.message, this.qr);
    this.node.append(this.text, this.more, this.send);
    this.link = "";
  }

  /** No friend's game on the page. */
  hide() {
    this.node.hidden = true;
    this.link = "";
  }

  /** The reader's turn in a friend's game.
   * @param {string} side  the reader's side, in words @param {boolean} first  no move made yet */
  yourMove(side, first = false) {
    this.node.hidden = false;
    this.node.dataset.step = "move";
    this.send.hidden = true;
    this.link = "";
    this.text.textContent = first ? t("You play {side} against a friend: your move.", { side }) : t("Your move as {side} — sent by your friend.", { side });
    this.more.hidden = false;
    this.more.textContent = first ? t("Then this box gives you a link to send them.") : t("After it you get a link to send back.");
  }

  /**
   * After the reader's move: the link that hands the game to the friend.
   * @param {string} link  the address to send
   * @param {string} next  whose move it is now, in words ("White")
   * @param {boolean} over  the game has ended (the link shows the friend how)
   */
  offer(link, next, over = false) {
    this.node.hidden = false;
    this.node.dataset.step = "send";
    this.send.hidden = false;
    this.more.hidden = true;
    this.text.textContent = over
      ? t("The game is over. Send this link to your friend so they can see the end:")
      : t("Now send this link to your friend: it is {side}'s move.", { side: next });
    if (link === this.link) return;
    const fresh = !this.link; // the box has just turned from "your move" to "send"
    this.link = link;
    this.field.value = link;
    this.message.textContent = "";
    this.bShare.hidden = typeof navigator.share !== "function";
    const code = qrSvg(link, t("QR code of the link for your friend ({side} to move)", { side: next }));
    this.qr.replaceChildren();
    if (code) {
      this.qr.append(code, el("figcaption", {}, t("Or let your friend scan this code with a phone.")));
    } else {
      this.qr.append(el("figcaption", {}, t("This game is too long for a QR code: copy the link instead.")));
    }
    // After a move, the link is what the reader needs next: on a small screen, bring it into view.
    if (fresh) this.node.scrollIntoView({ block: "nearest" });
  }

  async copy() {
    try {
      await navigator.clipboard.writeText(this.link);
      this.message.textContent = t("The link is copied: paste it into a message to your friend.");
    } catch {
      this.field.focus();
      this.field.select();
      this.message.textContent = t("This browser did not let the page copy it. The link is selected: copy it yourself (Ctrl+C, or press and hold, then Copy).");
    }
  }

  async share() {
    try {
      await navigator.share({ title: t("Petteia: your move"), text: t("Your move in our game of Petteia:"), url: this.link });
    } catch (err) {
      if (err?.name !== "AbortError") this.copy(); // no share sheet after all: copy instead
    }
  }
}
