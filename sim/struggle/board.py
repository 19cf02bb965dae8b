"""The simulated Struggle board as a hal :class:`~mazeboard.hal.board.Board`.

Raw levels from the :class:`StruggleWorld` go through the hal
:class:`~mazeboard.hal.debounce.Debouncer` (the one real backends use) and
come out as :class:`~mazeboard.hal.events.ReedChanged` and
:class:`~mazeboard.hal.events.ButtonPressed` events. Frames and
announcements are kept and passed on to watchers (players, views).
"""

from __future__ import annotations

import random
from typing import Any, Callable, Hashable, cast

from mazeboard.hal.board import BoardState
from mazeboard.hal.clock import Scheduler
from mazeboard.hal.debounce import DebounceSettings, Debouncer
from mazeboard.hal.events import ButtonPressed, GameEvent, LedFrame, ReedChanged, SensorEvent
from mazeboard.hal.struggle import Track

from ..world import Physics
from .world import StruggleWorld


_TO_EVENT: dict[str, Callable[[int, str, bool], SensorEvent | None]] = {
    "reed": lambda t, name, level: ReedChanged(t, name, level),
    "button": lambda t, name, level: ButtonPressed(t, name) if level else None,
}


class StruggleSimBoard:
    """A simulated Struggle board for ``track`` on ``scheduler``."""

    def __init__(
        self,
        track: Track,
        scheduler: Scheduler,
        physics: Physics = Physics(),
        rng: random.Random | None = None,
        debounce: DebounceSettings = DebounceSettings(),
    ) -> None:
        self.track = track
        self.scheduler = scheduler
        self.layout = track.layout()
        self._sinks: list[Callable[[SensorEvent], None]] = []
        self.watchers: list[Callable[[GameEvent], None]] = []
        self.frame_watchers: list[Callable[[LedFrame], None]] = []
        self.frame: LedFrame = LedFrame.blank(self.layout.count)
        self.frames = 0
        self.debouncer = Debouncer(scheduler, self._stable)
        self.world = StruggleWorld(track, scheduler, physics, rng or random.Random(0), self.debouncer.raw)
        windows = {"reed": debounce.reed_ms, "button": debounce.button_ms}
        for key, level in self.world.levels().items():
            self.debouncer.add(key, level, windows[key[0]])  # type: ignore[index]

    # -- Board interface ----------------------------------------------------
    def subscribe(self, sink: Callable[[SensorEvent], None]) -> None:
        self._sinks.append(sink)

    def state(self) -> BoardState:
        closed = frozenset(s for s in self.world.sensors if self.debouncer.stable(("reed", s)))
        return BoardState(closed, frozenset())

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

    def led_colour(self, sensor: str) -> tuple[int, int, int]:
        return self.frame.pixels[self.layout.index(sensor)]

    def snapshot(self) -> dict[str, Any]:
        return self.world.snapshot()
