"""The play page's invariant as JavaScript, for every browser's tests (Playwright in tests/e2e,
Firefox and WebKit in tests/engines): the board on screen, the page's state, the worker's game, the
move list and the saved game agree; no move is made for the computer's side.

``AGREEMENT_JS`` returns ``{problems: [...], state, status, ...}`` (``SIGNATURE_JS`` is written into
it, not passed: the pages' Content-Security-Policy forbids eval); ``TRACE_SCRIPT`` logs the worker's
move replies that it checks.
"""

STORE = "petteia-play-v1"

# Wraps the page's worker API once it exists: every move request (play, step, commit, think) and its reply go into
# window.__playLog as {op, ok, mover, turn, ply, computer} (mover: the side of the ply the reply added).
TRACE_SCRIPT = """
() => {
  const first = window.__petteiaPlay;
  if (!first || !first.api || first.api.__traced) return;
  const api = first.api, call = api.call.bind(api);
  window.__playLog = window.__playLog || [];
  api.call = async (op, args) => {
    const p = window.__petteiaPlay;  // the page mounted now (the theme may have redrawn it)
    const before = p && p.state ? p.state.ply : null;
    const reply = await call(op, args);
    if (/^(play|step|commit|think)$/.test(op)) {
      let mover = null;
      if (reply.ok) {
        for (const row of reply.moves_list || []) for (const side of ["w", "b"])
          if (row[side] && row[side].ply === reply.ply) mover = side;
        if (reply.ply === before) mover = null;  // a Duodecim step that did not end the turn
      }
      window.__playLog.push({ op, ok: reply.ok, mover, ply: reply.ply,
        computer: reply.ok ? reply.computer : null, error: reply.error || null });
    }
    return reply;
  };
  api.__traced = true;
}
"""

# What is drawn: a signature of the pieces of an SVG (custodian squares or Duodecim stacks and trays).
SIGNATURE_JS = """
(svg) => {
  if (!svg) return null;
  const keep = (g) => (g.getAttribute("class") || "").split(/\\s+/).filter((c) => c && !c.startsWith("is-")).join(".");
  const out = [];
  for (const g of svg.querySelectorAll("g.pieces g.piece[data-sq]")) out.push(`${g.dataset.sq}:${keep(g)}`);
  for (const g of svg.querySelectorAll("g.stack[data-point]")) out.push(`${g.dataset.point}:${g.dataset.side}:${g.dataset.count}`);
  for (const g of svg.querySelectorAll("g.tray-side[data-side]")) out.push(`tray-${g.dataset.side}:${g.textContent.replace(/\\s+/g, " ").trim()}`);
  return out.sort().join(" ");
}
"""

AGREEMENT_JS = """
async () => {
  const signature = %s;
  const p = window.__petteiaPlay;
  const s = p.state, b = p.board;
  const out = { problems: [] };
  const bad = (t) => out.problems.push(t);
  if (!s || !b) { bad("no game on the page"); return out; }
  const view = await p.api.call("view", { board_id: b.id });
  out.view_ok = view.ok;
  if (!view.ok) { bad(`the worker has no game for the page's board ${b.id}: ${view.error}`); return out; }
  for (const k of ["position", "ply", "record", "turn"]) {
    if (JSON.stringify(view[k]) !== JSON.stringify(s[k])) bad(`page ${k} ${JSON.stringify(s[k])} != worker ${JSON.stringify(view[k])}`);
  }
  if (JSON.stringify(view.result) !== JSON.stringify(s.result)) bad("page and worker disagree on the result");
  // The board on screen (unless the reader is looking back at an earlier position).
  if (!p.root.classList.contains("is-viewing")) {
    const onScreen = signature(p.figure.querySelector("svg"));
    const tpl = document.createElement("template");
    tpl.innerHTML = view.svg.trim();
    const drawn = signature(tpl.content.firstElementChild);
    if (onScreen !== drawn) bad(`board on screen differs from the worker's position\\n  screen: ${onScreen}\\n  worker: ${drawn}`);
  }
  // The move list.
  const listed = [...p.moves.querySelectorAll(".play-move")].map((x) => x.textContent.trim());
  const expected = [];
  // With the reader's Latin letters on (square-letters.js), the list shows Δ4 as d4.
  const latin = document.documentElement.dataset.squareLetters === "latin";
  const shown = (text) => latin ? text.replace(/(?<![\u0370-\u03ff])[\u0391-\u039c](?=[0-9])/g, (c) => "abcdefghijkl"["ΑΒΓΔΕΖΗΘΙΚΛΜ".indexOf(c)]) : text;
  for (const row of view.moves_list) for (const side of ["w", "b"]) if (row[side]) expected.push(shown(row[side].text));
  if (JSON.stringify(listed) !== JSON.stringify(expected)) bad(`move list ${JSON.stringify(listed)} != game ${JSON.stringify(expected)}`);
  // The saved game.
  let saved = null;
  try { saved = JSON.parse(localStorage.getItem("%s") || "null"); } catch { bad("the saved game is not JSON"); }
  if (view.result) { if (saved && saved.record === view.record) bad("a finished game is still saved"); }
  else if (!saved || saved.record !== view.record) bad(`saved game ${JSON.stringify(saved && saved.record)} != game ${JSON.stringify(view.record)}`);
  else if (saved.ruleset !== view.ruleset) bad(`saved ruleset ${saved.ruleset} != ${view.ruleset}`);
  else if (JSON.stringify(saved.dice ?? null) !== JSON.stringify(view.dice ?? null)) bad(`saved roll ${JSON.stringify(saved.dice)} != game's ${JSON.stringify(view.dice)}`);
  // Nobody is left waiting: against the computer, on its turn, it must be thinking.
  const thinking = p.root.classList.contains("is-thinking");
  const computer = p.opts.opponent === "computer" ? (p.opts.side === "w" ? "b" : "w") : null;
  if (computer && !view.result && view.turn === computer && !thinking && !b.busy) bad("the computer's turn, but nobody is thinking");
  // No move was ever made for the computer's side by the reader, and the computer never moved for the reader.
  for (const e of window.__playLog || []) {
    if (!e.ok || !e.mover || !e.computer) continue;
    if (e.op === "think" && e.mover !== e.computer) bad(`the computer moved for the reader (ply ${e.ply})`);
    if (e.op !== "think" && e.mover === e.computer) bad(`a reader's input made the computer's move (ply ${e.ply}, ${e.op})`);
  }
  out.status = p.status.textContent;
  out.status_kind = p.status.dataset.kind || "";
  out.notice = p.notice.hidden ? "" : p.notice.textContent;
  out.state = { ply: view.ply, turn: view.turn, result: view.result, ruleset: view.ruleset, record: view.record };
  return out;
}
""" % (SIGNATURE_JS.strip(), STORE)
