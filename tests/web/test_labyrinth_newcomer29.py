"""Issue 15, Labyrinth newcomer 29 (phone): twenty minutes into a game of the full deal (12 cards each) it stood at
2 found each; only the help said a first game takes long and how to play a shorter one. In a game of the full deal
the first tip says so first, in the tip's room on the first screen, with the way to a shorter one; a shorter game's
tip says nothing of it."""

from __future__ import annotations

from typing import Any

import pytest
from test_labyrinth_newcomer_third import PHONE, WAIT_MS
from test_labyrinth_round22 import RED_ARGS
from test_news_every_turn import _phone
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser

FULL = ("--game", "labyrinth", "--humans", "red", "--seed", "7")


def test_the_full_deal_s_first_tip_says_it_is_long_and_how_to_play_shorter(browser: Any) -> None:
    with serving(FULL) as url:
        page = _phone(browser, url)
        try:
            page.wait_for_function("() => !document.getElementById('guide').hidden", timeout=WAIT_MS)
            text = page.locator("#guide .guide-text").inner_text()
            assert text.startswith("12 cards each: a long game") and "Cards each" in text, text
            box = page.locator("#guide").bounding_box()
            assert box and box["y"] + box["height"] <= PHONE[1], box
            assert page.locator("#notice").is_hidden()
        finally:
            page.context.close()


def test_a_shorter_game_s_tip_says_nothing_of_its_length(browser: Any) -> None:
    with serving(RED_ARGS) as url:  # --cards-each 2
        page = _phone(browser, url)
        try:
            page.wait_for_function("() => !document.getElementById('guide').hidden", timeout=WAIT_MS)
            assert "long game" not in page.locator("#guide .guide-text").inner_text()
        finally:
            page.context.close()
