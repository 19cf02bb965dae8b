"""The maker's calibration commands, driven through their prompts with scripted answers."""

from __future__ import annotations

import builtins
import dataclasses
import io
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Callable, Iterator

import pytest
from gpiozero.pins.mock import MockFactory
from rich.console import Console

from hwkit import DIGITAL
from mazeboard.controller.calibrate import calibrate_hall, calibrate_reeds
from mazeboard.controller.cli import main
from mazeboard.controller.maker import Prompter, Quit
from mazeboard.hal import backends
from mazeboard.hal.board import BoardRequest
from mazeboard.hal.calibration import load_calibration
from mazeboard.hal.errors import CalibrationError, ConfigError
from mazeboard.hal.wiring import MatrixReeds, load_wiring
from mazeboard.sim.analog import WEAK, maker_tools
from mazeboard.sim.rig import open_rig_session

OLD = "# a previous calibration\nformat = 1\n"
FOUR = ("red", "blue", "green", "yellow")


def _answers(*script: str) -> Callable[[str], str]:
    it: Iterator[str] = iter(script)

    def ask(prompt: str) -> str:
        try:
            answer = next(it)
        except StopIteration:
            raise EOFError from None
        if answer == "^C":
            raise KeyboardInterrupt
        return answer

    return ask


def _sim(players: int = 2) -> Any:
    return backends.open_board("sim", BoardRequest(players=players, seed=5))


def _console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=120, highlight=False), out


# ---------------------------------------------------------------------------- hall


def test_hall_calibration_on_the_simulated_board(tmp_path: Path) -> None:
    session = _sim()
    console, out = _console()
    path = tmp_path / "cal.toml"
    cal = calibrate_hall(session, Prompter(ask_fn=_answers(*[""] * 6), stagehand=session.stagehand), console, path,
                         samples=60)
    assert [s.kind for s in session.stagehand.done] == ["empty-tray", "ball", "ball", "ball", "ball", "empty-tray"]
    assert load_calibration(path, session.analog.sensors) == cal
    tray = session.analog
    for sensor, t in cal.sensors.items():
        tray.staged.update({s: 0 for s in tray.staged})
        empty = tray.true_v(sensor)
        tray.staged[sensor] = 1
        ball = tray.true_v(sensor)
        assert t.ball_v < t.on_v < t.off_v < t.empty_v  # the ball lowers this model's reading
        assert abs(t.empty_v - empty) < 0.003 and abs(t.ball_v - ball) < 0.003
    text = out.getvalue()
    assert "Hall readings" in text and "tray-nw" in text and "Saved the Hall calibration" in text


def test_bad_signal_is_refused_and_the_old_file_kept(tmp_path: Path) -> None:
    session = _sim()
    maker_tools(session, WEAK)  # bias magnet too far: a ball moves the output ~12 mV, noise 6 mV
    path = tmp_path / "cal.toml"
    path.write_text(OLD)
    console, out = _console()
    with pytest.raises(CalibrationError, match=r"tray-sw: the ball moves the reading by .* need at least .*kept"):
        calibrate_hall(session, Prompter(ask_fn=_answers(*[""] * 6), stagehand=session.stagehand), console, path,
                       samples=60)
    assert path.read_text() == OLD
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cal.toml"]  # no temporary file left
    assert "TOO WEAK" in out.getvalue()  # the chart is shown before refusing


def test_swapped_adc_channels_are_named(tmp_path: Path) -> None:
    session = _sim()
    tray = session.analog
    swap = {"tray-sw": "tray-se", "tray-se": "tray-sw"}
    swapped = SimpleNamespace(sensors=tray.sensors, vref_v=tray.vref_v, lsb_v=tray.lsb_v,
                              read_v=lambda s: tray.read_v(swap.get(s, s)))
    fake = SimpleNamespace(analog=swapped, scheduler=session.scheduler, stagehand=session.stagehand)
    with pytest.raises(CalibrationError, match="the ball in the tray-sw corner moved tray-se's reading most"):
        calibrate_hall(fake, Prompter(ask_fn=_answers(*[""] * 6), stagehand=session.stagehand), _console()[0],
                       tmp_path / "cal.toml", samples=40)
    assert not (tmp_path / "cal.toml").exists()


def test_interrupted_run_keeps_the_old_file(tmp_path: Path) -> None:
    session = _sim()
    path = tmp_path / "cal.toml"
    path.write_text(OLD)
    with pytest.raises(KeyboardInterrupt):
        calibrate_hall(session, Prompter(ask_fn=_answers("", "", "", "^C"), stagehand=session.stagehand),
                       _console()[0], path, samples=30)
    assert path.read_text() == OLD
    with pytest.raises(Quit):
        calibrate_hall(session, Prompter(ask_fn=_answers("", "q"), stagehand=session.stagehand), _console()[0],
                       path, samples=30)
    assert path.read_text() == OLD


def _cli(monkeypatch: pytest.MonkeyPatch, answers: Callable[[str], str], *argv: str) -> int:
    monkeypatch.setattr(builtins, "input", answers)
    return main(list(argv))


