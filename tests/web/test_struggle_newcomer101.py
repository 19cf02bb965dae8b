"""Issue 15, Struggle newcomer 101:

- (1920x1080 and a phone) the board's pick said "this one keeps token 10 furthest back: your card wants it last", while
  the same way's note said "token 10 moves ahead from 2nd to 1st in the race": the words now compare, "further back than
  each of them does" (``tests/web/test_struggle_pick_back_browser.py``).
- (1920x1080) the card's ★ at D, J's own place C taken already: every way's note for J said only "the place your card
  wants for it (C) is taken already", and nothing said the ★ place, still free, takes J as well as any token; the
  newcomer raced J home to D and scored there. The note says so while the ★ place is free after the way.

And Struggle newcomer 102's token put in place of another while placing, asked back (the last test).
"""

from __future__ import annotations

from typing import Any

import pytest
from test_struggle_choosing_round26a_browser import SEED7

from tests.web.test_plain_words_browser import WIDE, open_page, serving

pytestmark = pytest.mark.browser


def _notes(browser: Any, arrived: list[str], after_arrived: list[str], card: list[str]) -> list[str]:
    with serving(SEED7) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("S.hello && S.view", timeout=30_000)
            return page.evaluate("""([arrived, afterArrived, card]) => {
              S.view.spaces = { J: 14, "9": 6 }; S.view.arrived = arrived;
              const spaces = afterArrived.includes("9") ? { J: 16 } : { J: 16, "9": 6 };
              return forCard({ moves: [{ token: "J", from: 14, to: 16 }], spaces, arrived: afterArrived }, card).split("\\n");
            }""", [arrived, after_arrived, card])
        finally:
            page.close()


def test_a_token_whose_place_is_taken_is_told_the_star_place_still_takes_it(browser: Any) -> None:
    card = ["K", "Q", "J", "A", "10"]
    lines = _notes(browser, ["K", "Q", "10"], ["K", "Q", "10"], card)
    j = [line for line in lines if "token J" in line]
    assert j == ["○ no change in points (compared with now): token J moves ahead; the place your card wants for it (C) "
                 "is taken already, but your card's ★ place (D) takes any token, token J too"], lines
    # ...and not once the ★ place is taken (here by 9, arriving in this way)
    lines = _notes(browser, ["K", "Q", "10"], ["K", "Q", "10", "9"], card)
    j = [line for line in lines if "token J" in line]
    assert j and "★" not in j[0] and "is taken already" in j[0], lines


# Struggle newcomer 102's placing (1920x1080): the way moves Q 11 -> 13; 9 stood on space 11 with Q, and the 9 was put
# on 13 instead of Q: the reeds see 13 taken and 11 still taken, as the play wants, and the board takes the tokens for
# placed; the table has Q still on 11 and the 9 on 13
SWAPPED = """() => {
  const o = { index: 0, ace: [], order: ['Q'], plays: ['Q Q'], arrived: [], round_end: [], moves_nothing: false,
    spaces: { K: 15, Q: 13, J: 4, '10': 6, '9': 11 }, moves: [{ token: 'Q', from: 11, to: 13, result: 'moved' }] };
  S.world = { ...S.world, tokens: { K: 's15', Q: 's11', J: 's4', '10': 's6', '9': 's13' } };
  S.view = { ...S.view, phase: 'placing', current: 'red', outcomes: [o], selected: 0, arrived: [],
    spaces: { K: 15, Q: 13, J: 4, '10': 6, '9': 11 },
    prompt: 'Red: the tokens stand where the play puts them: press Stop to end the turn.',
    instruction: { ...S.view.instruction, player: 'red', action: 'place', requests: [],
      buttons: { stop: { id: 'str.button.placed' } }, messages: [{ id: 'str.placed', args: { player: 'red' } }] } };
  return promptNow(); }"""


def test_a_token_put_in_place_of_the_one_the_play_moves_is_asked_back(browser: Any) -> None:
    """Struggle newcomer 102 read "…on this table they stand elsewhere: move token Q to space 13, then press Stop", the 9
    standing on 13 (a yellow space, "if taken: can't land"), and nothing said the 9 goes back: the tokens the play does
    not move, standing elsewhere than where they belong, are asked back first."""
    from test_struggle_newcomer40 import keep_first_hand

    with serving(SEED7) as url:
        page = open_page(browser, url, WIDE)
        try:
            keep_first_hand(page)
            said = page.evaluate(SWAPPED)
            follow = page.evaluate("() => { drawStop(); return document.getElementById('follow').title; }")
        finally:
            page.context.close()
    assert "move token 9 to space 11 and token Q to space 13, then press Stop" in said, said
    # (what Stop would do now, not "takes them for placed" beside a greyed Stop: Struggle newcomer 103)
    assert "Stop now would take them for placed" in said, said
    # ...and Place tokens as shown, greyed, says why: the hand moves them, not "no token needs moving now"
    assert "move them by hand" in follow and "no token needs moving" not in follow, follow
