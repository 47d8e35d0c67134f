// Classroom mode for the play page: a large, high-contrast board for a projector, two players on
// one device. The "Classroom mode" button (or the address play/?classroom, which a teacher can
// bookmark) hides the site's chrome, lets the board fill the screen, switches to the projector
// palette (board.css: thick lines, large coordinates; site.css: large status text) and makes the
// game a game between two players. Escape (when no piece is picked up) or "Leave classroom mode"
// returns to the page. Works with every game, Duodecim scripta included (its step buttons grow too).
const FLAG = "classroom";
const CLASS = "petteia-classroom";

export class Classroom {
  /** `page`: the PlayPage (play.js); `button`: the toggle it placed in its setup form. */
  constructor(page, button) {
    this.page = page;
    this.button = button;
    this.on = false;
    this.fullscreen = false;
    button.setAttribute("aria-pressed", "false");
    button.addEventListener("click", () => (this.on ? this.leave() : this.enter({ fullscreen: true })));
    document.addEventListener("keydown", this.onKey);
    document.addEventListener("fullscreenchange", this.onFullscreen);
  }

  /** Whether the address asks for classroom mode (?classroom). */
  static requested() {
    return new URLSearchParams(location.search).has(FLAG);
  }

  async enter({ fullscreen = false } = {}) {
    if (this.on) return;
    this.on = true;
    document.documentElement.classList.add(CLASS);
    this.button.setAttribute("aria-pressed", "true");
    this.button.textContent = "Leave classroom mode";
    this.setFlag(true);
    this.page.twoPlayers();
    if (fullscreen && document.fullscreenEnabled && !document.fullscreenElement) {
      try {
        await document.documentElement.requestFullscreen({ navigationUI: "hide" });
        this.fullscreen = true;
      } catch {
        /* not allowed here: the enlarged page is enough */
      }
    }
    const turn = this.page.state ? ` ${this.page.state.status}` : "";
    this.page.say(`Classroom mode, two players (Escape leaves).${turn}`);
    this.page.board?.wrap?.focus({ preventScroll: true });
  }

  leave() {
    if (!this.on) return;
    this.on = false;
    document.documentElement.classList.remove(CLASS);
    this.button.setAttribute("aria-pressed", "false");
    this.button.textContent = "Present: classroom mode";
    this.setFlag(false);
    if (this.fullscreen && document.fullscreenElement) document.exitFullscreen().catch(() => {});
    this.fullscreen = false;
    if (this.page.state) this.page.say(this.page.state.status);
    this.button.focus({ preventScroll: true });
  }

  dispose() {
    this.leave();
    document.removeEventListener("keydown", this.onKey);
    document.removeEventListener("fullscreenchange", this.onFullscreen);
  }

  setFlag(on) {
    const url = new URL(location.href);
    if (on) url.searchParams.set(FLAG, "");
    else url.searchParams.delete(FLAG);
    const search = url.searchParams.toString().replace(/=(&|$)/g, "$1"); // "?classroom", not "?classroom="
    history.replaceState(history.state, "", url.pathname + (search ? `?${search}` : "") + url.hash);
  }

  // Escape leaves, unless the board used it (to put a picked-up piece back).
  onKey = (e) => {
    if (this.on && e.key === "Escape" && !e.defaultPrevented) {
      e.preventDefault();
      this.leave();
    }
  };

  // The browser's own Escape ends full screen before the page sees the key: leave with it.
  onFullscreen = () => {
    if (this.fullscreen && !document.fullscreenElement) {
      this.fullscreen = false;
      this.leave();
    }
  };
}
