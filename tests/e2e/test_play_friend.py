"""End to end, in Chromium: "Play a friend by link" (friend-link.js, friend-panel.js, qr.js, play.js).

Two browser contexts are the two players (a laptop, 1280×800, and a phone, 375×740): each move is
made by clicks on the board, the link is read from the page's link box (as a person copies it) and
opened in a new tab of the other player's browser, five moves in all (Kubeia and Duodecim scripta:
three, with their rolls in the record). After every step the board, the page's state, the worker's
game, the move list and the saved game agree (play_support.agreement), the page says whose move it
is, and the game controls and the link's buttons are on screen. Bad links (a changed move, a changed
turn, damaged letters, a cut link) are refused with a message and leave the game in progress as it
was; a good link while another game is in progress asks first. A link that goes on from the
reader's game may add only the friend's moves and a result the friend can claim: a move of the
reader's side, the reader's resignation, a time loss, an agreed draw or an end the board does not
show is refused with the reason (issue #34, defect 22). The QR code drawn is the one
qrcode-generator makes for the link. Last, the panel works under the site's real
Content-Security-Policy.
"""

from __future__ import annotations

import random
import re
import time

import pytest
from e2e_support import browser, launch, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)
from petteia_core import Game
from play_support import LOAD_MS, STORE, assert_agreement, click_move, idle, new_game, prepare, state, trace

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 375, "height": 740}

# What is on screen: the game controls, the status, the link box and its Copy button.
IN_VIEW = """() => { const inside = (s) => { const e = document.querySelector(s); if (!e || !e.offsetParent) return null;
  const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight + 1 && r.left >= 0 && r.right <= innerWidth + 1; };
  return { status: inside('.play-status'), undo: inside('.play-undo'), resign: inside('.play-resign'),
           copy: inside('.play-friend-copy'), link: inside('.play-friend-link'), text: inside('.play-friend-text') }; }"""

# The QR code on the page against qrcode-generator's own for the link: size and dark modules.
QR_AGREES = """async ([base, link]) => {
  const { default: qrcode } = await import(new URL("assets/vendor/qrcode/qrcode.mjs", base).href);
  const q = qrcode(0, "M"); q.addData(link, "Byte"); q.make();
  const n = q.getModuleCount(); let dark = 0;
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (q.isDark(r, c)) dark++;
  const svg = document.querySelector('.play-friend-qr svg');
  if (!svg) return { problem: "no QR code drawn" };
  const drawn = (svg.querySelector('path').getAttribute('d').match(/h1v1h-1z/g) || []).length;
  return { modules: n, drawn_modules: Number(svg.dataset.modules), dark, drawn };
}"""


def open_tab(context, url: str, dice_seed: int = 1):
    """A new tab of a player's browser on `url` (a link opened from a message), the game loaded."""
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and page.errors.append(m.text))
    prepare(page, dice_seed)
    page.goto(url)
    page.wait_for_function("() => window.__petteiaPlay?.state && window.__petteiaPlay.board", timeout=LOAD_MS)
    trace(page)
    idle(page)
    return page


def friend_text(page) -> str:
    return page.locator(".play-friend-text").inner_text()


def my_turn(page) -> bool:
    s = state(page)
    return not s["result"] and s["turn"] == page.evaluate("() => window.__petteiaPlay.opts.side")


def the_link(page) -> str:
    """The link as the reader copies it: from the link box, once the page has written it."""
    page.wait_for_function("() => { const f = document.querySelector('.play-friend-link');"
                           " return !!f && f.offsetParent !== null && f.value.includes('#friend='); }", timeout=15_000)
    return page.locator(".play-friend-link").input_value()


def check_in_view(page, *names):
    seen = page.evaluate(IN_VIEW)
    for name in names:
        assert seen[name], f"{name} is not on screen at {page.viewport_size}: {seen}"


def start_friend_game(page, ruleset: str) -> None:
    page.get_by_label("Game", exact=True).select_option(ruleset)
    page.get_by_label("Opponent").select_option("friend")
    page.get_by_label("You play").select_option("w")
    page.evaluate("() => { window.__oldBoard = window.__petteiaPlay.board; }")
    page.get_by_role("button", name="New game").click()
    page.wait_for_function("() => { const p = window.__petteiaPlay; return p.state && p.board && p.board !== window.__oldBoard; }",
                           timeout=30_000)
    idle(page)


# Bell's latrunculi: a turn of two placements goes in one link.
@pytest.mark.parametrize("ruleset,moves", [("classic", 5), ("kubeia", 3), ("duodecim", 3), ("latrunculi-bell", 3),
                                           ("latrunculi-bell-7x8", 3)])
