"""The ``gpio`` board backend: a real board on a Raspberry Pi through gpiozero (and NeoPixels).

Inputs, as the wiring file says (:mod:`mazeboard.hal.wiring`):

* direct reeds, buttons and digital Hall sensors: gpiozero
  ``DigitalInputDevice`` with the pull-up, edge callbacks (no polling);
* a reed matrix (:class:`~mazeboard.hal.matrix.MatrixScanner`): rows driven
  low one at a time and columns read as plain inputs (lgpio groups, one kernel
  call per row select and per column read; never edge-detecting devices), the
  whole matrix every ``1000 / scan_hz`` ms on the scheduler; for a diode-less matrix, cells on a
  rectangle of closed readings are ghost suspects: reported
  (:class:`~mazeboard.hal.maker.GhostReport`), and a new closure among them is
  not believed until the rectangle breaks (never an invented pawn);
* analog Hall sensors: gpiozero ``MCP3008`` channels read every
  ``1000 / sample_hz`` ms, each through a :class:`~mazeboard.hal.calibration.Comparator`
  (threshold and hysteresis from the calibration file).

Every raw level goes through the one :class:`~mazeboard.hal.debounce.Debouncer`
(gpiozero's mock pins do not implement ``bounce_time``; HARDWARE.md). Edge
callbacks come from gpiozero's thread on a Pi: they are handed to the
scheduler's thread with ``call_soon`` (a :class:`~mazeboard.hal.clock.RealtimeClock`);
on a :class:`~mazeboard.hal.clock.VirtualClock` (tests with mock pins, whose
callbacks run in the calling thread) they are applied at once.

Pins come from gpiozero's pin factory: lgpio on a Pi (Pi 5 included),
``GPIOZERO_PIN_FACTORY=mock`` or an injected ``MockFactory`` without one.
"""

from __future__ import annotations

import logging
import os
import warnings
from functools import partial
from typing import Any, Callable, Hashable, Mapping, cast

from .board import BoardRequest, BoardState, GameSetup, LedLayout
from .boards import PLAYER_COLOURS
from .calibration import SIM_SOURCE, Comparator, HallCalibration, default_calibration_path, load_calibration
from .clock import RealtimeClock, Scheduler, Timer
from .debounce import Debouncer
from .errors import CalibrationError, ConfigError, HardwareError
from .events import ButtonPressed, GameEvent, HallChanged, LedFrame, ReedChanged, SensorEvent
from .maker import GhostReport
from .matrix import MatrixScanner
from .wiring import (
    WIRING_ENV, AnalogHall, DigitalHall, DirectReeds, MatrixReeds, Wiring, gpio_name, load_wiring,
    reference_wiring_for,
)

log = logging.getLogger(__name__)


_TO_EVENT: dict[str, Callable[[int, str, bool], SensorEvent | None]] = {
    "reed": lambda t, name, level: ReedChanged(t, name, level),
    "hall": lambda t, name, level: HallChanged(t, name, level),
    "button": lambda t, name, level: ButtonPressed(t, name) if level else None,
}


def _gpiozero_call(what: str, fn: Callable[[], Any]) -> Any:
    """Run a gpiozero constructor; turn its errors into one-line :class:`HardwareError`\\ s.

    gpiozero's PinFactoryFallback warnings (one per factory it tried) are
    logged at debug level; the error says what to do."""
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            result = fn()
        for w in caught:
            log.debug("gpiozero: %s", w.message)
        return result
    except Exception as e:
        name = type(e).__name__
        if name in ("BadPinFactory", "PinFactoryFallback"):
            raise HardwareError(
                f"{what}: no GPIO pin factory ({e}); on a Pi install lgpio (pip install 'mazeboard[pi]'), "
                "elsewhere use --board sim, or GPIOZERO_PIN_FACTORY=mock to try the gpio backend on mock pins"
            ) from e
        if name in ("GPIOPinInUse", "PinInUse"):
            raise HardwareError(f"{what}: the pin is already in use by another program or device ({e})") from e
        raise HardwareError(f"{what}: {name}: {e}") from e


