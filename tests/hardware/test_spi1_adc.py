"""The MCP3008 on SPI1 (the reference build's tray) on a real Pi: spidev, emulated at the byte level.

gpiozero only does hardware SPI on SPI0, so on a Pi an MCP3008 on SPI1 is read through spidev
(``/dev/spidev1.0``); on gpiozero's mock pins it is software SPI on SPI1's pins (the other
hardware tests). Here a stand-in ``spidev`` module answers as an MCP3008 does (datasheet
section 6.1): start bit, single-ended + channel bits, then the 10-bit code in the last bytes.
"""

from __future__ import annotations

import sys
import types
from typing import Any

import pytest

from hwkit import REFERENCE
from mazeboard.hal.errors import HardwareError
from mazeboard.hal.gpio import Mcp3008Tray
from mazeboard.hal.wiring import AnalogHall, load_wiring

NOT_MOCK = object()  # a pin factory that is not gpiozero's MockFactory: a real Pi


class FakeMcp3008SpiDev:
    codes = {0: 512, 1: 700, 2: 3, 3: 1023}
    opened: list[tuple[int, int]] = []
    error: BaseException | None = None

    def __init__(self) -> None:
        self.max_speed_hz = 0
        self.mode = -1
        self.sent: list[list[int]] = []
        self.closed = False

    def open(self, bus: int, device: int) -> None:
        if self.error is not None:
            raise self.error
        self.opened.append((bus, device))

    def xfer2(self, data: list[int]) -> list[int]:
        assert self.max_speed_hz <= 1_350_000 and self.mode == 0
        self.sent.append(list(data))
        assert len(data) == 3 and data[0] == 0x01 and data[1] & 0x80  # start bit, then single-ended
        code = self.codes[(data[1] >> 4) & 0x07]
        return [0xFF, 0xF8 | (code >> 8), code & 0xFF]  # high bits of byte 1 are undefined on the wire

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def spidev(monkeypatch: pytest.MonkeyPatch) -> type[FakeMcp3008SpiDev]:
    module = types.ModuleType("spidev")
    module.SpiDev = FakeMcp3008SpiDev  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "spidev", module)
    FakeMcp3008SpiDev.opened = []
    FakeMcp3008SpiDev.error = None
    return FakeMcp3008SpiDev


def _hall() -> AnalogHall:
    hall = load_wiring(REFERENCE).hall
    assert isinstance(hall, AnalogHall) and hall.spi_bus == 1
    return hall


def test_reference_tray_reads_spi1_through_spidev(spidev: type[FakeMcp3008SpiDev]) -> None:
    tray = Mcp3008Tray(_hall(), NOT_MOCK)
    assert spidev.opened == [(1, 0)]  # /dev/spidev1.0: SPI1, CE0 (GPIO18)
    volts = {s: tray.read_v(s) for s in tray.sensors}
    assert volts == pytest.approx({"tray-sw": 512 * 3.3 / 1024, "tray-se": 700 * 3.3 / 1024,
                                   "tray-ne": 3 * 3.3 / 1024, "tray-nw": 3.3 * 1023 / 1024})
    spi = tray._spidev._spi  # type: ignore[union-attr]
    assert [m[1] for m in spi.sent] == [0x80, 0x90, 0xA0, 0xB0]  # channels 0-3, single-ended
    tray.close()
    assert spi.closed


@pytest.mark.parametrize(("error", "fix"), [
    (FileNotFoundError(2, "No such file or directory"),
     "/dev/spidev1.0 does not exist: SPI1 is off; add dtoverlay=spi1-1cs to /boot/firmware/config.txt"),
    (PermissionError(13, "Permission denied"), "no permission to open /dev/spidev1.0: add the user to the spi group"),
])
def test_spi1_start_errors_name_the_fix(spidev: type[FakeMcp3008SpiDev], error: BaseException, fix: str) -> None:
    spidev.error = error
    with pytest.raises(HardwareError) as e:
        Mcp3008Tray(_hall(), NOT_MOCK)
    assert fix in str(e.value) and "\n" not in str(e.value)


def test_missing_spidev_library_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "spidev", None)  # import fails
    with pytest.raises(HardwareError, match=r"spidev library is missing: pip install 'mazeboard\[pi\]'"):
        Mcp3008Tray(_hall(), NOT_MOCK)


def test_spi1_on_mock_pins_is_software_spi_on_its_pins(factory: Any) -> None:
    tray = Mcp3008Tray(_hall(), factory)
    try:
        assert tray._spidev is None  # gpiozero's MCP3008 on GPIO21/20/19, CS GPIO18
        reserved = {str(p) for p in (21, 20, 19, 18)}
        assert reserved <= {str(n) for n in _reserved_pins(factory)}
    finally:
        tray.close()


def _reserved_pins(factory: Any) -> set[int]:
    return {int(str(info.name).removeprefix("GPIO")) for info in getattr(factory, "_reservations", {})}
