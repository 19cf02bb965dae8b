"""Issue 15, Labyrinth newcomer 97: boxed in beside its picture with a wall between, the card page said "none lets
your pawn get nearer to it than it stands; these keep it as near: …", pushes that changed nothing, and no way on. Where
the table looked a turn further (``ready``, tests/labyrinth/test_lab_ready_next_turn.py checks it against the tiles), the
card page says this turn's push, the tile to walk to, and the pushes that open the way from there next turn, with the
other players' pushes in between said."""

from __future__ import annotations

from typing import Any

import pytest
from test_labyrinth_newcomer17 import card_tab

from tests.web.test_plain_words_browser import LABYRINTH, serving

pytestmark = pytest.mark.browser

DRAW = """([ready, vader]) => {
  const base = { cards: ["crown"], found: 0, remaining: 2, corner: "a1", winner: null, vader_cards: vader ? ["crown"] : [] };
  const w = { now: [], turned: [], turns: {}, nearest: { "S-b": "c2", "N-b": "c2" }, tiles: 1, stay: ["S-b", "N-b"],
              nearer: false, ready };
  drawLabyrinth({ ...base, ways: { crown: w } });
  return document.querySelector("#secret .ways").textContent; }"""


def test_a_pawn_no_push_helps_is_told_how_to_be_ready_for_its_next_turn(browser: Any) -> None:
    with serving(LABYRINTH + ("--humans", "red")) as url:
        mine, _page, card = card_tab(browser, url)
        try:
            one = card.evaluate(DRAW, [{"pushes": ["W-4"], "cell": "d4", "stay": [], "then": ["S-d", "N-d"]}, False])
            two = card.evaluate(DRAW, [{"pushes": ["S-f", "N-b"], "cell": "c2", "stay": ["S-f", "N-b"], "then": ["W-2"]},
                                       False])
            mixed = card.evaluate(DRAW, [{"pushes": ["S-f", "N-b"], "cell": "c2", "stay": ["N-b"], "then": ["W-2"]}, False])
            vader = card.evaluate(DRAW, [{"pushes": ["W-4"], "cell": "d4", "stay": [], "then": ["N-d"]}, True])
            none = card.evaluate(DRAW, [None, False])
        finally:
            mine.close()
    assert "none lets your pawn get nearer to it than it stands. Get ready for your next turn, with the spare as it lies: W-4, then walk to d4. " \
        "From d4, a push at N-d or S-d opens the way next turn, whatever the spare is then, unless the other players' " \
        "pushes change the maze first." in one, one
    assert "keep it as near" not in one, one  # (the pushes that change nothing are not offered as the way on)
    assert "Get ready for your next turn, with the spare as it lies: either N-b or S-f, each leaving it on c2. From c2, a push at W-2 opens" in two, two
    assert "Get ready for your next turn, with the spare as it lies: N-b (then stay on c2) or S-f (then to c2). From c2" in mixed, mixed
    assert "from the Vader pawn" in vader and "your pawn" not in vader and "W-4, then walk to d4" in vader, vader
    # (any player may move the Vader pawn meanwhile: an attack)
    assert "or one of them moves the Vader pawn, first." in vader, vader
    # ...and with no tile one push from the picture, the pushes that keep it as near, as before
    assert "these keep it as near: either N-b or S-b, each leaving it on c2." in none, none


def test_home_with_every_card_found_the_card_page_says_to_end_a_move_there(browser: Any) -> None:
    """(Labyrinth newcomers 99 and 100: the pawn home on a1, the card page said "Go back to your start square a1.")"""
    with serving(LABYRINTH + ("--humans", "red")) as url:
        mine, _page, card = card_tab(browser, url)
        try:
            said = card.evaluate("""() => [true, false].map((at_home) => {
              drawLabyrinth({ cards: [], found: 2, remaining: 0, corner: "a1", winner: null, vader_cards: [], ways: null,
                              exit_anywhere: false, at_home });
              return document.getElementById("secret").innerText; })""")
        finally:
            mine.close()
    assert "Your pawn is on your start square a1: end a move there (✋ Done on the board's page) to win." in said[0], said
    assert "Go back to your start square a1" not in said[0], said
    assert "Go back to your start square a1." in said[1], said
