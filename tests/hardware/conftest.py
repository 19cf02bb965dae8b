"""Fixtures for the hardware suite: gpiozero's MockFactory (reset after each test) and Blinka
on its OS-agnostic board, whose neopixel_write does nothing (HARDWARE.md)."""

from __future__ import annotations

import gc
import os

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")  # before anything imports Blinka's `board`

import sys
from pathlib import Path
from typing import Any, Iterator

sys.path.insert(0, str(Path(__file__).parent))  # hwkit: helpers shared by this suite

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from mazeboard.hal.wiring import Wiring, load_wiring

from hwkit import DIGITAL, REFERENCE  # noqa: E402


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    """A fresh MockFactory as gpiozero's default, reset afterwards so reserved pins do not leak."""
    previous = Device.pin_factory
    f = MockFactory()
    Device.pin_factory = f
    try:
        yield f
    finally:
        f.reset()
        Device.pin_factory = previous
        _forget_shared_spi()


def _forget_shared_spi() -> None:
    """gpiozero shares one software SPI bus per set of pins across every factory (a class-level
    weakref cache); a session a test left open would hand the next test its old factory's bus."""
    from gpiozero.pins.mock import MockSPIInterfaceShared
    from gpiozero.pins.spi import SPISoftwareBus

    gc.collect()
    for cls in (SPISoftwareBus, MockSPIInterfaceShared):
        cls._instances.clear()


@pytest.fixture
def reference() -> Wiring:
    return load_wiring(REFERENCE)


@pytest.fixture
def digital() -> Wiring:
    return load_wiring(DIGITAL)


@pytest.fixture
def captured_neopixel(monkeypatch: pytest.MonkeyPatch) -> list[bytes]:
    """Every buffer the real NeoPixel libraries would send, captured at their low-level write.

    ``neopixel`` (pwm, pi5 drivers): the bytes handed to ``neopixel_write``. ``neopixel_spi``
    (spi driver, the reference wiring's): ``board.SPI()`` is the agnostic board's SPI port
    (Blinka's default SPI pins do not exist there) and each SPI write is decoded back into the
    pixel bytes it carries (one SPI byte per data bit, 0b11110000 a one; reset gaps dropped)."""
    import board
    import busio
    import neopixel

    writes: list[bytes] = []
    monkeypatch.setattr(neopixel, "neopixel_write", lambda pin, buf: writes.append(bytes(buf)))

    def spi_port() -> Any:
        spi = busio.SPI(board.SCK, board.MOSI, board.MISO)
        spi.write = lambda buf, *a, **k: writes.append(_decode_spi(bytes(buf)))
        return spi

    monkeypatch.setattr(board, "SPI", spi_port)
    return writes


def _decode_spi(stream: bytes) -> bytes:
    bits = [b == 0b11110000 for b in stream if b]  # zero bytes are the reset gaps around a frame
    return bytes(int("".join("1" if x else "0" for x in bits[i:i + 8]), 2) for i in range(0, len(bits), 8))
