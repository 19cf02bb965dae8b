"""Hands on the Labyrinth board: the Magic Labyrinth's actions plus ``rotate`` and ``insert``.

:class:`TileAction` adds the two tile actions of SCENARIOS.md's Labyrinth
scenario (``rotate DEG``, ``insert SLOT``) to :class:`~mazeboard.sim.hands.Action`;
:class:`LabyrinthHands` runs them on a :class:`~.board.LabyrinthBoard` and
hands every other kind (slide, lift, place, press, wait, glitch) to the
shared :class:`~mazeboard.sim.hands.Hands`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from mazeboard.hal.clock import Scheduler

from ..hands import Action, Hands
from .board import LabyrinthBoard


@dataclass(frozen=True)
class TileAction(Action):
    """``rotate`` (``degrees`` clockwise, a multiple of 90), ``insert`` (at ``slot``), or ``put``
    (``player``'s pawn onto ``cells[0]`` by hand, wherever it is when the hand gets there)."""

    slot: str = ""
    degrees: int = 0


class LabyrinthHands(Hands):
    """Hands that also rotate the spare and push it in."""

    def __init__(self, board: LabyrinthBoard, scheduler: Scheduler, on_idle: Callable[[], None] | None = None,
                 where: str | None = None) -> None:
        super().__init__(board.world, scheduler, on_idle, where)
        self.board = board

    def _run(self, a: Action) -> int:
        run = TILE_ACTIONS.get(a.kind)
        if run is not None and isinstance(a, TileAction):
            return run(self.board, a)
        return super()._run(a)


#: tile action kind -> what the hand does; returns the time it takes (ms).
TILE_ACTIONS: dict[str, Callable[[LabyrinthBoard, TileAction], int]] = {
    "rotate": lambda b, a: b.rotate(a.degrees // 90),
    "insert": lambda b, a: b.insert(a.slot),
    "put": lambda b, a: b.put(a.player or "", a.cells[0]),
}
