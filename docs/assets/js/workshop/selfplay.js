// The workshop's self-play run (no DOM): the computer plays the form's rules against itself a few
// times, one game per call to the worker (selfplay_start/next/stop), so the figures grow after
// every game and a run is cancelled by no longer asking. view-selfplay.js draws it.
import { t } from "../i18n.js";

const RUN_ID = "workshop-run";
export const DEFAULT_GAMES = 10;
export const MIN_GAMES = 10, MAX_GAMES = 100;

export class SelfPlay {
  /** @param ctrl the workshop's controller (its api, rules and redraw) */
  constructor(ctrl) {
    this.ctrl = ctrl;
    this.token = 0; // a run goes on while it holds the latest token
    this.running = false;
    this.played = null; // the last reply of the run: its games so far and their figures
    this.started = null; // the first reply: {title, level, cap, seed, command}
    this.text = ""; // the line under the progress bar
  }

  say(text) {
    this.text = text;
    this.ctrl.redraw();
  }

  /** Play `games` games of the form's rules. */
  async run(games) {
    const { ctrl } = this;
    if (!ctrl.rules || this.running) return;
    if (!(games >= MIN_GAMES && games <= MAX_GAMES)) return this.say(t("Choose from 10 to 100 games."));
    const token = ++this.token;
    const rules = ctrl.rules;
    // window.__petteiaSelfplaySeed: tests fix the run's seed (without one the worker draws it and says it).
    const seed = Number.isInteger(globalThis.__petteiaSelfplaySeed) ? globalThis.__petteiaSelfplaySeed : undefined;
    let reply = await ctrl.api.call("selfplay_start", { run_id: RUN_ID, ruleset: rules.ruleset, options: rules.options, games, seed });
    if (ctrl.disposed || token !== this.token) return;
    if (!reply.ok) return this.say(t("The games could not start: {error}.", { error: reply.error }));
    this.running = true;
    this.started = { title: rules.title, level: reply.level, cap: reply.cap, seed: reply.seed, command: reply.command };
    this.show(reply);
    try {
      while (!reply.done) {
        reply = await ctrl.api.call("selfplay_next", { run_id: RUN_ID });
        if (ctrl.disposed || token !== this.token) return; // cancelled: the game that was under way is dropped
        if (!reply.ok) {
          this.text = t("The games stopped: {error}.", { error: reply.error });
          break;
        }
        this.show(reply);
      }
      if (reply.ok) this.text = t("Done: {played} of {games} games played.", { played: reply.played, games: reply.games });
    } catch (err) {
      if (token === this.token) this.text = t("The games stopped: {error}.", { error: err?.message || err });
    }
    if (token === this.token && !ctrl.disposed) this.end();
  }

  show(reply) {
    this.played = reply;
    this.say(t("{played}/{games} games played…", { played: reply.played, games: reply.games }));
  }

  cancel() {
    if (!this.running) return;
    this.token++;
    const r = this.played;
    this.text = t("Cancelled after {played} of {games} games: the figures are those of the games played.", { played: r.played, games: r.games });
    this.end();
  }

  end() {
    this.running = false;
    this.stop();
    this.ctrl.redraw();
  }

  stop() {
    this.ctrl.api?.call("selfplay_stop", { run_id: RUN_ID }).catch(() => {});
  }

  dispose() {
    this.token++;
    this.stop();
  }
}
