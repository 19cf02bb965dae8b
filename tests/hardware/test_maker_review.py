"""Findings of a newcomer's review of the maker tools, each pinned by a test.

1. the simulated board's Hall calibration never lands in (or replaces) the real tray's file,
   is marked ``source = "sim"`` and refused by the gpio backend; a replaced file is kept;
3. end of input at a prompt: one line, exit 1 (Ctrl-C: 130);
4. an unusable ``--calibration`` target fails before any sampling;
5. ``wiring diagram`` writes where it says (``--out``, the checkout's docs/wiring, else here);
6. ``play --board gpio`` without a calibration fails before the game's first line;
7. ``diag``/``calibrate reeds`` options are validated; files the simulator does not use are refused.
"""

from __future__ import annotations

import builtins
import tomllib
from pathlib import Path
from typing import Callable, Iterator

import pytest
from gpiozero.pins.mock import MockFactory

from hwkit import DIGITAL, REFERENCE, ROOT, measured_calibration
from mazeboard.controller.cli import main
from mazeboard.controller.maker import diagram_folder
from mazeboard.hal.board import BoardRequest
from mazeboard.hal.calibration import load_calibration, save_calibration
from mazeboard.hal.errors import CalibrationError
from mazeboard.hal.gpio import open_session
from mazeboard.hal.wiring import load_wiring
from mazeboard.sim.rig import open_rig_session

REAL = "# measured on the real tray\nformat = 1\nsource = \"gpio\"\n"


def _answers(*script: str) -> Callable[[str], str]:
    it: Iterator[str] = iter(script)
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        try:
            answer = next(it)
        except StopIteration:
            raise EOFError from None
        if answer == "^C":
            raise KeyboardInterrupt
        return answer

    ask.asked = asked  # type: ignore[attr-defined]
    return ask


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh config folder: $XDG_CONFIG_HOME/mazeboard, no $MAZEBOARD_CALIBRATION."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("MAZEBOARD_CALIBRATION", raising=False)
    return tmp_path / "xdg" / "mazeboard"


def _hall(monkeypatch: pytest.MonkeyPatch, answers: Callable[[str], str], *argv: str) -> int:
    monkeypatch.setattr(builtins, "input", answers)
    return main(["calibrate", "hall", "--samples", "20", *argv])


# ---------------------------------------------------------------------------- 1. simulated calibrations


