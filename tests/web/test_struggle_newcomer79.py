"""Issue 15, Struggle newcomer 79 (phone): "The first tip's button said 'Got it · 4 more', but pressing it brought no
next tip; the tip box just closed ... I expected to page through 4 more tips with Got it; instead they come and go with
the game's state." Right after Got it, the tips' room on a phone says so: the next tip shows there when its moment
comes, and how many are to come, until the game's next line takes the room (notice.js restWords)."""

from __future__ import annotations

import os
from typing import Any

import pytest
from test_plain_words_browser import serving
from test_struggle_choosing_round26a_browser import SEED7
from test_struggle_newcomer58 import WAIT, _phone

pytestmark = pytest.mark.browser

PORT = int(os.environ.get("MB_TEST_PORT", "0"))
REST = """() => { const g = document.getElementById('guide');
  return [g.hidden, document.body.classList.contains('guide-resting'), getComputedStyle(g, '::after').content]; }"""


def test_got_it_on_a_phone_says_the_next_tip_comes_at_its_moment(browser: Any) -> None:
    with serving(SEED7, PORT) as url:
        ctx, page = _phone(browser, url, "[]")
        try:
            page.wait_for_function("() => !document.getElementById('guide').hidden", timeout=WAIT)
            assert page.locator("#guide").get_attribute("data-tip") == "goal"
            page.locator("#guide .guide-ok").tap()
            page.wait_for_function("() => document.getElementById('guide').hidden", timeout=WAIT)
            hidden, resting, said = page.evaluate(REST)
            assert hidden and resting, (hidden, resting)
            # (the game's first line, the cards dealt, is in What happened already: Got it's words come before it)
            assert "next tip" in said and "4 more to come" in said and "moment" in said, said
            assert "Latest in What happened" not in said, said
            # ...until the game's next line: the room says the newest line again
            page.locator("#throw").tap()
            page.wait_for_function("() => S.view && S.view.throws === 1", timeout=WAIT)
            page.locator("#guide .guide-ok").tap()  # (the dice tip came with the throw: read too)
            page.wait_for_function("() => document.getElementById('guide').hidden", timeout=WAIT)
            said = page.evaluate(REST)[2]
            # (Got it again: its own words, the count fewer by the dice tip and by the throw tip, its step done and so
            # learnt: Struggle newcomer 98)
            assert "2 more to come" in said, said
            page.locator("#stop").tap()  # the hand kept: a new line in What happened
            page.wait_for_function("(t) => document.getElementById('guide').hidden ? "
                                   "getComputedStyle(document.getElementById('guide'), '::after').content !== t : true",
                                   arg=said, timeout=WAIT)
        finally:
            ctx.close()
