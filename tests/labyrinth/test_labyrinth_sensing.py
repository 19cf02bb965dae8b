"""Following the Labyrinth mover from reeds that cannot count (controller/labyrinth/sensing.py),
on hand-made boards: slides over shared cells, a mover hidden on a shared cell, pawns moved
out of turn, strays, the choice between the own pawn and Vader, walls between shared cells."""

from __future__ import annotations

from mazeboard.controller.labyrinth.sensing import Disturbed, Moved, MoveWatch, hidden_options, path_over
from mazeboard.hal.labyrinth import CELLS, E, INDEX, N, S, W, bits_of, openings

OPEN = openings([N | E | S | W] * 49)
ALL = bits_of(CELLS)


def walled(*edges: tuple[str, str]) -> tuple[int, int, int, int]:
    """An open board with walls: each edge (west/south cell, east/north cell) closed on both sides."""
    masks = [N | E | S | W] * 49
    for a, b in edges:
        ia, ib = INDEX[a], INDEX[b]
        if ib == ia + 1:
            masks[ia] &= ~E
            masks[ib] &= ~W
        else:
            masks[ia] &= ~N
            masks[ib] &= ~S
    return openings(masks)


def watch(positions: dict[str, str], movers: tuple[str, ...] = ("red",), op: tuple[int, int, int, int] = OPEN,
          reach: int = ALL) -> MoveWatch:
    return MoveWatch(positions, movers, {m: reach for m in movers}, op)


def test_a_slide_over_a_pawn_is_seen_as_one_path_through_its_cell() -> None:
    w = watch({"red": "a1", "blue": "b1"})
    assert w.update({"b1"}) == []  # red's cell opened: off it (a gap, or on blue's cell)
    assert w.at["red"] is None and w.last["red"] == "a1"
    assert w.update({"b1", "c1"}) == [Moved("red", ("a1", "b1", "c1"))]
    assert w.options({"b1", "c1"}) == ([("red", "c1")], True)


def test_a_mover_that_vanished_next_to_one_pawn_stands_on_its_cell() -> None:
    w = watch({"red": "a1", "blue": "b1", "green": "e5"})
    w.update({"b1", "e5"})
    assert w.options({"b1", "e5"}) == ([("red", "b1")], True)


def test_two_shared_cells_in_a_row_are_both_possible_nearest_first() -> None:
    w = watch({"red": "a1", "blue": "b1", "green": "c1"})
    w.update({"b1", "c1"})
    assert w.options({"b1", "c1"}) == ([("red", "b1"), ("red", "c1")], True)


def test_a_wall_between_shared_cells_keeps_the_far_one_out_of_a_slide() -> None:
    op = walled(("b1", "c1"))
    w = watch({"red": "a1", "blue": "b1", "green": "c1"}, op=op)
    w.update({"b1", "c1"})
    assert w.options({"b1", "c1"}) == ([("red", "b1")], True)
    assert path_over(op, "a1", "c1", {"b1"}) is None
    assert path_over(OPEN, "a1", "c1", {"b1"}) == ["a1", "b1", "c1"]


def test_a_mover_set_down_by_hand_on_a_far_shared_cell_is_a_guess() -> None:
    w = watch({"red": "a1", "blue": "e5"})
    w.update({"e5"})
    assert w.options({"e5"}) == ([("red", "e5")], False)


def test_a_mover_in_the_air_with_no_shared_cell_in_reach_has_no_option() -> None:
    w = watch({"red": "a1", "blue": "e5"}, reach=bits_of(["a1", "a2", "b1"]))
    w.update({"e5"})
    assert w.options({"e5"}) == ([], False)


def test_a_mover_hidden_on_a_shared_cell_that_closed_nothing_may_have_stayed() -> None:
    alone = watch({"red": "a1", "blue": "a1"})
    assert alone.options({"a1"}) == ([("red", "a1")], True)
    beside = watch({"red": "a1", "blue": "a1", "green": "a2"})
    assert beside.options({"a1", "a2"}) == ([("red", "a1"), ("red", "a2")], True)
    leaving = watch({"red": "a1", "blue": "a1"})
    assert leaving.update({"a1", "a2"}) == [Moved("red", ("a1", "a2"))]


def test_a_pawn_that_may_not_move_opening_its_cell_is_out_of_turn() -> None:
    w = watch({"red": "a1", "blue": "b1", "green": "b1"})
    assert w.update({"a1"}) == [Disturbed(("b1",), ("blue", "green"))]
    assert w.update({"a1", "b1"}) == []
    assert w.at["red"] == "a1"


def test_a_stray_closure_does_not_move_a_visible_mover() -> None:
    w = watch({"red": "a1", "blue": "g7"})
    assert w.update({"a1", "g7", "d4"}) == []
    assert w.update({"a1", "g7"}) == []
    assert w.options({"a1", "g7"}) == ([("red", "a1")], True)


def test_an_overlap_is_a_step_once_the_old_cell_opens() -> None:
    w = watch({"red": "a1", "blue": "g7"})
    assert w.update({"a1", "a2", "g7"}) == []
    assert w.update({"a2", "g7"}) == [Moved("red", ("a1", "a2"))]


def test_the_first_of_own_pawn_and_vader_to_move_is_the_mover() -> None:
    w = watch({"red": "a1", "vader": "d4", "blue": "g7"}, movers=("red", "vader"))
    assert w.update({"a1", "d4", "d5", "g7"}) == []  # overlap next to Vader: not decided yet
    assert w.mover is None
    assert w.update({"a1", "d5", "g7"}) == [Moved("vader", ("d4", "d5"))]
    assert w.mover == "vader" and w.fixed()["red"] == "a1"
    assert w.update({"d5", "g7"}) == [Disturbed(("a1",), ("red",))]  # now the own pawn may not move


def test_own_pawn_leaving_a_cell_next_to_vader_is_not_taken_for_vader() -> None:
    w = watch({"red": "b5", "vader": "b3", "blue": "g7"}, movers=("red", "vader"))
    w.update({"b5", "b4", "b3", "g7"})
    assert w.update({"b4", "b3", "g7"}) == [Moved("red", ("b5", "b4"))]


def test_own_pawn_and_vader_on_one_cell_cannot_be_told_apart() -> None:
    w = watch({"red": "c3", "vader": "c3", "blue": "g7"}, movers=("red", "vader"))
    w.update({"c3", "c4", "g7"})
    assert w.identity_unsure
    assert w.options({"c3", "c4", "g7"}) == ([("red", "c4"), ("vader", "c4")], True)


def test_nobody_moved_when_no_reed_changed() -> None:
    w = watch({"red": "a1", "vader": "d4", "blue": "g7"}, movers=("red", "vader"))
    assert w.options({"a1", "d4", "g7"}) == ([("red", "a1")], True)


def test_hidden_options_list_slides_before_hands() -> None:
    slide, hand = hidden_options(OPEN, "a1", False, {"b1", "c1", "g7"}, ALL)
    assert slide == ["b1", "c1"] and hand == ["g7"]
