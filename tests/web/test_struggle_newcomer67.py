"""Issue 15, Struggle newcomer 67 (phone): the board's pick said "✘ bad for your card: −10", and nothing said every
way lost points there, so the newcomer read twice why a losing way was picked; and after a play that moved no token
the dice row said "hand played: the tokens move" beside the prompt's "Red's play moves no token". The pick line says
when every way scores fewer points than now; the dice row says the play moves nothing when the board says so."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import WIDE, open_page, serving
from test_struggle_choosing_round26a_browser import SEED7

pytestmark = pytest.mark.browser

WAIT = 30000


def test_the_pick_line_says_when_every_way_loses_points(browser: Any) -> None:
    with serving(SEED7) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("S.hello && S.view", timeout=WAIT)
            said = page.evaluate("""() => {
              // now: K Q J 10 9 in that order, the card's order: 50 points if the race stopped now
              S.view.spaces = { K: 9, Q: 8, J: 7, "10": 6, "9": 5 }; S.view.arrived = []; S.view.phase = "choosing";
              const card = ["K", "Q", "J", "10", "9"];
              const ways = [{ index: 0, spaces: { K: 9, Q: 8, J: 7, "10": 4, "9": 6 }, arrived: [] },   // 30
                            { index: 1, spaces: { K: 9, Q: 8, J: 10, "10": 6, "9": 5 }, arrived: [] }]; // 20
              drawPickLine(S.view, ways, card, 0, true, { reason: "points", token: null });
              const lose = document.getElementById("pick-line").textContent;
              // (an attack: two ways losing as much, and the line said neither the tie nor the board's reason)
              ways[1].spaces = { K: 9, Q: 8, J: 7, "10": 5, "9": 6 };  // 30 too
              drawPickLine(S.view, ways, card, 0, true, { reason: "moves", token: null });
              const both = document.getElementById("pick-line").textContent;
              ways[0].spaces = { K: 9, Q: 8, J: 7, "10": 6, "9": 5 };  // 50: as many as now
              drawPickLine(S.view, ways, card, 0, true, { reason: "points", token: null });
              return [lose, document.getElementById("pick-line").textContent, both];
            }""")
        finally:
            page.close()
    lose, keep, both = said
    assert "every way scores fewer points for your card than now" in lose and "this one the most of them" in lose, lose
    assert "every way scores fewer points for your card than now, way 2 as many as this one" in both, both
    assert "this one moves the tokens furthest" in both, both
    assert "fewer points" not in keep, keep


def test_the_dice_row_says_a_play_that_moves_no_token(browser: Any) -> None:
    with serving(SEED7) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("S.hello && S.view", timeout=WAIT)
            said = page.evaluate("""() => {
              const v = { ...S.view, phase: "placing", current: "red", faces: ["J", "J", "J", "A", "9"], throws: 1 };
              v.instruction = { ...v.instruction, player: "red", action: "place", requests: [],
                messages: [{ id: "str.placed_none", args: { player: "red" } }], text: "Red's play moves no token: press Stop to end the turn." };
              S.view = v; drawInfo();
              const none = document.getElementById("throws").textContent;
              v.instruction = { ...v.instruction, messages: [{ id: "str.placed", args: { player: "red" } }], text: "Red: press Stop" };
              drawInfo();
              return [none, document.getElementById("throws").textContent];
            }""")
        finally:
            page.close()
    none, moves = said
    assert none == "hand played: no token moves", none
    assert moves == "hand played: the tokens move", moves
