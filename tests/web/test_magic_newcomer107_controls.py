"""Issue 15, Magic newcomer 107 (1920x1080): after a ball drop, L turned "✊ Lift pawn" into "👇 Click a cell to place";
the wider label went to the second row and "🎣 Fish ball out" jumped from the second row to the first, so the next
button was not where it had just been (newcomers 105 and 106 had seen the buttons shift too). The control rows keep
their places at every width, as a phone's did: Roll, Done and Lift on the first row (Lift's label wraps inside it),
Fish ball out on the second."""

from __future__ import annotations

from typing import Any

import pytest
from test_magic_newcomer import ARGS, WIDE, open_page, roll, served, wait_action

pytestmark = pytest.mark.browser

BOXES = "() => Object.fromEntries(['roll', 'done', 'lift', 'fetch'].map((id) => { " \
        "const r = document.getElementById(id).getBoundingClientRect(); return [id, [Math.round(r.x), Math.round(r.y)]]; }))"


@pytest.fixture
def url() -> Any:
    yield from served(ARGS)


@pytest.mark.parametrize("size", [WIDE, (1280, 800), (1024, 700)], ids=["1920", "1280", "1024"])
def test_the_buttons_keep_their_places_when_lift_pawn_says_click_a_cell(browser: Any, url: str, size: tuple[int, int]) -> None:
    from playwright.sync_api import expect

    page = open_page(browser, url, size)
    try:
        roll(page)
        page.locator('#board .cell[data-cell="b1"]').click()  # through the wall a1-b1: the ball drops
        wait_action(page, "return", None)
        page.wait_for_timeout(300)
        before = page.evaluate(BOXES)
        assert before["fetch"][1] > before["lift"][1], before  # Fish ball out on a row of its own
        page.keyboard.press("l")
        expect(page.locator("#lift")).to_contain_text("Click a1 to place", timeout=10_000)  # (the cell asked: newcomer 111)
        page.wait_for_timeout(200)
        after = page.evaluate(BOXES)
        assert after == before, (before, after)
    finally:
        page.close()
