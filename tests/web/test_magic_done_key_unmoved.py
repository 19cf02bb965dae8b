"""Magic newcomer 112 (1920x1080): rolled 1, pressed D before moving (taking it for a step key, beside the arrows'
WASD place), and the turn ended at once, "Red's turn ends: Done pressed", the roll lost without a word. The D key
before any step of the roll says what it would do and waits for a second D; the ✋ Done button, pressed by its words,
acts at once, and so does D once a step is made."""

from __future__ import annotations

from typing import Any

import pytest
from test_magic_drag_attack import _roll_between, _settled
from test_magic_far_tap_words import _served_north

pytestmark = pytest.mark.browser


def test_d_before_any_step_asks_for_a_second_d(browser: Any) -> None:
    from playwright.sync_api import expect

    proc, page = _served_north(browser)
    try:
        n = _roll_between(page, 1, 6)
        page.keyboard.press("d")
        expect(page.locator("#error")).to_contain_text(f"D ends your turn with your roll of {n} unused: press D again to end it")
        page.wait_for_timeout(1500)
        assert page.evaluate("S.view.current") == "red" and page.evaluate("S.view.phase") == "move"
        page.keyboard.press("d")
        expect(page.locator("#log")).to_contain_text("Red's turn ends", timeout=30_000)
        page.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_d_after_a_step_ends_the_move_at_once(browser: Any) -> None:
    from playwright.sync_api import expect

    proc, page = _served_north(browser)
    try:
        _roll_between(page, 2, 6)
        page.keyboard.press("ArrowUp")
        assert _settled(page) == "a2"
        page.keyboard.press("d")
        expect(page.locator("#log")).to_contain_text("Red's turn ends", timeout=30_000)
        page.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_a_d_asked_in_one_turn_does_not_count_in_the_next(browser: Any) -> None:
    """(attack 16: with two people at one page, Red's D asked, Red clicked ✋ Done, Blue rolled and pressed D once, within
    6 s of Red's D: Blue's turn ended at once, the question taken as asked)"""
    from playwright.sync_api import expect

    from test_magic_newcomer import WAIT_MS, serve

    proc, url = serve(("--seed", "3", "--humans", "red,blue"))
    try:
        page = browser.new_page(viewport={"width": 1920, "height": 1080})
        page.add_init_script("localStorage.setItem('mazeboard.guide.magic-labyrinth', JSON.stringify(['roll', 'move', 'return']))")
        page.goto(url)
        for player in ("red", "blue"):
            page.wait_for_function("(p) => S.view && S.view.instruction && S.view.instruction.action === 'roll'"
                                   " && S.view.instruction.player === p", arg=player, timeout=WAIT_MS)
            page.keyboard.press("r")
            page.wait_for_function("(p) => S.view.instruction.action === 'move' && S.view.instruction.player === p",
                                   arg=player, timeout=WAIT_MS)
            page.evaluate("() => { document.getElementById('error').textContent = ''; }")
            page.keyboard.press("d")
            expect(page.locator("#error")).to_contain_text("press D again to end it", timeout=5000)
            if player == "red":
                page.locator("#done").click()
        assert page.evaluate("S.view.instruction.player") == "blue"
        page.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
