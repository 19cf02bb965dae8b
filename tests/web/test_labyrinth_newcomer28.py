"""Issue 15, Labyrinth newcomer 28 (phone): the 🏠 badge, a disc in its player's colour, read as the pawn; "Your next
card" stayed in the header after the game had ended, and ran past a phone's edge; the game's length (12 cards each)
was only in the log; "💎 Emerald" showed a blue diamond."""

from __future__ import annotations

from typing import Any

import pytest
from test_labyrinth_newcomer_third import PHONE, WAIT_MS, open_page
from test_labyrinth_round22 import RED_ARGS
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser


def test_the_start_badge_is_no_disc_the_length_is_said_and_the_emerald_is_green(browser: Any) -> None:
    with serving(RED_ARGS) as address:
        page = open_page(browser, address, PHONE, guide=False, mobile=True)
        try:
            page.wait_for_function("() => S.view && S.world", timeout=WAIT_MS)
            # the badge's corner radius against its width: a rounded square, not a disc (a pawn is one)
            radius, size = page.evaluate("""() => { const m = document.querySelector('#maze .home-mark'),
                r = getComputedStyle(m).borderTopLeftRadius, w = m.getBoundingClientRect().width;
                return [r.endsWith('%') ? parseFloat(r) / 100 * w : parseFloat(r), w]; }""")
            assert radius < size / 2 - 1, (radius, size)
            assert "2 cards each" in page.locator("#game-info").inner_text()  # --cards-each 2
            green = page.evaluate("() => pictureHTML('emerald')")
            assert "<svg" in green and "💎" not in green, green
        finally:
            page.context.close()


def test_the_next_card_link_fits_a_phone_and_goes_at_the_game_s_end(browser: Any) -> None:
    with serving(RED_ARGS) as address:
        page = open_page(browser, address, PHONE, guide=False, mobile=True)
        try:
            assert page.evaluate("fetch('/seat/red/claim', {method: 'POST'}).then((r) => r.ok)")
            page.reload()
            page.wait_for_selector("#private-links a.seat-link.red", timeout=WAIT_MS)
            page.evaluate("""() => HANDLERS.event({view: S.view, event: {type: 'card_found', player: 'red', card: 'ring',
                cell: 'c3', remaining: 1, t: 1000}})""")
            link = page.locator("#private-links a.seat-link.red")
            page.wait_for_function("() => document.querySelector('#private-links a.seat-link.red').textContent.includes('next card')",
                                   timeout=WAIT_MS)
            box = link.bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE[0], box
            page.evaluate("""() => HANDLERS.event({view: {...S.view, phase: 'over', winner: 'blue'},
                event: {type: 'game_over', winner: 'blue', scores: {red: 1, blue: 2}, t: 2000}})""")
            assert "next card" not in link.inner_text(), link.inner_text()
        finally:
            page.context.close()
