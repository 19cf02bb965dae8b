"""Issue 15, Struggle newcomer 62 (1920x1080): a play whose moves no reed switch can see (a swap on a red space) read
"Red: still to move: token J to space 9 and token 10 to space 14" before anything was moved: "still" said of moves
not begun. The page says "still" once one of the play's moves is made; before that, the moves to make."""

from __future__ import annotations

import os
from typing import Any

import pytest
from test_plain_words_browser import PHONE, open_page, serving
from test_struggle_round26_browser import SEED7, _to_placing

pytestmark = pytest.mark.browser

WAIT = 30000
PORT = int(os.environ.get("MB_TEST_PORT", "0"))

#: the board's wait for Stop on moves no reed sees (str.placed_unseen), as the server sends it: way 1 of seed 7
UNSEEN = {"player": "red", "action": "place", "buttons": {"stop": "end the turn"},
          "messages": [{"id": "str.placed_unseen", "args": {"player": "red", "unseen": "token J on space 4"}}],
          "requests": [{"piece": "J", "kind": "token", "reason": "unseen", "to": ["s4"], "by": "red"},
                       {"piece": "9", "kind": "token", "reason": "unseen", "to": ["s1"], "by": "red"}]}


def test_still_is_said_only_once_a_move_is_made(browser: Any) -> None:
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, PHONE)
        try:
            _to_placing(page)  # way 1: J START -> space 4, 9 START -> space 1, neither moved yet
            words = page.evaluate("(s) => stopWait(s)", UNSEEN)
            assert "still" not in words, words
            assert "Red: move token J to space 4 and token 9 to space 1" in words, words
            page.evaluate("MB.send({type: 'move', token: 'J', to: 's4'})")
            page.wait_for_function("() => S.world && S.world.tokens && S.world.tokens.J === 's4'", timeout=WAIT)
            words = page.evaluate("(s) => stopWait(s)", UNSEEN)
            assert "Red: still to move: token 9 to space 1" in words, words
        finally:
            page.close()


def test_a_way_whose_moves_undo_each_other_says_so(browser: Any) -> None:
    """Struggle newcomer 64 read "K 9→10 (red space); 10 goes back to 9 … 10 9→10 (red space); K goes back to 9" as
    two moves: a way whose moves leave every token where it stood (the outcome's ``moves_nothing``) says so under them."""
    from test_struggle_choosing_round26a_browser import _choosing

    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, PHONE)
        try:
            _choosing(page)
            said = page.evaluate("""() => {
                const o = S.view.outcomes[0];
                o.moves = [{ token: "K", from: 9, to: 10, result: "swapped", displaced: ["10"] },
                           { token: "10", from: 9, to: 10, result: "swapped", displaced: ["K"] }];
                o.moves_nothing = true; o.round_end = [];
                drawInfo();
                return document.querySelector('#outcomes .outcome[data-index="0"]').innerText; }""")
            assert "in the end no token moves: these moves undo each other" in said, said
            other = page.evaluate("() => document.querySelector('#outcomes .outcome[data-index=\"1\"]').innerText")
            assert "undo each other" not in other, other
        finally:
            page.close()
