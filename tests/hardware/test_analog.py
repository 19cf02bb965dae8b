"""Analog Hall sensing through an emulated MCP3008 on gpiozero's mock SPI, with noise."""

from __future__ import annotations

import random

import pytest
from gpiozero import MCP3008
from gpiozero.pins.mock import MockFactory

from hwkit import REFERENCE, measured_calibration
from mazeboard.hal.calibration import Comparator, HallThreshold, Stats, threshold_for
from mazeboard.hal.errors import CalibrationError
from mazeboard.hal.events import HallChanged, SensorEvent
from mazeboard.hal.wiring import load_wiring
from mazeboard.sim.analog import WEAK, AnalogModel
from mazeboard.sim.rig import MockMcp3008, open_rig_session


def test_mock_mcp3008_speaks_the_protocol_gpiozero_uses(factory: MockFactory) -> None:
    codes = {0: 0, 1: 512, 2: 1023, 5: 77}
    MockMcp3008(lambda ch: codes.get(ch, 0), 11, 10, 9, 8, factory)
    for ch, code in codes.items():
        adc = MCP3008(channel=ch, pin_factory=factory)
        assert adc.raw_value == code
        adc.close()


def test_readings_are_noisy_and_centred_on_the_model(factory: MockFactory) -> None:
    s = open_rig_session(load_wiring(REFERENCE), factory=factory)
    tray = s.analog
    assert tray is not None and tray.lsb_v == pytest.approx(3.3 / 1024)
    readings = [tray.read_v("tray-se") for _ in range(300)]
    st = Stats.of(readings)
    assert st.mean_v == pytest.approx(s.analog_tray.true_v("tray-se"), abs=2 * tray.lsb_v)
    assert 0.002 < st.sd_v < 0.007  # the model's 4 mV noise, seen through 3.2 mV steps
    assert len(set(readings)) > 3


def test_comparator_hysteresis_switches_once_per_crossing() -> None:
    t = HallThreshold(empty_v=2.1, ball_v=2.0, noise_v=0.004, threshold_v=2.05, hysteresis_v=0.01)
    assert not t.rising and t.on_v == pytest.approx(2.045) and t.off_v == pytest.approx(2.055)
    comp = Comparator(t)
    seq = [2.1, 2.052, 2.046, 2.048, 2.044, 2.049, 2.054, 2.046, 2.056, 2.1]
    out = [comp.update(v) for v in seq]
    assert out == [False, False, False, False, True, True, True, True, False, False]


def test_noisy_ball_gives_one_event_each_way(factory: MockFactory) -> None:
    s = open_rig_session(load_wiring(REFERENCE), factory=factory)
    cal = measured_calibration(s.analog_tray)
    s.close()
    factory.reset()
    s = open_rig_session(load_wiring(REFERENCE), factory=factory, calibration=cal)
    events: list[SensorEvent] = []
    s.board.subscribe(events.append)
    s.clock.advance(2000)
    assert events == []  # an empty tray with noise never fires
    s.analog_tray.staged["tray-ne"] = 1
    s.clock.advance(3000)
    s.analog_tray.staged["tray-ne"] = 0
    s.clock.advance(3000)
    hall = [e for e in events if isinstance(e, HallChanged)]
    assert [(e.sensor, e.ball) for e in hall] == [("tray-ne", True), ("tray-ne", False)]
    assert hall[0].t_ms - 2000 <= 5 + 10 + 1  # one sample period + the debounce window


def test_threshold_refuses_a_signal_too_close_to_the_noise() -> None:
    rng = random.Random(3)
    empty = Stats.of([2.1 + rng.gauss(0, 0.006) for _ in range(200)])
    ball = Stats.of([2.088 + rng.gauss(0, 0.006) for _ in range(200)])
    with pytest.raises(CalibrationError, match=r"tray-sw: the ball moves the reading by 1\d\.\d mV but the noise"):
        threshold_for("tray-sw", empty, ball, 3.3 / 1024)
    good = Stats.of([1.99 + rng.gauss(0, 0.004) for _ in range(200)])
    t = threshold_for("tray-sw", Stats.of([2.1 + rng.gauss(0, 0.004) for _ in range(200)]), good, 3.3 / 1024)
    assert t.ball_v < t.on_v < t.threshold_v < t.off_v < t.empty_v
    assert t.on_v - t.ball_v >= 4 * t.noise_v and t.empty_v - t.off_v >= 4 * t.noise_v


def test_weak_model_is_refused_by_measured_calibration(factory: MockFactory) -> None:
    s = open_rig_session(load_wiring(REFERENCE), factory=factory, analog_model=WEAK)
    with pytest.raises(CalibrationError, match="need at least"):
        measured_calibration(s.analog_tray)
    assert AnalogModel().ball_shift_v != WEAK.ball_shift_v
