"""Magic newcomer 112 (1920x1080): rolled 1, pressed D before moving (taking it for a step key, beside the arrows'
WASD place), and the turn ended at once, "Red's turn ends: Done pressed", the roll lost without a word. The D key
before any step of the roll says what it would do and waits for a second D; the ✋ Done button, pressed by its words,
acts at once, and so does D once a step is made."""

from __future__ import annotations

from typing import Any

import pytest
from test_magic_drag_attack import OPEN_NORTH, _roll_between, _settled
from test_magic_far_tap_words import _served_north

pytestmark = pytest.mark.browser

assert OPEN_NORTH  # (the maze the page is served with: north from a1 open)


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
