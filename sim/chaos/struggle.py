"""Chaos on Struggle's simulated board (see :mod:`mazeboard.sim.chaos`).

Acts of extra hands: move a token anywhere (a space or an arrival place), knock one to
the next or the previous space, lift one and hold it a few seconds before setting it
down (back, or elsewhere), press a button of the electronic dice out of turn, glitch
a reed for 1-50 ms. A token already in another hand is left alone. The batch varies
the players (2-4), the rounds (1-2) and the objective cards (dealt, or physical cards
the players enter on the dice buttons at a round's end).
"""

from __future__ import annotations

import random
from typing import Any

from mazeboard.hal.board import BoardRequest
from mazeboard.hal.struggle import BUTTONS, TOKENS, space_sensor

from ..struggle.reach import StruggleReach
from ..struggle.world import StruggleWorld
from ..tablemate import TableMate
from . import Chaos

KINDS = ("move", "move", "knock", "lift", "press", "press", "glitch")


def act(world: StruggleWorld, kind: str, who: int, arg: int) -> None:
    """One random physical act of an extra hand (nothing when it is not physically possible)."""
    rng = random.Random(arg)
    token = TOKENS[who % len(TOKENS)]
    at = world.tokens[token]
    if kind in ("move", "knock", "lift") and at is None:
        return  # in another hand right now
    if kind == "move":
        world.move(token, rng.choice(world.sensors))
    elif kind == "knock" and at is not None and at.startswith("s"):
        space = int(at[1:]) + rng.choice((-1, 1))
        if 0 <= space <= world.track.finish:
            world.move(token, space_sensor(space))
    elif kind == "lift" and at is not None:
        world.lift(token)
        where: str = at if rng.random() < 0.5 else rng.choice(world.sensors)
        world.scheduler.call_later(1000 + arg % 5000, lambda: world.place(token, where))
    elif kind == "press":
        world.press(rng.choice(BUTTONS))
    elif kind == "glitch":
        world.glitch(rng.choice(world.sensors), 1 + arg % 50)


def seeded(i: int) -> Chaos:
    """Chaotic game ``i`` of the fixed batch: 2-4 players, 1-2 rounds, dealt or physical cards,
    1-12 acts in the first 4 minutes."""
    rng = random.Random(f"struggle-chaos-{i}")
    acts = tuple((rng.randrange(240_000), rng.choice(KINDS), rng.randrange(len(TOKENS)), rng.randrange(10_000))
                 for _ in range(rng.randint(1, 12)))
    options: dict[str, Any] = {"cards": "physical"} if rng.random() < 0.5 else {}
    request = BoardRequest(game="struggle", players=rng.choice([2, 3, 4]), seed=rng.randrange(10_000),
                           rounds=rng.choice([1, 2]), options=options)
    return Chaos(request, acts)


def arm(session: Any, chaos: Chaos, mate: bool) -> TableMate:
    """Schedule ``chaos`` on ``session`` (the sim backend's Struggle session); see the package doc."""
    world, clock = session.world, session.clock
    for t, kind, who, arg in chaos.acts:
        clock.call_at(t, lambda kind=kind, who=who, arg=arg: act(world, kind, who, arg))
    table = TableMate(StruggleReach(world), clock, start_ms=chaos.calm_from_ms)
    if mate:
        session.board.watchers.append(table.watch)
    return table
