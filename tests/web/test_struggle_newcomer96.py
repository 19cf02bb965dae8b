"""Issue 15, Struggle newcomer 96 (1920x1080), turn 8: the hand 10 J K J Q with token 10 arrived already; the one way
listed named K, Q and J, and nothing before the play said the 10 die moved nothing (the log said it after; an ace
counted as an arrived token is said in its way). While choosing, the ways' box says which dice move nothing, their
tokens arrived already."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import WIDE, open_page, serving
from test_struggle_choosing_round26a_browser import SEED7
from test_struggle_newcomer40 import keep_first_hand

pytestmark = pytest.mark.browser


def test_a_die_whose_token_arrived_already_is_said_among_the_ways(browser: Any) -> None:
    with serving(SEED7) as url:
        page = open_page(browser, url, WIDE)
        try:
            keep_first_hand(page)
            said = page.evaluate("""() => {
              const read = () => { const e = document.getElementById('ways-dead'); return e && !e.hidden ? e.textContent : ''; };
              const was = { faces: S.view.faces, arrived: S.view.arrived };
              S.view.faces = ['10', 'J', 'K', 'J', 'Q']; S.view.arrived = ['10']; drawInfo(); const one = read();
              S.view.faces = ['10', '9', '10', 'A', 'Q']; S.view.arrived = ['10', '9']; drawInfo(); const two = read();
              S.view.faces = ['K', 'J', 'A', 'J', 'Q']; S.view.arrived = ['10']; drawInfo(); const none = read();
              Object.assign(S.view, was); drawInfo();
              return { one, two, none }; }""")
        finally:
            page.close()
    assert said["one"] == "The 10 die moves nothing: token 10 arrived already.", said
    assert said["two"] == "The 10, 9 and 10 dice move nothing: tokens 10 and 9 arrived already.", said
    assert said["none"] == "", said  # (an ace is said in its way: "the ace counts as …")


def test_a_pick_that_moves_no_token_says_so(browser: Any) -> None:
    """Struggle newcomer 96 (1920x1080), turn 6: the pick, way 4, left Q and J where they stood (each would have ended
    on black), while ways 1-3 moved tokens; "I expected the pick to move something" and read the reason twice. The
    pick line says that the pick moves no token, and that the board weighs no way moving one higher; not where the pick
    moves one, nor where no way does."""
    with serving(SEED7) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("S.hello && S.view", timeout=30000)
            said = page.evaluate("""() => {
              S.view.spaces = { K: 9, Q: 6, J: 5, "10": 2 }; S.view.arrived = ["9"]; S.view.phase = "choosing";
              const card = ["9", "K", "A", "J", "Q"];
              const still = { index: 3, spaces: { K: 9, Q: 6, J: 5, "10": 2 }, arrived: ["9"], moves_nothing: true,
                moves: [{ token: "Q", from: 6, to: 6, result: "impasse" }, { token: "J", from: 5, to: 5, result: "impasse" }] };
              const moving = { index: 0, spaces: { K: 9, Q: 8, J: 5, "10": 2 }, arrived: ["9"], moves_nothing: false,
                moves: [{ token: "Q", from: 6, to: 8, result: "plain" }] };
              const read = (ways, hint) => { drawPickLine(S.view, ways, card, hint, true, { reason: "order", token: null });
                return document.getElementById("pick-line").textContent; };
              return { still: read([moving, still], 3), moving: read([moving, still], 0),
                       none: read([{ ...still, index: 0 }, still], 3) }; }""")
        finally:
            page.close()
    words = "It moves no token: as the board weighs them, no way that moves one does your card more good."
    assert words in said["still"], said
    assert words not in said["moving"] and words not in said["none"], said


def test_a_token_others_pass_says_why_its_rank_falls_without_dropping_beside_a_tick(browser: Any) -> None:
    """Struggle newcomer 95 read "✔ good for your card: token J stays put but drops (others pass it) to 3rd in the
    race, the place your card wants for it (C): +10" twice ("drops" beside a ✔), and 96 read "token J moves ahead
    but drops (others pass it) to 5th" as a contradiction. The cause comes first: "stays put while others pass it,
    and so goes to 3rd"."""
    from test_struggle_level_tokens import _lines

    before = {"K": 3, "Q": 2, "J": 5, "10": 1, "9": 0}
    card = ["K", "Q", "J", "10", "9"]
    stays = _lines(browser, before, {**before, "K": 7, "Q": 6},
                   [{"token": "K", "from": 3, "to": 7}, {"token": "Q", "from": 2, "to": 6}], card)
    ahead = _lines(browser, before, {**before, "K": 8, "Q": 7, "J": 6},
                   [{"token": "K", "from": 3, "to": 8}, {"token": "Q", "from": 2, "to": 7}, {"token": "J", "from": 5, "to": 6}], card)
    assert "✔ good for your card: token J stays put while others pass it, and so goes to 3rd in the race, the place your " \
        "card wants for it (C): +10" in stays, stays
    assert "✔ good for your card: token J moves ahead while others pass it, and so goes to 3rd in the race, the place " \
        "your card wants for it (C): +10" in ahead, ahead
    assert not any("drops" in line for line in stays + ahead), (stays, ahead)
