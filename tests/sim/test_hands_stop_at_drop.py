"""A person's hand in the simulator (``Hands(stops_at_drop=True)``, the browser's people: sim/web/table.py)
stops sliding a pawn whose ball fell after the slide was asked, as a person who sees the ball fall does.

An attack (session 7) found the rule kept per pawn, overwritten by every slide asked: one more drag step that
reached the table while the ball rolled (the board sees the drop only as the ball lands, so the page still
sends steps) made the hand carry out every step queued before the drop. Each slide now keeps whether its
pawn had its ball when it was asked; and a slide asked while the ball is rolling is a drag's tail, dropped
too. A slide asked once the ball lies in the tray is a person's choice, carried out."""

from __future__ import annotations

import random

from mazeboard.hal.boards import MAGIC
from mazeboard.hal.clock import VirtualClock
from mazeboard.sim.hands import Action, Hands
from mazeboard.sim.world import Physics, World


def _world() -> tuple[World, VirtualClock, Hands, list[str]]:
    clock = VirtualClock()
    world = World(MAGIC, [MAGIC.parse_edge("a2-a3")], {"red": "a1"}, clock, Physics(), random.Random(0),
                  lambda k, lvl: None)
    errors: list[str] = []
    hands = Hands(world, clock, stops_at_drop=True, on_error=lambda e: errors.append(str(e)))
    return world, clock, hands, errors


def _drag(hands: Hands, *cells: str) -> None:
    for to in cells:  # a drag's steps, one slide each, as the table sends them
        hands.do(Action("slide", player="red", cells=(to,)))


def _until_rolling(world: World, clock: VirtualClock) -> None:
    while world.pawns["red"].ball == "attached" and clock.step():
        pass
    assert world.pawns["red"].ball == "rolling"


def test_the_pawn_stops_where_its_ball_fell() -> None:
    world, clock, hands, _ = _world()
    _drag(hands, "a2", "a3", "a4", "a5")
    clock.run_until_idle()
    assert world.pawns["red"].cell == "a3"


def test_one_more_step_asked_while_the_ball_rolls_does_not_carry_the_drag_past_the_drop() -> None:
    world, clock, hands, _ = _world()
    _drag(hands, "a2", "a3", "a4", "a5")
    _until_rolling(world, clock)
    _drag(hands, "a6")
    clock.run_until_idle()
    assert world.pawns["red"].cell == "a3"


def test_a_slide_asked_once_the_ball_lies_in_the_tray_is_carried_out() -> None:
    world, clock, hands, _ = _world()
    _drag(hands, "a2", "a3")
    clock.run_until_idle()
    assert world.pawns["red"].ball == "tray" and world.pawns["red"].cell == "a3"
    _drag(hands, "a4")  # a person's own choice, seen by the board (it asks for the pawn back)
    clock.run_until_idle()
    assert world.pawns["red"].cell == "a4"
