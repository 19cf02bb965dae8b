"""Issue 15, Struggle newcomer 68 (1920x1080): the dice of a token already arrived move nothing, and only the log said
so; on its last turn the newcomer nearly kept 10, 10, 10, 10, Q with 10 and Q arrived, a hand that moved nothing.
While throwing, a die whose token has arrived says it under it: "moves nothing" (not a held die: "held")."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import WIDE, open_page, serving
from test_struggle_choosing_round26a_browser import SEED7

pytestmark = pytest.mark.browser

WAIT = 30000


def test_a_die_of_an_arrived_token_says_it_moves_nothing_while_throwing(browser: Any) -> None:
    with serving(SEED7) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("S.hello && S.view", timeout=WAIT)
            said = page.evaluate("""() => {
              S.view = { ...S.view, phase: "throw", throws: 1, faces: ["10", "10", "K", "Q", "A"], held: [2],
                         arrived: ["10", "Q"] };
              drawInfo();
              const dice = [...document.querySelectorAll('#dice .pdie')];
              return dice.map((d) => getComputedStyle(d, '::after').content);
            }""")
        finally:
            page.close()
    assert said[0] == '"moves nothing"', said
    assert said[1] == '"held"', said  # a held die says it is held
    assert said[2] in ("none", "normal", '""'), said
    assert said[3] == '"moves nothing"', said
    assert said[4] in ("none", "normal", '""'), said  # an ace counts as any token the others show


@pytest.mark.parametrize("size", [(320, 568), (390, 844), (1920, 1080)], ids=["320", "390", "1920"])
def test_side_by_side_dice_that_move_nothing_say_it_within_their_own_width(browser: Any, size: tuple[int, int]) -> None:
    """(an attack: 10, 10, 10, 10, Q with 10 and Q arrived printed "moves nothmoves nothing…" at every size)"""
    with serving(SEED7) as url:
        page = open_page(browser, url, size)
        try:
            page.wait_for_function("S.hello && S.view", timeout=WAIT)
            look = page.evaluate("""() => {
              S.view = { ...S.view, phase: "throw", throws: 1, faces: ["10", "10", "10", "10", "Q"], held: [],
                         arrived: ["10", "Q"] };
              drawInfo();
              const dice = [...document.querySelectorAll('#dice .pdie')];
              const gap = dice[1].getBoundingClientRect().left - dice[0].getBoundingClientRect().right;
              const s = getComputedStyle(dice[0], '::after');
              return { gap, left: parseFloat(s.left), right: parseFloat(s.right), wrap: s.whiteSpace,
                       text: s.content, row: parseFloat(getComputedStyle(document.getElementById('dice')).paddingBottom) };
            }""")
        finally:
            page.close()
    assert look["text"] == '"moves nothing"', look
    assert look["wrap"] == "normal" and -look["left"] < look["gap"] / 2 and -look["right"] < look["gap"] / 2, look
    assert look["row"] >= 24, look
