"""Chaos on The Magic Labyrinth's simulated board (see :mod:`mazeboard.sim.chaos`).

Acts: slide a pawn to a neighbour, lift a pawn and set it down anywhere
(``teleport``), press a button, glitch a reed for 1-50 ms, fish a ball out of
the tray at the wrong time. Two hands never slide one pawn at once (the
simulated world cannot do that): an act on a pawn being slid is skipped.
"""

from __future__ import annotations

import random
from typing import Any

from mazeboard.hal.board import BoardRequest

from ..hands import Hands
from ..tablemate import MagicReach, TableMate
from ..world import World
from . import Chaos

KINDS = ("slide", "slide", "teleport", "press", "glitch", "glitch", "fetch")


class CarefulHands(Hands):
    """A simulated player's hands that wait while another hand slides their pawn, and stop
    a slide when the pawn is no longer where the slide expects it (someone else moved it):
    the rest of the queue (``done``) goes on."""

    def _next(self) -> None:
        player = self._slide_player
        if self._slide and player is not None and not free_to_move(self.world, player) and \
                self.world.pawns[player].cell is not None:
            self._after(in_flight(self.world)[player] - self.scheduler.now_ms() + 1)  # another hand is on it
            return
        try:
            super()._next()
        except ValueError:
            self._slide.clear()
            self._after(0)


def in_flight(world: World) -> dict[str, int]:
    """Pawns being slid, with when their slide step ends (ms); recorded from now on."""
    flights: dict[str, int] | None = getattr(world, "_chaos_flights", None)
    if flights is None:
        flights = {}
        slide = world.slide_step

        def recorded(player: str, to: str) -> int:
            ms = slide(player, to)
            flights[player] = world.scheduler.now_ms() + ms
            return ms

        world.slide_step = recorded  # type: ignore[method-assign]
        world._chaos_flights = flights  # type: ignore[attr-defined]
    return flights


def free_to_move(world: World, player: str) -> bool:
    pawn = world.pawns[player]
    return pawn.cell is not None and in_flight(world).get(player, -1) < world.scheduler.now_ms()


def act(world: World, kind: str, who: int, arg: int) -> None:
    """One random physical act of an extra hand (no-op when it is not physically possible)."""
    rng = random.Random(arg)
    pawns = list(world.pawns)
    pawn = world.pawns[pawns[who % len(pawns)]]
    if kind in ("slide", "teleport") and not free_to_move(world, pawn.player):
        return
    if kind == "slide" and pawn.cell is not None:
        world.slide_step(pawn.player, rng.choice(world.grid.neighbours(pawn.cell)))
    elif kind == "teleport" and pawn.cell is not None:
        world.lift(pawn.player)
        world.place(pawn.player, rng.choice(world.grid.cells))
    elif kind == "press":
        world.press(rng.choice(world.buttons))
    elif kind == "glitch":
        world.glitch(rng.choice(world.grid.cells), 1 + arg % 50)
    elif kind == "fetch" and pawn.ball == "tray":
        world.fetch_ball(pawn.player)


def seeded(i: int) -> Chaos:
    """Chaotic game ``i`` of the fixed batch: 2-4 players, easy or hard maze, 1-12 acts in the first 4 minutes."""
    rng = random.Random(i)
    acts = tuple((rng.randrange(240_000), rng.choice(KINDS), rng.randrange(4), rng.randrange(10_000))
                 for _ in range(rng.randint(1, 12)))
    request = BoardRequest(players=rng.choice([2, 3, 4]), maze=rng.choice(["easy", "hard"]), seed=rng.randrange(10_000))
    return Chaos(request, acts)


def arm(session: Any, chaos: Chaos, mate: bool) -> TableMate:
    """Schedule ``chaos`` on ``session`` (the sim backend's Magic session); see the package doc."""
    world, clock = session.world, session.clock
    for p in session.players:
        p.hands = CarefulHands(world, clock)
    in_flight(world)
    for t, kind, who, arg in chaos.acts:
        clock.call_at(t, lambda kind=kind, who=who, arg=arg: act(world, kind, who, arg))
    reach = MagicReach(world, busy=lambda p: not free_to_move(world, p) and world.pawns[p].cell is not None)
    table = TableMate(reach, clock, start_ms=chaos.calm_from_ms)
    if mate:
        session.board.watchers.append(table.watch)
    return table
