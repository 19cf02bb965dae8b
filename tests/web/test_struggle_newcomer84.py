"""Issue 15, Struggle newcomer 84 (phone): the line said "next: tap START (it takes token J; a tap on token 9 takes
that one), then space 1"; the newcomer tapped START's middle, where 9's chip lay, 9 was chosen, and went to space 1,
J's. Newcomer 73 had met the same from the other side. A finger cannot aim at one of five chips a finger's third wide:
on a touch screen a tap on a space takes the token the line names, wherever on the space it lands, and a tap on that
space again takes the next token the play moves from there, in turn; the line says so."""

from __future__ import annotations

import os
import re
from typing import Any

import pytest
from test_plain_words_browser import serving
from test_struggle_choosing_round26a_browser import SEED7, _choosing
from test_struggle_newcomer58 import _phone

pytestmark = pytest.mark.browser

WAIT = 30000
PORT = int(os.environ.get("MB_TEST_PORT", "0"))
SELECTED = "() => document.querySelector('.space[data-sensor=\"s0\"] .token.selected')?.dataset.token || null"


def _placing(page: Any) -> None:
    """Red's first hand played as way 1 (J START -> space 4, 9 START -> space 1), by taps."""
    _choosing(page)
    page.locator("#stop").tap()
    page.wait_for_function("() => /next: tap START/.test(document.getElementById('hand').innerText)", timeout=WAIT)


def test_a_tap_on_a_space_takes_the_token_named_and_again_the_next(browser: Any) -> None:
    with serving(SEED7, PORT) as url:
        ctx, page = _phone(browser, url, "['goal', 'dice', 'throw', 'choose', 'place']")
        try:
            _placing(page)
            line = page.locator("#hand").inner_text()
            m = re.search(r"next: tap START \(it takes token (\w+); tap it again for token (\w+)\), then space (\d+)", line)
            assert m, line
            named, other, _to = m.groups()
            assert {named, other} == {"J", "9"}, line
            # a tap on the other token's chip: the token named, as the line says
            page.locator(f'.space[data-sensor="s0"] .token[data-token="{other}"]').tap()
            page.wait_for_function(f"() => ({SELECTED})() === '{named}'", timeout=WAIT)
            chosen = page.locator("#hand").inner_text()
            assert f"a tap on START again takes token {other}" in chosen, chosen
            # again, anywhere on START (here on the chosen chip): the next; and again: back to the first
            page.locator(f'.space[data-sensor="s0"] .token[data-token="{named}"]').tap()
            page.wait_for_function(f"() => ({SELECTED})() === '{other}'", timeout=WAIT)
            box = page.locator('.space[data-sensor="s0"]').bounding_box()
            page.touchscreen.tap(box["x"] + 4, box["y"] + 4)
            page.wait_for_function(f"() => ({SELECTED})() === '{named}'", timeout=WAIT)
        finally:
            ctx.close()


def test_swapped_tokens_are_asked_as_any_move_of_the_play(browser: Any) -> None:
    """(an attack, after newcomer 84's taps: J set on 9's space and 9 on J's; the board, whose reeds cannot tell them
    apart, asked nothing more, and the prompt named both, but the line under the board said "no token off the board"
    and a tap on space 1 was refused "tap a token first") The moves this page asks for are the board's requests and
    every move of the play the simulator's world has not made: the line says the next, a tap on its space takes it."""
    from test_struggle_newcomer80 import _choose

    with serving(SEED7, PORT) as url:
        ctx, page = _phone(browser, url, "['goal', 'dice', 'throw', 'choose', 'place']")
        try:
            _placing(page)
            for token, space in (("J", "s1"), ("9", "s4")):  # each on the other's space
                _choose(page, "s0", token)
                page.locator(f'.space[data-sensor="{space}"]').tap()
                page.wait_for_function("([t, s]) => S.world.tokens[t] === s", arg=[token, space], timeout=WAIT)
            page.wait_for_function("() => said() && said().messages[0].id === 'str.placed'", timeout=WAIT)
            page.wait_for_function("() => /next: tap space/.test(document.getElementById('hand').innerText)", timeout=WAIT)
            line = page.locator("#hand").inner_text()
            m = re.search(r"next: tap space (\d) \(it takes token (\w+)\), then space (\d)", line)
            assert m, line
            frm, token, _to = m.groups()
            box = page.locator(f'.space[data-sensor="s{frm}"]').bounding_box()
            page.touchscreen.tap(box["x"] + 4, box["y"] + 4)  # its corner, off the chip
            page.wait_for_function("(t) => S.selected === t", arg=token, timeout=WAIT)
        finally:
            ctx.close()


def test_the_ace_note_says_an_ace_takes_a_token_the_other_dice_show(browser: Any) -> None:
    """Struggle newcomer 86 (phone): "An ace counts as any token the other dice show (K, Q, J, 10 or 9)": the list in
    brackets read as any of the five. The note and the help say one of the tokens the other dice show, by example."""
    from test_plain_words_browser import WIDE, open_page

    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("S.hello && S.view", timeout=WAIT)
            said = page.evaluate("""() => { S.view = { ...S.view, faces: ['9', '9', 'A', 'K', 'Q'] }; drawInfo();
                return [document.getElementById('ace-note').textContent,
                        document.querySelector('[data-i18n="page.str.help_ace"]').textContent]; }""")
        finally:
            page.close()
    for text in said:
        assert "one of the tokens the other dice show (with 9, 9 and an ace: a 9)" in text and "(K, Q" not in text, said
