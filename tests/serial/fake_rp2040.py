"""The RP2040 stand-ins (``tests/serial/rp2040/``) loaded into CPython, and the host end of USB.

The stand-ins are MicroPython code shared with the runs under the real MicroPython
interpreter (``mpy_runner.py``): ``machine`` (pins on a simulated board, ``bitstream`` that
records the wire bytes and advances the clock by the time interrupts are off), ``neopixel``
(micropython-lib's driver, unchanged: its real ``ORDER`` mapping) and ``rp2clock.Clock``
(ticks that wrap at 2**30 as on the RP2040)."""

from __future__ import annotations

import importlib.util
import sys
import types
from pathlib import Path
from typing import Any

RP2040 = Path(__file__).resolve().parent / "rp2040"


def load(name: str, as_name: str | None = None) -> types.ModuleType:
    """A fresh copy of stand-in ``name`` (``machine``, ``neopixel``, ``rp2clock``)."""
    spec = importlib.util.spec_from_file_location(as_name or f"rp2040_{name}", RP2040 / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def Clock(start_ms: int = 0) -> Any:  # noqa: N802 - a class from the stand-in module
    return load("rp2clock").Clock(start_ms)


def make_modules(clock: Any) -> dict[str, types.ModuleType]:
    """Fresh ``machine`` and ``neopixel`` modules on one new board, whose bitstream advances ``clock``.

    ``neopixel`` imports ``machine.bitstream`` while it loads, so ``machine`` is put in
    ``sys.modules`` for that moment; the caller installs both for the test."""
    machine = load("machine")
    machine.board.clock = clock
    saved = sys.modules.get("machine")
    sys.modules["machine"] = machine
    try:
        neopixel = load("neopixel")
    finally:
        if saved is None:
            del sys.modules["machine"]
        else:
            sys.modules["machine"] = saved
    return {"machine": machine, "neopixel": neopixel}


def leds_on_wire(wire: bytes, order: str = "GRB") -> list[tuple[int, int, int]]:
    """(r, g, b) per LED of the bytes a strip with colour ``order`` received."""
    at = [order.index(c) for c in "RGB"]
    return [(wire[i + at[0]], wire[i + at[1]], wire[i + at[2]]) for i in range(0, len(wire), 3)]


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
