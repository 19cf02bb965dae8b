"""Struggle newcomer 108 (1920x1080): "Place tokens as shown" sat at x≈284 before the hand was played; after "Stop:
play way 3" the hand's longer words ("next: click token Q on space 3, then space 2") pushed it to x≈394, and the click
at the old spot hit the words. The hand's words take the row's room left and wrap there: the button stays put."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import WIDE, open_page, serving
from test_struggle_choosing_round26a_browser import PORT, SEED7, WAIT
from test_struggle_newcomer40 import keep_first_hand

pytestmark = pytest.mark.browser

LEFT = "() => Math.round(document.getElementById('follow').getBoundingClientRect().left)"


def test_place_tokens_as_shown_stays_put_when_the_hands_words_grow(browser: Any) -> None:
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, WIDE)
        try:
            keep_first_hand(page)
            before = page.evaluate(LEFT)
            page.click("#stop")  # the way lit played: the hand's words say the next move
            page.wait_for_function("() => S.view.phase === 'placing' && document.getElementById('hand').textContent.includes('next')",
                                   timeout=WAIT)
            after = page.evaluate(LEFT)
        finally:
            page.context.close()
    assert after == before, (before, after)
