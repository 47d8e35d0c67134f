// What a mode that takes over the screen has in common (classroom.js, present.js): full screen
// when the reader asked by a click or a key (browsers refuse it otherwise), Escape leaves (unless
// the board used the key, to put a picked-up piece back), and the browser's own Escape, which ends
// full screen before the page sees the key, leaves too. With a `layer` element, Tab and Shift+Tab
// go round the controls inside it only, as in a dialog: the page under the layer is out of reach.

const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), "
  + "textarea:not([disabled]), summary, [tabindex]:not([tabindex='-1'])";

export class ScreenMode {
  /**
   * @param {() => void} onLeave  called when Escape or the end of full screen asks to leave
   * @param {() => HTMLElement|null} layer  the element that keeps the keyboard while on (or none)
   */
  constructor(onLeave, layer = () => null) {
    this.onLeave = onLeave;
    this.layer = layer;
    this.on = false;
    this.fullscreen = false;
    document.addEventListener("keydown", this.onKey);
    document.addEventListener("keydown", this.onTab, true);
    document.addEventListener("fullscreenchange", this.onFullscreen);
  }

  /** Full screen, if the browser allows it here; the enlarged page is enough if it does not. */
  async requestFullscreen() {
    if (!document.fullscreenEnabled || document.fullscreenElement) return;
    try {
      await document.documentElement.requestFullscreen({ navigationUI: "hide" });
      this.fullscreen = true;
    } catch {
      /* not allowed here */
    }
  }

  /** The mode is on: Escape and Tab are watched from now on. */
  start() {
    this.on = true;
  }

  /** The mode is over: out of full screen if it was ours. */
  stop() {
    this.on = false;
    if (this.fullscreen && document.fullscreenElement) document.exitFullscreen().catch(() => {});
    this.fullscreen = false;
  }

  dispose() {
    document.removeEventListener("keydown", this.onKey);
    document.removeEventListener("keydown", this.onTab, true);
    document.removeEventListener("fullscreenchange", this.onFullscreen);
  }

  onKey = (e) => {
    if (this.on && e.key === "Escape" && !e.defaultPrevented) {
      e.preventDefault();
      this.onLeave();
    }
  };

  onTab = (e) => {
    const layer = this.on && e.key === "Tab" && !e.altKey && !e.ctrlKey && !e.metaKey ? this.layer() : null;
    if (!layer) return;
    const stops = [...layer.querySelectorAll(FOCUSABLE)].filter((n) => n.getClientRects().length && !n.closest("[hidden], [inert]"));
    if (!stops.length) return;
    const [first, last] = [stops[0], stops[stops.length - 1]];
    const here = document.activeElement;
    const outside = !layer.contains(here);
    if (outside || (e.shiftKey ? here === first : here === last)) {
      e.preventDefault();
      (e.shiftKey ? last : first).focus({ preventScroll: true });
    }
  };

  onFullscreen = () => {
    if (this.fullscreen && !document.fullscreenElement) {
      this.fullscreen = false;
      this.onLeave();
    }
  };
}
