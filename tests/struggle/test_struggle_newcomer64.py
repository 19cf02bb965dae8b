"""Issue 15, Struggle newcomer 64: a way read "K 9→10 (red space); 10 goes back to 9 … 10 9→10 (red space); K goes
back to 9": two swaps that undo each other, listed as two moves, and once played the prompt said "✓ Made: token 10
on space 10 and token K on space 9" before anything was touched. The net effect of a way's moves (rules.net_moves)
says it moves no token: the way says so, and the board's words after the play are those of a play that moves none."""

from __future__ import annotations

from mazeboard.controller.struggle import rules
from mazeboard.controller.struggle.rules import Move


def test_two_swaps_that_undo_each_other_move_no_token() -> None:
    moves = [Move("K", 9, 10, "swapped", ("10",)), Move("10", 9, 10, "swapped", ("K",))]
    assert rules.net_moves(moves) == {}


def test_a_swap_alone_moves_both_tokens() -> None:
    moves = [Move("K", 9, 10, "swapped", ("10",))]
    assert rules.net_moves(moves) == {"K": ("s9", "s10"), "10": ("s10", "s9")}


def test_moves_and_arrivals_are_said_where_they_end() -> None:
    moves = [Move("Q", 14, 17, "moved", place="A"), Move("J", 0, 2, "moved"), Move("9", 3, 3, "impasse")]
    assert rules.net_moves(moves) == {"Q": ("s14", "place-A"), "J": ("s0", "s2")}


def test_a_token_moved_twice_is_said_from_where_it_stood_to_where_it_ends() -> None:
    moves = [Move("K", 1, 2, "moved"), Move("K", 2, 3, "moved")]
    assert rules.net_moves(moves) == {"K": ("s1", "s3")}


def test_a_way_of_swaps_undoing_each_other_is_told_to_the_pages() -> None:
    """The outcome as the event and the pages' view carry it: ``moves_nothing``."""
    from mazeboard.controller.struggle.referee import outcome_summary
    from mazeboard.controller.struggle.rules import Race
    from mazeboard.hal.web.views import StruggleView

    r = rules.Rules(rules.Track(("start",) + ("plain",) * 8 + ("red",) + ("plain",) * 5 + ("finish",)))
    race = Race.of({"K": 8, "10": 9, "Q": 1, "J": 1, "9": 1}, [])
    outs = rules.outcomes(r, race, ("K", "10", "Q", "J", "9"))
    said = [outcome_summary(i, o, race) for i, o in enumerate(outs)]
    assert said and all(s["moves_nothing"] is False for s in said), said  # Q, J and 9 move on
    v = StruggleView(humans=["red"])
    v.apply({"type": "outcomes", "player": "red", "faces": ["K", "10"], "hint": 0, "selected": 0,
             "outcomes": [{"index": 0, "plays": ["order=K,10"], "spaces": {}, "arrived": [], "moves": [],
                           "round_end": [], "moves_nothing": True}]})
    assert v.to_dict()["outcomes"][0]["moves_nothing"] is True
