"""A player's private card page has a way back to the board's page (newcomer round 7: "the card page
has no way back"; it opens in a new tab, and a phone hides the tabs). In Debian's headless Chromium."""

from __future__ import annotations

from typing import Any

import pytest

from test_plain_words_browser import serving
from test_seat_release_browser import _claim

pytestmark = pytest.mark.browser

WAIT_MS = 30_000


@pytest.mark.parametrize("game", ["labyrinth", "struggle"])
def test_the_card_page_links_back_to_the_board(browser: Any, game: str) -> None:
    from playwright.sync_api import expect

    with serving(("--game", game, "--humans", "red", "--seed", "7")) as url:
        context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
        board = context.new_page()
        board.goto(url)
        # the card page as the board's link opens it: its tab (Labyrinth newcomer 20: one tab per colour, and the
        # way back shows the board's tab again, never a second board in the card's tab); Labyrinth's board page
        # opens it in the tap that takes the seat (Labyrinth newcomer 35), Struggle's shows the card itself first
        with context.expect_page() as opened:
            _claim(board, "red")
            if game == "struggle":
                board.locator("a.seat-link.red").first.click()
        card = opened.value
        card.wait_for_load_state()
        back = card.locator("a#back")
        expect(back).to_be_visible(timeout=WAIT_MS)
        assert "board" in back.inner_text().lower()
        box = back.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 844 and box["height"] >= 24  # on the first screen, tappable
        board.evaluate("window.mark = 1")  # gone once the board's tab is loaded again
        back.click()
        board.wait_for_function("typeof window.mark === 'undefined'", timeout=WAIT_MS)
        assert len(context.pages) == 2 and card.url == url + "seat/red", [pg.url for pg in context.pages]
        expect(board.locator("a.seat-link.red").first).to_be_visible(timeout=WAIT_MS)
        # the link again: the same card tab, not a third
        board.locator("a.seat-link.red").first.click()
        board.wait_for_timeout(1000)
        assert len(context.pages) == 2, [pg.url for pg in context.pages]
        context.close()