def ghost_suspects(closed: frozenset[tuple[int, int]]) -> frozenset[tuple[int, int]]:
    """Matrix positions (row, column) on a rectangle whose four corners all read closed.

    Without a diode per reed, three closed corners make the fourth read
    closed too, so any corner of such a rectangle may be a ghost."""
    by_row: dict[int, set[int]] = {}
    for r, c in closed:
        by_row.setdefault(r, set()).add(c)
    rows = sorted(by_row)
    out: set[tuple[int, int]] = set()
    for i, r1 in enumerate(rows):
        for r2 in rows[i + 1:]:
            shared = by_row[r1] & by_row[r2]
            if len(shared) >= 2:
                for c in shared:
                    out.update(((r1, c), (r2, c)))
    return frozenset(out)


class Mcp3008Tray:
    """Linear Hall sensors on MCP3008 channels (an :class:`~mazeboard.hal.maker.AnalogTray`).

    SPI0 goes through gpiozero's ``MCP3008`` (hardware SPI on a Pi). gpiozero
    knows no hardware SPI but SPI0, so an MCP3008 on SPI1 is read through
    :class:`SpidevMcp3008` (spidev, ``/dev/spidev1.N``); on gpiozero's mock
    pins, where every SPI bus is software SPI anyway (HARDWARE.md), SPI1 is
    gpiozero's software SPI on SPI1's pins."""

    def __init__(self, hall: AnalogHall, pin_factory: Any) -> None:
        self.hall = hall
        self.sensors = tuple(hall.channels)
        self.vref_v = hall.vref_v
        self.lsb_v = hall.vref_v / 1024
        self._spidev: SpidevMcp3008 | None = None
        self._adc: dict[str, Any] = {}
        if hall.spi_bus != 0 and not _mock_pins(pin_factory):
            self._spidev = SpidevMcp3008(hall)
            return
        from gpiozero import MCP3008

        spi = hall.spi
        where: dict[str, Any] = ({"device": hall.spi_device} if hall.spi_bus == 0 else
                                 {"clock_pin": spi.sclk, "mosi_pin": spi.mosi, "miso_pin": spi.miso,
                                  "select_pin": hall.select_pin})
        self._adc = {
            s: _gpiozero_call(f"hall.channels.{s} (MCP3008 channel {ch}, {hall.bus_name})",
                              partial(MCP3008, channel=ch, max_voltage=hall.vref_v, pin_factory=pin_factory, **where))
            for s, ch in hall.channels.items()
        }

    def read_v(self, sensor: str) -> float:
        """The sensor's voltage: ``code * vref_v / 1024`` (MCP3008 datasheet, single-ended)."""
        if self._spidev is not None:
            return self._spidev.code(self.hall.channels[sensor]) * self.lsb_v
        return int(self._adc[sensor].raw_value) * self.lsb_v

    def close(self) -> None:
        if self._spidev is not None:
            self._spidev.close()
        for dev in self._adc.values():
            dev.close()


def _mock_pins(pin_factory: Any) -> bool:
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    return isinstance(pin_factory if pin_factory is not None else Device.pin_factory, MockFactory)


class SpidevMcp3008:
    """An MCP3008 on a kernel SPI device (``/dev/spidevB.D``) through spidev, for SPI1.

    One conversion is one 3-byte transfer: start bit, then single-ended + the
    channel's 3 bits, then a null byte; the 10-bit code is the last 10 bits
    back (MCP3008 datasheet, section 6.1, 8-bit segments). Clocked at 1 MHz,
    SPI mode 0 (the datasheet allows 1.35 MHz at 2.7 V). Raises
    :class:`HardwareError` naming the fix when the device cannot be opened."""

    SPEED_HZ = 1_000_000

    def __init__(self, hall: AnalogHall) -> None:
        where = f"hall.spi_bus: the MCP3008 on {hall.bus_name} ({hall.device_path})"
        try:
            import spidev
        except ImportError:
            raise HardwareError(f"{where}: the spidev library is missing: pip install 'mazeboard[pi]'") from None
        self._spi = spidev.SpiDev()
        try:
            self._spi.open(hall.spi_bus, hall.spi_device)
            self._spi.max_speed_hz = self.SPEED_HZ
            self._spi.mode = 0
        except FileNotFoundError:
            raise HardwareError(
                f"{where}: {hall.device_path} does not exist: SPI{hall.spi_bus} is off; add "
                f"dtoverlay=spi{hall.spi_bus}-{hall.spi_device + 1}cs to /boot/firmware/config.txt and reboot "
                "(docs/install-pi.md, step 3)") from None
        except PermissionError:
            raise HardwareError(f"{where}: no permission to open {hall.device_path}: add the user to the spi group "
                                "(sudo usermod -aG spi $USER, then log in again)") from None
        except OSError as e:
            raise HardwareError(f"{where}: cannot open {hall.device_path} ({e.strerror or e})") from None

    def code(self, channel: int) -> int:
        """One conversion of ``channel`` (0-7), 0-1023."""
        try:
            r = self._spi.xfer2([0x01, (0x08 | channel) << 4, 0x00])
        except OSError as e:
            raise HardwareError(f"MCP3008 read failed on channel {channel} ({e.strerror or e})") from None
        return ((r[1] & 0x03) << 8) | r[2]

    def close(self) -> None:
        self._spi.close()


