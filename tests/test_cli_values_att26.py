"""Attacker round 26: ``mazeboard sim``'s text values are bounded as its numbers are: a refusal is one
line that shortens the value (``--humans`` said a 5,000-character value whole), and ``--host`` is an
address (a 300-character or a two-line ``--host`` was printed whole in the exposure warning, then again in
the listen error: two lines, the second one over 300 characters)."""

from __future__ import annotations

import pytest

from clirun import run_cli


@pytest.mark.parametrize("argv", [
    ["sim", "--humans", "x" * 5000],
    ["sim", "--humans", "red," + "y" * 5000],
    ["sim", "--host", "h" * 300, "--port", "0"],
    ["sim", "--host", "evil\nmazeboard: all is well", "--port", "0"],
    ["sim", "--host", "", "--port", "0"],
    ["sim", "--host", " 127.0.0.1", "--port", "0"],
])
def test_a_long_or_odd_value_is_one_short_line(argv: list[str]) -> None:
    out = run_cli(argv, limit_s=20)
    assert out.code == 2 and not out.hang, (out.code, out.err)
    assert len(out.err) == 1 and len(out.err[0]) < 300, out.err
