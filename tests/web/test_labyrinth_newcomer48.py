"""Issue 15, Labyrinth newcomer 48: after finding a card the newcomer was unsure the card tab would move on to the
next card by itself, and reloaded it (it does follow the game live). The card page says so under the card."""

from __future__ import annotations

from typing import Any

import pytest
from test_labyrinth_newcomer17 import card_tab

from tests.web.test_plain_words_browser import LABYRINTH, WAIT_MS, serving

pytestmark = pytest.mark.browser


def test_the_card_page_says_it_follows_the_game_by_itself(browser: Any) -> None:
    from playwright.sync_api import expect

    with serving(LABYRINTH + ("--humans", "red")) as url:
        mine, _page, card = card_tab(browser, url)
        try:
            expect(card.locator("#note")).to_contain_text("follows the game by itself", timeout=WAIT_MS)
            expect(card.locator("#note")).to_contain_text("no need to reload")
        finally:
            mine.close()
