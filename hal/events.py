"""The hal vocabulary: sensor events in, LED frames out, game events for the log.

All are frozen dataclasses. Timestamps are integer milliseconds on the
injected clock (virtual in the simulator, monotonic on a real board).

Shapes:

* :class:`ReedChanged` -- the reed switch under ``cell`` closed (a magnet is
  there) or opened; already debounced.
* :class:`HallChanged` -- the Hall-effect sensor ``sensor`` in the tray now
  senses a ball (``ball=True``: arrived) or no longer does (left).
* :class:`ButtonPressed` -- a button (``roll``, ``done``; other games add
  their own) was pressed; one event per press, on the debounced closing edge.
* :class:`LedFrame` -- one RGB triple (0-255 each) per LED index, in chain
  order; brightness is applied by the LED backend, not here.
* :class:`GameEvent` -- one line of the event log (SCENARIOS.md): ``t``,
  ``type`` and the type's fields.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Mapping, Union

RGB = tuple[int, int, int]

#: Tray corners where a dropped ball comes to rest, one Hall-effect sensor each.
TRAY_SENSORS: tuple[str, ...] = ("tray-sw", "tray-se", "tray-ne", "tray-nw")

#: Buttons of The Magic Labyrinth board.
MAGIC_BUTTONS: tuple[str, ...] = ("roll", "done")


@dataclass(frozen=True, slots=True)
class ReedChanged:
    """A debounced reed switch change under ``cell`` (``closed``: a magnet is there)."""

    t_ms: int
    cell: str
    closed: bool


@dataclass(frozen=True, slots=True)
class HallChanged:
    """A tray Hall-effect sensor started (``ball=True``) or stopped sensing a ball."""

    t_ms: int
    sensor: str
    ball: bool


@dataclass(frozen=True, slots=True)
class ButtonPressed:
    """A debounced button press (``roll``, ``done``, ...)."""

    t_ms: int
    button: str


SensorEvent = Union[ReedChanged, HallChanged, ButtonPressed]


@dataclass(frozen=True, slots=True)
class LedFrame:
    """Colours for every LED of the chain, index 0 first: ``pixels[i] = (r, g, b)``, 0-255."""

    t_ms: int
    pixels: tuple[RGB, ...]

    @classmethod
    def blank(cls, count: int, t_ms: int = 0) -> "LedFrame":
        return cls(t_ms, ((0, 0, 0),) * count)


@dataclass(frozen=True)
class GameEvent:
    """One event-log line: ``{"t": t_ms, "type": type, **fields}`` (SCENARIOS.md)."""

    t_ms: int
    type: str
    fields: Mapping[str, Any] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.fields[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.fields.get(key, default)

    def to_dict(self) -> dict[str, Any]:
        return {"t": self.t_ms, "type": self.type, **self.fields}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(", ", ": "))
