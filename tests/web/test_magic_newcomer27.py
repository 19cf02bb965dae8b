"""Issue 15, Magic newcomer 27 (phone): a refused tap on 🎣 Fish ball out, under the board, was answered in a line
over the board's row 1 (over a1). The answer to a tap off the board never lies over the board's cells either."""

from __future__ import annotations

from typing import Any

import pytest
from test_magic_newcomer import PHONE, WAIT_MS, open_page, served, wait_action
from test_magic_newcomer26 import _overlap

pytestmark = pytest.mark.browser


@pytest.fixture
def url() -> Any:
    yield from served(("--seed", "7"))


@pytest.mark.parametrize("scroll", ["fetch", "board-top"])
def test_a_refused_tap_under_the_board_is_not_answered_over_it(browser: Any, url: str, scroll: str) -> None:
    page = open_page(browser, url, PHONE, touch=True)
    try:
        wait_action(page, "roll")
        board, fetch = page.locator("#board"), page.locator("#fetch")
        if scroll == "fetch":
            fetch.scroll_into_view_if_needed()
        else:
            page.evaluate("() => window.scrollTo(0, document.querySelector('#board').getBoundingClientRect().top + window.scrollY - 4)")
        fb = fetch.bounding_box()
        assert fb and fb["y"] + fb["height"] <= PHONE[1], fb
        # a refusal as long as newcomer 27's (three lines on a phone: the ball's corner and what to press first)
        page.evaluate("""() => { const f = document.querySelector('#fetch');
            f.title = f.dataset.tap = 'Fish ball out: first press ✊ Lift pawn and take your pawn back to its start '
              + 'corner a1; the ball goes back under the pawn once it stands there, then the next player rolls'; }""")
        fetch.tap(force=True)  # aria-disabled: no ball has fallen, refused with its reason
        toast = page.locator("#error.toast")
        toast.wait_for(state="visible", timeout=WAIT_MS)
        assert toast.inner_text().strip()
        box, cells = toast.bounding_box(), board.bounding_box()
        assert box and cells and not _overlap(box, cells), (box, cells, fb)
        assert 0 <= box["y"] and box["y"] + box["height"] <= PHONE[1], box
        assert not _overlap(box, fb), (box, fb)
        roll = page.locator("#roll").bounding_box()  # Roll acts now: not covered either
        assert roll and not _overlap(box, roll), (box, roll)
    finally:
        page.close()


def test_the_number_rolled_shows_on_roll_within_the_phone_s_first_screen(browser: Any, url: str) -> None:
    """Magic newcomer 28: on a phone the die lies below the screen's foot; what was rolled was only in the prompt's
    words. While the move goes on, Roll carries the number rolled; before the roll and after the move, none."""
    page = open_page(browser, url, PHONE, touch=True)
    try:
        wait_action(page, "roll")
        face = page.locator("#roll-face")
        assert not face.is_visible()
        page.locator("#roll").tap()
        wait_action(page, "move")
        page.wait_for_function("() => !document.getElementById('roll-face').hidden", timeout=WAIT_MS)
        die = page.evaluate("() => S.view.die")
        assert face.inner_text().strip() == str(die), (face.inner_text(), die)
        box = face.bounding_box()
        assert box and 0 <= box["y"] and box["y"] + box["height"] <= PHONE[1], box
        # whose number shows on Roll, watched through Blue's turn (Magic newcomer 29 saw Blue's 1 there)
        page.evaluate("""() => { window.rollFaces = []; const f = document.getElementById('roll-face');
            new MutationObserver(() => { if (!f.hidden) window.rollFaces.push(S.view.instruction.player); })
              .observe(f, {attributes: true, childList: true, characterData: true, subtree: true}); }""")
        page.locator("#done").tap()  # the move ends: the next roll is Blue's, no number on Roll
        page.wait_for_function("() => document.getElementById('roll-face').hidden", timeout=WAIT_MS)
        wait_action(page, "roll")  # Blue's whole turn played (simulated), Red asked to roll again
        faces = page.evaluate("() => window.rollFaces")
        assert set(faces) <= {"red"}, faces
    finally:
        page.close()


def test_a_refused_tap_on_the_board_is_not_answered_over_roll(browser: Any, url: str) -> None:
    """An attack (session 8): a phone scrolled so the board's top is just above the screen's; a refused tap on a cell
    was answered under the board, over 🎲 Roll (German: a two-line refusal). The answer goes past the controls that
    act now, and stays on the screen."""
    ctx = browser.new_context(viewport={"width": 320, "height": 640}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    try:
        page.add_init_script("localStorage.setItem('mazeboard.guide.magic-labyrinth', JSON.stringify(['roll', 'move', 'return']))")
        page.goto(url.rstrip("/") + "/?lang=de")
        wait_action(page, "roll")
        page.evaluate("() => window.scrollTo(0, document.querySelector('#board').getBoundingClientRect().top + scrollY + 20)")
        page.wait_for_timeout(300)
        cell = page.locator("#board .cell").nth(9).bounding_box()
        assert cell
        page.touchscreen.tap(cell["x"] + cell["width"] / 2, cell["y"] + cell["height"] / 2)
        toast = page.locator("#error.toast")
        toast.wait_for(state="visible", timeout=WAIT_MS)
        box, roll = toast.bounding_box(), page.locator("#roll").bounding_box()
        assert box and roll and not _overlap(box, roll), (box, roll)
        assert 0 <= box["y"] and box["y"] + box["height"] <= 640, box
    finally:
        ctx.close()
