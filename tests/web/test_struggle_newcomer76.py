"""Issue 15, Struggle newcomer 76 (phone; 72 and 74 too): "I pressed Got it on the first tip and expected tips to stop.
Instead a new blue tip box (dice, then moving tokens, then ways to play) appeared at nearly every step". Each tip's label
says which of the game's tips it is ("💡 Tip 2 of 5:"), so Got it reads as this one read, more to come; a tip keeps
its number when it comes again, and one read on another screen counts as read."""

from __future__ import annotations

import os
from typing import Any

import pytest
from test_plain_words_browser import serving
from test_struggle_choosing_round26a_browser import SEED7
from test_struggle_newcomer58 import WAIT, _phone

pytestmark = pytest.mark.browser

PORT = int(os.environ.get("MB_TEST_PORT", "0"))
LABEL = "() => document.querySelector('#guide > b').textContent"


def test_each_tip_says_which_of_the_game_s_tips_it_is(browser: Any) -> None:
    with serving(SEED7, PORT) as url:
        ctx, page = _phone(browser, url, "['goal']")  # one read already (an earlier game, another screen)
        try:
            page.wait_for_function("() => !document.getElementById('guide').hidden", timeout=WAIT)
            total = page.evaluate("() => Object.keys(NOTICE.tips).length")
            assert total == 5, total
            assert page.evaluate(LABEL) == f"💡 Tip 2 of {total}:", page.evaluate(LABEL)
            first = page.locator("#guide").get_attribute("data-tip")
            page.locator("#guide .guide-ok").tap()
            page.locator("#throw").tap()
            page.wait_for_function("() => S.view && S.view.throws === 1", timeout=WAIT)
            page.locator("#stop").tap()  # the hand kept: the board asks to choose a way, and its tip comes
            page.wait_for_function("(f) => !document.getElementById('guide').hidden && document.getElementById('guide').dataset.tip !== f",
                                   arg=first, timeout=WAIT)
            assert page.locator("#guide").get_attribute("data-tip") == "choose"
            assert page.evaluate(LABEL) == f"💡 Tip 3 of {total}:", page.evaluate(LABEL)
            # ...and it is seen whole on a phone: the label on the tip's first line, the words after it
            box = page.evaluate("""() => { const b = document.querySelector('#guide > b').getBoundingClientRect(),
              g = document.getElementById('guide').getBoundingClientRect(); return [b.top - g.top, b.right <= g.right]; }""")
            assert box[0] < 20 and box[1], box
        finally:
            ctx.close()
