"""Wiring files: one physical board's pins, matrix lines, ADC channels and LED chain, as data.

A wiring file (TOML, ``wiring/*.toml``, format in ``docs/hardware.md``) says
which Raspberry Pi pin (BCM name, ``"GPIO17"``), matrix row/column, MCP3008
channel or LED index serves which cell, tray sensor or button. What a board
has to be wired with comes from its kind (:data:`~mazeboard.hal.wiring_boards.BOARD_KINDS`:
The Magic Labyrinth, Labyrinth, Struggle).
:func:`load_wiring` validates it once into a frozen :class:`Wiring`; every
problem raises :class:`~mazeboard.hal.errors.ConfigError` naming the file,
the key and the reason: unknown keys, bad pin names, a pin used twice, pins
taken by SPI/I2C/UART when those buses are in use, cells out of range or
missing, LED indices out of range or shared.

Electrical conventions (fixed, so a file cannot contradict the code):

* direct reeds, buttons and digital (open-collector, A3144-type) Hall
  sensors switch their input to ground; inputs use the Pi's pull-ups, so
  *low* means closed / pressed / ball sensed;
* a reed matrix drives one row output low at a time (the others high) and
  reads the column inputs with pull-ups; a closed reed pulls its column low.
  ``diodes = false`` declares a diode-less matrix, whose ghosts the scanner
  reports instead of believing them (HARDWARE.md). Buttons may sit in the
  matrix too (``[reeds.buttons]``, diodes required): Labyrinth's 49 cells,
  12 slot sensors and two buttons share one 8x8 matrix;
* analog (SS49E-type) Hall sensors are read through an MCP3008 on SPI0
  (CE0 = GPIO8 or CE1 = GPIO7) or on SPI1, the auxiliary SPI (CE0 = GPIO18,
  CE1 = GPIO17, CE2 = GPIO16; ``dtoverlay=spi1-Ncs``), thresholds come from
  the calibration file. The reference build puts the MCP3008 on SPI1 so that
  SPI0 carries the NeoPixels (the SPI LED driver: no root, no ``/dev/mem``).

What a wiring needs from the Pi (:func:`pi_setup`: the ``config.txt`` lines,
the device files, whether it needs root) is derived here too, per Pi model,
so ``wiring show`` can print it and the tests can hold it against the
service unit's device policy.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Mapping

from .debounce import DebounceSettings
from .errors import ConfigError, WiringError
from .grid import Cell, Grid
from .inputfile import load_toml
from .wiring_boards import BOARD_KINDS, BOARD_OF_GAME, BoardSpec

#: largest wiring file read, bytes (the reference wirings are under 8 KB)
MAX_WIRING_BYTES = 256 * 1024
#: environment variable naming the wiring file (after ``--wiring``, before the reference wiring)
WIRING_ENV = "MAZEBOARD_WIRING"
#: BCM numbers of the 40-pin header's GPIOs (Pi 3, 4, 5, Zero 2 W share it).
HEADER_GPIOS = range(0, 28)
#: GPIO0/1 are the HAT ID EEPROM's I2C bus (ID_SD/ID_SC): never for a board.
RESERVED = {0: "the HAT ID EEPROM (ID_SD)", 1: "the HAT ID EEPROM (ID_SC)"}

#: bus name -> BCM pins the kernel driver claims when the bus is enabled.
BUS_PINS: dict[str, tuple[int, ...]] = {
    "i2c": (2, 3),
    "uart": (14, 15),
    "spi0": (7, 8, 9, 10, 11),
    "spi1": (16, 17, 18, 19, 20, 21),
}
#: SPI0 pins by function (MCP3008 and the SPI NeoPixel driver).
SPI0_SCLK, SPI0_MOSI, SPI0_MISO = 11, 10, 9
SPI0_CE = (8, 7)
#: SPI1 (auxiliary SPI, ``dtoverlay=spi1-1cs`` .. ``spi1-3cs``) pins by function; the same on the
#: Pi 3, 4, 5 and Zero 2 W 40-pin header (Raspberry Pi device-tree overlay README, spi1-Ncs).
SPI1_SCLK, SPI1_MOSI, SPI1_MISO = 21, 20, 19
SPI1_CE = (18, 17, 16)


@dataclass(frozen=True)
class SpiPins:
    """One SPI bus's lines (BCM numbers) and its chip selects (CE0, CE1, ...)."""

    bus: int
    sclk: int
    mosi: int
    miso: int
    ce: tuple[int, ...]


#: SPI bus number -> its pins (the MCP3008's ``hall.spi_bus``)
SPI_BUSES: dict[int, SpiPins] = {
    0: SpiPins(0, SPI0_SCLK, SPI0_MOSI, SPI0_MISO, SPI0_CE),
    1: SpiPins(1, SPI1_SCLK, SPI1_MOSI, SPI1_MISO, SPI1_CE),
}

#: LED drivers: ``pwm`` (rpi_ws281x, Pi 4 and older, needs root), ``spi``
#: (neopixel_spi, no root, data on GPIO10), ``pi5`` (the Pi 5 PIO driver), ``auto``.
LED_DRIVERS = ("auto", "pwm", "spi", "pi5")
#: GPIOs rpi_ws281x can drive (PWM0 12/18, PWM1 13/19, PCM 21, SPI 10).
PWM_LED_PINS = (10, 12, 13, 18, 19, 21)
PIXEL_ORDERS = ("RGB", "RBG", "GRB", "GBR", "BRG", "BGR")
LED_LAYOUTS = ("rows", "serpentine", "cells")

