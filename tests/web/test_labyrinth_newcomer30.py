"""Issue 15, Labyrinth newcomer 30: a game of one card each was said "· 1 cards each" in the header while the log
said "1 card each"."""

from __future__ import annotations

from typing import Any

import pytest
from test_labyrinth_newcomer_third import PHONE, WAIT_MS, open_page
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser


def test_one_card_each_is_said_in_the_singular(browser: Any) -> None:
    with serving(("--game", "labyrinth", "--cards-each", "1", "--humans", "red", "--seed", "7")) as address:
        page = open_page(browser, address, PHONE, guide=False, mobile=True)
        try:
            page.wait_for_function("() => document.getElementById('game-info').textContent.includes('card')", timeout=WAIT_MS)
            info = page.locator("#game-info").inner_text()
            assert "1 card each" in info and "cards each" not in info, info
        finally:
            page.context.close()


def test_the_push_tip_on_a_touch_screen_says_how_to_see_a_push_before_making_it(browser: Any) -> None:
    """Labyrinth newcomer 31 (phone) pushed by guessing: touching and holding an arrow shows the row or column it
    moves, said only in "?"; the first push's tip says it."""
    with serving(("--game", "labyrinth", "--cards-each", "1", "--humans", "red", "--seed", "7")) as address:
        page = open_page(browser, address, PHONE, guide=True, mobile=True)
        try:
            page.wait_for_function("() => NOTICE.tips && typeof NOTICE.tips.shift === 'string'", timeout=WAIT_MS)
            tip = page.evaluate("NOTICE.tips.shift")
            # (since Labyrinth newcomer 46: a first tap shows it, a second pushes; test_labyrinth_tap_to_push.py)
            # (the first sentence short since the fifteenth session's attack: "to see its push")
            assert "Tap a lit arrow to see its push." in tip and "tap it again to push" in tip.lower(), tip
        finally:
            page.context.close()


def test_after_the_game_a_card_page_whose_seat_went_elsewhere_keeps_what_it_showed(browser: Any) -> None:
    """Labyrinth newcomer 32: at the game's end the card page said "nothing here is secret any more"; the seat then
    taken on another screen, it hid the card ("No card shown: this seat is not yours any more"). Once the game is
    over the page keeps what it showed, and says where the seat went."""
    from playwright.sync_api import expect

    from test_labyrinth_newcomer17 import card_tab

    with serving(("--game", "labyrinth", "--cards-each", "1", "--humans", "red", "--seed", "7")) as url:
        mine, _page, card = card_tab(browser, url)
        other = browser.new_context()
        try:
            # the game's end as the card page is told it (views: the winner, the cards still sought)
            card.evaluate("draw({winner: 'blue', cards: ['candle'], found: 0, remaining: 1})")
            expect(card.locator("#secret")).to_contain_text("The game is over")
            op = other.new_page()
            op.goto(url)
            assert op.request.post(url + "seat/red/release").ok and op.request.post(url + "seat/red/claim").ok
            expect(card.locator("#seat-note")).to_contain_text("was taken on another screen", timeout=WAIT_MS)
            expect(card.locator("#secret")).to_contain_text("The game is over")
            expect(card.locator("#secret")).not_to_contain_text("not yours any more")
        finally:
            other.close()
            mine.close()
