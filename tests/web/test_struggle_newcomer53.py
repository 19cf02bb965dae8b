"""Issue 15, Struggle newcomer 53: the log said "🏁 token K arrives in place D" the moment the way was chosen, before
the tokens were placed, while the header said "1 more once placed"; and the way that ended the round was chosen for
its "20 points for your card" with nothing saying that the round's end scores every player's card, Blue's too (it
handed Blue the game)."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import WIDE, open_page, serving
from test_struggle_choosing_round26a_browser import SEED7, _choosing, _seated

pytestmark = pytest.mark.browser


def test_the_log_says_an_arrival_as_the_play_s_not_as_made(browser: Any) -> None:
    with serving(SEED7) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("() => S.hello && typeof LOG_TEXT === 'object'", timeout=20000)
            line = page.evaluate("LOG_TEXT.arrived({type: 'arrived', token: 'K', place: 'D'})")
            assert line == "🏁 the play takes token K to arrival place D", line
        finally:
            page.close()


def test_a_way_that_ends_the_round_says_every_card_scores_then(browser: Any) -> None:
    with serving(SEED7) as url:
        page = open_page(browser, url, WIDE)
        try:
            _choosing(page)
            _seated(page)
            notes = page.evaluate("""() => {
              const v = S.view, o = { ...v.outcomes.find((w) => w.index === v.selected) };
              const plain = forCard(o, S.cards.red);
              o.round_end = [{ token: 'K', place: 'E' }];
              fillWayShown(v, v.outcomes.map((w) => (w.index === o.index ? o : w)), S.cards.red, null, true);
              return { plain, ends: forCard(o, S.cards.red), line: document.getElementById('way-shown').textContent }; }""")
            assert "other players' cards too" not in notes["plain"], notes
            assert "⚑ this way ends the round: every place scores now, for every card, the other players' cards too" \
                in notes["ends"], notes
            assert "the round and the game end: every card scores" in notes["line"], notes
        finally:
            page.close()


def test_the_line_under_the_prompt_says_the_other_player_s_play_not_its_turn_s_end(browser: Any) -> None:
    """Struggle newcomer 53: after some of Blue's turns the line under "Red: press Throw" said Blue's play, after
    others only "Blue's turn ends" (the newest line), and Blue's play had to be looked up in the log far below."""
    with serving(SEED7) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("() => S.hello && typeof LOG_TEXT === 'object'", timeout=20000)
            rest = page.evaluate("""() => {
              for (const ev of [{ type: 'played', player: 'blue', t: 1, said: 'token 10 START → space 3' },
                                { type: 'turn_ended', player: 'blue', reason: 'played', t: 2 },
                                { type: 'turn_started', player: 'red', t: 3 }]) MB.addLog(ev, LOG_TEXT, BIG);
              return NOTICE.restWords(); }""")
            assert "Blue played: token 10 START → space 3" in rest, rest
        finally:
            page.close()


def test_points_sure_say_why_they_are_sure(browser: Any) -> None:
    """Struggle newcomer 54: "10 points for your card, 10 of them sure" meant nothing until the 🔒 lines of the last
    turn: the points of tokens arrived say that an arrival is final."""
    with serving(SEED7) as url:
        page = open_page(browser, url, WIDE)
        try:
            _choosing(page)
            _seated(page)
            note = page.evaluate("""() => {
              const card = S.cards.red, first = card[0] === 'A' ? 'K' : card[0];
              const o = { ...S.view.outcomes.find((w) => w.index === S.view.selected), arrived: [first] };
              return forCard(o, card); }""")
            assert "of them sure already (from tokens arrived: an arrival is final)" in note, note
        finally:
            page.close()