_GPIO_NAME = re.compile(r"GPIO(\d{1,2})")


def gpio_name(bcm: int) -> str:
    """``17`` -> ``"GPIO17"`` (the BCM name gpiozero accepts)."""
    return f"GPIO{bcm}"


@dataclass(frozen=True)
class DirectReeds:
    """One GPIO input per reed (``pins``: cell or sensor -> BCM number); closed reads low."""

    pins: Mapping[Cell, int]
    mode: str = "direct"


@dataclass(frozen=True)
class MatrixReeds:
    """A reed matrix: ``rows`` (outputs, BCM) x ``columns`` (inputs with pull-ups, BCM).

    ``cells`` maps each reed (cell or sensor) to its (row, column) index;
    ``buttons`` maps buttons scanned in the same matrix to theirs (a press
    closes the switch); ``scan_hz`` is the full-matrix scan rate; ``diodes``
    is False for a matrix without a diode per reed (ghosts possible,
    reported, never believed; no buttons then).
    """

    rows: tuple[int, ...]
    columns: tuple[int, ...]
    cells: Mapping[Cell, tuple[int, int]]
    diodes: bool = True
    scan_hz: int = 250
    mode: str = "matrix"
    buttons: Mapping[str, tuple[int, int]] = field(default_factory=dict)

    @property
    def scan_period_ms(self) -> float:
        return 1000 / self.scan_hz

    def cell_at(self) -> dict[tuple[int, int], Cell]:
        """(row, column) -> reed name (buttons not included)."""
        return {rc: c for c, rc in self.cells.items()}

    def button_at(self) -> dict[tuple[int, int], str]:
        """(row, column) -> button name, for the buttons in the matrix."""
        return {rc: b for b, rc in self.buttons.items()}

    def name_at(self) -> dict[tuple[int, int], str]:
        """(row, column) -> what the switch there serves (reed or button)."""
        return {**self.cell_at(), **self.button_at()}


@dataclass(frozen=True)
class DigitalHall:
    """Open-collector Hall sensors on GPIO inputs (``pins``: sensor -> BCM); ball sensed reads low."""

    pins: Mapping[str, int]
    mode: str = "digital"


@dataclass(frozen=True)
class AnalogHall:
    """Linear Hall sensors through an MCP3008 on SPI bus ``spi_bus`` (0, or 1: the auxiliary SPI),
    chip-select ``spi_device`` (SPI0: 0 = GPIO8, 1 = GPIO7; SPI1: 0 = GPIO18, 1 = GPIO17, 2 = GPIO16).

    ``channels``: sensor -> ADC channel 0-7; ``vref_v``: the ADC's reference
    in volts (10-bit readings scale to 0..vref_v); ``sample_hz``: how often
    every channel is read.
    """

    channels: Mapping[str, int]
    spi_device: int = 0
    vref_v: float = 3.3
    sample_hz: int = 200
    mode: str = "mcp3008"
    spi_bus: int = 0

    @property
    def spi(self) -> SpiPins:
        return SPI_BUSES[self.spi_bus]

    @property
    def select_pin(self) -> int:
        return self.spi.ce[self.spi_device]

    @property
    def bus_name(self) -> str:
        """``SPI0 CE0`` style: the bus and chip select, as the docs and messages name them."""
        return f"SPI{self.spi_bus} CE{self.spi_device}"

    @property
    def device_path(self) -> str:
        """The spidev node the kernel gives this chip select (``/dev/spidev1.0``)."""
        return f"/dev/spidev{self.spi_bus}.{self.spi_device}"

    @property
    def sample_period_ms(self) -> float:
        return 1000 / self.sample_hz


@dataclass(frozen=True)
class LedChain:
    """A WS2812 (NeoPixel) chain: data ``pin`` (BCM), ``count`` LEDs, ``pixel_order``
    (bytes on the wire, e.g. ``"GRB"``), ``brightness`` 0-1 applied by the driver,
    ``cell_to_index`` which LED sits under which cell (or slot arrow, space,
    place, dice-display face: the LED names of the board)."""

    driver: str
    pin: int
    count: int
    pixel_order: str
    brightness: float
    cell_to_index: Mapping[Cell, int]


@dataclass(frozen=True)
class PinUse:
    """One GPIO and what it serves, for ``wiring show`` and the diagram."""

    bcm: int
    role: str
    group: str  # reeds | hall | buttons | leds | spi

    @property
    def name(self) -> str:
        return gpio_name(self.bcm)


