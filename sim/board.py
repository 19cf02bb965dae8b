"""The simulated board as a hal :class:`~mazeboard.hal.board.Board`.

Raw levels from the :class:`~mazeboard.sim.world.World` go through the hal
:class:`~mazeboard.hal.debounce.Debouncer` (the same one real backends use)
and come out as typed sensor events. Frames and announcements are kept and
passed on to watchers (simulated players, the browser view).
"""

from __future__ import annotations

import random
from typing import Any, Callable, Hashable, Iterable, Mapping, cast

from mazeboard.hal.board import BoardState, LedLayout
from mazeboard.hal.clock import Scheduler
from mazeboard.hal.debounce import DebounceSettings, Debouncer
from mazeboard.hal.events import ButtonPressed, GameEvent, HallChanged, LedFrame, ReedChanged, SensorEvent
from mazeboard.hal.grid import Cell, Edge, Grid

from .world import Physics, World

_TO_EVENT: dict[str, Callable[[int, str, bool], SensorEvent | None]] = {
    "reed": lambda t, name, level: ReedChanged(t, name, level),
    "hall": lambda t, name, level: HallChanged(t, name, level),
    "button": lambda t, name, level: ButtonPressed(t, name) if level else None,
}


class DebouncedBoard:
    """What every simulated board shares: raw levels through the hal Debouncer,
    typed sensor events to subscribers, frames and announcements to watchers.

    A subclass builds its world with ``raw=self.debouncer.raw`` after calling
    ``__init__``, then :meth:`_add_channels` with the world's initial levels,
    and implements ``state()``.
    """

    def __init__(self, scheduler: Scheduler, layout: LedLayout, debounce: DebounceSettings) -> None:
        self.scheduler = scheduler
        self.layout = layout
        self._debounce = debounce
        self._sinks: list[Callable[[SensorEvent], None]] = []
        self.watchers: list[Callable[[GameEvent], None]] = []
        self.frame_watchers: list[Callable[[LedFrame], None]] = []
        self.frame: LedFrame = LedFrame.blank(layout.count)
        self.frames = 0
        self.debouncer = Debouncer(scheduler, self._stable)

    def _add_channels(self, levels: Mapping[Hashable, bool]) -> None:
        windows = {"reed": self._debounce.reed_ms, "hall": self._debounce.hall_ms, "button": self._debounce.button_ms}
        for key, level in levels.items():
            self.debouncer.add(key, level, windows[cast(tuple[str, str], key)[0]])

    # -- Board interface ----------------------------------------------------
    def subscribe(self, sink: Callable[[SensorEvent], None]) -> None:
        self._sinks.append(sink)

    def show(self, frame: LedFrame) -> None:
        self.frame = frame
        self.frames += 1
        for w in self.frame_watchers:
            w(frame)

    def announce(self, event: GameEvent) -> None:
        for w in list(self.watchers):
            w(event)

    def close(self) -> None:
        self._sinks.clear()

    def led_colour(self, name: str) -> tuple[int, int, int]:
        """The colour of the LED under ``name`` (a cell, a slot, a space) in the last frame."""
        return self.frame.pixels[self.layout.index(name)]

    # -- internals ------------------------------------------------------------
    def _stable(self, key: Hashable, level: bool, t_ms: int) -> None:
        kind, name = cast(tuple[str, str], key)
        event = _TO_EVENT[kind](t_ms, name, level)
        if event is None:
            return
        for sink in self._sinks:
            sink(event)


class SimBoard(DebouncedBoard):
    """A simulated Magic Labyrinth board on ``scheduler``."""

    def __init__(
        self,
        grid: Grid,
        walls: Iterable[Edge],
        pawns: Mapping[str, Cell],
        scheduler: Scheduler,
        physics: Physics = Physics(),
        rng: random.Random | None = None,
        debounce: DebounceSettings = DebounceSettings(),
    ) -> None:
        super().__init__(scheduler, LedLayout.row_major(grid.cells), debounce)
        self.grid = grid
        self.world = World(grid, walls, pawns, scheduler, physics, rng or random.Random(0), self.debouncer.raw)
        self._add_channels(self.world.levels())

    def state(self) -> BoardState:
        closed = frozenset(c for c in self.grid.cells if self.debouncer.stable(("reed", c)))
        hall = frozenset(s for s in self.world.tray if self.debouncer.stable(("hall", s)))
        return BoardState(closed, hall)

    def snapshot(self) -> dict[str, Any]:
        return self.world.snapshot()
