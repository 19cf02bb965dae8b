"""Issue 15, round 27 (Struggle newcomer 12): the label under each die said "moves" for a token the way
shown keeps where it is ("token J stays on space 1: it would end on yellow space 3, which is taken").
A die's label says what its token does in that way: moves, stays, or arrived."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import WIDE, open_page, serve, stop

pytestmark = pytest.mark.browser


def test_a_die_whose_token_stays_in_the_way_shown_says_stays(browser: Any) -> None:
    proc, url = serve(("--game", "struggle", "--players", "2", "--seed", "7", "--humans", "red"), 9627)
    page = open_page(browser, url, WIDE)
    try:
        roles = page.evaluate("""() => {
          const way = { index: 0, plays: ["order=J,10"], arrived: [], round_end: [], ace: [],
            spaces: { K: 0, Q: 0, J: 1, "10": 2, "9": 0 },
            moves: [{ token: "J", from: 1, to: 1, result: "impasse" }, { token: "10", from: 0, to: 2, result: "moved" }] };
          return dieRoles({ ...S.view, faces: ["J", "J", "10", "10", "K"], selected: 0, outcomes: [way], arrived: [] }); }""")
        assert roles[:4] == ["stays", "stays", "moves", "moves"], roles
    finally:
        page.close()
        stop(proc)