def test_cli_hall_on_sim_writes_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "sub" / "cal.toml"
    rc = _cli(monkeypatch, _answers(*[""] * 6), "calibrate", "hall", "--board", "sim", "--calibration", str(path),
              "--samples", "40")
    assert rc == 0 and load_calibration(path).sensors.keys() == {"tray-sw", "tray-se", "tray-ne", "tray-nw"}
    assert load_calibration(path).source == "sim"
    assert "Saved the simulated board's Hall calibration" in capsys.readouterr().out


def test_cli_hall_end_of_input_stops_and_keeps_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cal.toml"
    old = OLD + 'source = "sim"\n'
    path.write_text(old)
    rc = _cli(monkeypatch, _answers("", ""), "calibrate", "hall", "--board", "sim", "--calibration", str(path),
              "--samples", "20")
    assert rc == 1 and path.read_text() == old
    assert capsys.readouterr().err == "mazeboard: error: no answer: stopped; the previous calibration is kept\n"


def test_cli_hall_on_digital_sensors_is_a_clear_error(factory: MockFactory, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                      captured_neopixel: list[bytes]) -> None:
    wiring = tmp_path / "digital-pwm.toml"  # the no-root variant, LEDs on PWM (Blinka's test board has no SPI)
    wiring.write_text(DIGITAL.read_text().replace('driver = "spi"', 'driver = "pwm"').replace(
        'pin = "GPIO10"', 'pin = "GPIO18"'))
    rc = _cli(monkeypatch, _answers(""), "calibrate", "hall", "--board", "gpio", "--wiring", str(wiring))
    assert rc == 2
    assert "tray sensors are digital" in capsys.readouterr().err


# ---------------------------------------------------------------------------- reeds


def _rig(diodes: bool = True, **faults: Any) -> Any:
    w = load_wiring(DIGITAL)
    assert isinstance(w.reeds, MatrixReeds)
    w = dataclasses.replace(w, reeds=dataclasses.replace(w.reeds, diodes=diodes))
    return open_rig_session(w, players=FOUR, factory=MockFactory(), rig_faults=faults)


def _reeds(session: Any, cells: list[str] | None) -> tuple[Any, str]:
    console, out = _console()
    report = calibrate_reeds(session, Prompter(ask_fn=_answers(*[""] * 80), stagehand=session.stagehand), console,
                             cells)
    return report, out.getvalue()


def test_reeds_all_good_on_the_simulated_board() -> None:
    report, text = _reeds(_sim(players=4), ["a1", "b2", "c3", "f6"])
    assert report.ok == ["a1", "b2", "c3", "f6"] and report.problems == [] and report.ghosting is None
    assert "Every reed works." in text


def test_reeds_all_good_through_the_gpio_matrix(factory: MockFactory) -> None:
    report, text = _reeds(_rig(), ["a1", "c4", "f6"])
    assert report.ok == ["a1", "c4", "f6"] and report.ghosting is False and report.problems == []


def test_swapped_rows_are_named(factory: MockFactory) -> None:
    report, _ = _reeds(_rig(swap_rows=(2, 4)), ["a1", "c3", "c5", "d4"])
    assert report.misread == {"c3": ("c5",), "c5": ("c3",)}
    assert any("matrix rows 2 and 4 are swapped: GPIO12 and GPIO19" in p for p in report.problems)


def test_swapped_columns_are_named(factory: MockFactory) -> None:
    report, _ = _reeds(_rig(swap_columns=(1, 3)), ["b2", "d2", "a1"])
    assert any("matrix columns 1 and 3 are swapped: GPIO27 and GPIO23" in p for p in report.problems)


def test_stuck_and_dead_reeds_are_named(factory: MockFactory) -> None:
    report, text = _reeds(_rig(stuck=("d4",), dead=("c2",)), ["c2", "d4", "e5"])
    assert report.stuck == ["d4"] and report.dead == ["c2"]
    assert any(p.startswith("stuck reeds (closed without a pawn): d4 (d4: row 3 GPIO13, column 3 GPIO23)")
               for p in report.problems)
    assert any(p.startswith("dead cells (no reed closed): c2") for p in report.problems)
    assert "PROBLEM:" in text


def test_a_reed_that_stays_closed_after_its_pawn_left_is_stuck(factory: MockFactory) -> None:
    report, text = _reeds(_rig(sticky=("c4",)), ["c4", "e5"])
    assert report.ok == ["c4", "e5"] and report.stuck == ["c4"]
    assert "still closed with the board empty again: c4" in text


def test_ghosting_in_a_diode_less_matrix_is_named(factory: MockFactory) -> None:
    report, _ = _reeds(_rig(diodes=False), ["a1"])
    assert report.ghosting is True
    assert any("ghosting: this matrix has no diodes" in p for p in report.problems)


def test_cli_reeds_on_sim(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    rc = _cli(monkeypatch, _answers(*[""] * 10), "calibrate", "reeds", "--board", "sim", "--cells", "a1,d5")
    assert rc == 0 and "2 of 2 cells ok" in capsys.readouterr().out
    rc = _cli(monkeypatch, _answers(""), "calibrate", "reeds", "--board", "sim", "--cells", "a1,z9")
    assert rc == 2 and "--cells: 'z9' is not a cell" in capsys.readouterr().err


def test_config_error_for_unknown_backend() -> None:
    with pytest.raises(ConfigError):
        backends.backend_name("nonsense")