class GpioBoard:
    """A board wired as ``wiring`` says, on ``scheduler``; a hal :class:`~mazeboard.hal.board.Board`.

    ``leds``: an object with ``write(colours)``/``close()`` (a
    :class:`~mazeboard.hal.neopixel_leds.NeoPixelStrip`), or None for no LED
    output. ``calibration``: Hall thresholds (needed for analog Hall events).
    Raises :class:`HardwareError` when a pin cannot be opened.
    """

    def __init__(self, wiring: Wiring, scheduler: Scheduler, *, pin_factory: Any = None,
                 calibration: HallCalibration | None = None, leds: Any = None) -> None:
        self.wiring = wiring
        self.scheduler = scheduler
        self.grid = wiring.spec.grid
        chain = wiring.leds
        self.reeds: tuple[str, ...] = wiring.spec.reeds
        self.layout = LedLayout(dict(chain.cell_to_index), chain.count) if chain else LedLayout.row_major(wiring.spec.leds)
        self._sinks: list[Callable[[SensorEvent], None]] = []
        self.watchers: list[Callable[[GameEvent], None]] = []
        self.frame_watchers: list[Callable[[LedFrame], None]] = []
        self.frame = LedFrame.blank(self.layout.count)
        self.frames = 0
        self.leds = leds
        self.ghost_reports: list[GhostReport] = []
        self.debouncer = Debouncer(scheduler, self._stable)
        call_soon = getattr(scheduler, "call_soon", None)
        self._threaded = isinstance(scheduler, RealtimeClock) and call_soon is not None
        self._call_soon: Callable[[Callable[[], None]], Any] | None = call_soon if self._threaded else None
        self._devices: list[Any] = []
        self._timers: list[Timer | None] = [None, None]
        self.matrix: MatrixScanner | None = None
        self.analog: Mcp3008Tray | None = None
        self.calibration = calibration
        self._comparators: dict[str, Comparator] = {}
        self._closed = False
        db = wiring.debounce
        try:
            self._open_inputs(pin_factory, db.reed_ms, db.hall_ms, db.button_ms)
        except BaseException:
            self.close()
            raise

    # -- opening -------------------------------------------------------------------
    def _open_inputs(self, pf: Any, reed_ms: int, hall_ms: int, button_ms: int) -> None:
        w = self.wiring
        if isinstance(w.reeds, DirectReeds):
            for cell, bcm in w.reeds.pins.items():
                self._direct(("reed", cell), f"reeds.pins.{cell}", bcm, reed_ms, pf)
        else:
            self._open_matrix(w.reeds, reed_ms, pf)
        if isinstance(w.hall, DigitalHall):
            for sensor, bcm in w.hall.pins.items():
                self._direct(("hall", sensor), f"hall.pins.{sensor}", bcm, hall_ms, pf)
        elif isinstance(w.hall, AnalogHall):
            self._open_analog(w.hall, hall_ms, pf)
        for name, bcm in w.buttons.items():
            self._direct(("button", name), f"buttons.{name}", bcm, button_ms, pf)

    def _direct(self, key: tuple[str, str], where: str, bcm: int, window_ms: int, pf: Any) -> None:
        from gpiozero import DigitalInputDevice

        dev = _gpiozero_call(f"{where} {gpio_name(bcm)}",
                             lambda: DigitalInputDevice(gpio_name(bcm), pull_up=True, pin_factory=pf))
        self._devices.append(dev)
        self.debouncer.add(key, bool(dev.is_active), window_ms)
        dev.when_activated = lambda key=key: self._edge(key, True)
        dev.when_deactivated = lambda key=key: self._edge(key, False)

    def _edge(self, key: Hashable, level: bool) -> None:
        """A gpiozero edge callback (gpiozero's thread on a Pi; the caller's with mock pins)."""
        if self._call_soon is not None:
            self._call_soon(lambda: self._raw(key, level))
        else:
            self._raw(key, level)

    def _raw(self, key: Hashable, level: bool) -> None:
        if not self._closed:
            self.debouncer.raw(key, level)

    def _open_matrix(self, reeds: MatrixReeds, window_ms: int, pf: Any) -> None:
        rows, cols = " ".join(map(gpio_name, reeds.rows)), " ".join(map(gpio_name, reeds.columns))
        self.matrix = _gpiozero_call(f"reeds: matrix rows {rows}, columns {cols}", partial(MatrixScanner, reeds, pf))
        self._cell_at = reeds.cell_at()
        self._button_at = reeds.button_at()
        self._fed: dict[str, bool] = {}
        self._fed_buttons: dict[str, bool] = {}
        self._last_suspects: frozenset[str] = frozenset()
        first_rc = self.matrix.scan()
        self._last_rc = first_rc
        first = self._believe(first_rc)
        for cell in self.reeds:
            level = cell in first
            self._fed[cell] = level
            self.debouncer.add(("reed", cell), level, window_ms)
        pressed = self._pressed(first_rc)
        for name in reeds.buttons:
            level = name in pressed
            self._fed_buttons[name] = level
            self.debouncer.add(("button", name), level, self.wiring.debounce.button_ms)
        self._period_ms = reeds.scan_period_ms
        self._scan_t0 = self.scheduler.now_ms()
        self._scan_n = 0
        self._schedule(0, self._scan_tick, self._period_ms)

    def _open_analog(self, hall: AnalogHall, window_ms: int, pf: Any) -> None:
        self.analog = Mcp3008Tray(hall, pf)
        cal = self.calibration
        for sensor in self.analog.sensors:
            level = False
            if cal is not None and sensor in cal.sensors:
                comp = Comparator(cal.sensors[sensor])
                comp.level = _initial_level(comp, self.analog.read_v(sensor))
                self._comparators[sensor] = comp
                level = comp.level
            self.debouncer.add(("hall", sensor), level, window_ms)
        if self._comparators:
            self._sample_t0 = self.scheduler.now_ms()
            self._sample_n = 0
            self._schedule(1, self._sample_tick, hall.sample_period_ms)

    # -- periodic work on the scheduler ---------------------------------------------
    def _schedule(self, slot: int, fn: Callable[[], None], period_ms: float) -> None:
        # due times computed from the start, so a fractional period does not drift
        t0, n = (self._scan_t0, self._scan_n) if slot == 0 else (self._sample_t0, self._sample_n)
        due = t0 + round((n + 1) * period_ms)
        self._timers[slot] = self.scheduler.call_later(max(0, due - self.scheduler.now_ms()), fn, daemon=True)

    def _scan_tick(self) -> None:
        if self._closed or self.matrix is None:
            return
        self._scan_n += 1
        closed_rc = self.matrix.scan()
        if closed_rc is self._last_rc:  # the scanner's same set: nothing changed since the last scan
            self._schedule(0, self._scan_tick, self._period_ms)
            return
        self._last_rc = closed_rc
        believed = self._believe(closed_rc)
        for cell, was in self._fed.items():
            now = cell in believed
            if now != was:
                self._fed[cell] = now
                self.debouncer.raw(("reed", cell), now)
        if self._button_at:
            pressed = self._pressed(closed_rc)
            for name, was in self._fed_buttons.items():
                now = name in pressed
                if now != was:
                    self._fed_buttons[name] = now
                    self.debouncer.raw(("button", name), now)
        self._schedule(0, self._scan_tick, self._period_ms)

    def _pressed(self, closed_rc: frozenset[tuple[int, int]]) -> frozenset[str]:
        """Buttons in the matrix that read closed (a matrix with buttons has diodes: no ghosts)."""
        at = self._button_at
        return frozenset(at[rc] for rc in closed_rc if rc in at)

    def _believe(self, closed_rc: frozenset[tuple[int, int]]) -> frozenset[str]:
        """Cells to report closed after a scan: ghost suspects keep their previous level."""
        at = self._cell_at
        closed_rc = frozenset(rc for rc in closed_rc if rc in at)  # buttons and free places are not reeds
        closed = frozenset(at[rc] for rc in closed_rc)
        assert self.matrix is not None
        if self.matrix.reeds.diodes:
            return closed
        suspects = frozenset(at[rc] for rc in ghost_suspects(closed_rc))
        if suspects != self._last_suspects:
            self._last_suspects = suspects
            if suspects:
                report = GhostReport(self.scheduler.now_ms(), closed, suspects)
                self.ghost_reports.append(report)
                log.warning("reed matrix: possible ghosts among %s (a matrix without diodes); "
                            "new closures there are not believed until the rectangle breaks", " ".join(sorted(suspects)))
        if not suspects:
            return closed
        held = {c for c in suspects if self._fed.get(c, False)}
        return (closed - suspects) | held

    def _sample_tick(self) -> None:
        if self._closed or self.analog is None:
            return
        self._sample_n += 1
        for sensor, comp in self._comparators.items():
            self.debouncer.raw(("hall", sensor), comp.update(self.analog.read_v(sensor)))
        assert isinstance(self.wiring.hall, AnalogHall)
        self._schedule(1, self._sample_tick, self.wiring.hall.sample_period_ms)

    # -- Board interface -------------------------------------------------------------
    def subscribe(self, sink: Callable[[SensorEvent], None]) -> None:
        self._sinks.append(sink)

    def state(self) -> BoardState:
        closed = frozenset(c for c in self.reeds if self.debouncer.stable(("reed", c)))
        hall = frozenset(s for s in self.wiring.spec.tray if self.debouncer.stable(("hall", s)))
        return BoardState(closed, hall)

    def show(self, frame: LedFrame) -> None:
        """Drive the LEDs with ``frame``: one ``show()`` when the pixels changed, none otherwise."""
        if frame.pixels == self.frame.pixels and self.frames:
            return
        self.frame = frame
        self.frames += 1
        if self.leds is not None:
            self.leds.write(frame.pixels)
        for w in self.frame_watchers:
            w(frame)

    def announce(self, event: GameEvent) -> None:
        log.info("%s", event.to_json())
        for w in list(self.watchers):
            w(event)

    def close(self) -> None:
        """Release every line, the ADC and the LED strip; a second call does nothing (lgpio
        refuses to close a chip handle twice)."""
        if self._closed:
            return
        self._closed = True
        for t in self._timers:
            if t is not None:
                t.cancel()
        self._sinks.clear()
        for dev in self._devices:
            dev.close()
        self._devices.clear()
        if self.matrix is not None:
            self.matrix.close()
        if self.analog is not None:
            self.analog.close()
        if self.leds is not None:
            self.leds.close()
            self.leds = None

    # -- internals ------------------------------------------------------------------------
    def _stable(self, key: Hashable, level: bool, t_ms: int) -> None:
        kind, name = cast(tuple[str, str], key)
        event = _TO_EVENT[kind](t_ms, name, level)
        if event is None:
            return
        for sink in list(self._sinks):
            sink(event)


