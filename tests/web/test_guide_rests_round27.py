"""Issue 15, round 27 (Magic newcomer 13, Struggle newcomers 11-13): on a phone the first-game tip went
when its moment ended (the simulated player's turn) and came back with the next one: the board moved
about 56 px up and down between turns, under a finger about to tap. On a phone a tip whose moment is
over keeps its room (unseen) until the next tip comes; "Got it" and "Hide all tips" give the room back."""

from __future__ import annotations

from typing import Any, Iterator

import pytest
from test_magic_newcomer import ARGS, PHONE, WAIT_MS, open_page, roll, wait_action
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser

BOARD_TOP = "() => Math.round(document.getElementById('board').getBoundingClientRect().top + scrollY)"


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    with serving(ARGS) as address:
        yield address


def test_on_a_phone_the_board_stays_put_when_a_tip_s_moment_ends(browser: Any, url: str) -> None:
    page = open_page(browser, url, PHONE, tips=True)
    page.wait_for_selector("#guide:not([hidden])", timeout=WAIT_MS)
    roll(page)
    page.wait_for_selector("#guide:not([hidden])", timeout=WAIT_MS)  # the move's tip
    top = page.evaluate(BOARD_TOP)
    page.click("#done")  # red's move ends at once: blue's turn, no tip of red's moment
    wait_action(page, "roll", "blue")
    page.wait_for_function("() => document.getElementById('guide').hidden", timeout=WAIT_MS)
    assert page.evaluate(BOARD_TOP) == top, "the board moved when the tip's moment ended"
    assert page.evaluate("document.body.classList.contains('guide-resting')") is True
    # the tips hidden for good (Hide all tips): the room goes
    page.locator("#guide .guide-off").evaluate("(b) => b.click()")
    assert page.evaluate("document.body.classList.contains('guide-resting')") is False
    assert page.evaluate(BOARD_TOP) < top
    page.close()