def test_a_game_goes_back_and_forth_by_link(browser, serve, ruleset, moves):
    base = serve()
    players = [browser.new_context(viewport=LAPTOP), browser.new_context(viewport=PHONE)]
    try:
        rng = random.Random(13)
        page = open_tab(players[0], base + "play/")
        start_friend_game(page, ruleset)
        assert friend_text(page) == "You play White against a friend: your move."
        record = ""
        for n in range(moves):
            mover = page
            side = state(mover)["turn"]
            assert my_turn(mover)
            # One turn by clicks (a Kubeia double is a second move of the same side).
            while my_turn(mover):
                click_move(mover, rng)
                idle(mover)
            out = assert_agreement(mover, f"{ruleset}: after move {n + 1}")
            s = out["state"]
            record = s["record"]
            link = the_link(mover)
            assert re.fullmatch(re.escape(base) + r"play/#friend=z[A-Za-z0-9_-]+&turn=[wb]", link), link
            assert link.endswith(f"&turn={s['turn']}")
            other = "White" if s["turn"] == "w" else "Black"
            assert friend_text(mover) == f"Now send this link to your friend: it is {other}'s move."
            check_in_view(mover, "text", "copy", "link")  # the page brought the link into view
            # The controls stay in view with it: at the top of the page, or (a phone) one screen with the box.
            mover.evaluate("() => window.scrollTo(0, 0)")
            check_in_view(mover, "status", "undo", "resign")
            span = mover.evaluate("() => document.querySelector('.play-friend-copy').getBoundingClientRect().bottom"
                                  " - document.querySelector('.play-controls').getBoundingClientRect().top")
            assert span <= mover.viewport_size["height"], f"controls and link do not fit one screen: {span}px"
            if mover.viewport_size == LAPTOP:
                check_in_view(mover, "text", "copy", "link")
            # The reader cannot move the friend's pieces, nor take back the friend's moves.
            assert mover.evaluate("() => window.__petteiaPlay.board.dests(window.__petteiaPlay.state).length") == 0
            qr = mover.evaluate(QR_AGREES, [base, link])
            assert qr.get("problem") is None and qr["modules"] == qr["drawn_modules"] and qr["dark"] == qr["drawn"], qr
            assert mover.errors == []

            # The other player opens the link in a new tab of their browser.
            receiver = players[(n + 1) % 2]
            for old in receiver.pages:
                old.close()
            page = open_tab(receiver, link, dice_seed=n + 2)
            out = assert_agreement(page, f"{ruleset}: link {n + 1} opened")
            assert page.evaluate("() => location.hash") == ""  # the link has done its job
            got = out["state"]
            assert got["ply"] == s["ply"] and got["turn"] == s["turn"] != side
            assert got["record"].strip() == record.strip()
            assert page.evaluate("() => window.__petteiaPlay.opts.opponent") == "friend"
            assert friend_text(page) == f"Your move as {other} — sent by your friend."
            assert out["notice"] == "", out["notice"]  # no question: the link goes on from this player's game
            assert page.locator(".play-undo").is_disabled()  # the friend's move is not the reader's to take back
            page.evaluate("() => window.scrollTo(0, 0)")
            check_in_view(page, "status", "undo", "resign", "text")
            if ruleset == "kubeia":
                assert re.search(r"\b[1-6]{2} ", record), record  # the rolls travel in the record
                assert state(page)["dice"], "the reader's roll is thrown on opening"
        # The last receiver plays on: their move gives the next link.
        while my_turn(page):
            click_move(page, rng)
            idle(page)
        assert_agreement(page, "the last move")
        assert "#friend=" in the_link(page)
        assert page.errors == []
    finally:
        for c in players:
            c.close()


def make_link(page, base: str, record: str, turn: str) -> str:
    return page.evaluate("""async ([base, record, turn]) => {
        const m = await import(new URL("assets/js/play/friend-link.js", base).href);
        return m.friendLink(record, turn, new URL("play/", base).href); }""", [base, record, turn])


