// A Ludus duodecim scriptorum board of a page made live (```petteia fences with `ruleset:
// duodecim` and `mode: explore` or `play`): the reader plays the turn shown, with its roll, one
// die at a time, takes steps back, returns to the page's position, and goes on with the next
// rolls for both sides (`play`: against the computer). The fence's line of play (`moves:`) gives
// the rolls of the first turns, so the turns the caption describes can be played with the dice
// it names; later rolls are random.
//
// With `notation: yes` the position string of the turn being played is shown under the board.
//
// The loading progress, the status line, the buttons and the spoken line are those of the
// ordinary live board (board.js); the board itself is duo-board.js's DuoBoard.
import { LiveBoard } from "./board.js";
import { DuoBoard } from "./duo-board.js";
import { SIDES as NAMES } from "../vendor/words.mjs"; // generated from petteia_core/web/words.py

const diceWords = (d) => (d ? `${d[0]} and ${d[1]}` : "");
const listWords = (xs) => (xs.length < 2 ? xs.join("") : `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}`);

export class DuoLiveBoard extends LiveBoard {
  constructor(figure, index) {
    super(figure, index);
    figure.querySelectorAll(".play-steps").forEach((n) => n.remove()); // a page restored from cache
    this.buttons.flip.remove(); // the race track reads the same way for both players
    delete this.buttons.flip;
    this.buttons.undo.title = "Take back a step (or the last turn)";
    this.buttons.undo.setAttribute("aria-label", this.buttons.undo.title);
    this.duo = null;
  }

  /** The fence's game: its position and roll, the rolls of its line, its marks. */
  openArgs() {
    const d = this.figure.dataset;
    const line = d.line ? JSON.parse(d.line) : [];
    return {
      board_id: this.id,
      ruleset: "duodecim",
      position: d.position || null,
      rolls: line.map((turn) => turn.split(" ")[0]),
      highlights: d.highlights ? JSON.parse(d.highlights) : {},
    };
  }

  async start(api) {
    if (this.disposed) return;
    this.api = api;
    const state = await api.call("game_open", this.openArgs());
    if (!state.ok) throw new Error(state.error);
    if (this.disposed) return;
    const duo = new DuoBoard(this.figure, this, { id: this.id, keyboard: true });
    duo.mode = this.mode === "play" ? "play" : "explore";
    duo.side = this.side;
    duo.level = this.level;
    const ui = this.figure.querySelector(".petteia-ui");
    ui?.after(duo.stepsBox); // status and buttons first
    if (this.figure.dataset.notation === "1") {
      this.notation = document.createElement("p");
      this.notation.className = "duo-notation";
      this.notation.append("Position string at the start of this turn: ", document.createElement("code"));
      ui?.after(this.notation);
    }
    this.duo = duo;
    this.live = true;
    this.figure.classList.remove("is-loading");
    this.bar.hidden = true;
    for (const b of Object.values(this.buttons)) b.removeAttribute("disabled");
    await duo.start(api, state);
  }

  dispose() {
    this.disposed = true;
    this.duo?.dispose();
    if (this.api) this.api.call("game_close", { board_id: this.id }).catch(() => {});
  }

  /** The buttons: back to the page's position, take back a step or a turn, replay a turn. */
  async command(op) {
    const duo = this.duo;
    if (!this.live || !duo || duo.busy) return;
    if (op === "reset") {
      const reply = await duo.request("open", this.openArgs());
      if (!reply) return;
      duo.show(reply);
      this.announce(`Back to the position of the page. ${this.turnWords(reply)}`);
      duo.maybeThink();
    } else if (op === "undo" && duo.state?.prefix.length) {
      await duo.send("unstep", {});
      this.announce(`Step taken back. ${this.turnWords(duo.state)}`);
    } else if (op === "undo" || op === "redo") {
      await duo.command(op);
      this.announce(`${op === "undo" ? "Turn taken back" : "Turn replayed"}. ${this.turnWords(duo.state)}`);
    }
  }

  // ------------------------------------------------------------------ the DuoBoard's host
  say(text, kind = "info") {
    this.setStatus(text, kind);
    if (kind === "error") this.announce(text);
  }

  thinking(on) {
    if (on) {
      this.setStatus("The computer is thinking…");
      return;
    }
    const s = this.duo?.state;
    if (!s) return;
    this.onState(s);
    if (s.last_turn && s.last_turn.side !== this.duo.side) {
      this.announce(`${NAMES[s.last_turn.side]} (the computer) played ${s.last_move.text}. ${this.turnWords(s)}`);
    }
  }

  onState(state) {
    this.state = state;
    this.buttons.undo.disabled = !state.can_undo;
    this.buttons.redo.disabled = !state.can_redo;
    this.buttons.reset.disabled = !state.can_undo && !state.can_redo;
    let text;
    if (state.result) {
      text = state.result.text;
    } else {
      text = `${NAMES[state.turn]} to move. Dice: ${state.dice[0]}–${state.dice[1]}.`;
      if (state.prefix.length) text += ` Steps so far: ${state.prefix.join(" ")}.`;
      else if (state.void) text += " No piece can move: the roll is void.";
    }
    if (state.last_turn) text += ` Last turn: ${NAMES[state.last_turn.side]} ${state.last_move.text}.`;
    this.status.removeAttribute("role");
    this.setStatus(text, state.result ? "result" : "info");
    if (this.notation) this.notation.querySelector("code").textContent = state.position;
  }

  /** "White to move with 5 and 3." (or the result) */
  turnWords(s) {
    if (!s) return "";
    if (s.result) return s.result.text;
    let text = `${NAMES[s.turn]} to move with ${diceWords(s.dice)}.`;
    if (s.void) text += " No piece can move: the roll is void.";
    return text;
  }

  /** After each step (or a pass): what happened, in words, for the spoken line. */
  onStepped(before, after, st) {
    const side = before.turn;
    const who = NAMES[side];
    const other = NAMES[side === "w" ? "b" : "w"].toLowerCase();
    let text;
    if (!st) {
      text = `${who} cannot move with ${diceWords(before.dice)}: the roll is void.`;
    } else {
      const waiting = before.bar[side === "w" ? 0 : 1] > 0;
      if (st.from === "enter") text = `${who} ${waiting ? "brings a hit piece back" : "enters a piece"} on ${st.to}`;
      else if (st.to === "off") text = `${who} bears a piece off from ${st.from}`;
      else text = `${who} moves ${st.from}-${st.to}`;
      text += ` with the ${st.die}`;
      text += st.hit ? `, hitting the ${other} piece there: it must come back in.` : ".";
    }
    const turnOver = after.ply > before.ply || !!after.result;
    if (turnOver && !after.result) {
      const lost = after.last_turn?.unused || [];
      if (lost.length && after.last_turn.steps.length) {
        text += ` The ${listWords(lost.map(String))} cannot be used and ${lost.length === 1 ? "is" : "are"} lost.`;
      }
      text += ` ${NAMES[after.turn]} rolls ${diceWords(after.dice)}.`;
      if (after.void) text += " No piece can move: the roll is void.";
    } else if (after.result) {
      text += ` ${after.result.text}`;
    } else {
      const n = after.steps.length;
      text += ` Next step: ${n} choice${n === 1 ? "" : "s"}.`;
    }
    this.announce(text);
  }
}
