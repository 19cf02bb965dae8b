"""Struggle newcomer 115 (1920x1080): a way listed "K 6 → 8, J 4 → 5, then Q 4 → 5 with J going back to 4". After K,
then J to space 5, as listed, the page said "Red: the board's sensors cannot tell which token is which …; as the tokens
stand now, move token 9 …, token J to space 4 and token Q to space 5", as if a mistake had been made. A token standing
where the play takes it on the way (J on space 5 before Q's swap sends it back) is a move made so far, not a token
taken for another: the page leaves the board's own words."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import WIDE, open_page, serving
from test_struggle_choosing_round26a_browser import SEED7

pytestmark = pytest.mark.browser

WAIT = 30000


def test_a_token_on_its_way_in_the_play_is_not_taken_for_another(browser: Any) -> None:
    with serving(SEED7) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("S.hello && S.view && S.world && S.world.tokens", timeout=WAIT)
            said = page.evaluate("""() => {
              const o = { index: 0, moves: [
                { token: 'J', from: 4, to: 5, result: 'moved' },
                { token: 'Q', from: 4, to: 5, result: 'swapped', displaced: ['J'] }] };
              S.view = { ...S.view, phase: 'placing', outcomes: [o], selected: 0 };
              S.world = { ...S.world, tokens: { ...S.world.tokens, J: 's5', Q: 's4' } };
              const s = { action: 'place', player: 'red', messages: [{ id: 'str.place', args: { player: 'red' } }],
                requests: [{ piece: 'Q', kind: 'token', reason: 'placing', from: null, to: ['s5'], blocking: true },
                           { piece: 'J', kind: 'token', reason: 'placing', from: null, to: ['s4'], blocking: true }] };
              return [asTableHasIt(s), S.hello.humans.includes('red')]; }""")
        finally:
            page.close()
    assert said[1], "red is played at this page"
    assert said[0] is None, said[0]