def _initial_level(comp: Comparator, v: float) -> bool:
    t = comp.t
    return (v > t.threshold_v) if t.rising else (v < t.threshold_v)


class GpioSession:
    """A real board session: the :class:`GpioBoard`, a scheduler (real time by default) and the setup.

    ``analog`` is the MCP3008 tray (for ``mazeboard calibrate hall``) or None.
    :meth:`start` refuses (:class:`CalibrationError`) to play with analog Hall
    sensors that have no calibration."""

    def __init__(self, wiring: Wiring, setup: GameSetup, *, scheduler: Any = None, pin_factory: Any = None,
                 calibration: HallCalibration | None = None, calibration_path: str | None = None,
                 leds: Any = None, calibration_problem: str | None = None) -> None:
        self.wiring = wiring
        self.setup = setup
        self.clock = scheduler if scheduler is not None else RealtimeClock()
        self.calibration_path = calibration_path
        #: why the Hall calibration could not be used (a maker's session only), else None
        self.calibration_problem = calibration_problem
        self.board = GpioBoard(wiring, self.clock, pin_factory=pin_factory, calibration=calibration, leds=leds)
        self.analog = self.board.analog
        self.game_over = False
        self.board.watchers.append(self._watch)

    @property
    def scheduler(self) -> Any:
        return self.clock

    def _watch(self, event: GameEvent) -> None:
        if event.type == "game_over":
            self.game_over = True

    def start(self) -> None:
        if isinstance(self.wiring.hall, AnalogHall) and self.board.calibration is None:
            where = self.calibration_path or default_calibration_path()
            raise CalibrationError(f"{where}: no Hall calibration for the analog tray sensors; "
                                   "run `mazeboard calibrate hall` first")

    def run(self, stop: Callable[[], bool] | None = None) -> bool:
        """Play until the game is over or ``stop()``; True when the game ended."""
        done = lambda: self.game_over or bool(stop and stop())  # noqa: E731
        try:
            if isinstance(self.clock, RealtimeClock):
                self.clock.run_forever(stop=done)
            else:
                self.clock.run_until_idle(stop=done)
        finally:
            self.board.close()
        return self.game_over


