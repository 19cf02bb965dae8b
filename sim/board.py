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


class SimBoard:
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
        self.grid = grid
        self.scheduler = scheduler
        self.layout = LedLayout.row_major(grid.cells)
        self._sinks: list[Callable[[SensorEvent], None]] = []
        self.watchers: list[Callable[[GameEvent], None]] = []
        self.frame_watchers: list[Callable[[LedFrame], None]] = []
        self.frame: LedFrame = LedFrame.blank(self.layout.count)
        self.frames = 0
        self.debouncer = Debouncer(scheduler, self._stable)
        self.world = World(grid, walls, pawns, scheduler, physics, rng or random.Random(0), self.debouncer.raw)
        windows = {"reed": debounce.reed_ms, "hall": debounce.hall_ms, "button": debounce.button_ms}
        for key, level in self.world.levels().items():
            self.debouncer.add(key, level, windows[key[0]])  # type: ignore[index]

    # -- Board interface ----------------------------------------------------
    def subscribe(self, sink: Callable[[SensorEvent], None]) -> None:
        self._sinks.append(sink)

    def state(self) -> BoardState:
        closed = frozenset(c for c in self.grid.cells if self.debouncer.stable(("reed", c)))
        hall = frozenset(s for s in self.world.tray if self.debouncer.stable(("hall", s)))
        return BoardState(closed, hall)

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

    # -- internals ------------------------------------------------------------
    def _stable(self, key: Hashable, level: bool, t_ms: int) -> None:
        kind, name = cast(tuple[str, str], key)
        event = _TO_EVENT[kind](t_ms, name, level)
        if event is None:
            return
        for sink in self._sinks:
            sink(event)

    def led_colour(self, cell: Cell) -> tuple[int, int, int]:
        return self.frame.pixels[self.layout.index(cell)]

    def snapshot(self) -> dict[str, Any]:
        return self.world.snapshot()
