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
                # the first step first, its codes said there (Labyrinth newcomer 52: a long first sentence, "N-b, W-4"
                # unexplained until an arrow was tapped)
                assert tip.lower().index("a lit arrow") < tip.index("Rotate") and "code on an arrow (N-b" in tip, tip
                if touch:
                    assert "(or R)" not in tip and "tap a lit arrow" in tip.lower(), tip
                else:  # a keyboard's key is still named where there is one
                    assert "(or R)" in tip and "click a lit arrow" in tip.lower(), tip
            finally:
                ctx.close()


def test_taking_a_seat_on_a_phone_does_not_push_the_page_down_a_line(browser: Any) -> None:
    """Labyrinth newcomer 16: on a 390x844 phone, tapping Red beside "Your seat:" turned it into "🃏️ Open your
    secret card page (red) ↗", which wrapped to a line of its own: the page moved about 26 px down and the next
    tap, aimed where things had been, missed. The link now takes the line of the hint it replaces."""
    with serving(("--game", "labyrinth", "--players", "2", "--seed", "7", "--humans", "red")) as url:
        ctx = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True)
        try:
            page = ctx.new_page()
            page.add_init_script("localStorage.setItem('mazeboard.guide.labyrinth', JSON.stringify(['shift', 'move']))")
            page.goto(url)
            page.locator("button.seat-claim.red").wait_for(timeout=WAIT)
            top = "document.getElementById('prompt').getBoundingClientRect().top"
            before = page.evaluate(top)
            page.locator("button.seat-claim.red").tap()
            page.locator("a.seat-link.red").wait_for(timeout=WAIT)
            page.wait_for_timeout(300)
            after = page.evaluate(top)
            assert after - before < 10, f"the page moved {after - before:.0f} px down when the seat was taken"
            box = page.locator("a.seat-link.red").bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE[0], box
        finally:
            ctx.close()
