"""Pawn tracking from debounced reed events."""

from __future__ import annotations

from mazeboard.controller.tracker import Lifted, Movement, PawnTracker, Placed, Stepped
from mazeboard.hal.boards import MAGIC
from mazeboard.hal.clock import VirtualClock
from mazeboard.hal.events import ReedChanged


class Rig:
    def __init__(self, positions: dict[str, str], prefer: str | None = None) -> None:
        self.clock = VirtualClock()
        self.moves: list[Movement] = []
        self.tr = PawnTracker(MAGIC, positions, self.clock, self.moves.append, prefer=lambda: prefer)

    def reed(self, cell: str, closed: bool, wait: int = 20) -> None:
        self.tr.on_reed(ReedChanged(self.clock.now_ms(), cell, closed))
        self.clock.advance(wait)

    def steps(self) -> list[tuple[str, str, str]]:
        return [(m.pawn, m.frm, m.to) for m in self.moves if isinstance(m, Stepped)]


def test_gap_slide_is_a_step() -> None:
    r = Rig({"red": "a1", "blue": "f6"})
    r.reed("a1", False)
    r.reed("a2", True)
    assert r.steps() == [("red", "a1", "a2")]
    assert isinstance(r.moves[0], Lifted)
    assert r.tr.at["red"] == "a2"


def test_overlap_slide_is_a_step_once_the_old_cell_opens() -> None:
    r = Rig({"red": "a1", "blue": "f6"})
    r.reed("a2", True)
    assert r.steps() == []  # held until a1 opens
    r.reed("a1", False)
    assert r.steps() == [("red", "a1", "a2")]


def test_closure_next_to_a_pawn_that_never_leaves_is_noise() -> None:
    r = Rig({"red": "a1", "blue": "f6"})
    r.reed("a2", True, wait=400)
    r.reed("a2", False)
    assert r.moves == [] and r.tr.at["red"] == "a1"
    assert r.tr.ignored >= 1


def test_stray_magnet_far_from_any_pawn_moves_nothing() -> None:
    r = Rig({"red": "a1", "blue": "f6"})
    r.reed("c3", True, wait=500)
    r.reed("c3", False)
    assert r.moves == []


def test_passing_over_an_occupied_cell_counts_both_steps() -> None:
    r = Rig({"red": "a1", "blue": "b1"})
    r.reed("a1", False)
    r.reed("c1", True)  # b1 stays closed under blue
    assert r.steps() == [("red", "a1", "b1"), ("red", "b1", "c1")]


def test_lift_and_place_far_away_is_placed() -> None:
    r = Rig({"red": "a1", "blue": "f6"})
    r.reed("a1", False, wait=500)
    r.reed("d4", True)
    placed = [m for m in r.moves if isinstance(m, Placed)]
    assert placed and (placed[0].pawn, placed[0].frm, placed[0].cell) == ("red", "a1", "d4")


def test_placed_next_to_a_resting_pawn_is_not_mistaken_for_its_step() -> None:
    r = Rig({"red": "c1", "blue": "a2"}, prefer="blue")
    r.reed("c1", False, wait=300)  # red lifted
    r.reed("a1", True, wait=300)  # set down next to blue; blue's a2 never opens
    assert r.steps() == []
    assert [(m.pawn, m.cell) for m in r.moves if isinstance(m, Placed)] == [("red", "a1")]
    assert r.tr.at == {"red": "a1", "blue": "a2"}


def test_leaving_a_shared_cell_is_confirmed_after_the_closure_holds() -> None:
    r = Rig({"red": "a1", "blue": "a1"}, prefer="blue")
    r.reed("a2", True, wait=300)  # a1 stays closed under red
    assert r.steps() == [("blue", "a1", "a2")]
    assert r.tr.at == {"red": "a1", "blue": "a2"}


def test_ambiguity_prefers_the_current_players_pawn() -> None:
    r = Rig({"red": "b1", "blue": "b3"}, prefer="blue")
    r.reed("b2", True)
    r.reed("b3", False)
    assert r.steps() == [("blue", "b3", "b2")]


def test_equal_paths_over_occupied_cells_avoid_cells_already_visited() -> None:
    clock = VirtualClock()
    moves: list[Movement] = []
    visited = {"blue": ["d4", "d3", "d2"]}
    tr = PawnTracker(MAGIC, {"blue": "d2", "red": "e2", "green": "d3"}, clock, moves.append,
                     prefer=lambda: "blue", visited=lambda p: visited.get(p, []))
    tr.on_reed(ReedChanged(0, "d2", False))
    tr.on_reed(ReedChanged(250, "e3", True))  # over e2 (red) or over d3 (green, already visited)
    assert [(m.frm, m.to) for m in moves if isinstance(m, Stepped)] == [("d2", "e2"), ("e2", "e3")]


def test_a_pawn_assumed_unseen_on_an_occupied_cell_can_move_on_from_it() -> None:
    r = Rig({"red": "c3", "yellow": "b3", "green": "b4"}, prefer="red")
    r.reed("c3", False)
    r.tr.assume("red", "b3", unseen=True)  # the referee's guess: red rests on yellow's cell
    r.reed("b5", True)  # red slides on over green's b4
    assert r.steps()[-2:] == [("red", "b3", "b4"), ("red", "b4", "b5")]
    assert r.tr.at["red"] == "b5" and "red" not in r.tr.unseen