def open_session(request: BoardRequest, *, pin_factory: Any = None, scheduler: Any = None,
                 leds: bool = True) -> GpioSession:
    """The ``gpio`` backend (registered in :mod:`mazeboard.hal.backends`).

    Wiring: ``request.wiring``, else ``$MAZEBOARD_WIRING``, else the reference
    wiring. Calibration: ``request.calibration``, else
    :func:`~mazeboard.hal.calibration.default_calibration_path`; for a game
    (not ``request.maker``) the analog tray's calibration must exist, be
    readable and come from a real board (not ``source = "sim"``), checked
    before anything starts; a maker's session opens without it and says why
    in ``calibration_problem``. Raises ConfigError, CalibrationError, HardwareError."""
    if request.scenario:
        raise ConfigError("--scenario: scenarios are scripted hands on the simulated board; use --board sim")
    wiring = load_wiring(request.wiring or os.environ.get(WIRING_ENV) or None, game=request.game)
    if wiring.spec.game != request.game:
        raise ConfigError(f"{wiring.path}: wires a {wiring.board} board, which plays {wiring.spec.game}, not "
                          f"{request.game}; give --wiring with a {request.game} wiring "
                          f"(reference: {reference_wiring_for(request.game)})")
    setup = _setup(request, wiring)
    cal_path = request.calibration or str(default_calibration_path())
    calibration = None
    problem = None
    if isinstance(wiring.hall, AnalogHall):
        try:
            calibration = _real_calibration(cal_path, wiring)
        except CalibrationError as e:
            if not request.maker:
                raise
            problem = str(e)
    strip = None
    if leds and wiring.leds is not None:
        from .neopixel_leds import open_strip

        strip = open_strip(wiring.leds)
    try:
        return GpioSession(wiring, setup, scheduler=scheduler, pin_factory=pin_factory, calibration=calibration,
                           calibration_path=cal_path, leds=strip, calibration_problem=problem)
    except BaseException:
        if strip is not None:
            strip.close()
        raise


