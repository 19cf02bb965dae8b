"""Issue 15, Struggle newcomer 33: the win box said only "🏆 Blue wins! red 10 · blue 30"; why Blue had 30 was said
far below a phone's first screen, under the Rounds table. The win box says, for each player, where the last round
scored (the round_over event's ``scored``, as the Rounds table says it)."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import PHONE, serving

pytestmark = pytest.mark.browser

WAIT = 30000


def test_the_win_box_says_where_each_player_scored(browser: Any) -> None:
    with serving(("--game", "struggle", "--seed", "7", "--humans", "red")) as url:
        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        try:
            page.goto(url)
            page.wait_for_function("() => S.view && S.hello && S.world", timeout=WAIT)
            text = page.evaluate("""() => {
              const v = S.view;
              v.results = [{ round: 1, order: ['K', 'Q', 'J', '10', '9'], points: { red: 10, blue: 30 },
                             cards: { red: ['9', 'K', 'Q', 'A', 'J'], blue: ['Q', '9', 'J', '10', 'A'] },
                             scored: { red: ['D'], blue: ['C', 'D', 'E'] } }];
              v.totals = { red: 10, blue: 30 }; v.winners = ['blue']; v.phase = 'over'; S.bannerShown = false;
              drawInfo();
              return document.getElementById('banner-text').innerText;
            }""")
            assert "Blue wins!" in text, text
            assert "Blue: scored at C (J), D (10) and E (9)" in text, text
            assert "Red: scored at D (10)" in text, text
            # the prompt edged in the winner's colour, not the last player's (Struggle newcomer 34)
            page.evaluate("() => { S.view.current = 'red'; drawInfo(); }")
            assert page.evaluate("document.documentElement.style.getPropertyValue('--turn')") == "var(--blue)"
            box = page.locator("#banner").bounding_box()
            assert box and box["y"] + box["height"] <= PHONE[1], box  # on the first screen
        finally:
            page.close()