def test_sim_calibration_has_its_own_file_and_never_the_real_default(
        config: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    assert _hall(monkeypatch, _answers(*[""] * 6), "--board", "sim") == 0
    sim = config / "hall-calibration-sim.toml"
    assert sim.is_file() and not (config / "hall-calibration.toml").exists()
    assert tomllib.loads(sim.read_text())["source"] == "sim"
    assert f"Saved the simulated board's Hall calibration to {sim}" in capsys.readouterr().out
    first = sim.read_text()
    # a second run (another seed) replaces it, keeps the first as .bak and says so
    assert _hall(monkeypatch, _answers(*[""] * 6), "--board", "sim", "--seed", "5") == 0
    out = capsys.readouterr().out
    assert (config / "hall-calibration-sim.toml.bak").read_text() == first != sim.read_text()
    assert "It replaced a calibration measured on the sim board, kept as" in out


def test_sim_ignores_the_real_boards_environment_variable(config: Path, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    real = tmp_path / "etc" / "hall-calibration.toml"
    real.parent.mkdir()
    real.write_text(REAL)
    monkeypatch.setenv("MAZEBOARD_CALIBRATION", str(real))  # what the service reads
    assert _hall(monkeypatch, _answers(*[""] * 6), "--board", "sim") == 0
    assert real.read_text() == REAL and (config / "hall-calibration-sim.toml").is_file()


@pytest.mark.parametrize("old", [REAL, "format = 1\nvref_v = 3.3\n"])  # a real file, and one from before `source`
def test_sim_refuses_to_replace_a_real_calibration_before_sampling(
        config: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        old: str) -> None:
    real = tmp_path / "cal.toml"
    real.write_text(old)
    answers = _answers(*[""] * 6)
    assert _hall(monkeypatch, answers, "--board", "sim", "--calibration", str(real)) == 2
    err = capsys.readouterr().err
    assert "the simulated board does not replace it" in err and "\n" not in err.strip()
    assert real.read_text() == old and answers.asked == []  # type: ignore[attr-defined]
    assert not (tmp_path / "cal.toml.bak").exists()


def test_gpio_backend_refuses_a_simulated_calibration_for_a_game(config: Path, tmp_path: Path,
                                                                 factory: MockFactory) -> None:
    probe = open_rig_session(load_wiring(REFERENCE), factory=MockFactory())
    cal = measured_calibration(probe.analog_tray)
    probe.close()
    path = tmp_path / "cal.toml"
    save_calibration(type(cal)(cal.vref_v, cal.sensors, "sim"), path)
    with pytest.raises(CalibrationError, match=r"measured on the simulated board \(source = \"sim\"\), not on this "
                                               r"tray; run `mazeboard calibrate hall --board gpio`"):
        open_session(BoardRequest(wiring=str(REFERENCE), calibration=str(path)), pin_factory=factory, leds=False)
    # a maker's session opens and says why the tray has no thresholds
    s = open_session(BoardRequest(wiring=str(REFERENCE), calibration=str(path), maker=True), pin_factory=factory,
                     leds=False)
    try:
        assert s.board.calibration is None and "measured on the simulated board" in (s.calibration_problem or "")
    finally:
        s.board.close()
    # a real one is taken
    save_calibration(cal, path)
    s = open_session(BoardRequest(wiring=str(REFERENCE), calibration=str(path)), pin_factory=factory, leds=False)
    try:
        assert s.board.calibration == load_calibration(path) and s.board.calibration.source == "gpio"
    finally:
        s.board.close()


# ---------------------------------------------------------------------------- 3. end of input


def test_end_of_input_at_a_hall_prompt_is_one_line_exit_1(config: Path, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cal.toml"
    assert _hall(monkeypatch, _answers("", ""), "--board", "sim", "--calibration", str(path)) == 1
    out, err = capsys.readouterr()
    assert err == "mazeboard: error: no answer: stopped; the previous calibration is kept\n"
    assert out.endswith("\n") and not path.exists()
    assert _hall(monkeypatch, _answers("", "^C"), "--board", "sim", "--calibration", str(path)) == 130


def test_end_of_input_in_diag_and_reeds(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(builtins, "input", _answers(""))
    assert main(["diag", "--board", "sim", "--virtual", "--seconds", "1", "--step-ms", "5"]) == 1
    assert capsys.readouterr().err == "mazeboard: error: no answer: stopped\n"
    monkeypatch.setattr(builtins, "input", _answers("", ""))
    assert main(["calibrate", "reeds", "--board", "sim", "--cells", "a1,b1,c1"]) == 1
    assert capsys.readouterr().err == "mazeboard: error: no answer: stopped\n"


# ---------------------------------------------------------------------------- 4. the target first


def test_a_folder_as_calibration_fails_before_sampling(config: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    answers = _answers(*[""] * 6)
    assert _hall(monkeypatch, answers, "--board", "sim", "--calibration", str(tmp_path)) == 2
    err = capsys.readouterr().err
    assert f"{tmp_path}: is a folder; give the calibration file's name" in err
    assert answers.asked == []  # type: ignore[attr-defined]  # no prompt, no sampling


def test_an_unwritable_place_fails_before_sampling(config: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    answers = _answers(*[""] * 6)
    assert _hall(monkeypatch, answers, "--board", "sim", "--calibration", str(blocker / "cal.toml")) == 2
    assert "is not a writable folder" in capsys.readouterr().err and answers.asked == []  # type: ignore[attr-defined]


# ---------------------------------------------------------------------------- 5. wiring diagram


def test_diagram_goes_where_it_says(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert diagram_folder(ROOT) == ROOT / "docs" / "wiring" == diagram_folder(ROOT / "hal")
    assert diagram_folder(tmp_path) == tmp_path.resolve()
    monkeypatch.chdir(tmp_path)
    assert main(["wiring", "diagram", "--no-render"]) == 0
    assert capsys.readouterr().out == f"wrote {tmp_path.resolve() / 'magic-labyrinth.yml'}\n"
    assert [p.name for p in tmp_path.iterdir()] == ["magic-labyrinth.yml"]  # no docs/wiring/ made here
    assert main(["wiring", "diagram", "--no-render", "--out", "x/y"]) == 0
    assert (tmp_path / "x" / "y" / "magic-labyrinth.yml").is_file()


# ---------------------------------------------------------------------------- 6. play without a calibration


def test_play_on_gpio_without_calibration_fails_before_the_game(config: Path, factory: MockFactory,
                                                                 captured_neopixel: list[bytes],
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--board", "gpio"]) == 2  # the reference wiring: analog Hall sensors
    out, err = capsys.readouterr()
    assert out == ""  # no opening narration
    assert err == (f"mazeboard: error: {config / 'hall-calibration.toml'}: no Hall calibration for the analog tray "
                   "sensors; run `mazeboard calibrate hall --board gpio` first\n")
    assert captured_neopixel == []  # refused before the LEDs were opened


# ---------------------------------------------------------------------------- 7. options and files


@pytest.mark.parametrize(("argv", "message"), [
    (["diag", "--board", "sim", "--step-ms", "-5"], "--step-ms: -5 is not a time each LED stays lit"),
    (["diag", "--board", "sim", "--calibration", "/nonexistent.toml"],
     "--calibration: the simulated board does not read a Hall calibration"),
    (["diag", "--board", "sim", "--wiring", "WIRING"], "--wiring: the simulated board does not use a wiring file"),
    (["calibrate", "reeds", "--board", "sim", "--wiring", "WIRING"],
     "--wiring: the simulated board does not use a wiring file"),
    (["calibrate", "hall", "--board", "sim", "--wiring", "WIRING"],
     "--wiring: the simulated board does not use a wiring file"),
    (["diag", "--board", "gpio", "--calibration", "/nonexistent.toml"],
     "--calibration: /nonexistent.toml is not a file (run `mazeboard calibrate hall --board gpio"),
    (["diag", "--board", "gpio", "--wiring", "WIRING"], "WIRING: not valid TOML"),
    (["calibrate", "reeds", "--board", "gpio", "--wiring", "WIRING"], "WIRING: not valid TOML"),
])
def test_maker_options_are_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str],
                                   message: str) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text("garbage = [\n")
    argv = [str(broken) if a == "WIRING" else a for a in argv]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message.replace("WIRING", str(broken)) in err and err.count("\n") == 1


def test_diag_on_gpio_says_why_the_tray_has_no_balls(config: Path, factory: MockFactory,
                                                       capsys: pytest.CaptureFixture[str],
                                                       captured_neopixel: list[bytes]) -> None:
    assert main(["diag", "--board", "gpio", "--wiring", str(REFERENCE), "--no-leds", "--seconds", "0.2"]) == 0
    assert "Note: the tray shows volts only, no balls:" in capsys.readouterr().out


def test_digital_wiring_needs_no_calibration_to_play(config: Path, factory: MockFactory,
                                                     captured_neopixel: list[bytes]) -> None:
    s = open_session(BoardRequest(wiring=str(DIGITAL)), pin_factory=factory, leds=False)
    s.board.close()
    assert s.calibration_problem is None
