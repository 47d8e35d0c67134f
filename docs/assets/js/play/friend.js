// A game with a friend by link, on the play page: opening a friend's link (its game is checked
// move by move by the worker, its side to move against the link's word, and what it adds to the
// reader's game against store.js's friendsAddition: the friend's moves only, a result the friend
// may claim; all before anything is replaced), asking before it replaces a game in progress,
// keeping the reader's own game aside to come back to, and what the friend box shows after each
// state (friend-panel.js draws it).
import { t } from "../i18n.js";
import { FriendLinkError, continues, friendLink, isFriendLink, readFriendLink } from "./friend-link.js";
import { checkSaved, friendsAddition, resultNoLinkCarries, shorten } from "./store.js";
import { RULESETS, SIDES } from "../../vendor/words.mjs";

/** The reader's side in their game `opts`, when the game has one (not two players on one device). */
function readerSide(opts) {
  return opts.opponent === "friend" || opts.opponent === "computer" ? opts.side : null;
}

export class FriendFlow {
  /** @param ctrl the play page's controller (ctrl.js) */
  constructor(ctrl) {
    this.ctrl = ctrl;
    /** What the friend box shows: {step: "hide"} | {step: "move", side, first} | {step: "send", link, next, over} */
    this.box = { step: "hide" };
    this.asked = 0; // only the latest state's link is shown
  }

  isLink(hash) {
    return isFriendLink(hash);
  }

  /**
   * Open a friend's link. Returns {opened} and, when it was not opened, `after`: what to tell the
   * reader once their own game is on the board (why the link is bad, or the question "Open the
   * friend's game / Keep my game").
   */
  async open(hash) {
    const ctrl = this.ctrl;
    const done = () => !ctrl.disposed && ctrl.ui.clearHash();
    const unchanged = () => (ctrl.state || ctrl.saving.read({ quiet: true }) ? ` ${t("Your game is unchanged.")}` : "");
    const fail = (why) => {
      done();
      const keep = unchanged(); // whether the reader had a game before the link, not a new one started since
      return { opened: false, after: () => ctrl.showNotice(t("This friend's link cannot be opened: {why}.", { why }) + keep, "error") };
    };
    let link;
    try {
      link = await readFriendLink(hash);
    } catch (err) {
      if (!(err instanceof FriendLinkError)) throw err;
      return fail(err.message);
    }
    const mine = this.gameInProgress();
    const opts = { ...ctrl.opts, opponent: "friend", side: link.turn, hints: false };
    const checked = await ctrl.checkRecord(link.record, opts);
    if (!checked) return { opened: false }; // a later New game or link took over
    const { session, reply } = checked;
    if (!reply.ok) return fail(t("its game has been changed or damaged: {error}", { error: shorten(reply.error) }));
    if (!reply.result && reply.turn !== link.turn) {
      session.close();
      return fail(t("it says it is {said}'s move, but in its game it is {real}'s, so it has been changed",
        { said: SIDES[link.turn], real: SIDES[reply.turn] }));
    }
    const goesOn = mine && continues(link.record, mine.record);
    const turn = ctrl.turnOfEvents;
    const why = goesOn ? await this.notTheFriends(mine, reply) : resultNoLinkCarries(reply.result);
    if (turn !== ctrl.turnOfEvents || ctrl.disposed) {
      session.close(); // a later New game or link took over while the reader's game was read
      return { opened: false };
    }
    if (why) {
      session.close();
      return fail(why);
    }
    done();
    // A finished game keeps the reader's side (the link's turn is then the last mover's, or the resigner's).
    const side = goesOn && reply.result && readerSide(mine.opts) ? readerSide(mine.opts) : link.turn;
    const friendOpts = { ...opts, side, ruleset: reply.ruleset, since: reply.ply };
    if (mine && !goesOn) {
      session.close(); // opened again if the reader chooses it
      return { opened: false, after: () => this.ask(link.record, friendOpts) };
    }
    ctrl.showNotice("");
    await ctrl.mount(session, reply, friendOpts);
    return { opened: true };
  }

