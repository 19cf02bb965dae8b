"""Hostile CLI values (issue 12): out-of-range numbers, nan, odd output paths.

Each case once gave an internal error or a hang; now one line on stderr and exit 2
(or the documented result), within a few seconds.
"""

from __future__ import annotations

import os
import select
import threading
from pathlib import Path

import pytest

from clirun import run_cli

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = str(ROOT / "tests" / "magic" / "scenarios" / "collect.toml")
LONG = "x" * 300  # longer than a file name may be (NAME_MAX 255)


def _one_line_exit_2(argv: list[str], needle: str, stdin: str = "") -> None:
    out = run_cli(argv, limit_s=20, stdin=stdin)
    assert out.code == 2 and not out.hang and not out.internal and len(out.err) == 1, out
    assert needle in out.err[0], out


@pytest.mark.parametrize("argv", [
    ["play", "--quiet", "--events", "/dev/full"],
    ["sim", "--scenario", SCENARIO, "--events", "/dev/full"],
])
def test_events_to_a_full_device_is_one_line(argv: list[str]) -> None:
    _one_line_exit_2(argv, "--events")


@pytest.mark.parametrize("seconds", ["nan", "inf", "9" * 400, "2147483648"])
def test_diag_seconds_out_of_range_is_one_line(seconds: str) -> None:
    _one_line_exit_2(["diag", "--board", "sim", "--virtual", "--no-leds", "--seconds", seconds], "--seconds")


@pytest.mark.parametrize("out", ["/dev/null", "/proc/self/status", "{tmp}/" + LONG])
def test_wiring_diagram_out_that_is_not_a_folder_is_one_line(tmp_path: Path, out: str) -> None:
    _one_line_exit_2(["wiring", "diagram", "--no-render", "--out", out.replace("{tmp}", str(tmp_path))], "--out")


def test_service_install_exec_with_a_name_too_long_is_one_line(tmp_path: Path) -> None:
    _one_line_exit_2(["service", "install", "--dry-run", "--exec", str(tmp_path / LONG)], "--exec")


@pytest.mark.parametrize("argv,needle", [
    (["calibrate", "hall", "--board", "sim", "--samples", "1000000000"], "--samples"),
    (["calibrate", "hall", "--board", "sim", "--period-ms", "1000000000"], "--period-ms"),
    (["play", "--quiet", "--game", "struggle", "--rounds", "1000000"], "--rounds"),
    (["service", "run", "--virtual-time", "--games", "1", "--game", "struggle", "--rounds", "1000000",
      "--state-dir", "{tmp}"], "--rounds"),
])
def test_counts_beyond_their_bounds_are_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                argv: list[str], needle: str) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # where a simulated calibration would go
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    _one_line_exit_2(argv, needle, stdin="\n" * 20)


def test_events_to_a_fifo_without_a_reader_does_not_hang(tmp_path: Path) -> None:
    fifo = tmp_path / "events"
    os.mkfifo(fifo)
    _one_line_exit_2(["play", "--quiet", "--events", str(fifo)], "--events")


def test_events_to_a_fifo_with_a_reader_is_written(tmp_path: Path) -> None:
    fifo = tmp_path / "events"
    os.mkfifo(fifo)
    rfd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # a reader is there before the command starts
    got: list[bytes] = []

    def read() -> None:
        os.set_blocking(rfd, True)
        with os.fdopen(rfd, "rb") as f:
            while True:
                ready = select.select([f], [], [], 10)[0]
                chunk = f.read1(65536) if ready else b""
                if not chunk and (got or not ready):
                    break
                got.append(chunk)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    out = run_cli(["sim", "--scenario", SCENARIO, "--events", str(fifo)], limit_s=20)
    reader.join(timeout=10)
    got[:] = [b"".join(got)]
    assert out.code == 0 and out.err == [], out
    assert got and got[0].count(b"\n") > 5 and b"game_started" in got[0]


def test_calibration_path_too_long_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    _one_line_exit_2(["calibrate", "hall", "--board", "sim", "--calibration", str(tmp_path / LONG)],
                     "calibration", stdin="\n" * 20)


def test_service_run_state_dir_with_a_name_too_long_is_one_line(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """The input fuzz's finding: the service looked for a saved game in a directory whose name the
    kernel refuses (ENAMETOOLONG) and died with an internal error once a game had started."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    _one_line_exit_2(["service", "run", "--virtual-time", "--games", "1", "--seed", "3",
                      "--state-dir", str(tmp_path / LONG)], "--state-dir")


@pytest.mark.parametrize("name", ["", " "])
def test_sim_with_an_empty_scenario_name_is_one_line_not_a_server(name: str) -> None:
    """The input fuzz's finding: ``sim --scenario ""`` started the browser simulator (and served for ever)."""
    _one_line_exit_2(["sim", "--scenario", SCENARIO, "--scenario", name], "--scenario")


@pytest.mark.parametrize("value", ["٣", "３", "+3", " 3", "1_0", "9" * 40])
def test_cards_each_takes_plain_digits_only_and_says_a_cut_value_is_cut(value: str) -> None:
    """An attack found ``--cards-each ٣`` (an Arabic-Indic three) taken as 3, and a long
    number echoed cut to 16 characters without saying so."""
    out = run_cli(["play", "--game", "labyrinth", "--quiet", "--cards-each", value], limit_s=20)
    assert out.code == 2 and not out.internal and len(out.err) == 1, out
    assert "--cards-each" in out.err[0], out
    if len(value) > 16:
        assert "…" in out.err[0], out
