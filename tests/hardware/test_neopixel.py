"""NeoPixel output through Adafruit's real library, its low-level write captured (Blinka's
OS-agnostic board): GRB bytes, brightness applied, one frame per change, clear start-up errors."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory

from hwkit import DIGITAL, REFERENCE
from mazeboard.controller.leds import LedDriver, Scene
from mazeboard.hal.errors import HardwareError
from mazeboard.hal.events import LedFrame
from mazeboard.hal.neopixel_leds import NeoPixelStrip, explain, open_strip
from mazeboard.hal.wiring import LedChain, load_wiring
from mazeboard.sim.rig import open_rig_session


def _chain(**kw: Any) -> LedChain:
    w = load_wiring(REFERENCE)
    assert w.leds is not None
    return dataclasses.replace(w.leds, **{"driver": "pwm", "pin": 18, **kw})


def test_bytes_are_grb_with_brightness_applied(captured_neopixel: list[bytes]) -> None:
    strip = open_strip(_chain(brightness=0.5))
    assert captured_neopixel == [bytes(36 * 3)]  # blanked at start
    colours = [(0, 0, 0)] * 36
    colours[0], colours[1], colours[35] = (255, 0, 0), (0, 255, 0), (10, 20, 200)
    strip.write(colours)
    buf = captured_neopixel[-1]
    assert len(buf) == 36 * 3
    assert buf[0:3] == bytes([0, 127, 0])  # red -> G R B = 0, 127, 0
    assert buf[3:6] == bytes([127, 0, 0])  # green
    assert buf[105:108] == bytes([10, 5, 100])  # (10, 20, 200) at half brightness, GRB
    assert strip.frames == 2


def test_pixel_order_from_the_wiring_is_used(captured_neopixel: list[bytes]) -> None:
    strip = open_strip(_chain(pixel_order="RGB", brightness=1.0))
    strip.write([(255, 0, 0)] + [(0, 0, 0)] * 35)
    assert captured_neopixel[-1][0:3] == bytes([255, 0, 0])


def test_one_show_per_changed_frame_through_the_gpio_board(captured_neopixel: list[bytes],
                                                           factory: MockFactory) -> None:
    strip = open_strip(_chain())
    s = open_rig_session(load_wiring(DIGITAL), factory=factory, leds=strip)
    layout = s.board.layout
    driver = LedDriver(layout, s.clock, s.board.show)
    before = len(captured_neopixel)
    driver.set(Scene(cells={"a1": (255, 0, 0), "b2": (0, 0, 255)}))
    driver.set(Scene(cells={"a1": (255, 0, 0), "b2": (0, 0, 255)}))  # same picture: nothing sent
    s.board.show(LedFrame(s.clock.now_ms(), driver.last.pixels))
    assert len(captured_neopixel) - before == 1
    driver.set(Scene(cells={"c3": (0, 255, 0)}))
    assert len(captured_neopixel) - before == 2
    buf = captured_neopixel[-1]
    i = layout.index("c3")  # serpentine: c3 is LED 14
    assert i == 14 and buf[3 * i:3 * i + 3] == bytes([76, 0, 0])  # green at brightness 0.3, GRB


def test_spi_driver_writes_through_neopixel_spi() -> None:
    import board
    import busio

    from mazeboard.hal import neopixel_leds

    spi = busio.SPI(board.SCK, board.MOSI, board.MISO)  # the agnostic board's SPI port
    sent: list[bytes] = []
    chain = dataclasses.replace(_chain(), driver="spi", pin=10)
    px = neopixel_leds._neopixel_spi(chain, spi)
    spi.write = lambda buf, *a, **k: sent.append(bytes(buf))  # the bus the SPIDevice hands out
    strip = NeoPixelStrip(px, chain, "spi")
    strip.write([(255, 255, 255)] * 36)
    assert len(sent) == 1 and len(sent[0]) > 36 * 3 * 8  # each data bit becomes one SPI byte


@pytest.mark.parametrize(("error", "driver", "fix"), [
    (RuntimeError("ws2811_init failed with code -5 (mmap() failed)"), "pwm", "needs root"),
    (RuntimeError("ws2811_init failed with code -3 (Hardware revision is not supported)"), "pwm",
     "Raspberry Pi 5, where the PWM driver cannot run"),
    (ModuleNotFoundError("No module named 'adafruit_raspberry_pi5_neopixel_write'"), "pi5",
     "Pi 5 NeoPixel driver is not installed"),
    (FileNotFoundError(2, "No such file or directory: '/dev/spidev0.0'"), "spi", "SPI is disabled"),
    (PermissionError(13, "Permission denied: '/dev/pio0'"), "pi5", "udev rule"),
    (NotImplementedError("Board not supported"), "pwm", "not a Raspberry Pi"),
    (ValueError("No Hardware SPI on (SCLK, MOSI, MISO)=(<x.Pin object at 0x7f49>,)\nValid SPI ports: ().\n"
                "Make sure SPI is enabled."), "spi", "SPI is disabled"),
])
def test_start_errors_name_the_fix(error: Exception, driver: str, fix: str) -> None:
    msg = explain(error, driver, _chain())
    assert fix in msg and "\n" not in msg and "GPIO18" in msg


def test_a_driver_failing_at_its_first_write_fails_at_start(monkeypatch: pytest.MonkeyPatch) -> None:
    import neopixel

    def fail(pin: Any, buf: Any) -> None:
        raise RuntimeError("ws2811_init failed with code -5 (mmap() failed)")

    monkeypatch.setattr(neopixel, "neopixel_write", fail)
    with pytest.raises(HardwareError, match="the pwm LED driver cannot start on GPIO18.*run as root"):
        open_strip(_chain())
