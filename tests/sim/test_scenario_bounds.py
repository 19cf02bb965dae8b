"""Scenario numbers within bounds (issue 12): a wait or glitch longer than a day, a [sim] or
[options] value beyond its bound, is one line naming the action or key, not hours of computing."""

from __future__ import annotations

from pathlib import Path

import pytest

from clirun import run_cli

MAGIC = 'game = "magic-labyrinth"\nplayers = ["red", "blue"]\n'


@pytest.mark.parametrize("extra,needle", [
    ('actions = ["wait 1000000000000000000"]\n', "actions[0] 'wait 1000000000000000000': 1000000000000000000 "
                                                 "milliseconds is more than a day"),
    ('actions = ["glitch a2 9223372036854775807"]\n', "more than a day"),
    ("[sim]\nhand_ms = 1000000000000\n", "sim.hand_ms: must be a whole number from 0 to 86400000"),
    ("[sim]\nball_roll_ms = [0, 1000000000000]\n", "sim.ball_roll_ms"),
    ("[options]\nsettle_ms = 1000000000000000000\n", "options.settle_ms"),
])
def test_a_number_beyond_its_bound_is_one_line(tmp_path: Path, extra: str, needle: str) -> None:
    p = tmp_path / "s.toml"
    p.write_text(MAGIC + extra)
    out = run_cli(["sim", "--scenario", str(p), "--events", "/dev/null"], limit_s=20)
    assert out.code == 2 and len(out.err) == 1 and needle in out.err[0], out


def test_struggle_rounds_beyond_the_bound_is_one_line(tmp_path: Path) -> None:
    p = tmp_path / "s.toml"
    p.write_text('game = "struggle"\nplayers = ["red", "blue"]\n[options]\nrounds = 1000000\n')
    out = run_cli(["sim", "--scenario", str(p), "--events", "/dev/null"], limit_s=20)
    assert out.code == 2 and len(out.err) == 1 and "options.rounds: must be a whole number from 1 to 20" in out.err[0]
