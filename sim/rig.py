"""A simulated board wired to gpiozero's mock pins, so the ``gpio`` backend can be run without a Pi.

:class:`MockRig` is the copper between the simulated
:class:`~mazeboard.sim.world.World` and a gpiozero ``MockFactory``, laid as
a wiring file says:

* direct reeds, buttons, digital Hall sensors: the input pin is pulled low
  while the contact is closed (open-collector / switch to ground);
* a reed matrix: whenever a row pin changes, every column pin is recomputed:
  low when a closed reed connects it to a row driven low. With diodes only
  the reed at (row, column) counts; without them current also sneaks
  through other closed reeds (rows and columns joined by closed reeds), which
  is how ghosts appear (HARDWARE.md);
* analog Hall sensors: an emulated MCP3008 (gpiozero's ``MockSPIDevice``)
  answers conversions with :class:`~mazeboard.sim.analog.SimAnalogTray` codes.

Faults for testing the maker's tools: ``swap_rows``/``swap_columns`` (two
matrix lines soldered the wrong way round), ``stuck`` (reeds that never
open), ``dead`` (reeds that never close), ``sticky`` (reeds that never open again once closed).

:func:`open_rig_session` builds a whole session (world, hands or simulated
players, the :class:`~mazeboard.hal.gpio.GpioBoard` on mock pins) on a
virtual clock: the same physical actions as the ``sim`` backend, seen
through the real backend's code. :class:`RigTable` is one such board that
outlives many sessions (the service's lobby and games).
"""

from __future__ import annotations

import random
from typing import Any, Callable, Hashable, Iterable, cast

from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPin, MockSPIDevice

from mazeboard.hal.board import BoardRequest, GameSetup
from mazeboard.hal.boards import MAGIC_CORNERS, PLAYER_COLOURS
from mazeboard.hal.calibration import HallCalibration
from mazeboard.hal.clock import VirtualClock
from mazeboard.hal.events import GameEvent
from mazeboard.hal.gpio import GpioBoard, GpioSession
from mazeboard.hal.wiring import AnalogHall, DigitalHall, DirectReeds, Wiring, gpio_name

from .analog import AnalogModel, SimAnalogTray, SimStagehand
from .hands import Action, Hands
from .lobby import Seaters, WorldSeatHands
from .maze import generate_walls
from .players import SimPlayer
from .resume import ResumeHelper
from .scenario import Scenario, load_scenario
from .world import Physics, World


class WiredPin(MockPin):
    """An input pin whose level the rig sets; a pull-up set later does not undo it."""

    def __init__(self, factory: Any, info: Any) -> None:
        self.wired: bool | None = None  # None: follow the pull resistor
        super().__init__(factory, info)

    def _set_pull(self, value: str) -> None:
        super()._set_pull(value)
        if self.wired is not None and self._function == "input":
            self.set_level(self.wired)

    def set_level(self, high: bool) -> None:
        self.wired = high
        if self._function == "input":
            self.drive_high() if high else self.drive_low()


class RowPin(MockPin):
    """A matrix row pin: tells the rig whenever its level or direction changes."""

    def __init__(self, factory: Any, info: Any, rig: "MockRig | None" = None) -> None:
        self.rig = rig
        super().__init__(factory, info)

    def _change_state(self, value: bool) -> bool:
        changed: bool = super()._change_state(value)
        if changed and self.rig is not None:
            self.rig.update_columns()
        return changed

    def _set_function(self, value: str) -> None:
        super()._set_function(value)
        if self.rig is not None:
            self.rig.update_columns()

    @property
    def driven_low(self) -> bool:
        return self._function == "output" and not self._state


