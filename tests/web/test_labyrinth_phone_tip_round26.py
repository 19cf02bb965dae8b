"""Round 26 (issue 15, fix26-lab 2): on a phone (390x844), in the move step, while the first game's move
tip shows under the prompt, Done and Lift pawn (the own controls) are on the first screen: measured in
the DOM, the page at its top. The spare (idle in the move step) may go below them."""

from __future__ import annotations

from typing import Any

import pytest

from test_labyrinth_newcomer_third import NEWCOMER_GAME, PHONE, WAIT_MS, open_page, push
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser

BOXES = """() => Object.fromEntries(['#prompt', '#guide', '#maze', '#done', '#lift'].map(s => {
    const r = document.querySelector(s).getBoundingClientRect(); return [s, [Math.round(r.top), Math.round(r.bottom)]]; }))"""


def test_done_is_on_a_phones_first_screen_while_the_move_tip_shows(browser: Any) -> None:
    with serving(NEWCOMER_GAME) as url:
        page = open_page(browser, url, PHONE, guide=True)  # a newcomer: the first game's tips on
        page.locator("button.seat-claim.red").click(timeout=WAIT_MS)  # as the newcomer did: a taller header
        page.locator("a.seat-link.red").wait_for(timeout=WAIT_MS)
        push(page)
        page.wait_for_function("() => !document.getElementById('guide').hidden && document.getElementById('guide').dataset.tip === 'move'",
                               timeout=WAIT_MS)
        page.evaluate("() => window.scrollTo(0, 0)")
        page.wait_for_timeout(300)
        boxes = page.evaluate(BOXES)
        page.screenshot(path="/tmp/lab26/move-tip-phone.png")
        page.close()
    off = {s: b for s, b in boxes.items() if b[0] < 0 or b[1] > PHONE[1] - 4}
    assert not off, f"below the first screen of {PHONE[1]} px with the move tip shown: {off} (all: {boxes})"
