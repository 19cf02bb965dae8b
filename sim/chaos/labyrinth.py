"""Chaos on the simulated Labyrinth board (see :mod:`mazeboard.sim.chaos`).

Acts of extra hands, at random moments and out of turn: slide a pawn (a
player's or Vader) to a neighbouring cell, lift a pawn and set it down
anywhere (``teleport``), lift one and set it down somewhere a while later
(``lift``), press ``rotate`` or ``done``, push the spare in at a slot
(``insert``: its slot sensor fires; the row moves when the board takes it,
the hand pulls the spare back when the board warns -- a slot sensor senses
the tile, so a slot out of turn is always a spare pushed in; there is one
spare, so nothing happens while another hand is pushing it), glitch a reed
for 1-50 ms. Two hands never slide one pawn at once (the simulated
world cannot do that): an act on a pawn being slid is skipped. The batch
covers 2-4 players and every edition and variant, Darth Vader included, and
about half the games with the box's own cards (``cards = "physical"``: the
board asks after a move that ends on a picture) and a third with the guided
layout first (the chaos then strikes while the tiles are laid: Done or
Rotate pressed out of place skips a tile or goes back, pawns moved before the
pawn check).
"""

from __future__ import annotations

import random
from typing import Any

from mazeboard.hal.board import BoardRequest
from mazeboard.hal.labyrinth import CELLS, SLOT_NAMES

from ..labyrinth.board import LabyrinthBoard
from ..labyrinth.hands import LabyrinthHands
from ..labyrinth.reach import PRESS_ORDER, LabyrinthReach
from ..tablemate import TableMate
from . import Chaos
from .magic import free_to_move, in_flight

KINDS = ("slide", "slide", "teleport", "lift", "press", "press", "insert", "glitch", "glitch")

#: (edition, variants) the seeded batch draws from
GAMES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("classic", ()), ("classic", ("younger",)), ("classic", ("exit-anywhere",)),
    ("classic", ("younger", "exit-anywhere")), ("super-mario", ()), ("star-wars", ("vader",)),
    ("star-wars", ("younger", "vader")),
)


class CarefulHands(LabyrinthHands):
    """A simulated player's hands that wait while another hand slides their pawn, and drop an
    action the board no longer allows (a pawn moved or lifted from under them by someone
    else): the rest of the queue (``done``) goes on."""

    def _next(self) -> None:
        world = self.world
        pawn = self._slide_player
        if self._slide and pawn is not None and not free_to_move(world, pawn) and world.pawns[pawn].cell is not None:
            self._after(in_flight(world)[pawn] - self.scheduler.now_ms() + 1)  # another hand is on it
            return
        try:
            super()._next()
        except ValueError:
            self._slide.clear()
            self._after(0)


def act(board: LabyrinthBoard, kind: str, who: int, arg: int) -> None:
    """One random physical act of an extra hand (no-op when it is not physically possible)."""
    world = board.world
    rng = random.Random(arg)
    pawns = sorted(world.pawns)
    name = pawns[who % len(pawns)]
    pawn = world.pawns[name]
    if kind in ("slide", "teleport", "lift") and not free_to_move(world, name):
        return
    if kind == "slide" and pawn.cell is not None:
        world.slide_step(name, rng.choice(world.grid.neighbours(pawn.cell)))
    elif kind == "teleport" and pawn.cell is not None:
        world.lift(name)
        world.place(name, rng.choice(CELLS))
    elif kind == "lift" and pawn.cell is not None:
        world.lift(name)
        cell = rng.choice(CELLS)
        board.scheduler.call_later(1000 + arg % 15_000,
                                   lambda: world.pawns[name].cell is None and world.place(name, cell))
    elif kind == "press":
        world.press(rng.choice(("rotate", "done")))
    elif kind == "insert" and not board.pushing:
        board.insert(rng.choice(SLOT_NAMES))
    elif kind == "glitch":
        world.glitch(rng.choice(CELLS), 1 + arg % 50)


def seeded(i: int) -> Chaos:
    """Chaotic game ``i`` of the fixed batch: 2-4 players, an edition and variants, 1-12 acts in
    the first 4 minutes."""
    rng = random.Random(f"labyrinth-{i}")
    acts = tuple((rng.randrange(240_000), rng.choice(KINDS), rng.randrange(5), rng.randrange(10_000))
                 for _ in range(rng.randint(1, 12)))
    ed, variants = rng.choice(GAMES)
    table = random.Random(f"labyrinth-table-{i}")  # (its own draws: the batch above is unchanged)
    options: dict[str, Any] = {}
    if table.random() < 0.5:
        options["cards"] = "physical"
    if table.random() < 0.33:
        options["guided_layout"] = True
    request = BoardRequest(game="labyrinth", players=rng.choice([2, 3, 4]), seed=rng.randrange(10_000),
                           edition=ed, variants=variants, options=options)
    return Chaos(request, acts)


def arm(session: Any, chaos: Chaos, mate: bool) -> TableMate:
    """Schedule ``chaos`` on ``session`` (the sim backend's Labyrinth session); see the package doc."""
    board, clock = session.board, session.clock
    world = board.world
    for p in session.players:
        p.hands = CarefulHands(board, clock, on_idle=p._idle)
    in_flight(world)
    for t, kind, who, arg in chaos.acts:
        clock.call_at(t, lambda kind=kind, who=who, arg=arg: act(board, kind, who, arg))
    reach = LabyrinthReach(board, busy=lambda p: not free_to_move(world, p) and world.pawns[p].cell is not None)
    table = TableMate(reach, clock, start_ms=chaos.calm_from_ms, press_order=PRESS_ORDER)
    if mate:
        session.board.watchers.append(table.watch)
    return table
