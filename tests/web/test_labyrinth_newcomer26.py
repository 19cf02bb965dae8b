"""Issue 15, Labyrinth newcomer 26 (phone): at the game's end the private card page of the player who lost showed
a big 🏆 in their frame with "The game is over" (at a glance a win), and said "nothing here is secret any more"
without showing the card they were still hunting. The cup is the winner's only; the cards still sought show."""

from __future__ import annotations

from typing import Any

import pytest
from test_labyrinth_round22 import RED_ARGS
from test_news_every_turn import _phone
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser

WAIT_MS = 30_000
OVER = {"cards": ["keys"], "found": 1, "remaining": 2, "corner": "a1", "vader_cards": []}


def _private(browser: Any, url: str) -> Any:
    page = _phone(browser, url)
    assert page.evaluate("fetch('/seat/red/claim', {method: 'POST'}).then((r) => r.ok)")
    page.goto(url.rstrip("/") + "/seat/red")
    page.wait_for_function("() => typeof P !== 'undefined' && P.hello", timeout=WAIT_MS)
    return page


def test_the_loser_s_card_page_shows_no_cup_and_the_cards_still_sought(browser: Any) -> None:
    with serving(RED_ARGS) as url:
        page = _private(browser, url)
        try:
            page.evaluate("(s) => HANDLERS.secret({secret: s})", {**OVER, "winner": "blue"})
            text = page.locator("#secret").inner_text()
            assert "🏆" not in text, text
            assert "Blue wins" in text, text
            assert "Keys" in text or "keys" in text, text  # the card still sought, by its name
            assert "1 more" in text, text  # remaining 2: the one shown and one more
            page.evaluate("(s) => HANDLERS.secret({secret: s})", {**OVER, "cards": [], "remaining": 0, "found": 3,
                                                                    "winner": "red"})
            text = page.locator("#secret").inner_text()
            assert "🏆" in text and "You win" in text, text
        finally:
            page.context.close()
