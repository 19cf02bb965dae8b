"""Noisy analog Hall sensors for the simulated tray, and the simulated maker's hands.

:class:`SimAnalogTray` models linear SS49E-type Hall sensors under the four
tray corners, read by a 10-bit ADC (an MCP3008 at ``vref_v``), as an
:class:`~mazeboard.hal.maker.AnalogTray`:

* with no field an SS49E outputs about half its supply; the bias magnet
  under each corner raises that by ``bias_shift_v`` (each sensor off by a
  seeded ``spread_v``, as magnets are never placed exactly alike);
* a steel ball resting in the corner bends the bias field and moves the
  output by ``ball_shift_v`` (per sensor within ``ball_spread``);
* every reading adds Gaussian noise ``noise_v`` and is quantised to the
  ADC's step (vref / 1024).

A ball is in a corner when the :class:`~mazeboard.sim.world.World` has a
dropped ball there, or the stagehand put one there for a calibration.

:class:`SimStagehand` carries out a maker tool's
:class:`~mazeboard.hal.maker.Instruction` (put a ball in a corner, a pawn
on a cell...) with the world's own hand methods, so ``mazeboard calibrate``
and ``mazeboard diag`` run on the simulated board without anyone at it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

from mazeboard.hal.events import TRAY_SENSORS
from mazeboard.hal.maker import Instruction

from .world import World


@dataclass(frozen=True)
class AnalogModel:
    """SS49E-like sensor physics in volts (defaults: 3.3 V supply, a clear but small ball signal)."""

    supply_v: float = 3.3
    vref_v: float = 3.3
    bias_shift_v: float = 0.42
    spread_v: float = 0.04
    ball_shift_v: float = -0.11
    ball_spread: float = 0.2
    noise_v: float = 0.004
    bits: int = 10


#: A weak build: the bias magnet too far away, long unshielded wires (calibration must refuse it).
WEAK = AnalogModel(ball_shift_v=-0.012, noise_v=0.006)


class SimAnalogTray:
    """Analog readings of the simulated tray's Hall sensors (an AnalogTray)."""

    def __init__(self, world: World, rng: random.Random, model: AnalogModel = AnalogModel()) -> None:
        self.world = world
        self.rng = rng
        self.model = model
        self.sensors: tuple[str, ...] = TRAY_SENSORS
        self.vref_v = model.vref_v
        self.lsb_v = model.vref_v / (1 << model.bits)
        self.staged: dict[str, int] = {s: 0 for s in TRAY_SENSORS}
        setup = random.Random(rng.random())
        self._empty_v = {s: model.supply_v / 2 + model.bias_shift_v + setup.uniform(-model.spread_v, model.spread_v)
                         for s in TRAY_SENSORS}
        self._ball_v = {s: model.ball_shift_v * (1 + setup.uniform(-model.ball_spread, model.ball_spread))
                        for s in TRAY_SENSORS}
        self.reads = 0

    def ball_in(self, sensor: str) -> bool:
        return bool(self.world.tray[sensor]) or self.staged[sensor] > 0

    def true_v(self, sensor: str) -> float:
        """The noise-free output voltage now."""
        return self._empty_v[sensor] + (self._ball_v[sensor] if self.ball_in(sensor) else 0.0)

    def code(self, sensor: str) -> int:
        """One noisy ADC conversion, 0..1023 (what an MCP3008 would return)."""
        self.reads += 1
        v = self.true_v(sensor) + self.rng.gauss(0.0, self.model.noise_v)
        top = (1 << self.model.bits) - 1
        return max(0, min(top, int(v / self.lsb_v)))

    def read_v(self, sensor: str) -> float:
        return self.code(sensor) * self.lsb_v


class SimStagehand:
    """The simulated maker: performs :class:`Instruction`\\ s on the world with its hand methods."""

    def __init__(self, world: World, tray: SimAnalogTray) -> None:
        self.world = world
        self.tray = tray
        self.done: list[Instruction] = []

    def perform(self, step: Instruction) -> None:
        self.done.append(step)
        _STEPS[step.kind](self, step)

    # -- steps ------------------------------------------------------------------
    def _empty_tray(self, step: Instruction) -> None:
        for s in self.tray.staged:
            self.tray.staged[s] = 0
        for player, pawn in self.world.pawns.items():
            if pawn.ball == "tray":
                self.world.fetch_ball(player)

    def _ball(self, step: Instruction) -> None:
        for s in self.tray.staged:  # the ball moves from the last corner to this one
            self.tray.staged[s] = 0
        self.tray.staged[str(step.target)] = 1

    def _clear_board(self, step: Instruction) -> None:
        for player, pawn in self.world.pawns.items():
            if pawn.cell is not None:
                self.world.lift(player)

    def _place(self, step: Instruction, cell: str | None = None) -> None:
        target = cell or str(step.target)
        if cell is None and step.extra:  # "move the pawn from extra[0] to target"
            self._lift(Instruction("lift", step.extra[0]))
        free = [p for p, pawn in self.world.pawns.items() if pawn.cell is None]
        if not free:  # every pawn is on the board: take the first one away
            free = [next(iter(self.world.pawns))]
            self.world.lift(free[0])
        self.world.place(free[0], target)

    def _lift(self, step: Instruction) -> None:
        for player, pawn in self.world.pawns.items():
            if pawn.cell == step.target:
                self.world.lift(player)
                return

    def _press(self, step: Instruction) -> None:
        self.world.press(str(step.target))

    def _ghost(self, step: Instruction) -> None:
        for cell in step.extra:
            self._place(step, cell)


_STEPS: dict[str, Callable[[SimStagehand, Instruction], None]] = {
    "empty-tray": SimStagehand._empty_tray,
    "ball": SimStagehand._ball,
    "clear-board": SimStagehand._clear_board,
    "place": lambda h, s: h._place(s),
    "lift": SimStagehand._lift,
    "press": SimStagehand._press,
    "ghost": SimStagehand._ghost,
}


@dataclass
class MakerTools:
    """What a simulated session offers the maker commands: ``analog`` and ``stagehand``."""

    analog: SimAnalogTray
    stagehand: SimStagehand
    extra: dict[str, Any] = field(default_factory=dict)


def maker_tools(session: Any, model: AnalogModel | None = None) -> MakerTools:
    """The session's maker tools, made on first use (seeded from the session's setup)."""
    tools: MakerTools | None = getattr(session, "_maker_tools", None)
    if tools is None or model is not None:
        world = session.world
        tray = SimAnalogTray(world, random.Random(f"analog-{session.setup.seed}"), model or AnalogModel())
        tools = MakerTools(tray, SimStagehand(world, tray))
        session._maker_tools = tools
    return tools