class MockMcp3008(MockSPIDevice):
    """An MCP3008 on mock SPI pins: start bit, single/diff bit, 3 channel bits, then a null
    bit and 10 result bits (datasheet figure 6-1; gpiozero's ``MCP3xxx._send``)."""

    def __init__(self, code: Callable[[int], int], clock_pin: int, mosi_pin: int, miso_pin: int, select_pin: int,
                 pin_factory: Any) -> None:
        super().__init__(clock_pin, mosi_pin, miso_pin, select_pin, pin_factory=pin_factory)
        self.code = code
        self.rx_buf: list[int] = []
        self.conversions = 0
        self._stage = "idle"

    def on_start(self) -> None:
        super().on_start()
        self._stage = "idle"

    def on_bit(self) -> None:
        if self._stage == "idle":
            if self.rx_buf[-1]:  # the start bit
                self._stage = "mode"
                self.rx_buf = []
        elif self._stage == "mode":
            self._stage = "channel"  # single-ended (1) assumed; gpiozero sends 1
            self.rx_buf = []
        elif self._stage == "channel":
            if len(self.rx_buf) == 3:
                self.conversions += 1
                self.tx_word(self.code(self.rx_word()), 12)  # don't-care, null, 10 bits
                self._stage = "result"
        elif self._stage == "result" and not self.tx_buf:
            self._stage = "idle"
            self.rx_buf = []


class MockRig:
    """Drives ``factory``'s mock pins from the world's raw sensor levels, as ``wiring`` lays them."""

    def __init__(self, wiring: Wiring, factory: MockFactory, analog: SimAnalogTray | None = None, *,
                 swap_rows: tuple[int, int] | None = None, swap_columns: tuple[int, int] | None = None,
                 stuck: Iterable[str] = (), dead: Iterable[str] = (), sticky: Iterable[str] = ()) -> None:
        self.wiring = wiring
        self.factory = factory
        self.analog = analog
        self.stuck = frozenset(stuck)
        self.dead = frozenset(dead)
        self.sticky = frozenset(sticky)
        self.closed: set[str] = set()
        self._pins: dict[Hashable, WiredPin] = {}
        reeds = wiring.reeds
        if isinstance(reeds, DirectReeds):
            for cell, bcm in reeds.pins.items():
                self._pins[("reed", cell)] = self._wired(bcm)
            self._rows: list[RowPin] = []
        else:
            rows = list(reeds.rows)
            cols = list(reeds.columns)
            if swap_rows:
                a, b = swap_rows
                rows[a], rows[b] = rows[b], rows[a]
            if swap_columns:
                a, b = swap_columns
                cols[a], cols[b] = cols[b], cols[a]
            # physical line i carries the reeds of matrix row i but is soldered to rows[i]
            self._rows = [factory.pin(gpio_name(b), pin_class=RowPin, rig=self) for b in rows]
            self._cols = [self._wired(b) for b in cols]
            self._at = {**reeds.cells, **reeds.buttons}  # buttons in the matrix close a switch like a reed
            self._diodes = reeds.diodes
        if isinstance(wiring.hall, DigitalHall):
            for sensor, bcm in wiring.hall.pins.items():
                self._pins[("hall", sensor)] = self._wired(bcm)
        self.adc: MockMcp3008 | None = None
        if isinstance(wiring.hall, AnalogHall):
            if analog is None:
                raise ValueError("an analog Hall wiring needs a SimAnalogTray")
            by_channel = {ch: s for s, ch in wiring.hall.channels.items()}
            spi = wiring.hall.spi  # SPI0 or SPI1: on mock pins both are software SPI on their pins
            self.adc = MockMcp3008(lambda ch: analog.code(by_channel[ch]) if ch in by_channel else 0,
                                   spi.sclk, spi.mosi, spi.miso, wiring.hall.select_pin, factory)
        for name, bcm in wiring.buttons.items():
            self._pins[("button", name)] = self._wired(bcm)
        for cell in self.stuck:
            self.closed.add(cell)

    def _wired(self, bcm: int) -> WiredPin:
        pin: WiredPin = self.factory.pin(gpio_name(bcm), pin_class=WiredPin)
        return pin

    # -- the world's raw levels -----------------------------------------------------
    def raw(self, key: Hashable, level: bool) -> None:
        """The world's channel ``key`` (``("reed", cell)`` ...) is now at ``level`` (closed/sensed/pressed)."""
        kind, name = cast(tuple[str, str], key)
        if kind == "button" and self._rows and name in self._at:
            (self.closed.add if level else self.closed.discard)(name)
            self.update_columns()
            return
        if kind == "reed":
            if name in self.dead or name in self.stuck or (name in self.sticky and not level):
                return
            (self.closed.add if level else self.closed.discard)(name)
            if self._rows:
                self.update_columns()
                return
        pin = self._pins.get(key)
        if pin is not None:
            pin.set_level(not level)  # closed / sensed / pressed pulls the input low

    def sync(self, levels: dict[Hashable, bool]) -> None:
        """Set every pin to the world's current levels (before a backend opens them)."""
        for key, level in levels.items():
            self.raw(key, level)
        for cell in self.stuck:
            if not self._rows:
                self._pins[("reed", cell)].set_level(False)
        self.update_columns()

    def update_columns(self) -> None:
        """Recompute every column input from the rows driven low and the closed reeds."""
        if not self._rows:
            return
        low_rows = {i for i, p in enumerate(self._rows) if p.driven_low}
        closed_rc = {self._at[c] for c in self.closed}
        if self._diodes:
            low_cols = {c for (r, c) in closed_rc if r in low_rows}
        else:  # sneak paths: any column joined to a low row through closed reeds
            low_cols = set()
            rows, todo = set(low_rows), list(low_rows)
            while todo:
                r = todo.pop()
                for (rr, c) in closed_rc:
                    if rr == r and c not in low_cols:
                        low_cols.add(c)
                        for (r2, c2) in closed_rc:
                            if c2 == c and r2 not in rows:
                                rows.add(r2)
                                todo.append(r2)
        for j, pin in enumerate(self._cols):
            pin.set_level(j not in low_cols)

    def close(self) -> None:
        if self.adc is not None:
            self.adc.close()


