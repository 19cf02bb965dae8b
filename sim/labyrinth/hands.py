"""Hands on the Labyrinth board: the Magic Labyrinth's actions plus the tile actions and answers.

:class:`TileAction` adds the actions of SCENARIOS.md's Labyrinth scenario on
tiles (``rotate DEG``, ``insert SLOT``), a hand setting a pawn down (``put``),
and two that follow the board's instruction as a person follows the LEDs
(docs/labyrinth.md): ``lay`` -- the guided layout: lay the tile the board
names where it is lit (from the box; already lying there: nothing to do),
then press Done, ``count`` times; ``answer`` -- the box's own cards: press
Done (yes) or Rotate (no) when the board asks whether the picture was the
player's card. Both wait until the board asks (up to ``patience_ms``; then
the action is dropped and logged). :class:`LabyrinthHands` runs them on a
:class:`~.board.LabyrinthBoard` and hands every other kind (slide, lift,
place, press, wait, glitch) to the shared :class:`~mazeboard.sim.hands.Hands`.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from typing import Callable

from mazeboard.hal.clock import Scheduler

from ..hands import Action, Hands
from .board import LabyrinthBoard

log = logging.getLogger(__name__)

#: how often a waiting hand looks at the board again (ms)
LOOK_MS = 50


@dataclass(frozen=True)
class TileAction(Action):
    """``rotate`` (``degrees`` clockwise, a multiple of 90), ``insert`` (at ``slot``), ``put``
    (``player``'s pawn onto ``cells[0]`` by hand, wherever it is when the hand gets there),
    ``lay`` (the piece ``tile`` onto ``cells[0]``, or aside as the spare when ``cells`` is
    empty; with ``follow``: the tile the board names now, ``count`` times, each followed by
    Done), ``answer`` (``button``: done = yes, rotate = no, once the board asks)."""

    slot: str = ""
    degrees: int = 0
    tile: str = ""
    count: int = 1
    follow: bool = False
    #: how long this action has waited for the board so far (ms)
    waited: int = 0


class LabyrinthHands(Hands):
    """Hands that also rotate the spare, push it in, lay tiles and answer the board."""

    def __init__(self, board: LabyrinthBoard, scheduler: Scheduler, on_idle: Callable[[], None] | None = None,
                 where: str | None = None, patience_ms: int = 20000,
                 on_error: Callable[[ValueError], None] | None = None) -> None:
        super().__init__(board.world, scheduler, on_idle, where, on_error)
        self.board = board
        self.patience_ms = patience_ms
        #: the instruction (its sequence number) a ``lay`` last acted on: the next waits for a new one
        self._acted_seq = -1

    def _run(self, a: Action) -> int:
        if isinstance(a, TileAction) and a.kind in ("answer", "lay") and (a.kind == "answer" or a.follow):
            return self._follow(a)
        run = TILE_ACTIONS.get(a.kind)
        if run is not None and isinstance(a, TileAction):
            return run(self.board, a)
        return super()._run(a)

    def _follow(self, a: TileAction) -> int:
        """``answer`` / ``lay`` as the board asks now, or look again in :data:`LOOK_MS`."""
        said = self.board.said
        asks = said.get("action") == ("answer" if a.kind == "answer" else "lay")
        if a.kind == "lay" and self.board.said_seq == self._acted_seq:
            asks = False  # the board has not taken the last Done yet
        if not asks:
            if a.waited >= self.patience_ms:
                log.warning("hands: %s: the board did not ask for it within %d ms: dropped", a.text or a.kind,
                            self.patience_ms)
                return 0
            self.first(replace(a, waited=a.waited + LOOK_MS))
            return LOOK_MS
        if a.kind == "answer":
            return self.board.world.press(a.button or "done")
        facts = said["messages"][0]["args"]
        self._acted_seq = self.board.said_seq
        took = self.board.lay(facts.get("cell"), facts["tile"])
        more = [replace(a, count=a.count - 1, waited=0)] if a.count > 1 else []
        self.first(Action("press", button="done"), *more)
        return took


#: tile action kind -> what the hand does; returns the time it takes (ms).
TILE_ACTIONS: dict[str, Callable[[LabyrinthBoard, TileAction], int]] = {
    "rotate": lambda b, a: b.rotate(a.degrees // 90),
    "insert": lambda b, a: b.insert(a.slot),
    "put": lambda b, a: b.put(a.player or "", a.cells[0]),
    "lay": lambda b, a: b.lay(a.cells[0] if a.cells else None, a.tile),
}
