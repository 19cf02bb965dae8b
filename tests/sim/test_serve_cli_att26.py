"""Attacker round 26: ``python -m mazeboard.sim.serve`` (docs/firmware.md) takes its values as the other
commands do: a bad ``--linger``, ``--tcp`` or ``--pty`` is one line and exit 2, never a traceback (``--linger
nan`` ran the whole scenario and then died in int(); ``--tcp host:abc`` said int()'s words with a
traceback; ``--pty`` over an existing file replaced it by a symlink and removed it at the end)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SCENARIO = sorted((Path(__file__).parents[1] / "magic" / "scenarios").glob("*.toml"))[0]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mazeboard.sim.serve", "--scenario", str(SCENARIO), *args],
                          capture_output=True, text=True, timeout=30)


@pytest.mark.parametrize("args", [
    ("--tcp", "127.0.0.1:0", "--linger", "nan"), ("--tcp", "127.0.0.1:0", "--linger", "inf"),
    ("--tcp", "127.0.0.1:0", "--linger", "-1"), ("--tcp", "127.0.0.1:0", "--linger", "1_0"),
    ("--tcp", "127.0.0.1:0", "--linger", "1e400"), ("--tcp", "127.0.0.1:0", "--linger", "9" * 5000),
    ("--tcp", "127.0.0.1:abc"), ("--tcp", "127.0.0.1:99999"), ("--tcp", "127.0.0.1:-5"), ("--tcp", "127.0.0.1"),
    ("--tcp", "127.0.0.1:+80"), ("--tcp", "127.0.0.1:" + "9" * 5000), ("--tcp", "999.1.1.1:0"),
    ("--pty", "/nonexistent-att26/x"), ("--pty", "a" * 300),
])
def test_a_bad_value_is_one_line_and_exit_2(args: tuple[str, ...]) -> None:
    r = run(*args)
    assert r.returncode == 2, (r.returncode, r.stderr[-800:])
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr[-800:]
    assert len(r.stderr) < 600, r.stderr[:600]


def test_an_existing_file_is_never_taken_for_the_pty_link(tmp_path: Path) -> None:
    kept = tmp_path / "notes.txt"
    kept.write_text("mine\n")
    r = run("--pty", str(kept))
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, r.stderr[-800:]
    assert kept.is_file() and not kept.is_symlink() and kept.read_text() == "mine\n"
    r = run("--pty", str(tmp_path))  # a directory: one line too
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr[-800:]