@dataclass(frozen=True)
class Wiring:
    """A validated wiring file (see the module docstring for conventions).

    ``hall`` is None for a board without a tray; ``buttons`` holds the
    directly wired buttons (those in the matrix are in ``reeds.buttons``)."""

    path: str
    board: str
    description: str
    reeds: DirectReeds | MatrixReeds
    hall: DigitalHall | AnalogHall | None
    buttons: Mapping[str, int]
    leds: LedChain | None
    buses: frozenset[str]
    debounce: DebounceSettings = field(default_factory=DebounceSettings)
    spec: BoardSpec = field(default_factory=lambda: BOARD_KINDS["magic-labyrinth"].spec({}))
    #: the buses the file itself switches on ([buses]); ``buses`` adds those the MCP3008 and SPI LEDs use
    declared_buses: frozenset[str] = frozenset()

    @property
    def matrix_buttons(self) -> Mapping[str, tuple[int, int]]:
        """Buttons scanned in the reed matrix (name -> (row, column)); empty for direct reeds."""
        return self.reeds.buttons if isinstance(self.reeds, MatrixReeds) else {}

    def uses(self) -> list[PinUse]:
        """Every GPIO this wiring uses, in header order of BCM number."""
        return sorted(_uses(self), key=lambda u: (u.bcm, u.role))


# ---------------------------------------------------------------------------- loading


def reference_wiring_path(name: str = "magic-labyrinth") -> Path:
    """The shipped wiring file ``name`` (works after a non-editable install too)."""
    return Path(str(resources.files("mazeboard.wiring").joinpath(f"{name}.toml")))


def reference_wiring_for(game: str) -> Path:
    """The shipped reference wiring of the board ``game`` is played on (Magic Labyrinth for unknown games)."""
    board = BOARD_OF_GAME.get(game, "magic-labyrinth")
    return reference_wiring_path(BOARD_KINDS[board].reference)


def load_wiring(path: str | Path | None = None, game: str | None = None) -> Wiring:
    """Read and validate a wiring file (default: the reference wiring of ``game``'s board,
    The Magic Labyrinth's without a game).

    Raises :class:`~mazeboard.hal.errors.WiringError` (a :class:`ConfigError`)
    ``"FILE: KEY: reason"`` for anything wrong; the file is read within bounds
    (:func:`~mazeboard.hal.inputfile.load_toml`, at most :data:`MAX_WIRING_BYTES`)."""
    p = Path(path) if path is not None else reference_wiring_for(game or "magic-labyrinth")
    data = load_toml(p, WiringError, "wiring file", MAX_WIRING_BYTES)
    try:
        return parse_wiring(data, str(p))
    except ConfigError as e:
        raise WiringError(f"{p}: {e}") from None


TOP_KEYS = {"board", "description", "buses", "reeds", "hall", "buttons", "leds", "debounce"}


def parse_wiring(data: Mapping[str, Any], path: str = "<wiring>") -> Wiring:
    """Validate parsed TOML; raises :class:`ConfigError` ``"KEY: reason"`` (no file name)."""
    board = data.get("board")
    if not isinstance(board, str) or board not in BOARD_KINDS:
        raise ConfigError(f"board: {board!r} is not a known board ({', '.join(BOARD_KINDS)})")
    kind = BOARD_KINDS[board]
    _known(data, TOP_KEYS | kind.keys, "")
    spec = kind.spec(data)
    description = data.get("description", "")
    if not isinstance(description, str):
        raise ConfigError("description: must be a string")
    buses_raw = _table(data, "buses")
    _known(buses_raw, set(BUS_PINS), "buses")
    buses = set()
    for name, on in buses_raw.items():
        if not isinstance(on, bool):
            raise ConfigError(f"buses.{name}: must be true or false, got {on!r}")
        if on:
            buses.add(name)
    debounce_raw = _table(data, "debounce")
    _known(debounce_raw, {"reed_ms", "hall_ms", "button_ms"}, "debounce")
    debounce = DebounceSettings(**{k: v for k, v in debounce_raw.items()})
    reeds = _REEDS[_mode(_table(data, "reeds", required=True), "reeds", _REEDS)](
        _table(data, "reeds"), spec, debounce)
    hall = _hall(data, spec, debounce)
    buttons_raw = _table(data, "buttons", required=True)
    in_matrix = reeds.buttons if isinstance(reeds, MatrixReeds) else {}
    for name in in_matrix:
        if name in buttons_raw:
            raise ConfigError(f"buttons.{name}: {name!r} is already in the matrix (reeds.buttons.{name}); "
                              "wire each button once")
    direct = tuple(b for b in spec.buttons if b not in in_matrix)
    buttons = _named_pins(buttons_raw, direct, "buttons", "button", also=tuple(in_matrix),
                          missing_hint=", or a place in [reeds.buttons]" if isinstance(reeds, MatrixReeds) else "")
    leds = _leds(_table(data, "leds"), spec) if "leds" in data else None
    declared = frozenset(buses)
    if isinstance(hall, AnalogHall):
        buses.add(f"spi{hall.spi_bus}")
    if leds is not None and _led_uses_spi(leds):
        buses.add("spi0")
    wiring = Wiring(path, board, description, reeds, hall, buttons, leds, frozenset(buses), debounce, spec, declared)
    _check_pins(wiring)
    return wiring


def _led_uses_spi(leds: LedChain) -> bool:
    return leds.driver == "spi"


# ---------------------------------------------------------------------------- sections


def _direct_reeds(raw: Mapping[str, Any], spec: BoardSpec, debounce: DebounceSettings) -> DirectReeds:
    usable = len(HEADER_GPIOS) - len(RESERVED)
    if len(spec.reeds) > usable:
        raise ConfigError(f"reeds.mode: direct wiring needs one GPIO per {spec.reed_item} ({len(spec.reeds)}) but the "
                          f"40-pin header has {usable} (GPIO2..GPIO27); use mode = \"matrix\"")
    _known(raw, {"mode", "pins"}, "reeds")
    pins_raw = _table(raw, "pins", required=True, where="reeds")
    return DirectReeds(_named_pins(pins_raw, spec.reeds, "reeds.pins", spec.reed_item))


