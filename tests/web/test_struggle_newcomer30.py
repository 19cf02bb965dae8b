"""Issue 15, Struggle newcomer 30: the first tip said "Your secret objective card (shown here)" while the card lay
far below a phone's first screen: it says where on the page the card is (under the dice on a phone, beside the board on
a wide screen), and it is there."""

from __future__ import annotations

import os
from typing import Any

import pytest
from test_plain_words_browser import PHONE, WIDE, open_page, serving
from test_struggle_choosing_round26a_browser import SEED7, _seated

pytestmark = pytest.mark.browser

WAIT = 30000
PORT = int(os.environ.get("MB_TEST_PORT", "0"))


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_the_goal_tip_says_where_the_card_is_shown(browser: Any, size: tuple[int, int]) -> None:
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, size, guide=True)
        try:
            page.wait_for_function("() => document.getElementById('prompt-text').textContent.includes('Red: press Throw')",
                                   timeout=WAIT)
            _seated(page)
            page.wait_for_function("() => NOTICE.tips.goal && NOTICE.tips.goal.includes('objective card')", timeout=WAIT)
            tip = page.evaluate("NOTICE.tips.goal")
            assert "(shown here)" not in tip and ("under the dice" if size == PHONE else "beside the board") in tip, tip
            dice, card = page.evaluate("""() => ['.dice-box', '#my-card'].map((s) => document.querySelector(s).getBoundingClientRect().top)""")
            if size == PHONE:
                assert card > dice, (dice, card)
            else:
                beside = page.evaluate("""() => document.querySelector('#my-card').getBoundingClientRect().left
                    >= document.getElementById('track').getBoundingClientRect().right""")
                assert beside
        finally:
            page.context.close()