def test_bad_links_are_refused_and_a_game_in_progress_is_asked_about(browser, serve):
    base = serve()
    context = browser.new_context(viewport=LAPTOP)
    try:
        rng = random.Random(7)
        page = open_tab(context, base + "play/")
        new_game(page, "classic", "human")  # a game in progress: two players on this device, three moves
        for _ in range(3):
            click_move(page, rng)
            idle(page)
        mine = assert_agreement(page, "my game")["state"]
        assert mine["ply"] == 3

        # Links to try: the game with one move changed to an illegal one, a turn that is not the
        # game's, letters damaged, a link cut short, and another good game.
        other = '[Ruleset "classic"]\n1) Α1-Α4, Η8-Η5'
        moves = re.findall(r"[Α-Ω]\d-[Α-Ω]\d(?:x[Α-Ω]\d)*", mine["record"])
        changed = mine["record"].replace(moves[1], "Α8-Α1", 1)
        good = make_link(page, base, mine["record"], "b")
        bad = {
            "changed move": (make_link(page, base, changed, "b"), ["move 1", "not legal"]),
            "changed turn": (make_link(page, base, mine["record"], "w"), ["it says it is White's move", "Black's"]),
            "damaged letters": (good.replace("#friend=z", "#friend=z$%"), ["letters have been changed"]),
            "cut short": (good[: good.index("&turn=") - 12] + "&turn=b", ["letters have been changed"]),
            "no game": (base + "play/#friend=&turn=b", ["holds no game"]),
            "not deflate": (base + "play/#friend=zAAAAAAA&turn=b", ["letters have been changed"]),
        }
        another = make_link(page, base, other, "w")
        page.close()
        for what, (link, words) in bad.items():
            page = open_tab(context, link)
            out = assert_agreement(page, what)
            notice = page.locator(".play-notice")
            assert notice.is_visible() and page.evaluate("() => document.querySelector('.play-notice').dataset.kind") == "error"
            text = notice.inner_text()
            assert text.startswith("This friend's link cannot be opened:"), (what, text)
            for w in words:
                assert w in text, (what, w, text)
            assert text.rstrip().endswith("Your game is unchanged."), (what, text)
            assert out["state"]["record"] == mine["record"], what  # the game in progress is untouched
            saved = page.evaluate(f"() => JSON.parse(localStorage.getItem({STORE!r})).record")
            assert saved == mine["record"], what
            page.close()

        # A good link to another game while this one is in progress: the page asks.
        page = open_tab(context, another)
        ask = page.locator(".play-notice")
        assert "Your friend's link holds another game (Classic Petteia, White to move)" in ask.inner_text()
        assert state(page)["record"] == mine["record"]  # nothing replaced before the answer
        page.get_by_role("button", name="Keep my game").click()
        assert "You kept your game" in ask.inner_text()
        assert assert_agreement(page, "kept")["state"]["record"] == mine["record"]
        page.close()
        page = open_tab(context, another)
        page.get_by_role("button", name="Open the friend's game").click()
        page.wait_for_function("() => window.__petteiaPlay.state.ply === 2 && window.__petteiaPlay.opts.opponent === 'friend'"
                               " && window.__petteiaPlay.state.record.includes('Α1-Α4')", timeout=15_000)
        out = assert_agreement(page, "the friend's game opened")
        assert out["state"]["turn"] == "w" and friend_text(page) == "Your move as White — sent by your friend."
        # The reader's own game is kept aside, one click away.
        page.get_by_role("button", name="Back to your game").click()
        page.wait_for_function(f"() => window.__petteiaPlay.state.record === {mine['record']!r}", timeout=15_000)
        assert_agreement(page, "back to my game")
        assert page.errors == []
    finally:
        context.close()


def friends_game(record: str, plies: int = 1, end=None) -> str:
    """`record` with `plies` more moves (the first legal move each time) and, if `end` is given, the
    end it makes (a Game method and its side: ("resign", "w")), as a record a link carries."""
    game = Game.from_record(record)
    for _ in range(plies):
        game.play(game.legal_moves()[0])
    if end:
        getattr(game, end[0])(*end[1:])
    return game.record()


def my_friend_game(context, base: str):
    """The reader's game with a friend: White, one move made by a click, the link not yet sent."""
    page = open_tab(context, base + "play/")
    start_friend_game(page, "classic")
    click_move(page, random.Random(3))
    idle(page)
    mine = assert_agreement(page, "my move")["state"]
    assert mine["ply"] == 1 and mine["turn"] == "b"
    return page, mine["record"]


# Links that go on from the reader's game (White, one move) with what a friend cannot send: the
# record the link carries (from the reader's record), and the words of the reason given.
FORGED = {
    # Black's move, then White's (the reader's) and Black's again: it looks like White's turn.
    "a move of the reader's side": (lambda r: friends_game(r, 3), ["it adds a move of your side (White: move 2,", "only your friend's moves"]),
    "the reader's resignation": (lambda r: friends_game(r, 1, ("resign", "w")), ["it says that you (White) resigned", "only you can resign"]),
    "a time loss": (lambda r: friends_game(r, 1, ("lose_on_time", "w")), ["White's time ran out", "has no clock"]),
    "an agreed draw": (lambda r: friends_game(r, 1, ("agree_draw",)), ["agreed to a draw", "no draw offers"]),
    "an end the board does not show": (lambda r: friends_game(r, 1) + "\n0-1 (siege)",
                                       ["its game has been changed or damaged", "not over by the rules"]),
}


