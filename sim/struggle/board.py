"""The simulated Struggle board as a hal :class:`~mazeboard.hal.board.Board`.

Raw levels from the :class:`StruggleWorld` go through the hal
:class:`~mazeboard.hal.debounce.Debouncer` (the one real backends use) and
come out as :class:`~mazeboard.hal.events.ReedChanged` and
:class:`~mazeboard.hal.events.ButtonPressed` events. Frames and
announcements are kept and passed on to watchers (players, views).
"""

from __future__ import annotations

import random
from typing import Any

from mazeboard.hal.board import BoardState
from mazeboard.hal.clock import Scheduler
from mazeboard.hal.debounce import DebounceSettings
from mazeboard.hal.struggle import Track

from ..board import DebouncedBoard
from ..world import Physics
from .world import StruggleWorld


class StruggleSimBoard(DebouncedBoard):
    """A simulated Struggle board for ``track`` on ``scheduler``."""

    def __init__(
        self,
        track: Track,
        scheduler: Scheduler,
        physics: Physics = Physics(),
        rng: random.Random | None = None,
        debounce: DebounceSettings = DebounceSettings(),
    ) -> None:
        super().__init__(scheduler, track.layout(), debounce)
        self.track = track
        self.world = StruggleWorld(track, scheduler, physics, rng or random.Random(0), self.debouncer.raw)
        self._add_channels(self.world.levels())

    def state(self) -> BoardState:
        closed = frozenset(s for s in self.world.sensors if self.debouncer.stable(("reed", s)))
        return BoardState(closed, frozenset())

    def snapshot(self) -> dict[str, Any]:
        return self.world.snapshot()
