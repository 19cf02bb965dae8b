"""SPI NeoPixels on a Pi 3, Zero 2 W and Pi 4 need the VPU core clock pinned (issue 14, defect 7).

SPI0's clock is divided from the VPU ("core") clock, which the firmware changes on its own
(idle scaling, throttling); the NeoPixel SPI driver encodes each LED bit as SPI bits at a fixed
rate, so a changed core clock changes the data rate and the LEDs show white flashes and wrong
colours. Fix: core_freq=250 on a Pi 3 / Zero 2 W (raspberrypi/linux#2060: "the only way to avoid
this problem is to prevent the core clock from changing ... core_freq=250"), core_freq_min=500 on a
Pi 4, whose core cannot run at 250 (jgarff/rpi_ws281x#381 and PR #401, rpi-ws281x-python#35).
The Pi 5's SPI lives in RP1 with its own clock: nothing to pin."""

from __future__ import annotations

import dataclasses

import pytest

from mazeboard.controller.cli import main
from mazeboard.hal.pi_setup import PI_MODELS, pi_setup
from mazeboard.hal.wiring import load_wiring

from hwkit import DIGITAL, REFERENCE

WANT = {"pi3": "core_freq=250", "zero2w": "core_freq=250", "pi4": "core_freq_min=500", "pi5": None}


@pytest.mark.parametrize("model", list(PI_MODELS))
@pytest.mark.parametrize("path", [REFERENCE, DIGITAL], ids=["reference", "digital"])
def test_spi_leds_pin_the_core_clock_where_spi0_follows_it(path: object, model: str) -> None:
    s = pi_setup(load_wiring(path), model)
    assert s.led_driver == "spi"
    pins = [line for line in s.boot_config if line.startswith("core_freq")]
    assert pins == ([WANT[model]] if WANT[model] else [])


def test_other_led_drivers_leave_the_core_clock_alone() -> None:
    w = load_wiring(DIGITAL)
    assert w.leds is not None
    pi5 = dataclasses.replace(w, leds=dataclasses.replace(w.leds, driver="pi5", pin=18))
    assert not any(line.startswith("core_freq") for line in pi_setup(pi5, "pi5").boot_config)
    no_leds = dataclasses.replace(w, leds=None)
    for model in PI_MODELS:
        assert not any(line.startswith("core_freq") for line in pi_setup(no_leds, model).boot_config)


def test_wiring_show_says_it_per_model(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["wiring", "show"]) == 0
    out = capsys.readouterr().out
    assert "Pi 3, Zero 2 W: LEDs: spi driver; /boot/firmware/config.txt: dtoverlay=spi1-1cs, dtparam=spi=on, " \
           "core_freq=250;" in out
    assert "Pi 4: LEDs: spi driver; /boot/firmware/config.txt: dtoverlay=spi1-1cs, dtparam=spi=on, " \
           "core_freq_min=500;" in out
    assert "Pi 5: LEDs: spi driver; /boot/firmware/config.txt: dtoverlay=spi1-1cs, dtparam=spi=on;" in out
    assert "SPI0's clock follows the VPU core clock" in out
