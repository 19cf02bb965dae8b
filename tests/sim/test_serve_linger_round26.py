"""Round 26 (issue 15, fix26-lab 5): ``python -m mazeboard.sim.serve --linger`` takes a plain number of
seconds in a sane range (0 to an hour); anything else (nan, inf, a negative, "1_0", "1e1", days) is one
clear line naming the option and the value, and exit status 2 -- before any scenario is read."""

from __future__ import annotations

import subprocess
import sys

import pytest

from mazeboard.sim.serve import linger

BAD = ["nan", "inf", "-inf", "-1", "1_0", "1e1", " 2", "+2", "3601", "99999999999999999999", "", "two"]


@pytest.mark.parametrize("value", BAD)
def test_a_bad_linger_is_one_line_and_exit_2(value: str) -> None:
    run = subprocess.run([sys.executable, "-m", "mazeboard.sim.serve", "--scenario", "/nonexistent.yaml",
                          f"--linger={value}"], capture_output=True, text=True, timeout=60)
    lines = run.stderr.splitlines()
    assert run.returncode == 2 and len(lines) == 1, (run.returncode, lines)
    assert "--linger" in lines[0] and repr(value) in lines[0], lines


@pytest.mark.parametrize(("text", "seconds"), [("0", 0.0), ("2", 2.0), ("2.5", 2.5), ("3600", 3600.0)])
def test_a_plain_linger_is_taken(text: str, seconds: float) -> None:
    assert linger(text) == seconds
