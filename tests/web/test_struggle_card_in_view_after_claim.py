"""Issue 15, Struggle newcomers (rounds 45-48 left it open): on a phone, "Red" tapped beside "See your card here:"
at the top took the seat, and the card it was tapped for showed in its box far below the first screen: nothing
moved, and the newcomer looked for it. A claim made on this page now brings the card's box into view once the card
is drawn (and marks it for a moment); a box already in view stays put."""

from __future__ import annotations

import os
from typing import Any

import pytest
from test_plain_words_browser import PHONE, WIDE, open_page, serving
from test_struggle_choosing_round26a_browser import SEED7

pytestmark = pytest.mark.browser

WAIT = 30000
PORT = int(os.environ.get("MB_TEST_PORT", "0"))

IN_VIEW = """() => { const r = document.getElementById('my-card').getBoundingClientRect();
  return { top: r.top, bottom: r.bottom, h: innerHeight, y: scrollY }; }"""


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_the_card_claimed_at_the_top_is_brought_into_view(browser: Any, size: tuple[int, int]) -> None:
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, size)
        try:
            page.locator("#private-links .seat-claim.red").click()
            page.wait_for_selector("#my-card .card-row", timeout=WAIT)
            page.wait_for_function("""() => { const r = document.getElementById('my-card').getBoundingClientRect();
                return r.top >= 0 && r.bottom <= innerHeight + 1; }""", timeout=5000)
            seen = page.evaluate(IN_VIEW)
            assert seen["top"] >= 0 and seen["bottom"] <= seen["h"] + 1, seen
            assert page.locator("#my-card.just-shown").count() == 1  # marked for a moment
            page.wait_for_function("() => !document.querySelector('#my-card.just-shown')", timeout=8000)
            y = page.evaluate("scrollY")
            page.evaluate("() => { window.scrollTo(0, 0); drawInfo(); drawInfo(); }")  # later redraws move nothing
            page.wait_for_timeout(500)
            assert page.evaluate("scrollY") == 0 or y == 0
        finally:
            page.close()
