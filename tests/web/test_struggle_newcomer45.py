"""Issue 15, Struggle newcomer 45: ways alike but for the order the tokens move in ("token K moves first", "token Q
moves first") gave different results, and nothing had said the order matters or is the player's to choose; the
rule that tokens level on one space rank K, Q, J, 10, 9 was said only inside a way's notes, yet decided points.
The choosing tip says both."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import PHONE, serving
from test_struggle_newcomer17 import SEED7, WAIT

pytestmark = pytest.mark.browser


def test_the_choosing_tip_says_the_order_matters_and_how_level_tokens_rank(browser: Any) -> None:
    with serving(SEED7) as url:
        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        try:
            page.goto(url)
            page.wait_for_function("() => NOTICE.tips && typeof NOTICE.tips.choose === 'string'", timeout=WAIT)
            tip = page.evaluate("NOTICE.tips.choose")
            assert "moves first" in tip and "order" in tip, tip
            # (how the notes and the pick weigh them, not a rule of the game: an attack)
            assert "rank tokens level on one space in the order K, Q, J, 10, 9, as the pick weighs them" in tip, tip
            assert "★ the board's pick for your card" in tip, tip
        finally:
            page.close()
