"""Issue 15, Struggle newcomer 73 (phone): the line under the board said "next: tap START (it takes token K), then
space 3"; the newcomer tapped the middle of START, where token Q (which the play also moves) is drawn, and the page
chose Q. Where the play moves other tokens from that space too, the line says a tap on one of them takes it ("next: tap
START (it takes token J; a tap on token 9 takes that one), then space 4"); a tap there takes the token tapped (an
attack: a deliberate tap on 9 taken as J put J on 9's space). With one chosen, a tap on another the play moves from the
same space takes that one instead. (Superseded by newcomer 84, who tapped START's middle, on 9's chip, for the J the
line named: on a touch screen a tap on a space takes the token named, and again the next: test_struggle_newcomer84.)"""

from __future__ import annotations

import os
from typing import Any

import pytest
from test_plain_words_browser import serving
from test_struggle_choosing_round26a_browser import SEED7

pytestmark = pytest.mark.browser

WAIT = 30000
PORT = int(os.environ.get("MB_TEST_PORT", "0"))


def test_the_ways_panel_says_a_hand_that_moves_no_token(browser: Any) -> None:
    """(Struggle newcomer 73 kept two hands that moved nothing: the ways panel said "press ✋ Stop to keep this hand:
    the ways to play it show here") Where the board says the hand moves no token, the panel says it too."""
    from test_plain_words_browser import WIDE, open_page

    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("S.hello && S.view", timeout=WAIT)
            said = page.evaluate("""() => {
              const v = { ...S.view, phase: 'throw', throws: 1 };
              const out = {};
              for (const id of ['str.rethrow', 'str.rethrow_idle']) {
                S.view = { ...v, instruction: { ...(v.instruction || {}), player: 'red', messages: [{ id, args: {} }] } };
                out[id] = waysEmpty(S.view, true);
              }
              return out;
            }""")
        finally:
            page.close()
    assert "moves no token" in said["str.rethrow_idle"], said
    assert "moves no token" not in said["str.rethrow"], said