class RigSession:
    """World + hands (a scenario's script, or simulated players) + the gpio board on mock pins."""

    def __init__(self, wiring: Wiring, setup: GameSetup, walls: frozenset[Any], physics: Physics, *,
                 factory: MockFactory | None = None, script: tuple[Action, ...] | None = None,
                 corners: dict[str, str] | None = None, calibration: HallCalibration | None = None,
                 analog_model: AnalogModel | None = None, leds: Any = None, rig_faults: dict[str, Any] | None = None,
                 clock: VirtualClock | None = None) -> None:
        self.setup = setup
        self.clock = clock or VirtualClock()
        self.factory = factory or MockFactory()
        corners = corners or dict(zip(setup.players, MAGIC_CORNERS[len(setup.players)]))
        self._relay: Callable[[Hashable, bool], None] = lambda key, level: None
        self.world = World(wiring.spec.grid, walls, corners, self.clock, physics,
                           random.Random(f"sim-{setup.seed}"), lambda k, v: self._relay(k, v))
        self.analog_tray = SimAnalogTray(self.world, random.Random(f"analog-{setup.seed}"), analog_model or AnalogModel())
        if isinstance(wiring.hall, AnalogHall):
            # gpiozero builds its software SPI bus on the default pin factory (and shares it
            # between devices on the same pins), whatever pin_factory the MCP3008 was given
            Device.pin_factory = self.factory
        self.rig = MockRig(wiring, self.factory, self.analog_tray, **(rig_faults or {}))
        self.rig.sync(self.world.levels())
        self._relay = self.rig.raw
        self.gpio = GpioSession(wiring, setup, scheduler=self.clock, pin_factory=self.factory,
                                calibration=calibration, leds=leds)
        self.board: GpioBoard = self.gpio.board
        self.wiring = wiring
        self.stagehand = SimStagehand(self.world, self.analog_tray)
        self.analog = self.gpio.analog
        self.script = script
        self.hands = Hands(self.world, self.clock)
        self.players: list[SimPlayer] = []
        self.game_over = False
        self.board.watchers.append(self._watch)
        if script is None:
            for i, p in enumerate(setup.players):
                player = SimPlayer(p, self.world, random.Random(f"player-{setup.seed}-{i}"))
                self.players.append(player)
                self.board.watchers.append(player.watch)

    @property
    def scheduler(self) -> VirtualClock:
        return self.clock

    def _watch(self, event: GameEvent) -> None:
        if event.type == "game_over":
            self.game_over = True

    def start(self) -> None:
        self.gpio.start()
        if self.script:
            self.hands.do(*self.script)

    def run(self, stop: Callable[[], bool] | None = None, limit_ms: int = 8 * 3600 * 1000) -> bool:
        if self.script is not None:
            return self.clock.run_until_idle(limit_ms=limit_ms, stop=stop)
        done = lambda: self.game_over or bool(stop and stop())  # noqa: E731
        return self.clock.run_until_idle(limit_ms=limit_ms, stop=done) and self.game_over

    def close(self) -> None:
        self.board.close()
        self.rig.close()


