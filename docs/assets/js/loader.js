// Brings the live boards of a page to life: shows loading progress on each board while Python
// loads (the static SVG stays visible and usable as a diagram), then hands every board its
// game, or shows why it could not start. Never an endless spinner.
import { connect } from "./worker-client.js";
import { FenceBoard } from "./fence-board.js";
import { registerServiceWorkerSoon } from "./offline.js";
import { presentTarget } from "./present.js";
import { keepFocusedBoardsInView, mountSkipLink } from "./board-focus.js";

let current = []; // FenceBoards of the page on screen
let firstInteractive = false;

/** `hash`: the address's hash the page was opened with; "#present=<figure id>" presents that board,
 * as does the address now (followed on this page while its modules were loading: the hashchange
 * then found no board to present). */
export async function mountPage(figures, hash = "") {
  // Instant navigation: the previous page's boards are gone from the DOM; free their games.
  for (const board of current) board.dispose();
  const boards = figures.map((figure, i) => new FenceBoard(figure, i));
  current = boards;
  mountSkipLink(figures); // also removes the previous page's link
  if (!boards.length) return;
  keepFocusedBoardsInView();
  const shown = presentTarget(hash) ?? presentTarget(location.hash);
  if (shown) boards.find((b) => b.figure.id === shown)?.presenter.enter(); // no full screen without a click

  const api = await connect((p) => boards.forEach((b) => b.showProgress(p)), (err) => boards.forEach((b) => b.fail(err)));
  if (!api) return;
  await Promise.all(
    boards.map(async (b) => {
      try {
        await b.start(api);
      } catch (err) {
        b.fail(err);
      }
    }),
  );
  if (!firstInteractive && boards.some((b) => b.live)) {
    firstInteractive = true;
    performance.mark("petteia-board-interactive");
  }
  registerServiceWorkerSoon(500, { runtime: true });
}
