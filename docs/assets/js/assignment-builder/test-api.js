// The assignment builder's interface for tests and debugging (window.__petteiaBuilder).
//
//   chosen   the puzzle ids of the assignment, in order
//   shown    the ids the filters let through, in the list's order
//   made     the link made ({a, here, table, bases, base}), or null
export function testApi(page) {
  const { ctrl } = page;
  return {
    get chosen() { return [...ctrl.chosen]; },
    get shown() { return ctrl.shown().map((p) => p.id); },
    get made() { return ctrl.made; },
  };
}
