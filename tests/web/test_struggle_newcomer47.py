"""Issue 15, Struggle newcomers 44, 45 and 47: once the hand was kept the board lit the last way, the board's pick for
the card ("way 6 of 6, ★ the board's pick for your card, … ▶ Back to way 1 to see the first again"): they expected
way 1, and one thought five ways had been skipped. While the pick the page lit as the choice opened is still lit, the
prompt says it was shown before way 1 (Struggle newcomer 109 read "way 2 of 2 (…, lit first)" as a contradiction), and
the others are offered as the others ("to see the others"), not "again"."""

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


def test_the_pick_lit_as_the_choice_opens_is_said_shown_before_way_1(browser: Any) -> None:
    with serving(SEED3) as url:
        page = open_page(browser, url, PHONE)
        try:
            keep_first_hand(page)
            pick, count = page.evaluate("() => [S.hints.red + 1, S.view.outcomes.length]")
            assert pick == count == 3, (pick, count)
            prompt = page.locator("#prompt-text").inner_text()
            assert re.search(rf"way {pick} of {count} \(★ the board's pick for your card, so shown before way 1\)", prompt), prompt
            assert "to see the others" in prompt and "see the first again" not in prompt, prompt
            # (nothing was shown before the pick: "▶ Way 1", never "back"; Struggle newcomer 52)
            assert "◀ Previous way or ▶ Way 1." in prompt, prompt
            assert page.locator("#throw").inner_text().strip() == "▶ Way 1"
            page.click("#throw")  # way 1: the person moves on
            page.wait_for_function("() => S.view.selected === 0", timeout=WAIT)
            page.evaluate("MB.send({type: 'pick', index: 2})")  # ...and back to the pick: chosen, not "lit first"
            page.wait_for_function("() => S.view.selected === 2", timeout=WAIT)
            page.wait_for_timeout(300)
            prompt = page.locator("#prompt-text").inner_text()
            assert "(★ the board's pick for your card)" in prompt and "before way 1" not in prompt, prompt
            assert "see the first again" in prompt, prompt
            assert page.locator("#throw").inner_text().strip() == "▶ Back to way 1"
        finally:
            page.context.close()
