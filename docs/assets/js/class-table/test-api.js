// The class table's interface for tests and debugging (window.__petteiaClassTable).
//
//   cls    the class on screen (class-roster.js: {assignment, rows}), or null
//   sort   {key, dir}: the column the table is sorted by
export function testApi(page) {
  const { ctrl } = page;
  return {
    get cls() { return ctrl.cls; },
    get sort() { return ctrl.sort; },
  };
}
