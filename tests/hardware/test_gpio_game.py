"""Whole games through the gpio backend on mock pins: the referee cannot tell it from the simulator."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from hwkit import DIGITAL, REFERENCE, measured_calibration
from mazeboard.controller.app import build_game
from mazeboard.controller.cli import main
from mazeboard.hal import backends
from mazeboard.hal.board import BoardRequest
from mazeboard.hal.errors import CalibrationError, ConfigError
from mazeboard.hal.events import GameEvent
from mazeboard.hal.wiring import load_wiring
from mazeboard.sim.rig import open_rig_session

GAME = """
game = "magic-labyrinth"
players = ["red", "blue"]
seed = 11
walls = ["b1-c1", "e6-f6"]
dice = [3, 2, 4, 1]
targets = ["moon", "owl"]
actions = [
  "press roll", "slide red a2 b2", "wait 1000",
  "press roll", "slide blue e6", "wait 1500", "lift blue", "place blue f6", "fetch-ball blue", "wait 800",
  "press roll", "slide red b1 c1", "wait 1500", "lift red", "place red a1", "fetch-ball red", "wait 800",
  "press roll", "slide blue f5", "press done", "wait 1000",
]
"""


def _log(session: Any) -> list[dict[str, Any]]:
    events: list[GameEvent] = []
    game = build_game(session, [events.append])
    game.run()
    return [{k: v for k, v in e.to_dict().items() if k not in ("t", "until")} for e in events]  # times differ


@pytest.fixture
def scenario(tmp_path: Path) -> Path:
    p = tmp_path / "game.toml"
    p.write_text(GAME)
    return p


def test_scenario_game_through_gpio_on_mock_pins_matches_the_simulator(scenario: Path, factory: MockFactory) -> None:
    expected = _log(backends.open_board("sim", BoardRequest(scenario=str(scenario))))
    types = [e["type"] for e in expected]
    assert "symbol_collected" in types and types.count("ball_dropped") == 2 and "returned_to_start" in types
    got = _log(open_rig_session(load_wiring(DIGITAL), str(scenario), factory=factory))
    assert got == expected


def test_scenario_game_with_analog_tray(scenario: Path, factory: MockFactory) -> None:
    probe = open_rig_session(load_wiring(REFERENCE), str(scenario), factory=MockFactory())
    cal = measured_calibration(probe.analog_tray)
    probe.close()  # gpiozero shares one software SPI bus per set of pins: free it
    factory.reset()
    Device.pin_factory = factory
    expected = _log(backends.open_board("sim", BoardRequest(scenario=str(scenario))))
    got = _log(open_rig_session(load_wiring(REFERENCE), str(scenario), factory=factory, calibration=cal))
    assert got == expected


def test_simulated_players_finish_a_game_on_mock_pins(factory: MockFactory) -> None:
    s = open_rig_session(load_wiring(DIGITAL), players=("red", "blue"), seed=3, factory=factory)
    game = build_game(s, [])
    assert game.run() is True
    assert game.referee.winner in ("red", "blue")
    assert s.board.matrix is not None and s.board.matrix.scans > 1000


def test_analog_board_refuses_to_play_without_calibration(scenario: Path, factory: MockFactory) -> None:
    s = open_rig_session(load_wiring(REFERENCE), str(scenario), factory=factory)
    with pytest.raises(CalibrationError, match="run `mazeboard calibrate hall` first"):
        s.start()


def test_gpio_backend_is_chosen_by_name(factory: MockFactory, captured_neopixel: list[bytes],
                                        tmp_path: Path) -> None:
    session = backends.open_board("gpio", BoardRequest(wiring=str(REFERENCE), calibration=str(tmp_path / "no.toml"),
                                                       maker=True))  # no calibration: a maker's session opens
    try:
        assert type(session).__name__ == "GpioSession"
        assert type(session.scheduler).__name__ == "RealtimeClock"
        assert session.board.state().closed_reeds == frozenset()  # nothing wired to the mock pins
        assert session.analog is not None and session.analog.sensors == ("tray-sw", "tray-se", "tray-ne", "tray-nw")
        assert captured_neopixel == [bytes(36 * 3)]  # the LED chain was opened and blanked
    finally:
        session.board.close()
    assert backends.backend_name(None) == "sim"  # no Pi hardware here: the default stays the simulator
    with pytest.raises(ConfigError, match="scenarios are scripted hands on the simulated board"):
        backends.open_board("gpio", BoardRequest(scenario="x.toml"))


def test_edge_callbacks_are_handed_to_the_clock_thread(factory: MockFactory, captured_neopixel: list[bytes]) -> None:
    session = backends.open_board("gpio", BoardRequest(wiring=str(DIGITAL)))
    clock = session.scheduler
    pressed: list[Any] = []
    session.board.subscribe(pressed.append)
    try:
        pin = factory.pin("GPIO26")  # the roll button
        pin.drive_low()
        assert pressed == [] and clock.pending() >= 1  # queued for the clock's thread, not run here
        clock.call_later(60, clock.stop)
        clock.run_forever()
        assert [type(e).__name__ for e in pressed] == ["ButtonPressed"]
    finally:
        session.board.close()


def test_cli_gpio_without_pin_factory_is_one_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                                  captured_neopixel: list[bytes]) -> None:
    from gpiozero.exc import BadPinFactory

    def no_factory(*a: Any, **k: Any) -> Any:
        raise BadPinFactory("Unable to load any default pin factory!")

    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setattr(Device, "_default_pin_factory", staticmethod(no_factory))
    monkeypatch.setenv("MAZEBOARD_WIRING", str(DIGITAL))  # digital Hall sensors: no calibration needed
    assert main(["play", "--board", "gpio"]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("mazeboard: error: reeds: matrix rows GPIO5 ") and "\n" not in err
    assert ": no GPIO pin factory" in err
    assert "GPIOZERO_PIN_FACTORY=mock" in err
    assert json.dumps(err)  # printable