def _real_calibration(path: str, wiring: Wiring) -> HallCalibration:
    """The tray's calibration at ``path``; raises :class:`CalibrationError` when it is missing,
    unreadable, or was measured on the simulated board."""
    if not os.path.exists(path):
        raise CalibrationError(f"{path}: no Hall calibration for the analog tray sensors; "
                               "run `mazeboard calibrate hall --board gpio` first")
    calibration = load_calibration(path, wiring.spec.tray)
    if calibration.source == SIM_SOURCE:
        raise CalibrationError(f"{path}: this calibration was measured on the simulated board (source = \"sim\"), "
                               "not on this tray; run `mazeboard calibrate hall --board gpio`")
    return calibration


def _setup(request: BoardRequest, wiring: Wiring) -> GameSetup:
    players = request.players
    if isinstance(players, int):
        if not 2 <= players <= len(PLAYER_COLOURS):
            raise ConfigError(f"--players: give 2 to {len(PLAYER_COLOURS)} players, got {players}")
        players = PLAYER_COLOURS[:players]
    options: Mapping[str, Any] = dict(request.options)
    if request.rounds is not None:
        options = {**options, "rounds": request.rounds}
    # board-specific values the game needs from the wiring (Struggle: the track under the reeds)
    extra: dict[str, Any] = dict(wiring.spec.extra)
    if request.edition is not None:
        extra["edition"] = request.edition
    if request.variants:
        extra["variants"] = tuple(request.variants)
    return GameSetup(request.game, tuple(players), request.seed, options=options, extra=extra)
