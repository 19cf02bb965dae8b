"""Issue 15, round 26 (Struggle newcomer, round 8 left) on the page: a token put on the wrong space is said
first, named (the simulator knows which token it is), with where it belongs; the ways to play open at way 1
with each acting die labelled by what it does in the shown way; a Stop tapped as the countdown passes the
turn is said to have come too late, in words."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import PHONE, WIDE, open_page, serving

pytestmark = pytest.mark.browser

WAIT = 20000
SEED7 = ("--game", "struggle", "--players", "2", "--seed", "7", "--humans", "red")


def _text(page: Any, sel: str) -> str:
    return str(page.evaluate("(sel) => document.querySelector(sel).textContent", sel))


def _until_prompt(page: Any, says: str) -> None:
    page.wait_for_function("(says) => document.getElementById('prompt-text').textContent.includes(says)", arg=says,
                           timeout=WAIT)


def _to_placing(page: Any) -> None:  # seed 7: red throws 9 J A J A; way 1 moves J to space 4, 9 to space 1
    _until_prompt(page, "Red: press Throw")
    page.click("#throw")
    _until_prompt(page, "Red threw")
    page.click("#stop")
    _until_prompt(page, "way 1 of 3")
    page.click("#stop")
    _until_prompt(page, "Red: move the tokens")


def test_a_token_on_the_wrong_space_is_named_first_with_where_it_belongs(browser: Any) -> None:
    with serving(SEED7) as url:
        page = open_page(browser, url, PHONE)
        try:
            _to_placing(page)
            page.evaluate("MB.send({type: 'move', token: 'J', to: 's5'})")
            _until_prompt(page, "space 5")
            said = _text(page, "#prompt-text")
            assert said.startswith("Red: token J is on space 5, where it does not belong: move it to space 4."), said
            assert said.endswith("Then: token 9 on space 1."), said
            box = page.locator("#prompt").bounding_box()
            assert box is not None and box["y"] + box["height"] <= PHONE[1], box  # on the first screen
        finally:
            page.close()
