// The buttons under a Duodecim scripta board: one per legal step of the turn (one die each), "pass"
// when the roll is void, and "take back the last step". They do what clicks on the board do, for
// readers who prefer buttons or a keyboard. Used by the page boards and the play page.
import { t } from "./i18n.js";
import { el } from "./dom.js";

export class StepButtons {
  /** `driver`: the board's GameDriver (game-driver.js), which sends the step. */
  constructor(driver) {
    this.driver = driver;
    this.box = el("div", { class: "play-steps", role: "group", "aria-label": t("Legal steps") });
  }

  /** The steps of `state`, when it is the reader's turn (none otherwise). */
  render(state) {
    const box = this.box;
    const d = this.driver;
    box.replaceChildren();
    if (!d.readersTurn(state) || d.viewing) return;
    // A step is chosen: no step of this position may be offered again while it is sent.
    const act = (fn) => () => {
      if (d.busy) return;
      box.replaceChildren();
      fn();
    };
    if (state.void) {
      const pass = el("button", { type: "button", class: "petteia-btn play-pass" }, t("No move is possible with this roll: pass"));
      pass.addEventListener("click", act(() => d.pass()));
      box.append(pass);
      return;
    }
    box.append(el("span", { class: "play-steps-label" },
      state.prefix.length ? t("Played so far: {steps}. Next step:", { steps: state.prefix.join(" ") }) : t("Steps (one die each):")));
    for (const st of state.steps) {
      const step = st.text.replace("@", t("enter on "));
      const b = el("button", { type: "button", class: "petteia-btn play-step", "data-from": st.from, "data-to": st.to,
        "aria-label": t("{step} with the {die}", { step, die: st.die }) }, `${st.text} (${st.die})`);
      b.addEventListener("click", act(() => d.step(st)));
      box.append(b);
    }
    if (state.prefix.length) {
      const back = el("button", { type: "button", class: "petteia-btn play-unstep" }, t("Take back the last step"));
      back.addEventListener("click", act(() => d.unstep()));
      box.append(back);
    }
  }

  clear() {
    this.box.replaceChildren();
  }
}
