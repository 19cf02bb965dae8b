"""Issue 15, Labyrinth newcomer 73 (1920x1080, Red's seat held by the phone): after the win the wide page's header still
read "Secret card: Red's card: on another screen" while the card's own page said "The game is over: nothing here is
secret any more". Once the game is over the header says the card is on another screen, the game over, and the words
before it no longer say "Secret card:" ("nothing secret now", then "no longer secret", read as unclear and as the card
to be shown there: Labyrinth newcomer 85, Struggle newcomers 85 and 86)."""

from __future__ import annotations

from typing import Any

import pytest
from test_labyrinth_newcomer_third import NEWCOMER_GAME, WAIT_MS
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser


def test_after_the_game_the_header_says_the_card_held_elsewhere_is_no_longer_secret(browser: Any) -> None:
    from test_labyrinth_newcomer_third import DESKTOP
    from test_plain_words_browser import open_page as plain_page

    with serving(NEWCOMER_GAME) as url:
        holder = browser.new_context()
        try:
            hp = holder.new_page()
            hp.goto(url)
            assert hp.request.post(url + "seat/red/claim").ok
            page = plain_page(browser, url, DESKTOP)
            page.locator(".seat-release.red").wait_for(timeout=WAIT_MS)
            page.evaluate("() => { S.view = { ...S.view, phase: 'over', winner: 'blue' }; S.bannerShown = true; drawInfo(); }")
            seat = page.locator(".seat-over.red")
            seat.wait_for(timeout=WAIT_MS)
            label = page.locator("#private-links").locator("xpath=preceding-sibling::*[1]")
            words = seat.inner_text()
            assert "game over" in words and "Red" in words, words
            assert "secret" not in label.inner_text().lower() and "your" not in label.inner_text().lower(), label.inner_text()
            # ...and a seat whose screen is closed says so, as during the game (an attack read "on another screen")
            page.evaluate("() => { MB.seats = { ...MB.seats, away: ['red'] }; MB.drawSeats(); }")
            words = page.locator(".seat-over.red").inner_text()
            assert "closed" in words and "(game over)" in words, words
            page.close()
        finally:
            holder.close()
