"""What the maker's tools (calibration, diagnostics) may ask of a board session, beyond the game.

A backend's session may offer, as attributes:

* ``analog``: an :class:`AnalogTray`, raw voltages of linear Hall sensors
  (the gpio backend with an MCP3008; the simulator, which models SS49E-type
  sensors with noise);
* ``stagehand``: a :class:`Stagehand`, which carries out a physical
  :class:`Instruction` itself (the simulator does; on a real board the maker
  does it, so the gpio session has none);
* ``board.ghost_reports``: :class:`GhostReport` values from a diode-less
  reed matrix scan.

The controller's maker commands use only these names, never a backend module.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Protocol


class AnalogTray(Protocol):
    """Raw readings of the tray's linear Hall sensors, in volts.

    ``sensors``: names (``tray-sw`` ...); ``vref_v``: the ADC's full scale;
    ``lsb_v``: one ADC step (vref_v / 1024 for the 10-bit MCP3008).
    """

    sensors: tuple[str, ...]
    vref_v: float
    lsb_v: float

    def read_v(self, sensor: str) -> float: ...


@dataclass(frozen=True)
class Instruction:
    """One physical step a maker's tool asks for; ``target`` is a cell or tray sensor.

    Kinds: ``empty-tray``, ``ball`` (put a ball in corner ``target``),
    ``clear-board`` (take every pawn off), ``place`` (a pawn on ``target``; with
    ``extra = (cell,)`` the pawn moves from that cell),
    ``lift`` (the pawn off ``target``), ``press`` (button ``target``),
    ``ghost`` (pawns on the cells in ``extra``: three corners of a rectangle).
    """

    kind: str
    target: str | None = None
    extra: tuple[str, ...] = ()

    def text(self) -> str:
        """The instruction as the maker reads it."""
        return _TEXTS[self.kind](self)


_TEXTS: dict[str, Callable[[Instruction], str]] = {
    "empty-tray": lambda i: "Take every ball out of the tray",
    "ball": lambda i: f"Put a ball in the {i.target} corner of the tray",
    "clear-board": lambda i: "Take every pawn off the board",
    "place": lambda i: f"Move the pawn from {i.extra[0]} to {i.target}" if i.extra else f"Put a pawn on {i.target}",
    "lift": lambda i: f"Lift the pawn off {i.target}",
    "press": lambda i: f"Press the {i.target} button",
    "ghost": lambda i: f"Put pawns on {', '.join(i.extra)} (three corners of a matrix rectangle)",
}


class Stagehand(Protocol):
    """Carries out a physical :class:`Instruction` on a simulated board."""

    def perform(self, step: Instruction) -> None: ...


@dataclass(frozen=True)
class GhostReport:
    """A reed-matrix scan that may contain phantom closures (no diode per reed).

    ``t_ms``: scan time; ``closed``: cells the scan read closed; ``suspects``:
    cells on rectangles of closed readings, any of which may be a ghost. The
    scanner does not believe a new closure among the suspects until the
    rectangle breaks (HARDWARE.md: keyboard-matrix ghosting).
    """

    t_ms: int
    closed: frozenset[str]
    suspects: frozenset[str]
