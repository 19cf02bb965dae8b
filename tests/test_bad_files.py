"""Hostile input files (issue 12): every TOML file is read within bounds, wrong types get one line.

Each case is a file a person (or a failing disk) could hand mazeboard: a number of
thousands of digits, thousands of nested arrays, a FIFO or /dev/zero where a file
should be, a key of the wrong type. Expected: exit 2 with one line naming the file
and the reason, or the loader's own error type; never an internal error or a hang.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from clirun import run_cli
from mazeboard.hal.calibration import load_calibration
from mazeboard.hal.errors import CalibrationError, ConfigError, ScenarioError, WiringError
from mazeboard.hal.inputfile import MAX_TOML_BYTES, load_toml
from mazeboard.hal.wiring import load_wiring

ROOT = Path(__file__).resolve().parents[1]
MAGIC = 'game = "magic-labyrinth"\nplayers = ["red", "blue"]\n'
CALIBRATION = """format = 1
source = "gpio"
vref_v = 3.3
[sensors.tray-sw]
empty_v = 2.0
ball_v = 1.9
noise_v = 0.004
threshold_v = 1.95
hysteresis_v = 0.012
"""

HUGE = "9" * 5000
DEEP = "[" * 3000 + "]" * 3000
DEEP_TABLE = "{a=" * 3000 + "1" + "}" * 3000


def _one_line_exit_2(argv: list[str], *needles: str) -> None:
    out = run_cli(argv, limit_s=20)
    assert out.code == 2 and not out.hang and len(out.err) == 1 and not out.internal, out
    for n in needles:
        assert n in out.err[0], out


@pytest.mark.parametrize("extra,needle", [
    (f"seed = {HUGE}\n", "number too long"),
    (f"seed = {DEEP}\n", "nested too deeply"),
    (f"sim = {DEEP_TABLE}\n", "nested too deeply"),
    ("seed = [[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]\n", "seed[0][0]"),
    ("seed = 1e999\n", "seed: inf is not a usable number"),
    ("seed = nan\n", "seed: nan is not a usable number"),
])
def test_scenario_with_huge_number_or_deep_nesting_is_one_line(tmp_path: Path, extra: str, needle: str) -> None:
    p = tmp_path / "s.toml"
    p.write_text(MAGIC + extra)
    _one_line_exit_2(["sim", "--scenario", str(p)], str(p), needle)


@pytest.mark.parametrize("extra", [f"description = {HUGE}\n", f"description = {DEEP}\n"])
def test_wiring_with_huge_number_or_deep_nesting_is_one_line(tmp_path: Path, extra: str) -> None:
    p = tmp_path / "w.toml"
    p.write_text((ROOT / "wiring" / "magic-labyrinth.toml").read_text().replace('description =', '# was\nx_ =')
                 + extra)
    _one_line_exit_2(["wiring", "show", str(p)], str(p))
    with pytest.raises(WiringError):
        load_wiring(p)


@pytest.mark.parametrize("extra", [f"huge = {HUGE}\n", f"deep = {DEEP}\n"])
def test_calibration_with_huge_number_or_deep_nesting_is_a_calibration_error(tmp_path: Path, extra: str) -> None:
    p = tmp_path / "cal.toml"
    p.write_text(extra + CALIBRATION)
    with pytest.raises(CalibrationError, match=str(p)):
        load_calibration(p)


@pytest.mark.parametrize("content,needle", [
    ("board = []\n", "board"),
    ("board = {}\n", "board"),
    ('board = "magic-labyrinth"\n[buses]\n"spi0" = []\n', "buses"),
])
def test_wiring_of_wrong_type_is_one_line(tmp_path: Path, content: str, needle: str) -> None:
    p = tmp_path / "w.toml"
    p.write_text(content)
    _one_line_exit_2(["wiring", "show", str(p)], str(p), needle)


@pytest.mark.parametrize("content,needle", [
    ('game = "labyrinth"\nedition = [[]]\nplayers = ["red", "blue"]\n', "edition"),
    ('game = []\nplayers = ["red", "blue"]\n', "game"),
    ('game = "labyrinth"\nplayers = [["red"], "blue"]\n', "players"),
    ('game = "magic-labyrinth"\nplayers = ["red", "blue"]\nmaze = []\n', "maze"),
    ('game = "magic-labyrinth"\nplayers = ["red", "blue"]\ntargets = [[]]\n', "targets"),
])
def test_scenario_of_wrong_type_is_one_line(tmp_path: Path, content: str, needle: str) -> None:
    p = tmp_path / "s.toml"
    p.write_text(content)
    _one_line_exit_2(["sim", "--scenario", str(p)], str(p), needle)


def test_fifo_as_scenario_does_not_hang(tmp_path: Path) -> None:
    fifo = tmp_path / "s.toml"
    os.mkfifo(fifo)
    _one_line_exit_2(["sim", "--scenario", str(fifo)], "FIFO")


def test_fifo_as_wiring_or_calibration_does_not_hang(tmp_path: Path) -> None:
    fifo = tmp_path / "x.toml"
    os.mkfifo(fifo)
    _one_line_exit_2(["wiring", "show", str(fifo)], "FIFO")
    with pytest.raises(CalibrationError, match="FIFO"):
        load_calibration(fifo)


def _limited(argv: list[str]) -> subprocess.CompletedProcess[str]:
    """``mazeboard ARGV`` in a child limited to 1 GiB of address space (a regression that reads
    /dev/zero then fails with MemoryError instead of taking the machine's memory)."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    return subprocess.run([sys.executable, "-m", "mazeboard.controller.cli", *argv], capture_output=True,
                          text=True, timeout=60, preexec_fn=limit)


@pytest.mark.parametrize("argv", [["sim", "--scenario"], ["wiring", "show"]])
def test_symlink_to_dev_zero_is_refused_without_reading_it(tmp_path: Path, argv: list[str]) -> None:
    link = tmp_path / "zero.toml"
    link.symlink_to("/dev/zero")
    p = _limited([*argv, str(link)])
    assert p.returncode == 2 and "character device" in p.stderr and len(p.stderr.splitlines()) == 1, p.stderr


def test_symlink_to_dev_zero_as_calibration_is_refused(tmp_path: Path) -> None:
    link = tmp_path / "zero.toml"
    link.symlink_to("/dev/zero")
    code = ("import sys\nfrom mazeboard.hal.calibration import load_calibration\n"
            f"try:\n    load_calibration({str(link)!r})\nexcept Exception as e:\n"
            "    print(type(e).__name__, e)\n")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                       preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30)))
    assert p.stdout.startswith("CalibrationError") and "character device" in p.stdout, (p.stdout, p.stderr)


def test_a_file_over_the_size_cap_is_refused(tmp_path: Path) -> None:
    p = tmp_path / "big.toml"
    p.write_text(MAGIC + "# " + "x" * MAX_TOML_BYTES + "\n")
    _one_line_exit_2(["sim", "--scenario", str(p)], "bytes")
    with pytest.raises(ConfigError, match="more than"):
        load_toml(p, ConfigError, "file")


def test_missing_scenario_still_says_cannot_read(tmp_path: Path) -> None:
    _one_line_exit_2(["sim", "--scenario", str(tmp_path / "none.toml")], "cannot read")
    with pytest.raises(ScenarioError):
        from mazeboard.sim.scenario import load_scenario

        load_scenario(tmp_path / "none.toml")
