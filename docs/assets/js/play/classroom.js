// Classroom mode for the play page: a large, high-contrast board for a projector, two players on
// one device. The "Classroom mode" button (or the address play/?classroom, which a teacher can
// bookmark) hides the site's chrome, lets the board fill the screen, switches to the projector
// palette (board.css: thick lines, large coordinates; site.css: large status text) and makes the
// game a game between two players. Escape (when no piece is picked up) or "Leave classroom mode"
// returns to the page. Works with every game, Duodecim scripta included (its step buttons grow too).
import { t } from "../i18n.js";
import { ScreenMode } from "../screen-mode.js";

const FLAG = "classroom";
const CLASS = "petteia-classroom";

export class Classroom {
  /** `page`: the PlayPage (play.js); `button`: the toggle it placed in its setup form. */
  constructor(page, button) {
    this.page = page;
    this.button = button;
    this.mode = new ScreenMode(() => this.leave()); // Escape and full screen (the site's chrome is hidden)
    button.setAttribute("aria-pressed", "false");
    button.addEventListener("click", () => (this.on ? this.leave() : this.enter({ fullscreen: true })));
  }

  /** Whether classroom mode is on. */
  get on() {
    return this.mode.on;
  }

  /** Whether the address asks for classroom mode (?classroom). */
  static requested() {
    return new URLSearchParams(location.search).has(FLAG);
  }

  async enter({ fullscreen = false } = {}) {
    if (this.on) return;
    this.mode.start();
    document.documentElement.classList.add(CLASS);
    this.button.setAttribute("aria-pressed", "true");
    this.button.textContent = t("Leave classroom mode");
    this.setFlag(true);
    this.page.twoPlayers();
    if (fullscreen) await this.mode.requestFullscreen();
    const turn = this.page.state ? ` ${this.page.state.status}` : "";
    this.page.say(t("Classroom mode, two players (Escape leaves).") + turn);
    this.page.board?.wrap?.focus({ preventScroll: true });
  }

  leave() {
    if (!this.on) return;
    this.mode.stop();
    document.documentElement.classList.remove(CLASS);
    this.button.setAttribute("aria-pressed", "false");
    this.button.textContent = t("Present: classroom mode");
    this.setFlag(false);
    if (this.page.state) this.page.say(this.page.state.status);
    this.button.focus({ preventScroll: true });
  }

  dispose() {
    this.leave();
    this.mode.dispose();
  }

  setFlag(on) {
    const url = new URL(location.href);
    if (on) url.searchParams.set(FLAG, "");
    else url.searchParams.delete(FLAG);
    const search = url.searchParams.toString().replace(/=(&|$)/g, "$1"); // "?classroom", not "?classroom="
    history.replaceState(history.state, "", url.pathname + (search ? `?${search}` : "") + url.hash);
  }
}
