"""Issue 15, Struggle newcomer 111 (phone): the line said "next: tap START (it takes token 10), then space 3"; the
newcomer dragged a finger from START to space 3, and the chip under the finger, Q, which the play does not move, went
there. A finger's drag begun on a chip the play does not move, on a space the play moves a token from, takes the token
a tap there takes (a chip is a finger's third wide: Struggle newcomers 58, 81 and 84 met the same with taps)."""

from __future__ import annotations

from typing import Any

import pytest
from test_magic_touch_round26 import finger_drag
from test_plain_words_browser import serving
from test_struggle_choosing_round26a_browser import SEED7, WAIT
from test_struggle_newcomer58 import _phone
from test_struggle_newcomer84 import _placing

pytestmark = pytest.mark.browser


def test_a_finger_drag_from_a_chip_the_play_leaves_takes_the_token_a_tap_takes(browser: Any) -> None:
    with serving(SEED7, 0) as url:
        ctx, page = _phone(browser, url, "['goal', 'dice', 'throw', 'choose', 'place']")
        try:
            _placing(page)  # J START -> space 4, 9 START -> space 1; K, Q and 10 stay on START
            named = page.evaluate("() => askedFrom('s0')")
            goes = page.evaluate("(t) => movesAsked().find((q) => q.piece === t).to[0]", named)
            finger_drag(page, '.space[data-sensor="s0"] .token[data-token="Q"]', f'.space[data-sensor="{goes}"]')
            page.wait_for_function("([t, s]) => S.world.tokens[t] === s", arg=[named, goes], timeout=WAIT)
            assert page.evaluate("S.world.tokens.Q") == "s0"
        finally:
            ctx.close()


def test_a_finger_drag_from_a_chip_the_play_moves_takes_the_token_the_line_names(browser: Any) -> None:
    """(Struggle newcomer 113: the line said "next: tap START (it takes token K; each tap again takes the next of Q and
    10), then space 3"; a finger's drag from START's middle, on Q, another token the play moves, took Q, and the prompt
    opened "the board's sensors cannot tell which token is which". A finger's drag takes what a tap there takes: the
    token the line names, or the one the taps before chose on that space)"""
    with serving(SEED7, 0) as url:
        ctx, page = _phone(browser, url, "['goal', 'dice', 'throw', 'choose', 'place']")
        try:
            _placing(page)  # J START -> space 4, 9 START -> space 1: both from START
            named = page.evaluate("() => askedFrom('s0')")
            other = page.evaluate("(t) => askedHere('s0').find((x) => x !== t)", named)
            goes = page.evaluate("(t) => movesAsked().find((q) => q.piece === t).to[0]", named)
            finger_drag(page, f'.space[data-sensor="s0"] .token[data-token="{other}"]', f'.space[data-sensor="{goes}"]')
            page.wait_for_function("([t, s]) => S.world.tokens[t] === s", arg=[named, goes], timeout=WAIT)
            assert page.evaluate(f"S.world.tokens['{other}']") == "s0"
        finally:
            ctx.close()


def test_a_finger_drag_of_a_chip_the_play_moves_to_its_own_space_takes_that_chip(browser: Any) -> None:
    """(Struggle newcomer 114: after "Stop: play way 1" the newcomer dragged J from START to space 1, J's own place in
    the play, and K, the token the line named, landed there instead: a right move made wrong. A drag let go on the
    space where the play puts the chip under the finger takes that chip; let go where the play puts another token
    moved from that space, it takes that one, as above)"""
    with serving(SEED7, 0) as url:
        ctx, page = _phone(browser, url, "['goal', 'dice', 'throw', 'choose', 'place']")
        try:
            _placing(page)  # J START -> space 4, 9 START -> space 1: both from START
            named = page.evaluate("() => askedFrom('s0')")
            other = page.evaluate("(t) => askedHere('s0').find((x) => x !== t)", named)
            goes = page.evaluate("(t) => movesAsked().find((q) => q.piece === t).to[0]", other)
            finger_drag(page, f'.space[data-sensor="s0"] .token[data-token="{other}"]', f'.space[data-sensor="{goes}"]')
            page.wait_for_function("([t, s]) => S.world.tokens[t] === s", arg=[other, goes], timeout=WAIT)
            assert page.evaluate(f"S.world.tokens['{named}']") == "s0"
        finally:
            ctx.close()
