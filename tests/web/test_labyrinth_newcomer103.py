"""Issue 15, Labyrinth newcomer 103 (a phone, 390x844): after a find the board page's link to the card page changed
from "🃏️ Open your secret card page (red) ↗" to "🃏️ Your next card (red) ↗", and the newcomer wondered whether it had
to be pressed to get the next card; the card page, open in its tab, had shown it by itself. The link says where the
next card is: the card page shows it (Labyrinth newcomer 27 had not known where the next picture was)."""

from __future__ import annotations

from typing import Any

import pytest
from test_labyrinth_newcomer_third import PHONE, WAIT_MS
from test_labyrinth_round22 import RED_ARGS
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser

LINK = "#private-links a.seat-link.red"


@pytest.mark.parametrize("lang", ["en", "it"])
def test_after_a_find_the_link_says_the_card_page_shows_the_next_card(browser: Any, lang: str) -> None:
    with serving(RED_ARGS + ("--lang", lang)) as address:
        context = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True)
        page = context.new_page()
        try:
            page.goto(address)
            page.wait_for_function("() => S.view && S.hello", timeout=WAIT_MS)
            assert page.evaluate("fetch('/seat/red/claim', {method: 'POST'}).then((r) => r.ok)")
            page.reload()
            page.wait_for_selector(LINK, timeout=WAIT_MS)
            before = page.locator(LINK).inner_text()
            page.evaluate("""() => HANDLERS.event({view: S.view, event: {type: 'card_found', player: 'red', card: 'ring',
                cell: 'c3', remaining: 1, t: 1000}})""")
            page.wait_for_function(f"(b) => document.querySelector('{LINK}').textContent !== b", arg=before, timeout=WAIT_MS)
            text = page.locator(LINK).inner_text()
            # the card page's own doing said, not a card to fetch with the link
            if lang == "en":
                assert "card page shows the next card" in text and "Red" in text.title(), text
            # on the phone's screen, in two lines at most, within one box (in Italian it wrapped as a line of text, its
            # box torn in two)
            assert page.evaluate(f"() => document.querySelector('{LINK}').getClientRects().length") == 1
            box = page.locator(LINK).bounding_box()
            line = 1.4 * float(page.evaluate(f"() => parseFloat(getComputedStyle(document.querySelector('{LINK}')).fontSize)"))
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE[0] and box["height"] <= 2 * line + 12, (box, line)
        finally:
            context.close()