def open_rig_session(wiring: Wiring, scenario: str | Scenario | None = None, *, players: tuple[str, ...] = ("red", "blue"),
                     seed: int = 1, **kwargs: Any) -> RigSession:
    """A :class:`RigSession` for a scenario file (its script) or for simulated players."""
    if scenario is not None:
        sc = load_scenario(scenario) if isinstance(scenario, str) else scenario
        walls = sc.walls if sc.walls is not None else generate_walls(
            wiring.spec.grid, sc.maze, random.Random(f"maze-{sc.seed}"))
        setup = GameSetup(sc.game, sc.players, sc.seed, sc.dice, sc.targets, sc.options)
        return RigSession(wiring, setup, walls, sc.physics, script=sc.actions, corners=dict(sc.corners), **kwargs)
    walls = generate_walls(wiring.spec.grid, "easy", random.Random(f"maze-{seed}"))
    return RigSession(wiring, GameSetup("magic-labyrinth", players, seed), walls, Physics(), **kwargs)


class RigTable:
    """One physical Magic Labyrinth board on mock pins that outlives its board sessions, as a real
    board outlives the service's phases: the world (four pawns, beside the board at first), the
    copper (:class:`MockRig`) and one virtual clock; :meth:`open` is a session opener for
    ``mazeboard.controller.service.Service``: a :class:`~mazeboard.hal.gpio.GpioSession` on the
    same pins for each phase, with simulated people who sit down (the lobby,
    ``request.players`` of them, unless ``seaters`` is False: the test's own hands) or simulated
    players (a game, ``request.players``). A wiring with digital Hall-effect sensors (no
    calibration) is assumed."""

    def __init__(self, wiring: Wiring, walls: frozenset[Any], *, factory: MockFactory | None = None,
                 seed: int = 1, physics: Physics = Physics(), seaters: bool = True) -> None:
        self.wiring = wiring
        self.clock = VirtualClock()
        self.factory = factory or MockFactory()
        self.seed = seed
        self.seaters = seaters
        self._relay: Callable[[Hashable, bool], None] = lambda key, level: None
        self.world = World(wiring.spec.grid, walls, dict.fromkeys(PLAYER_COLOURS), self.clock, physics,
                           random.Random(f"sim-{seed}"), lambda k, v: self._relay(k, v))
        self.rig = MockRig(wiring, self.factory)
        self.rig.sync(self.world.levels())
        self._relay = self.rig.raw
        self.hands = WorldSeatHands(self.world)
        #: every session opened, in order
        self.sessions: list[GpioSession] = []

    def open(self, request: BoardRequest) -> GpioSession:
        players = request.players
        if isinstance(players, int):
            players = PLAYER_COLOURS[:players]
        setup = GameSetup(request.game, tuple(players), request.seed, options=dict(request.options))
        session = GpioSession(self.wiring, setup, scheduler=self.clock, pin_factory=self.factory)
        rng = random.Random(f"table-{request.seed}-{len(self.sessions)}")
        if request.lobby:
            if self.seaters:
                seaters = Seaters(self.hands, request.game, len(players), self.clock, rng)
                session.board.watchers.append(seaters.watch)
        else:
            sim_players = [SimPlayer(p, self.world, random.Random(f"player-{request.seed}-{i}"))
                           for i, p in enumerate(players)]
            for player in sim_players:
                session.board.watchers.append(player.watch)
            session.board.watchers.append(ResumeHelper(sim_players, self.world).watch)
        self.sessions.append(session)
        return session
