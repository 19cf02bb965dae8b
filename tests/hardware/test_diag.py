"""``mazeboard diag``: the LED test (chase, then red/green/blue to check the pixel order) and the live view."""

from __future__ import annotations

import builtins
import io
from typing import Callable, Iterator

import pytest
from gpiozero.pins.mock import MockFactory
from rich.console import Console

from hwkit import REFERENCE
from mazeboard.controller.cli import main
from mazeboard.controller.diag import led_test, live_view, pixel_order_from
from mazeboard.controller.maker import Prompter
from mazeboard.hal import backends
from mazeboard.hal.board import BoardRequest
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.neopixel_leds import open_strip
from mazeboard.hal.wiring import load_wiring
from mazeboard.sim.rig import open_rig_session


def _answers(*script: str) -> Callable[[str], str]:
    it: Iterator[str] = iter(script)
    return lambda prompt: next(it)


@pytest.mark.parametrize(("configured", "seen", "actual"), [
    ("GRB", {"R": "R", "G": "G", "B": "B"}, "GRB"),
    ("GRB", {"R": "G", "G": "R", "B": "B"}, "RGB"),  # a strip that takes RGB, driven as GRB
    ("RGB", {"R": "G", "G": "R", "B": "B"}, "GRB"),
    ("GRB", {"R": "B", "G": "G", "B": "R"}, "GBR"),
])
def test_pixel_order_from_what_the_maker_saw(configured: str, seen: dict[str, str], actual: str) -> None:
    assert pixel_order_from(configured, seen) == actual


def test_impossible_answers_are_rejected() -> None:
    with pytest.raises(ConfigError, match="do not fit any pixel order"):
        pixel_order_from("GRB", {"R": "R", "G": "R", "B": "B"})


def test_led_test_on_real_neopixel_library(factory: MockFactory, captured_neopixel: list[bytes]) -> None:
    wiring = load_wiring(REFERENCE)
    assert wiring.leds is not None
    s = open_rig_session(wiring, factory=factory, leds=open_strip(wiring.leds, "pwm"))
    out = io.StringIO()
    order = led_test(s, Prompter(ask_fn=_answers("g", "r", "")), Console(file=out, width=100), step_ms=10)
    assert order == "RGB"
    assert 'set pixel_order = "RGB"' in out.getvalue()
    frames = captured_neopixel[1:]  # after the blank frame sent at start
    assert len(frames) == 36 + 3 + 1  # the chase, red, green, blue, then dark
    first = frames[0]
    assert first[0:3] == bytes([76, 76, 76]) and set(first[3:]) == {0}  # LED 0 white at brightness 0.3
    last_chase = frames[35]
    assert last_chase[105:108] == bytes([76, 76, 76]) and set(last_chase[:105]) == {0}
    red = frames[36]
    assert red[0:3] == bytes([0, 76, 0])  # GRB on the wire
    assert set(frames[-1]) == {0}


def test_live_view_on_the_simulated_board() -> None:
    session = backends.open_board("sim", BoardRequest(seed=4))
    out = io.StringIO()
    view = live_view(session, Console(file=out, width=100), seconds=20)
    assert view.count > 5  # the simulated players moved pawns and pressed buttons
    text = out.getvalue()
    assert "reeds (o closed)" in text and "tray Hall sensors" in text and "volts" in text
    assert "roll pressed" in text or "roll x" in text


def test_diag_command_on_sim(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(builtins, "input", _answers("", "", ""))
    assert main(["diag", "--board", "sim", "--virtual", "--seconds", "3", "--step-ms", "5"]) == 0
    out = capsys.readouterr().out
    assert "lit LEDs 0 to 35 in turn" in out and "Pixel order GRB is right." in out and "Live sensor view" in out


def test_diag_rejects_a_bad_duration(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diag", "--board", "sim", "--seconds", "0"]) == 2
    assert "--seconds: must be more than 0" in capsys.readouterr().err


