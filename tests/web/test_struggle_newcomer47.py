"""Issue 15, Struggle newcomers 44, 45 and 47: once the hand was kept the board lit the last way, the board's pick for
the card ("way 6 of 6, ★ the board's pick for your card, … ▶ Back to way 1 to see the first again"): they expected
way 1, and one thought five ways had been skipped; newcomers 109-113 saw "way 3 of 6" and ▶ go on to 4, 5, 6, then 1.
The board now lists its pick first: it is way 1, lit as the choice opens, and ▶ Next way steps on in order."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_plain_words_browser import PHONE, open_page, serving
from test_struggle_choosing_round26a_browser import SEED7
from test_struggle_newcomer40 import keep_first_hand

pytestmark = pytest.mark.browser

WAIT = 30000
SEED3 = tuple("3" if x == "7" else x for x in SEED7)  # red's first hand: 3 ways, the pick the last


def test_the_pick_is_way_1_lit_as_the_choice_opens_and_next_way_steps_on_in_order(browser: Any) -> None:
    with serving(SEED3) as url:
        page = open_page(browser, url, PHONE)
        try:
            keep_first_hand(page)
            page.wait_for_timeout(500)  # (the page once lit the pick itself a moment after the choice opened)
            pick, count, shown = page.evaluate("() => [S.hints.red + 1, S.view.outcomes.length, S.view.selected + 1]")
            assert (pick, count, shown) == (1, 3, 1), (pick, count, shown)
            prompt = page.locator("#prompt-text").inner_text()
            assert "way 1 of 3 (★ the board's pick for your card)" in prompt, prompt
            assert "▶ Next way for the next one" in prompt and "before way 1" not in prompt, prompt
            assert page.locator("#throw").inner_text().strip() == "▶ Next way"
            assert page.locator("#stop").inner_text().strip() == "✋ Stop: play way 1"
            for n in (2, 3):
                page.click("#throw")
                page.wait_for_function("(n) => S.view.selected === n - 1", arg=n, timeout=WAIT)
                page.wait_for_timeout(300)
                prompt = page.locator("#prompt-text").inner_text()
                assert re.search(rf"way {n} of 3 to play", prompt) and "★" not in prompt, prompt
            assert "◀ Previous way to go back one, ▶ Back to way 1 to see the first again" in prompt, prompt
            assert page.locator("#throw").inner_text().strip() == "▶ Back to way 1"
        finally:
            page.context.close()