  /**
   * Whether a link that goes on from the reader's game `mine` ({record, opts}) adds only what the
   * friend may add (store.js friendsAddition), judged against the worker's reading of both games:
   * null when it does, else why not. A game of two players on this device has no side of the
   * reader's: its link is checked for the results no link carries.
   */
  async notTheFriends(mine, reply) {
    const reader = readerSide(mine.opts);
    if (!reader) return resultNoLinkCarries(reply.result);
    const ctrl = this.ctrl;
    let state = ctrl.state?.record === mine.record ? ctrl.state : null;
    if (!state) {
      // The saved game, read by the worker in a session of its own (never shown).
      const reading = ctrl.newSession("friend-mine");
      state = await reading.call("load", { record: mine.record });
      reading.close();
      if (!state?.ok) return t("your own game here could not be read to compare it with the link's");
    }
    return friendsAddition(state, reply, reader);
  }

  /** The game the reader is playing, if it has moves and no result: {record, opts}, or null. */
  gameInProgress() {
    const ctrl = this.ctrl;
    if (ctrl.state) return ctrl.state.ply > 0 && !ctrl.state.result ? { record: ctrl.state.record, opts: ctrl.opts } : null;
    const saved = ctrl.saving.read({ quiet: true });
    const moves = saved?.record.split("\n").some((row) => row.trim() && !row.trim().startsWith("["));
    return moves ? { record: saved.record, opts: saved } : null;
  }

  /** A valid friend's link while another game is in progress: the reader chooses. */
  ask(record, opts) {
    const ctrl = this.ctrl;
    if (!this.gameInProgress()) return ctrl.load(record, opts, "friend"); // the game in progress has ended meanwhile
    ctrl.showNotice(t("Your friend's link holds another game ({game}, {side} to move). Open it instead of the game you are playing here?",
      { game: RULESETS[opts.ruleset], side: SIDES[opts.side] }), "info", [
      { label: t("Open the friend's game"), run: async () => {
        const keep = this.gameInProgress();
        if (!(await ctrl.load(record, opts, "friend"))) return;
        // The reader's own game is kept aside, to come back to with one click.
        if (keep && ctrl.saving.keep(ctrl.store.PREVIOUS, { ...keep.opts, record: keep.record })) this.offerPrevious();
      } },
      { label: t("Keep my game"), run: () => ctrl.showNotice(t("You kept your game. The friend's link was not opened.")) },
    ]);
  }

  /** After a friend's link: the notice offers the reader's own game back. */
  offerPrevious() {
    this.ctrl.showNotice(t("This is a shared game; your own game is kept."), "info", {
      label: t("Back to your game"),
      run: () => this.restorePrevious(),
    });
  }

  async restorePrevious() {
    const ctrl = this.ctrl;
    const raw = ctrl.store.read(ctrl.store.PREVIOUS);
    const prev = raw ? checkSaved(raw) : null;
    if (!prev) return ctrl.showNotice(t("Your earlier game could not be found any more."), "error");
    if (await ctrl.load(prev.opts.record, prev.opts, "previous")) ctrl.store.remove(ctrl.store.PREVIOUS);
  }

  /** After each state of a friend's game: on the reader's turn, whose move it is; after it, the
   * link that hands the game to the friend. */
  async sync(state) {
    const ctrl = this.ctrl;
    const asked = ++this.asked;
    const side = ctrl.opts.side;
    if (ctrl.opts.opponent !== "friend") this.box = { step: "hide" };
    else if (!state.result && state.turn === side) this.box = { step: "move", side, first: state.ply === 0 };
    else {
      const link = await friendLink(state.record, state.turn, ctrl.ui.pageAddress());
      if (asked !== this.asked || ctrl.state !== state) return;
      this.box = { step: "send", link, next: state.turn, over: Boolean(state.result) };
    }
    ctrl.redraw();
  }
}
