// The play page's "New game" form: game (the latrunculi reconstructions in a group), opponent, side,
// who places first (Poleis), hints, the clock for two players, New game and Present (classroom
// mode). Reading and writing it is the only place the form's fields are known.
import { t } from "../i18n.js";
import { el } from "../dom.js";
import { RULESETS, LEVELS, SIDES } from "../../vendor/words.mjs";

export class SetupView {
  /** @param ctrl the play page's controller @param clock the clock (its field joins the form) */
  constructor(ctrl, clock) {
    this.ctrl = ctrl;
    this.clock = clock;
    const form = (this.node = el("form", { class: "play-setup", "aria-label": t("New game") }));
    const field = (label, control) => {
      const id = `play-${control.name}`;
      control.id = id;
      const wrap = el("div", { class: "play-field" });
      wrap.append(el("label", { for: id }, label), control);
      form.append(wrap);
      return control;
    };
    const select = (name, options) => {
      const s = el("select", { name });
      for (const [v, text] of options) s.append(el("option", { value: v }, text));
      return s;
    };
    // The games, then the reconstructions of Ludus latrunculorum in a group of their own.
    const games = Object.entries(RULESETS);
    const isLat = ([v]) => v.startsWith("latrunculi-");
    this.ruleset = field(t("Game"), select("ruleset", games.filter((g) => !isLat(g))));
    const lat = el("optgroup", { label: t("Ludus latrunculorum (modern reconstructions)") });
    for (const [v, text] of games.filter(isLat)) lat.append(el("option", { value: v }, text));
    if (lat.children.length) this.ruleset.append(lat);
    this.opponent = field(t("Opponent"), select("opponent", [
      ...Object.entries(LEVELS).map(([n, name]) => [`level-${n}`, t("Computer, level {n}: {name}", { n, name })]),
      ["human", t("Two players on this device")],
      ["friend", t("A friend, by link")],
    ]));
    this.side = field(t("You play"), select("side", Object.entries(SIDES)));
    this.first = field(t("Who places first (Poleis)"), select("first", Object.entries(SIDES)));
    // "Show a good move" while playing the computer at levels 1–3: off unless the reader asks.
    this.hints = el("input", { type: "checkbox", name: "hints", id: "play-hints" });
    const hintsWrap = el("div", { class: "play-field play-field-check" });
    hintsWrap.append(this.hints, el("label", { for: "play-hints" }, t("Offer “Show a good move” (levels 1–3)")));
    form.append(hintsWrap);
    const go = el("button", { type: "submit", class: "md-button md-button--primary play-new" }, t("New game"));
    this.present = el("button", { type: "button", class: "md-button play-classroom",
      title: t("Present: a large, high-contrast board for a projector, two players on this device (bookmark: play/?classroom)") },
    t("Present: classroom mode"));
    form.append(clock.field, go, this.present);
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      if (clock.read().ok) ctrl.newGame(this.read());
    });
    this.ruleset.addEventListener("change", () => this.sync());
    this.opponent.addEventListener("change", () => this.sync());
    this.sync();
  }

  /** The settings the form shows. */
  read() {
    const o = this.opponent.value;
    const other = o === "human" || o === "friend";
    return {
      ruleset: this.ruleset.value,
      opponent: other ? o : "computer",
      level: other ? this.ctrl.opts.level : Number(o.split("-")[1]),
      side: this.side.value,
      first: this.first.value,
      hints: this.hints.checked,
    };
  }

  /** Show the settings of the game on the board. */
  write(o) {
    this.ruleset.value = o.ruleset;
    this.opponent.value = o.opponent === "computer" ? `level-${o.level}` : o.opponent;
    this.side.value = o.side;
    this.first.value = o.first || "w";
    this.hints.checked = Boolean(o.hints);
    this.sync();
  }

  /** Only the fields that matter for the chosen game and opponent. */
  sync() {
    this.first.closest(".play-field").hidden = this.ruleset.value !== "poleis";
    this.side.closest(".play-field").hidden = this.opponent.value === "human";
    this.clock.sync(this.opponent.value === "human");
    const level = Number(this.opponent.value.split("-")[1]);
    this.hints.closest(".play-field").hidden = !(level <= 3) || this.ruleset.value === "duodecim";
  }
}
