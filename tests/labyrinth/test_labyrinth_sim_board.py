"""The simulated Labyrinth board is as strict as the real one when several hands reach for it
(found by the chaos games of issue 11): a pawn lifted in the middle of a slide takes its magnet
with it (no reed stays closed under no pawn), a sliding pawn cannot be slid again, the row
waits for a pawn a hand is sliding on it, and there is one spare (one push at a time)."""

from __future__ import annotations

import random

import pytest

from mazeboard.hal.clock import VirtualClock
from mazeboard.hal.labyrinth_editions import deal, edition
from mazeboard.sim.labyrinth.board import LabyrinthBoard


def board(pawns: dict[str, str]) -> tuple[LabyrinthBoard, VirtualClock]:
    clock = VirtualClock()
    maze = deal(edition(None), random.Random("layout-1"), False)
    return LabyrinthBoard(maze, pawns, clock), clock


def test_a_pawn_lifted_mid_slide_leaves_no_magnet_behind() -> None:
    for at in range(0, 260, 10):  # before it leaves, while it overlaps both cells, after it crossed
        b, clock = board({"red": "b2"})
        world = b.world
        world.slide_step("red", "b3")
        clock.advance(at)
        world.lift("red")
        clock.advance(1000)
        assert {c: n for c, n in world.magnets.items() if n} == {}, f"lifted {at} ms into the slide"
        assert world.pawns["red"].cell is None
        world.place("red", "c3")
        clock.advance(1000)
        assert {c: n for c, n in world.magnets.items() if n} == {"c3": 1}


def test_a_sliding_pawn_cannot_be_slid_again_until_it_landed() -> None:
    b, clock = board({"red": "b2"})
    b.world.slide_step("red", "b3")
    with pytest.raises(ValueError):
        b.world.slide_step("red", "b4")
    clock.advance(300)
    b.world.slide_step("red", "b4")
    clock.advance(300)
    assert b.world.pawns["red"].cell == "b4" and b.world.magnets["b4"] == 1 and b.world.magnets["b3"] == 0


def test_the_row_waits_for_a_pawn_a_hand_is_sliding_on_it() -> None:
    b, clock = board({"red": "b2", "blue": "g7"})
    b.world.slide_step("red", "c2")  # on rank 2: pushed by W-2
    b.push("W-2")
    clock.advance(2000)
    assert b.world.pawns["red"].cell == "d2"  # landed on c2, then carried one cell east
    assert {c: n for c, n in b.world.magnets.items() if n} == {"d2": 1, "g7": 1}


def test_there_is_one_spare() -> None:
    b, clock = board({"red": "a1", "blue": "g7"})
    b.insert("W-2")
    with pytest.raises(ValueError):
        b.insert("S-b")
    clock.advance(2000)
    b.insert("S-b")  # the first push is over: the new spare may go in


def test_a_hand_puts_a_pawn_wherever_it_is_when_the_hand_gets_there() -> None:
    b, clock = board({"red": "b2"})
    b.world.slide_step("red", "b3")
    clock.advance(100)
    b.put("red", "e5")
    clock.advance(1000)
    assert b.world.pawns["red"].cell == "e5" and {c: n for c, n in b.world.magnets.items() if n} == {"e5": 1}
