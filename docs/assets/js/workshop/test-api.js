// The workshop's interface for the browser tests (window.__petteiaWorkshop): what they read, and
// nothing else of the page.
//
//   state    the worker's latest state of the game on the board (null before one)
//   board    the board's driver (game-driver.js): `busy`, `state`, `id`
//   rules    the form's rules when they fit together ({ruleset, options, words, title}), else null
//   running  whether a self-play run is under way
export function testApi(page) {
  const { ctrl } = page;
  return {
    get state() { return ctrl.state; },
    get board() { return ctrl.board; },
    get rules() { return ctrl.rules; },
    get running() { return ctrl.selfplay.running; },
  };
}
