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
        _claim(board, "red")
        card = context.new_page()
        card.goto(url + "seat/red")
        back = card.locator("a#back")
        expect(back).to_be_visible(timeout=WAIT_MS)
        assert "board" in back.inner_text().lower()
        box = back.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 844 and box["height"] >= 24  # on the first screen, tappable
        back.click()
        card.wait_for_url(url, timeout=WAIT_MS)
        expect(card.locator("button.seat-release.red, a.seat-link.red").first).to_be_visible(timeout=WAIT_MS)
        context.close()
