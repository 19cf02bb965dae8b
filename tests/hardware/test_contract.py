"""Contract suite: the same physical actions give the same sensor events on every backend.

The simulator (``sim``) and the gpio backend on gpiozero's mock pins (a
simulated world wired to them by :class:`~mazeboard.sim.rig.MockRig`) run
the same scripted hands with the same seeds. The gpio backend sees reeds
through its matrix scan (every 4 ms) and Hall sensors through edge callbacks
or the MCP3008 (every 5 ms), so an event may come up to one scan or sample
period later; nothing else may differ.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any, Callable

import pytest
from gpiozero.pins.mock import MockFactory

from hwkit import DIGITAL, REFERENCE, measured_calibration
from mazeboard.hal import backends
from mazeboard.hal.board import BoardRequest
from mazeboard.hal.events import ButtonPressed, HallChanged, ReedChanged, SensorEvent
from mazeboard.hal.wiring import load_wiring
from mazeboard.sim.analog import SimAnalogTray
from mazeboard.sim.rig import open_rig_session
from mazeboard.sim.scenario import load_scenario

SCRIPT = """
game = "magic-labyrinth"
players = ["red", "blue", "green"]
seed = 7
walls = ["b1-c1", "a5-a6"]
actions = [
  "press roll",
  "slide red b1 c1 c2",
  "wait 600",
  "glitch d4 5",
  "glitch d4 40",
  "lift red",
  "place red a1",
  "fetch-ball red",
  "press done",
  "slide blue a5 b5",
  "wait 600",
  "lift blue", "place blue a6", "fetch-ball blue",
  "slide green e6 d6 d5 d4",
  "press done",
  "wait 500",
]
"""

Key = tuple[str, str]


def _key(e: SensorEvent) -> Key:
    return {ReedChanged: lambda: ("reed", e.cell), HallChanged: lambda: ("hall", e.sensor),
            ButtonPressed: lambda: ("button", e.button)}[type(e)]()


def _level(e: SensorEvent) -> bool:
    return e.closed if isinstance(e, ReedChanged) else e.ball if isinstance(e, HallChanged) else True


def _record(session: Any) -> list[SensorEvent]:
    events: list[SensorEvent] = []
    session.board.subscribe(events.append)
    session.start()
    session.run()
    return events


@pytest.fixture
def scenario(tmp_path: Path) -> Path:
    p = tmp_path / "contract.toml"
    p.write_text(SCRIPT)
    return p


def _sim(path: Path, factory: MockFactory) -> Any:
    return backends.open_board("sim", BoardRequest(scenario=str(path)))


def _gpio_digital(path: Path, factory: MockFactory) -> Any:
    return open_rig_session(load_wiring(DIGITAL), str(path), factory=factory)


def _gpio_analog(path: Path, factory: MockFactory) -> Any:
    sc = load_scenario(path)
    # calibrate the very sensors the session will have (same seed -> same offsets)
    probe = open_rig_session(load_wiring(REFERENCE), sc, factory=MockFactory())
    cal = measured_calibration(SimAnalogTray(probe.world, __import__("random").Random(f"analog-{sc.seed}")))
    probe.close()
    return open_rig_session(load_wiring(REFERENCE), sc, factory=factory, calibration=cal)


BACKENDS: dict[str, Callable[[Path, MockFactory], Any]] = {
    "gpio-matrix-digital-hall": _gpio_digital,
    "gpio-matrix-mcp3008-hall": _gpio_analog,
}


def _by_channel(events: list[SensorEvent]) -> dict[Key, list[tuple[bool, int]]]:
    out: dict[Key, list[tuple[bool, int]]] = defaultdict(list)
    for e in events:
        out[_key(e)].append((_level(e), e.t_ms))
    return dict(out)


def test_the_script_exercises_every_kind_of_sensor(scenario: Path, factory: MockFactory) -> None:
    events = _record(_sim(scenario, factory))
    kinds = {type(e) for e in events}
    assert kinds == {ReedChanged, HallChanged, ButtonPressed}
    assert any(isinstance(e, HallChanged) and e.ball for e in events)  # a wall was hit
    closes = [e for e in events if isinstance(e, ReedChanged) and e.cell == "d4"]
    assert [c.closed for c in closes] == [True, False, True]  # the 40 ms glitch, then green; not the 5 ms one


@pytest.mark.parametrize("backend", sorted(BACKENDS))
def test_same_actions_same_events(backend: str, scenario: Path, factory: MockFactory) -> None:
    expected = _by_channel(_record(_sim(scenario, factory)))
    session = BACKENDS[backend](scenario, factory)
    got = _by_channel(_record(session))
    assert set(got) == set(expected)
    period = 5  # ms: the slower of the matrix scan (4 ms) and the MCP3008 sampling (5 ms)
    bounce = 2  # ms (Physics.bounce_ms): a scan may miss a last bounce and confirm that much sooner
    for key, seq in expected.items():
        assert [lvl for lvl, _ in got[key]] == [lvl for lvl, _ in seq], key
        for (_, t_sim), (_, t_gpio) in zip(seq, got[key]):
            assert -bounce <= t_gpio - t_sim <= period + 1, (key, t_sim, t_gpio)


@pytest.mark.parametrize("backend", sorted(BACKENDS))
def test_initial_state_matches(backend: str, scenario: Path, factory: MockFactory) -> None:
    sim = _sim(scenario, factory)
    gpio = BACKENDS[backend](scenario, factory)
    assert gpio.board.state() == sim.board.state()
    assert gpio.board.state().closed_reeds == {"a1", "a6", "f6"}
