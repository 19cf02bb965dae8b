"""Issue 15, Struggle newcomer 32 (and 31): the board lights the spaces the tokens go to, not which token goes to
which; two lit spaces, two tokens on START, and the words of which goes where only in the prompt. The page's track
says it on each space asked for: a dashed mark of the token that goes there (a rendering of the board's one
instruction, its requests), until that token stands there."""

from __future__ import annotations

import os
from typing import Any

import pytest
from test_plain_words_browser import serving
from test_struggle_newcomer32 import hand_kept

pytestmark = pytest.mark.browser

WAIT = 30000
PORT = int(os.environ.get("MB_TEST_PORT", "0"))
SEED = ("--game", "struggle", "--seed", "31643", "--humans", "red")  # red throws ace J 9 ace Q

MARKS = "() => [...document.querySelectorAll('#track .space .want')].map((w) => [w.closest('.space').dataset.sensor, w.textContent])"
ASKED = """() => (said().requests || []).filter((r) => r.piece && Array.isArray(r.to) && r.to.length
  && !r.to.includes(S.world.tokens[r.piece])).map((r) => [r.to[0], r.piece])"""


@pytest.mark.parametrize("size", [(390, 844), (1920, 1080)])
def test_each_space_asked_for_shows_the_token_that_goes_there(browser: Any, size: tuple[int, int]) -> None:
    with serving(SEED, PORT) as url:
        def nothing_asked(page: Any) -> None:
            assert page.evaluate(MARKS) == []  # nothing asked to move yet

        page = hand_kept(browser, url, size, nothing_asked)
        try:
            page.click("#stop")
            page.wait_for_function("() => S.view.phase === 'placing'", timeout=WAIT)
            page.wait_for_function(f"() => ({ASKED})().length >= 2", timeout=WAIT)
            asked = page.evaluate(ASKED)
            page.wait_for_function(f"() => JSON.stringify(({MARKS})().sort()) === JSON.stringify(({ASKED})().sort())", timeout=WAIT)
            mark = page.locator("#track .space .want").first
            assert mark.is_visible() and (mark.get_attribute("title") or "").startswith("token ")
            # one token moved where asked: its mark goes, the other's stays
            sensor, token = asked[0]
            page.evaluate("([t, s]) => MB.send({type: 'move', token: t, to: s})", [token, sensor])
            page.wait_for_function("(t) => ![...document.querySelectorAll('#track .space .want')].some((w) => w.textContent === t)",
                                   arg=token, timeout=WAIT)
            assert [m[1] for m in page.evaluate(MARKS)] == [t for _, t in asked[1:]]
        finally:
            page.close()