def _matrix_reeds(raw: Mapping[str, Any], spec: BoardSpec, debounce: DebounceSettings) -> MatrixReeds:
    _known(raw, {"mode", "rows", "columns", "diodes", "scan_hz", "order", "buttons"}, "reeds")
    grid = spec.grid
    order = raw.get("order", "rank-rows" if grid is not None else "sequence")
    if order not in MATRIX_ORDERS:
        raise ConfigError(f"reeds.order: {order!r} is not one of {', '.join(MATRIX_ORDERS)}")
    if order != "sequence" and grid is None:
        raise ConfigError(f"reeds.order: {order!r} needs a board of cells; this board's reeds are "
                          f"{spec.reed_item}s: use order = \"sequence\"")
    if order == "sequence":
        need_rows, need_cols = _sequence_size(raw, spec)
    else:
        assert grid is not None
        need_rows, need_cols = _MATRIX_ORDERS[order](grid, raw)
    rows = _pin_list(raw, "rows", need_rows, f"reeds.rows: give {need_rows} row outputs")
    cols = _pin_list(raw, "columns", need_cols, f"reeds.columns: give {need_cols} column inputs")
    diodes = raw.get("diodes", True)
    if not isinstance(diodes, bool):
        raise ConfigError(f"reeds.diodes: must be true or false, got {diodes!r}")
    scan_hz = raw.get("scan_hz", 250)
    if not isinstance(scan_hz, int) or isinstance(scan_hz, bool) or not 10 <= scan_hz <= 5000:
        raise ConfigError(f"reeds.scan_hz: must be a whole number of scans per second, 10-5000, got {scan_hz!r}")
    period_ms = 1000 / scan_hz
    if period_ms > debounce.reed_ms / 2:
        need = -(-2000 // debounce.reed_ms)
        raise ConfigError(
            f"reeds.scan_hz: {scan_hz} Hz scans every {period_ms:g} ms, too slow for the {debounce.reed_ms} ms "
            f"reed debounce window (scan at least twice per window: {need} Hz or more)")
    if grid is not None and order != "sequence":
        cells = {c: _MATRIX_CELL[order](grid, c) for c in grid.cells}
    else:
        cells = {name: divmod(k, len(cols)) for k, name in enumerate(spec.reeds)}
    buttons = _matrix_buttons(_table(raw, "buttons", where="reeds"), spec, cells, len(rows), len(cols), diodes)
    used = set(cells.values()) | set(buttons.values())
    for kind, pins, axis in (("rows", rows, 0), ("columns", cols, 1)):
        for i, bcm in enumerate(pins):
            if not any(rc[axis] == i for rc in used):
                raise ConfigError(f"reeds.{kind}[{i}]: {gpio_name(bcm)} serves no switch (no "
                                  f"{spec.reed_item} or [reeds.buttons] entry on {kind[:-1]} {i}); remove it")
    return MatrixReeds(rows, cols, cells, diodes, scan_hz, buttons=buttons)


def _sequence_size(raw: Mapping[str, Any], spec: BoardSpec) -> tuple[int, int]:
    """A ``sequence`` matrix takes the rows and columns it is given, if they hold every reed."""
    rows, cols = raw.get("rows"), raw.get("columns")
    n_rows = len(rows) if isinstance(rows, list) and rows else 1
    n_cols = len(cols) if isinstance(cols, list) and cols else 1
    if n_rows * n_cols < len(spec.reeds):
        raise ConfigError(f"reeds: a {n_rows}x{n_cols} matrix has {n_rows * n_cols} places for "
                          f"{len(spec.reeds)} {spec.reed_item}s; add rows or columns")
    return n_rows, n_cols


def _matrix_buttons(raw: Mapping[str, Any], spec: BoardSpec, cells: Mapping[str, tuple[int, int]],
                    n_rows: int, n_cols: int, diodes: bool) -> dict[str, tuple[int, int]]:
    if raw and not diodes:
        raise ConfigError("reeds.buttons: buttons in a matrix without diodes would ghost; fit a diode per "
                          "switch (diodes = true) or wire the buttons to GPIOs in [buttons]")
    taken = {rc: f"{spec.reed_item} {c}" for c, rc in cells.items()}
    out: dict[str, tuple[int, int]] = {}
    for name, value in raw.items():
        where = f"reeds.buttons.{name}"
        if name not in spec.buttons:
            raise ConfigError(f"{where}: {name!r} is not a button of this board ({_shown(spec.buttons)})")
        if (not isinstance(value, list) or len(value) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
            raise ConfigError(f"{where}: give its place in the matrix as [row, column], got {value!r}")
        r, c = value
        if not (0 <= r < n_rows and 0 <= c < n_cols):
            raise ConfigError(f"{where}: [{r}, {c}] is outside the {n_rows}x{n_cols} matrix "
                              f"(rows 0-{n_rows - 1}, columns 0-{n_cols - 1})")
        if (r, c) in taken:
            raise ConfigError(f"{where}: [{r}, {c}] is already taken by {taken[(r, c)]}")
        taken[(r, c)] = f"button {name}"
        out[name] = (r, c)
    return out


#: matrix orders: a grid's cells by rank or by file, or the board's reeds in its own order
#: (``sequence``: Struggle's s0, s1, ... then place-A..E) filling the rows left to right.
MATRIX_ORDERS = ("rank-rows", "file-rows", "sequence")
_MATRIX_ORDERS: dict[str, Callable[[Grid, Mapping[str, Any]], tuple[int, int]]] = {
    # rows[0] = rank 1, columns[0] = file a; more rows/columns than the grid only for [reeds.buttons]
    "rank-rows": lambda g, raw: _grid_size(g.ranks, g.files, raw),
    "file-rows": lambda g, raw: _grid_size(g.files, g.ranks, raw),
}
_MATRIX_CELL: dict[str, Callable[[Grid, Cell], tuple[int, int]]] = {
    "rank-rows": lambda g, c: (g.coords(c)[1], g.coords(c)[0]),
    "file-rows": lambda g, c: g.coords(c),
}


def _grid_size(n_rows: int, n_cols: int, raw: Mapping[str, Any]) -> tuple[int, int]:
    """At least the grid's rows and columns; more only when [reeds.buttons] may use them."""
    rows, cols = raw.get("rows"), raw.get("columns")
    if "buttons" in raw:
        n_rows = max(n_rows, len(rows) if isinstance(rows, list) else 0)
        n_cols = max(n_cols, len(cols) if isinstance(cols, list) else 0)
    return n_rows, n_cols


_REEDS: dict[str, Callable[[Mapping[str, Any], BoardSpec, DebounceSettings], DirectReeds | MatrixReeds]] = {
    "direct": _direct_reeds,
    "matrix": _matrix_reeds,
}


def _hall(data: Mapping[str, Any], spec: BoardSpec, debounce: DebounceSettings) -> DigitalHall | AnalogHall | None:
    if not spec.tray:
        if "hall" in data:
            raise ConfigError(f"hall: the {spec.name} board has no tray (no Hall-effect sensors); remove [hall]")
        return None
    raw = _table(data, "hall", required=True)
    return _HALL[_mode(raw, "hall", _HALL)](raw, spec, debounce)


def _digital_hall(raw: Mapping[str, Any], spec: BoardSpec, debounce: DebounceSettings) -> DigitalHall:
    _known(raw, {"mode", "pins"}, "hall")
    return DigitalHall(_named_pins(_table(raw, "pins", required=True, where="hall"), spec.tray, "hall.pins", "tray sensor"))


def _analog_hall(raw: Mapping[str, Any], spec: BoardSpec, debounce: DebounceSettings) -> AnalogHall:
    _known(raw, {"mode", "channels", "spi_bus", "spi_device", "vref_v", "sample_hz"}, "hall")
    chans_raw = _table(raw, "channels", required=True, where="hall")
    _known(chans_raw, set(spec.tray), "hall.channels")
    channels: dict[str, int] = {}
    for sensor in spec.tray:
        if sensor not in chans_raw:
            raise ConfigError(f"hall.channels.{sensor}: missing (every tray sensor needs an MCP3008 channel)")
        ch = chans_raw[sensor]
        if not isinstance(ch, int) or isinstance(ch, bool) or not 0 <= ch <= 7:
            raise ConfigError(f"hall.channels.{sensor}: {ch!r} is not an MCP3008 channel (0-7)")
        if ch in channels.values():
            other = next(s for s, c in channels.items() if c == ch)
            raise ConfigError(f"hall.channels.{sensor}: channel {ch} is already used by {other}")
        channels[sensor] = ch
    bus = raw.get("spi_bus", 0)
    if not isinstance(bus, int) or isinstance(bus, bool) or bus not in SPI_BUSES:
        raise ConfigError(f"hall.spi_bus: {bus!r} is not 0 (SPI0, GPIO9-11) or 1 (SPI1, the auxiliary SPI, "
                          "GPIO19-21)")
    dev = raw.get("spi_device", 0)
    ces = SPI_BUSES[bus].ce
    if not isinstance(dev, int) or isinstance(dev, bool) or not 0 <= dev < len(ces):
        choices = ", ".join(f"{i} (CE{i}, {gpio_name(p)})" for i, p in enumerate(ces))
        raise ConfigError(f"hall.spi_device: {dev!r} is not a chip select of SPI{bus}: {choices}")
    vref = raw.get("vref_v", 3.3)
    if not isinstance(vref, (int, float)) or isinstance(vref, bool) or not 1.0 <= vref <= 5.5:
        raise ConfigError(f"hall.vref_v: must be the ADC reference in volts, 1.0-5.5, got {vref!r}")
    hz = raw.get("sample_hz", 200)
    if not isinstance(hz, int) or isinstance(hz, bool) or not 10 <= hz <= 2000:
        raise ConfigError(f"hall.sample_hz: must be a whole number of samples per second, 10-2000, got {hz!r}")
    if 1000 / hz > debounce.hall_ms / 2:
        need = -(-2000 // debounce.hall_ms)
        raise ConfigError(f"hall.sample_hz: {hz} Hz is too slow for the {debounce.hall_ms} ms Hall debounce "
                          f"window (sample at least twice per window: {need} Hz or more)")
    return AnalogHall(channels, dev, float(vref), hz, spi_bus=bus)


_HALL: dict[str, Callable[[Mapping[str, Any], BoardSpec, DebounceSettings], DigitalHall | AnalogHall]] = {
    "digital": _digital_hall,
    "mcp3008": _analog_hall,
}


def _leds(raw: Mapping[str, Any], spec: BoardSpec) -> LedChain:
    _known(raw, {"driver", "pin", "count", "pixel_order", "brightness", "layout", "cells", "groups"}, "leds")
    driver = raw.get("driver", "auto")
    if driver not in LED_DRIVERS:
        raise ConfigError(f"leds.driver: {driver!r} is not one of {', '.join(LED_DRIVERS)}")
    pin = _pin(raw.get("pin", "GPIO10" if driver == "spi" else "GPIO18"), "leds.pin")
    if driver == "spi" and pin != SPI0_MOSI:
        raise ConfigError(f"leds.pin: the SPI driver sends on GPIO10 (SPI0 MOSI), not {gpio_name(pin)}")
    if driver in ("pwm", "auto") and pin not in PWM_LED_PINS:
        allowed = ", ".join(gpio_name(p) for p in PWM_LED_PINS)
        raise ConfigError(f"leds.pin: the {driver} driver cannot drive {gpio_name(pin)} (use {allowed}, "
                          f"or driver = \"pi5\" on a Pi 5)")
    groups = _led_groups(raw, spec)
    count = raw.get("count", len(spec.leds) + sum(len(spec.led_groups[g]) for g in groups))
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 1024:
        raise ConfigError(f"leds.count: must be a whole number of LEDs, 1-1024, got {count!r}")
    order = raw.get("pixel_order", "GRB")
    if not isinstance(order, str) or order.upper() not in PIXEL_ORDERS:
        raise ConfigError(f"leds.pixel_order: {order!r} is not one of {', '.join(PIXEL_ORDERS)}")
    brightness = raw.get("brightness", 0.3)
    if not isinstance(brightness, (int, float)) or isinstance(brightness, bool) or not 0.0 <= brightness <= 1.0:
        raise ConfigError(f"leds.brightness: must be between 0 and 1, got {brightness!r}")
    layout = raw.get("layout", "cells" if "cells" in raw else "rows")
    if layout not in LED_LAYOUTS:
        raise ConfigError(f"leds.layout: {layout!r} is not one of {', '.join(LED_LAYOUTS)}")
    if layout == "cells":
        if groups:
            raise ConfigError("leds.groups: with layout = \"cells\" list every LED in [leds.cells] instead")
        cells_raw = _table(raw, "cells", required=True, where="leds")
        mapping = _led_cells(cells_raw, spec, count)
    else:
        if "cells" in raw:
            raise ConfigError(f"leds.cells: only with layout = \"cells\" (layout is {layout!r})")
        if layout == "serpentine" and spec.grid is None:
            raise ConfigError(f"leds.layout: serpentine needs a board of cells; the {spec.name} board's LEDs "
                              "follow its chain order (layout = \"rows\") or [leds.cells]")
        names = spec.leds + tuple(n for g in groups for n in spec.led_groups[g])
        mapping = _LED_LAYOUTS[layout](spec, names)
        if count < len(mapping):
            what = spec.led_noun + (f" and the {', '.join(groups)}" if groups else "")
            raise ConfigError(f"leds.count: {count} LEDs cannot cover the {len(mapping)} {what}")
    return LedChain(driver, pin, count, order.upper(), float(brightness), mapping)


def _led_groups(raw: Mapping[str, Any], spec: BoardSpec) -> tuple[str, ...]:
    groups = raw.get("groups", [])
    if not isinstance(groups, list):
        raise ConfigError(f"leds.groups: give a list of LED groups, got {groups!r}")
    for g in groups:
        if not isinstance(g, str) or g not in spec.led_groups:
            known = ", ".join(spec.led_groups) or "none"
            raise ConfigError(f"leds.groups: {g!r} is not an LED group of the {spec.name} board (known: {known})")
    if len(set(groups)) != len(groups):
        raise ConfigError("leds.groups: a group is listed twice")
    return tuple(groups)


def _led_cells(raw: Mapping[str, Any], spec: BoardSpec, count: int) -> dict[Cell, int]:
    optional = spec.optional_leds
    for key in raw:
        if key not in spec.leds and key not in optional:
            raise ConfigError(f"leds.cells.{key}: {key!r} is not a {spec.led_item} of this board "
                              f"({_shown(spec.leds)})")
    wired = [n for n in spec.leds] + [n for names in spec.led_groups.values() if any(m in raw for m in names)
                                      for n in names]
    out: dict[Cell, int] = {}
    for name in wired:
        if name not in raw:
            what = "every cell needs" if spec.led_item == "cell" else f"every {spec.led_item} needs"
            if name in optional:
                what = "an LED group is wired whole: each of its LEDs needs"
            raise ConfigError(f"leds.cells.{name}: missing ({what} an LED index)")
        i = raw[name]
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < count:
            raise ConfigError(f"leds.cells.{name}: LED index {i!r} is out of range (0..{count - 1} for count = {count})")
        if i in out.values():
            other = next(c for c, j in out.items() if j == i)
            raise ConfigError(f"leds.cells.{name}: LED {i} already sits under {other}")
        out[name] = i
    return out


def _rows_layout(spec: BoardSpec, names: tuple[str, ...]) -> dict[Cell, int]:
    """The board's chain order: cells rank by rank from a1 (a1..f1, a2..f2, ...), then the other LEDs."""
    return {n: i for i, n in enumerate(names)}


def _serpentine_layout(spec: BoardSpec, names: tuple[str, ...]) -> dict[Cell, int]:
    """Zig-zag from a1: rank 1 a..f, rank 2 f..a, rank 3 a..f, ...; then the other LEDs in order."""
    grid = spec.grid
    assert grid is not None
    out = {}
    for cell in grid.cells:
        f, r = grid.coords(cell)
        out[cell] = r * grid.files + (f if r % 2 == 0 else grid.files - 1 - f)
    for name in names:
        if name not in out:
            out[name] = len(out)
    return out


_LED_LAYOUTS: dict[str, Callable[[BoardSpec, tuple[str, ...]], dict[Cell, int]]] = {
    "rows": _rows_layout,
    "serpentine": _serpentine_layout,
}


# ---------------------------------------------------------------------------- pins


def _pin(value: object, where: str) -> int:
    if not isinstance(value, str) or not (m := _GPIO_NAME.fullmatch(value.strip())):
        raise ConfigError(f"{where}: {value!r} is not a BCM pin name like \"GPIO17\"")
    bcm = int(m.group(1))
    if bcm not in HEADER_GPIOS:
        raise ConfigError(f"{where}: {value!r} is not on the 40-pin header (GPIO2..GPIO27)")
    if bcm in RESERVED:
        raise ConfigError(f"{where}: {value} is reserved for {RESERVED[bcm]}")
    return bcm


def _pin_list(raw: Mapping[str, Any], key: str, n: int, need: str) -> tuple[int, ...]:
    value = raw.get(key)
    if not isinstance(value, list) or len(value) != n:
        raise ConfigError(f"{need}, got {value!r}")
    return tuple(_pin(v, f"reeds.{key}[{i}]") for i, v in enumerate(value))


def _shown(names: tuple[str, ...]) -> str:
    return ", ".join(names) if len(names) <= 8 else f"{names[0]}..{names[-1]}"


def _named_pins(raw: Mapping[str, Any], names: tuple[str, ...], where: str, what: str,
                also: tuple[str, ...] = (), missing_hint: str = "") -> dict[str, int]:
    """Validate ``name = "GPIOn"`` for exactly ``names`` (``also``: names of the board wired elsewhere)."""
    for key in raw:
        if key not in names:
            raise ConfigError(f"{where}.{key}: {key!r} is not a {what} of this board ({_shown(names + also)})")
    out = {}
    for name in names:
        if name not in raw:
            raise ConfigError(f"{where}.{name}: missing (every {what} needs a pin{missing_hint})")
        out[name] = _pin(raw[name], f"{where}.{name}")
    return out


def _uses(w: Wiring) -> list[PinUse]:
    uses: list[PinUse] = []
    if isinstance(w.reeds, DirectReeds):
        uses += [PinUse(b, f"reed {c}", "reeds") for c, b in w.reeds.pins.items()]
    else:
        for i, b in enumerate(w.reeds.rows):
            uses.append(PinUse(b, f"matrix row {i} out ({matrix_line(w.reeds, 0, i)})", "reeds"))
        for j, b in enumerate(w.reeds.columns):
            uses.append(PinUse(b, f"matrix column {j} in ({matrix_line(w.reeds, 1, j)})", "reeds"))
    if isinstance(w.hall, DigitalHall):
        uses += [PinUse(b, f"Hall {s} (digital)", "hall") for s, b in w.hall.pins.items()]
    elif isinstance(w.hall, AnalogHall):
        h, bus = w.hall.spi, f"SPI{w.hall.spi_bus}"
        uses += [PinUse(h.sclk, f"MCP3008 CLK ({bus} SCLK)", "spi"), PinUse(h.mosi, f"MCP3008 DIN ({bus} MOSI)", "spi"),
                 PinUse(h.miso, f"MCP3008 DOUT ({bus} MISO)", "spi"),
                 PinUse(w.hall.select_pin, f"MCP3008 CS ({w.hall.bus_name})", "spi")]
    uses += [PinUse(b, f"button {n}", "buttons") for n, b in w.buttons.items()]
    if w.leds is not None:
        uses.append(PinUse(w.leds.pin, f"LED data ({w.leds.count} x WS2812, {w.leds.driver} driver)", "leds"))
    return uses


def matrix_line(reeds: MatrixReeds, axis: int, i: int) -> str:
    """What the switches on matrix row (``axis`` 0) or column (1) ``i`` serve, space separated (``-``: none)."""
    at = reeds.name_at()
    other = len(reeds.columns) if axis == 0 else len(reeds.rows)
    keys = [(i, j) if axis == 0 else (j, i) for j in range(other)]
    return " ".join(at.get(k, "-") for k in keys)


def _check_pins(w: Wiring) -> None:
    if isinstance(w.hall, AnalogHall) and w.hall.spi_bus == 0 and w.leds is not None and w.leds.driver == "spi":
        raise ConfigError("leds.driver: the SPI LED driver and the MCP3008 both need SPI0 (the ADC's traffic "
                          "would reach the LEDs' data line); put the MCP3008 on the auxiliary SPI "
                          "(hall.spi_bus = 1: GPIO19-21, CE0 GPIO18), as the reference wiring does")
    seen: dict[int, PinUse] = {}
    for use in _uses(w):
        if use.bcm in seen:
            raise ConfigError(f"{_key_of(w, use)}: {use.name} is used twice ({seen[use.bcm].role} and {use.role})")
        seen[use.bcm] = use
    for bus in sorted(w.buses):
        for bcm in bus_pins(w, bus):
            taken = seen.get(bcm)
            if taken is None or (bus.startswith("spi") and (taken.group == "spi" or _led_uses_spi_pin(w, taken))):
                continue
            raise ConfigError(f"{_key_of(w, taken)}: {taken.name} ({taken.role}) belongs to {bus.upper()}, "
                              f"which {_bus_user(w, bus)}")


def bus_pins(w: Wiring, bus: str) -> tuple[int, ...]:
    """The GPIOs the kernel claims for ``bus`` on this wiring.

    SPI1 switched on for the MCP3008 alone uses the smallest overlay that has
    its chip select (``spi1-1cs`` claims GPIO18-21, ``spi1-2cs`` GPIO17 too);
    ``buses.spi1 = true`` in the file means ``spi1-3cs`` (GPIO16-21)."""
    hall = w.hall
    if bus == "spi1" and isinstance(hall, AnalogHall) and hall.spi_bus == 1 and not _declared(w, "spi1"):
        s = hall.spi
        return (s.miso, s.mosi, s.sclk, *s.ce[:hall.spi_device + 1])
    return BUS_PINS[bus]


def _declared(w: Wiring, bus: str) -> bool:
    return bus in w.declared_buses


def _led_uses_spi_pin(w: Wiring, use: PinUse) -> bool:
    return use.group == "leds" and w.leds is not None and w.leds.driver == "spi"


def _bus_user(w: Wiring, bus: str) -> str:
    if isinstance(w.hall, AnalogHall) and bus == f"spi{w.hall.spi_bus}":
        return "the MCP3008 uses"
    if bus == "spi0" and w.leds is not None and w.leds.driver == "spi":
        return "the SPI LED driver uses"
    return f"is switched on (buses.{bus} = true)"


def _key_of(w: Wiring, use: PinUse) -> str:
    """The wiring-file key that names ``use`` (for error messages)."""
    if use.group == "reeds":
        if isinstance(w.reeds, DirectReeds):
            return f"reeds.pins.{use.role.split()[-1]}"
        kind, idx = use.role.split()[1:3]
        return f"reeds.{'rows' if kind == 'row' else 'columns'}[{idx}]"
    if use.group == "hall":
        return f"hall.pins.{use.role.split()[1]}"
    if use.group == "buttons":
        return f"buttons.{use.role.split()[1]}"
    if use.group == "leds":
        return "leds.pin"
    return "hall.spi_device"


# ---------------------------------------------------------------------------- helpers


def _known(raw: Mapping[str, Any], known: set[str], where: str) -> None:
    for key in raw:
        if key not in known:
            prefix = f"{where}." if where else ""
            raise ConfigError(f"{prefix}{key}: unknown key (known: {', '.join(sorted(known))})")


def _table(data: Mapping[str, Any], key: str, required: bool = False, where: str = "") -> dict[str, Any]:
    name = f"{where}.{key}" if where else key
    if key not in data:
        if required:
            raise ConfigError(f"{name}: missing table")
        return {}
    raw = data[key]
    if not isinstance(raw, dict):
        raise ConfigError(f"{name}: must be a table")
    return raw


def _mode(raw: Mapping[str, Any], where: str, modes: Mapping[str, Any]) -> str:
    mode = raw.get("mode")
    if not isinstance(mode, str) or mode not in modes:
        raise ConfigError(f"{where}.mode: {mode!r} is not one of {', '.join(modes)}")
    return str(mode)


# ---------------------------------------------------------------------------- the header


@dataclass(frozen=True)
class HeaderPin:
    """One physical pin of the 40-pin header: ``number`` 1-40, ``name`` (``GPIO17``, ``GND``, ``3V3``, ``5V``)."""

    number: int
    name: str
    bcm: int | None


@lru_cache(maxsize=1)
def header() -> tuple[HeaderPin, ...]:
    """The 40-pin header (J8) as gpiozero's board data describes it (same on Pi 3/4/5/Zero 2 W)."""
    from gpiozero import pi_info  # board data only; no pin factory is touched

    pins = pi_info("a02082").headers["J8"].pins
    out = []
    for number in sorted(pins):
        name = pins[number].name
        m = _GPIO_NAME.fullmatch(name)
        out.append(HeaderPin(number, name, int(m.group(1)) if m else None))
    return tuple(out)


def header_pin(bcm: int) -> int:
    """Physical header pin number of GPIO ``bcm`` (GPIO17 -> 11)."""
    for p in header():
        if p.bcm == bcm:
            return p.number
    raise ConfigError(f"{gpio_name(bcm)} is not on the 40-pin header")
