"""Stand-ins for MicroPython's ``machine``, ``neopixel`` and ``time`` ticks, with a simulated
board behind the pins: a diode reed matrix, Hall sensors (ADC and digital), buttons."""

from __future__ import annotations

import types


class Board:
    """What is physically there: closed reeds by (row pin, col pin), ADC values, pin levels."""

    def __init__(self) -> None:
        self.closed: set[tuple[int, int]] = set()
        self.adc: dict[int, int] = {}
        self.levels: dict[int, int] = {}  # inputs with pull-up: 1 unless pulled low
        self.pins: dict[int, "Pin"] = {}
        self.strips: list["NeoPixel"] = []

    def column(self, col: int) -> int:
        for (r, c) in self.closed:
            if c == col and self.pins[r].driven == 0:
                return 0
        return 1


class Clock:
    """ticks_ms / sleep_ms on virtual time."""

    def __init__(self) -> None:
        self.now = 0

    def ticks_ms(self) -> int:
        return self.now

    def ticks_add(self, a: int, b: int) -> int:
        return a + b

    def ticks_diff(self, a: int, b: int) -> int:
        return a - b

    def sleep_ms(self, ms: int) -> None:
        self.now += ms


def make_modules(board: Board) -> dict[str, types.ModuleType]:
    machine = types.ModuleType("machine")
    neopixel = types.ModuleType("neopixel")

    class Pin:
        IN, OUT, OPEN_DRAIN = 0, 1, 2
        PULL_UP = 1

        def __init__(self, n: int, mode: int = -1, pull: int | None = None, value: int | None = None) -> None:
            self.n = n
            self.mode = mode
            self.driven = value if value is not None else 1
            board.pins[n] = self

        def value(self, v: int | None = None) -> int | None:
            if v is not None:
                self.driven = v
                return None
            if self.n in board.levels:
                return board.levels[self.n]
            return board.column(self.n)

    class ADC:
        def __init__(self, pin: Pin) -> None:
            self.n = pin.n

        def read_u16(self) -> int:
            return board.adc.get(self.n, 32768)

    class NeoPixel:
        def __init__(self, pin: Pin, n: int) -> None:
            self.buf = [(0, 0, 0)] * n
            self.writes = 0
            self.shown = list(self.buf)
            board.strips.append(self)

        def __setitem__(self, i: int, rgb: tuple[int, int, int]) -> None:
            self.buf[i] = rgb

        def write(self) -> None:
            self.writes += 1
            self.shown = list(self.buf)

    machine.Pin = Pin  # type: ignore[attr-defined]
    machine.ADC = ADC  # type: ignore[attr-defined]
    neopixel.NeoPixel = NeoPixel  # type: ignore[attr-defined]
    return {"machine": machine, "neopixel": neopixel}


class Usb:
    """The host end of the USB serial port: bytes to the firmware, bytes from it."""

    def __init__(self) -> None:
        self.to_board = bytearray()
        self.from_board = bytearray()

    def read(self, limit: int = 256) -> bytes:
        data = bytes(self.to_board[:limit])
        del self.to_board[:limit]
        return data

    def write(self, data: bytes) -> None:
        self.from_board += data

    def take(self) -> bytes:
        data = bytes(self.from_board)
        self.from_board.clear()
        return data
