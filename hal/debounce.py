"""Debouncing, in one place for every backend.

Backends report raw level changes of their inputs (a reed contact, a digital
Hall output, a button) to a :class:`Debouncer`; it reports a level only once
it has held still for the channel's window. A closure shorter than the window
(a glitch, a stray magnet brushing past) is never reported, and contact bounce
within the window collapses into one change. Windows are in milliseconds on
the injected scheduler, so the same code debounces simulated and real inputs
(gpiozero's mock pins do not implement ``bounce_time``; see HARDWARE.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Hashable

from .clock import Scheduler, Timer
from .errors import ConfigError

#: Default window for reed switches and Hall sensors (SCENARIOS.md: 10 ms or more).
DEFAULT_WINDOW_MS = 10
#: Default window for push buttons (mechanical, bounce longer than reeds).
DEFAULT_BUTTON_WINDOW_MS = 20


@dataclass(frozen=True)
class DebounceSettings:
    """Debounce windows in milliseconds; each must be 1 ms or more."""

    reed_ms: int = DEFAULT_WINDOW_MS
    hall_ms: int = DEFAULT_WINDOW_MS
    button_ms: int = DEFAULT_BUTTON_WINDOW_MS

    def __post_init__(self) -> None:
        for name in ("reed_ms", "hall_ms", "button_ms"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ConfigError(f"debounce.{name}: must be a whole number of milliseconds >= 1, got {value!r}")


class _Channel:
    __slots__ = ("raw", "stable", "timer", "window_ms")

    def __init__(self, level: bool, window_ms: int) -> None:
        self.raw = level
        self.stable = level
        self.timer: Timer | None = None
        self.window_ms = window_ms


class Debouncer:
    """Turns raw level changes into stable ones.

    ``on_stable(key, level, t_ms)`` is called when a channel's raw level has
    held for its window and differs from the last stable level; ``t_ms`` is
    the time the change was confirmed. Channels are created by :meth:`add`
    with their initial (already stable) level.
    """

    def __init__(self, scheduler: Scheduler, on_stable: Callable[[Hashable, bool, int], None]) -> None:
        self._scheduler = scheduler
        self._on_stable = on_stable
        self._channels: dict[Hashable, _Channel] = {}
        #: raw changes that never became stable (bounce and glitches), for diagnostics
        self.rejected = 0

    def add(self, key: Hashable, level: bool, window_ms: int) -> None:
        self._channels[key] = _Channel(level, window_ms)

    def stable(self, key: Hashable) -> bool:
        return self._channels[key].stable

    def raw(self, key: Hashable, level: bool) -> None:
        """Report the raw level of channel ``key`` now (repeats are harmless)."""
        ch = self._channels[key]
        if level == ch.raw:
            return
        ch.raw = level
        if ch.timer is not None:
            ch.timer.cancel()
            ch.timer = None
            self.rejected += 1
        if level != ch.stable:
            ch.timer = self._scheduler.call_later(ch.window_ms, lambda: self._settle(key))

    def _settle(self, key: Hashable) -> None:
        ch = self._channels[key]
        ch.timer = None
        if ch.raw != ch.stable:
            ch.stable = ch.raw
            self._on_stable(key, ch.stable, self._scheduler.now_ms())