@pytest.mark.parametrize("what", list(FORGED))
def test_a_link_that_plays_or_ends_the_readers_game_for_them_is_refused(browser, serve, what):
    """Issue #34, defect 22: a link that plays a move of the reader's side, or ends the reader's game
    with their resignation, a time loss or an agreed draw, is refused with the reason, the reader's
    game untouched: board, worker, move list and saved game agree on it."""
    base = serve()
    context = browser.new_context(viewport=LAPTOP)
    try:
        page, record = my_friend_game(context, base)
        forge, words = FORGED[what]
        link = make_link(page, base, forge(record), "w")
        page.close()
        page = open_tab(context, link)
        out = assert_agreement(page, what)
        notice = page.locator(".play-notice")
        assert notice.is_visible(), out
        assert page.evaluate("() => document.querySelector('.play-notice').dataset.kind") == "error"
        text = notice.inner_text()
        assert text.startswith("This friend's link cannot be opened:"), text
        for w in words:
            assert w in text, (w, text)
        assert text.rstrip().endswith("Your game is unchanged."), text
        assert out["state"]["record"] == record and out["state"]["result"] is None, out["state"]
        saved = page.evaluate(f"() => JSON.parse(localStorage.getItem({STORE!r}))")
        assert saved["record"] == record and saved["side"] == "w" and saved["opponent"] == "friend", saved
        assert page.evaluate("() => window.__petteiaPlay.opts.side") == "w"
        assert friend_text(page) == "Now send this link to your friend: it is Black's move."
        assert page.evaluate("() => location.hash") == ""
        assert page.errors == []
    finally:
        context.close()


def test_the_friends_move_and_resignation_open(browser, serve):
    """The honest links of issue #34's defect 22: the friend's move opens at once as the reader's
    game, and so does the friend's resignation (the reader's side kept)."""
    base = serve()
    context = browser.new_context(viewport=LAPTOP)
    try:
        page, record = my_friend_game(context, base)
        honest = friends_game(record, 1)
        link = make_link(page, base, honest, "w")
        page.close()
        page = open_tab(context, link)
        out = assert_agreement(page, "the friend's move")
        assert out["notice"] == "" and out["state"]["record"].strip() == honest.strip() and out["state"]["ply"] == 2
        assert my_turn(page) and friend_text(page) == "Your move as White — sent by your friend."
        # The friend resigns on the reader's turn (the page lets them): it opens, the reader still White.
        link = make_link(page, base, friends_game(out["state"]["record"], 0, ("resign", "b")), "w")
        page.close()
        page = open_tab(context, link)
        out = assert_agreement(page, "the friend's resignation")
        assert out["notice"] == "" and out["state"]["result"]["score"] == "1-0", out
        assert out["state"]["result"]["reason"] == "resignation"
        assert page.evaluate("() => window.__petteiaPlay.opts.side") == "w"
        assert friend_text(page) == "The game is over. Send this link to your friend so they can see the end:"
        assert page.errors == []
    finally:
        context.close()

def test_the_link_box_under_the_sites_content_security_policy(playwright_instance, serve):
    """No bypass: the QR code (inline SVG), the module imports and the link work under the policy."""
    base = serve()
    browser = launch(playwright_instance)
    try:
        context = browser.new_context(viewport=PHONE)
        page = context.new_page()
        problems = []
        page.on("console", lambda m: m.type == "error" and problems.append(m.text))
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.add_init_script("document.addEventListener('securitypolicyviolation', (e) =>"
                             " (window.__cspViolations ||= []).push(`${e.violatedDirective} ${e.blockedURI}`));")

        def poll(script, seconds=60):
            deadline = time.monotonic() + seconds
            while not page.evaluate(script):
                assert time.monotonic() < deadline, f"timed out: {script}"
                time.sleep(0.3)

        page.goto(base + "play/")
        poll("() => !!(window.__petteiaPlay?.state && window.__petteiaPlay.board)")
        page.get_by_label("Opponent").select_option("friend")
        page.get_by_role("button", name="New game").click()
        poll("() => window.__petteiaPlay.opts.opponent === 'friend' && !!window.__petteiaPlay.state")
        page.evaluate("() => window.__petteiaPlay.playFirst()")
        poll("() => !!document.querySelector('.play-friend-qr svg path')")
        link = page.locator(".play-friend-link").input_value()
        assert "#friend=" in link
        assert page.evaluate("window.__cspViolations || []") == []
        assert problems == []
        # Copy link: the clipboard (granted here) or the selected field; either way the reader is told.
        page.get_by_role("button", name="Copy link").click()
        poll("() => document.querySelector('.play-friend-msg').textContent.length > 0")
        context.close()
    finally:
        browser.close()
