"""Issue 15, Struggle newcomer 76 (phone; 72 and 74 too): "I pressed Got it on the first tip and expected tips to stop.
Instead a new blue tip box (dice, then moving tokens, then ways to play) appeared at nearly every step". Each tip's label
says how many tips are still to come ("💡 Tip (3 more to come):"; on a phone, with no room for the label, "Hide all
tips (3 to come)", the tips that button skips (Labyrinth newcomer 88 and Magic newcomer 90 read "No more tips (1 left)" as
a contradiction, or could not tell what it counted): Struggle newcomers 79 and 85 read "Got it · 4 more" as a page through four
tips now, Magic newcomers 87 and 88 could not tell what "Got it · 2 later" would do), so Got it reads as this
one read, more to come. Counted from the tips read at the table: never going up (Struggle
newcomer 78 read "5/5" then "2/5", numbered by place, as a count going backwards) and the same on every screen."""

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
# on a phone the label has no room (board.css): Got it says the count, "Got it · 2/5"
GOT_IT = """() => { const ok = document.querySelector('#guide .guide-ok'), b = document.querySelector('#guide > b');
  const off = document.querySelector('#guide .guide-off');
  return [getComputedStyle(off, '::after').content, getComputedStyle(b).display, ok.getBoundingClientRect().width,
          document.querySelector('#guide .guide-off').getBoundingClientRect().width]; }"""


def test_each_tip_says_which_of_the_game_s_tips_it_is(browser: Any) -> None:
    with serving(SEED7, PORT) as url:
        ctx, page = _phone(browser, url, "['goal']")  # one read already (an earlier game, another screen)
        try:
            page.wait_for_function("() => !document.getElementById('guide').hidden", timeout=WAIT)
            total = page.evaluate("() => Object.keys(NOTICE.tips).length")
            assert total == 5, total
            said = page.evaluate(GOT_IT)
            assert said[1] == "none" and said[0] == '" (3 to come)"', said  # (goal read, dice shown: throw, choose, place)
            assert said[2] <= said[3] + 1, said  # (as wide as Hide all tips at most: the tip's room unchanged)
            first = page.locator("#guide").get_attribute("data-tip")
            page.locator("#guide .guide-ok").tap()
            page.locator("#throw").tap()
            page.wait_for_function("() => S.view && S.view.throws === 1", timeout=WAIT)
            page.locator("#stop").tap()  # the hand kept: the board asks to choose a way, and its tip comes
            page.wait_for_function("(f) => !document.getElementById('guide').hidden && document.getElementById('guide').dataset.tip !== f",
                                   arg=first, timeout=WAIT)
            assert page.locator("#guide").get_attribute("data-tip") == "choose"
            # (goal and dice read, the throw learnt by throwing (Struggle newcomer 98); place to come)
            assert page.evaluate(GOT_IT)[0] == '" (1 to come)"', page.evaluate(GOT_IT)
            # ...and on the same game's wider screen (over the side panel), the tip's label says it in words
            wide = browser.new_page(viewport={"width": 1024, "height": 768})
            try:
                wide.add_init_script("localStorage.setItem('mazeboard.guide.struggle', JSON.stringify(['goal', 'dice']))")
                wide.goto(url)
                wide.wait_for_function("() => !document.getElementById('guide').hidden", timeout=WAIT)
                assert wide.evaluate("() => document.getElementById('guide').dataset.tip") == "choose"
                label = wide.evaluate(LABEL)
                assert label == "💡 Tip (1 more to come):", label  # (the phone's count for the same tip)
                # ...a line of its own over the words (beside them it left them a third of the width: an attack)
                box = wide.evaluate("""() => { const b = document.querySelector('#guide > b').getBoundingClientRect(),
                  w = document.querySelector('#guide .guide-body').getBoundingClientRect(),
                  g = document.getElementById('guide').getBoundingClientRect();
                  return [b.width > 0, b.right <= g.right, b.bottom <= w.top + 1, Math.abs(w.left - b.left) < 2]; }""")
                assert all(box), box
                # ...and at 1920x1080, the tip under the dice as wide as the track's column, Got it says it (a line more
                # for the label took the track's room)
                wide.set_viewport_size({"width": 1920, "height": 1080})
                wide.wait_for_timeout(300)
                assert wide.evaluate(GOT_IT)[0] == '" (1 to come)"', wide.evaluate(GOT_IT)
            finally:
                wide.close()
        finally:
            ctx.close()
