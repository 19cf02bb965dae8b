"""Issue 15, Struggle newcomer 92: the dice tip said "no token stops on black" and not what happens instead (does the
token jump over it, or stay?); the ways list answered it turns later ("stays on space 6: it would end on black space
7"). The tip says it, as the legend's title does."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import PHONE, open_page, serving

pytestmark = pytest.mark.browser


def test_the_dice_tip_says_what_a_move_onto_black_does(browser: Any) -> None:
    with serving(("--game", "struggle", "--players", "2", "--seed", "7", "--humans", "red")) as url:
        page = open_page(browser, url, PHONE)
        try:
            page.wait_for_function("() => S.hello && S.view", timeout=30_000)
            tip = page.evaluate("() => tips().dice")
        finally:
            page.context.close()
    assert tip.endswith("no token stops on black: a move that would end there does not happen, and the token stays "
                        "where it was."), tip
