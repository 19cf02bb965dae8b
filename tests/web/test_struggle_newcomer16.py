"""Issue 15, Struggle newcomer 15 (left items): the throwing tip goes once its step is done, the track's
legend says what a held space does in plain words, and the card's points after a way read plainly."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import PHONE, serving

pytestmark = pytest.mark.browser

WAIT = 30000
SEED7 = ("--game", "struggle", "--players", "2", "--seed", "7", "--humans", "red")
GUIDE = "document.getElementById('guide')"


def test_the_throwing_tip_goes_after_the_first_throw(browser: Any) -> None:
    """Newcomer 15: the tip "Press 🎲 Throw. Then tap dice to keep them …" stayed up through throws 1 and 2,
    where the prompt already says what follows (hold a die, throw again, or Stop); its only way out was Got it,
    which then showed the next tip. It now rests once the first throw is made, and comes again next turn
    (not remembered as seen)."""
    with serving(SEED7) as url:
        ctx = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True)
        page = ctx.new_page()
        try:
            page.add_init_script("localStorage.setItem('mazeboard.guide.struggle', JSON.stringify(['goal', 'dice']))")
            page.goto(url)
            page.wait_for_function(f"{GUIDE} && {GUIDE}.dataset.tip === 'throw' && !{GUIDE}.hidden", timeout=WAIT)
            page.evaluate("MB.send({type: 'press', button: 'throw'})")
            page.wait_for_function("S.view && S.view.throws > 0", timeout=WAIT)
            page.wait_for_function(f"{GUIDE}.hidden", timeout=WAIT)
            prompt = page.locator("#prompt-text").inner_text()
            assert "Throw to throw the others again" in prompt, prompt  # the prompt says the next step instead
            seen = page.evaluate("JSON.parse(localStorage.getItem('mazeboard.guide.struggle') || '[]')")
            assert "throw" not in seen, seen
        finally:
            ctx.close()
