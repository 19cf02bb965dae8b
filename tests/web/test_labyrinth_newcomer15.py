"""Issue 15, Labyrinth: a phone names no keys. The shift tip read "Turn the spare tile with ⟳ Rotate (or R),
then tap a lit arrow …" on a 390x844 touch screen (Struggle's throw tip had said "(or T)" there, round 26)."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import PHONE, serving

pytestmark = pytest.mark.browser

WAIT = 30000
GUIDE = "document.getElementById('guide')"
TIP = "document.querySelector('#guide .guide-text').textContent"


def test_the_shift_tip_names_no_key_on_a_phone(browser: Any) -> None:
    with serving(("--game", "labyrinth", "--players", "2", "--seed", "7", "--humans", "red")) as url:
        for touch in (True, False):
            size = {"width": PHONE[0], "height": PHONE[1]} if touch else {"width": 1920, "height": 1080}
            ctx = browser.new_context(viewport=size, has_touch=touch, is_mobile=touch)
            try:
                page = ctx.new_page()
                page.goto(url)
                page.wait_for_function(f"{GUIDE} && {GUIDE}.dataset.tip === 'shift' && !{GUIDE}.hidden", timeout=WAIT)
                tip = page.evaluate(TIP)
                assert "Rotate" in tip, tip
                if touch:
                    assert "(or R)" not in tip and "tap a lit arrow" in tip, tip
                else:  # a keyboard's key is still named where there is one
                    assert "(or R)" in tip and "click a lit arrow" in tip, tip
            finally:
                ctx.close()
