"""Issue 15, Labyrinth newcomer 27 (phone): after a find the board's page never said where the next picture was; at the game's
end every arrow still glowed as when pushing was allowed, and the words saying why lay below the buttons. (Its glowing
🏠 read as a tile to go to: the turn light is now round the pawn, test_labyrinth_turn_light.py.)"""

from __future__ import annotations

from typing import Any, Iterator

import pytest
from test_labyrinth_newcomer_third import DESKTOP, PHONE, WAIT_MS, open_page
from test_labyrinth_round22 import OVER_ARGS, RED_ARGS, at_game_over
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser


@pytest.fixture
def ended() -> Iterator[str]:
    with serving(OVER_ARGS) as address:
        yield address


def test_after_a_find_the_seat_link_says_the_next_card_is_there(browser: Any) -> None:
    with serving(RED_ARGS) as address:
        page = open_page(browser, address, DESKTOP, guide=False)
        try:
            assert page.evaluate("fetch('/seat/red/claim', {method: 'POST'}).then((r) => r.ok)")
            page.reload()
            page.wait_for_selector("#private-links a.seat-link.red", timeout=WAIT_MS)
            link = page.locator("#private-links a.seat-link.red")
            assert "next card" not in link.inner_text()
            page.evaluate("""() => HANDLERS.event({view: S.view, event: {type: 'card_found', player: 'red', card: 'ring',
                cell: 'c3', remaining: 1, t: 1000}})""")
            page.wait_for_function("() => document.querySelector('#private-links a.seat-link.red').textContent.includes('next card')",
                                   timeout=WAIT_MS)
            with page.context.expect_page() as opened:
                link.click()
            opened.value.close()
            page.wait_for_function("() => !document.querySelector('#private-links a.seat-link.red').textContent.includes('next card')",
                                   timeout=WAIT_MS)
        finally:
            page.context.close()


def test_at_the_end_the_prompt_says_what_the_lights_are_and_the_arrows_look_off(browser: Any, ended: str) -> None:
    page, winner = at_game_over(browser, ended, PHONE)
    try:
        prompt = page.locator("#prompt").inner_text()
        assert "lights celebrate in every colour, then glow in the winner's" in prompt, prompt  # (newcomer 33 saw both)
        # the winner said once ("Blue wins! The board lights up for the winner: Blue won." read as said twice:
        # newcomers, round 3 of the ninth session)
        assert prompt.lower().count(winner.lower()) == 1, prompt
        box = page.locator("#prompt").bounding_box()
        assert box and box["y"] + box["height"] <= PHONE[1], box
        opacity = page.evaluate("() => parseFloat(getComputedStyle(document.querySelector('#maze .slot')).opacity)")
        assert opacity < 0.8, opacity
    finally:
        page.close()
