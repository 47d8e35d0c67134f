// The trainer's interface for the browser tests and scripts (window.__petteiaTrainer): what the
// tests read and do, and nothing else of the page.
//
//   current    the summary of the puzzle on screen (id, ruleset, rating, difficulty, themes), or null
//   board      the puzzle board's GameDriver (game-driver.js): `id`, `state`, `busy`, `view`
//   api        the worker's api (worker-client.js): `call(op, args)`
//   progress   the reader's progress as this tab holds it (store.js)
//   mode       the Streak or Timed run under way (modes.js: `score`, `left()`), or null
//   opened     the ids of the puzzles opened in this visit, newest last
//   speech     the page's spoken line (announcer.js): `node.textContent`
//   filtered() the puzzles of the filters' choice
//   dispose()  leave the page (as the theme's instant navigation does)
export function testApi(page) {
  const { ctrl } = page;
  return {
    get current() { return ctrl.current; },
    get board() { return ctrl.board; },
    get api() { return ctrl.api; },
    get progress() { return ctrl.progress; },
    get mode() { return ctrl.mode; },
    get opened() { return ctrl.opened; },
    get speech() { return page.speech; },
    filtered: () => ctrl.filtered(),
    dispose: () => page.dispose(),
  };
}
