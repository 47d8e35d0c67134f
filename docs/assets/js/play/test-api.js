// The play page's interface for the browser tests and scripts (window.__petteiaPlay): what the
// journey tests, the monkey and the benchmarks read and do, and nothing else of the page.
//
//   state      the worker's latest state of the game on the board (null before one)
//   opts       the game's settings {ruleset, side, level, opponent, first, hints, since}
//   board      the game's board driver (game-driver.js): a new object for every game; `id`, `busy`
//   api        the worker's api (worker-client.js): `stopWay`, "stop" or "restart"
//   review     "Review the game" (review.js): `shown` (the reviewed move on the board), `run`, `results`
//   speech     the page's spoken line (announcer.js): `node.textContent`
//   clock      the two players' clock (clock.js)
//   root, figure, moves, status, notice   the page's elements: the page (classes is-thinking,
//              is-viewing), the board's figure, the move list, the status line, the notice
//   link()     the address that reopens this game
//   playFirst()  play the first legal move (a capture if there is one) or Duodecim step; false
//              when there is none; resolves once the page has the new state
//   dispose()  leave the page (as the theme's instant navigation does)
import { gameLink } from "./record.js";

export function testApi(page) {
  const { ctrl } = page;
  return {
    get state() { return ctrl.state; },
    get opts() { return ctrl.opts; },
    get board() { return ctrl.board; },
    get api() { return ctrl.api; },
    get review() { return page.review; },
    get speech() { return page.game.speech; },
    get clock() { return ctrl.clock; },
    get root() { return page.root; },
    get figure() { return page.figure; },
    get moves() { return page.moves.list; },
    get status() { return page.game.status; },
    get notice() { return page.game.notice; },
    link: () => gameLink(ctrl.opts, ctrl.state, location.origin + location.pathname),
    dispose: () => page.dispose(),
    async playFirst() {
      const b = ctrl.board, s = ctrl.state;
      if (!s || s.result || b.busy) return false;
      if (s.kind === "duodecim") {
        if (s.void) await b.pass();
        else await b.step(s.steps[s.steps.length - 1]);
        return true;
      }
      const move = s.moves.find((m) => m.captures.length) || s.moves[0];
      if (!move) return false;
      await b.move(move.from, move.to, { move }); // a latrunculi chain is told by its path
      return true;
    },
  };
}
