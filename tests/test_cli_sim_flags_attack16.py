"""Attack 16: ``mazeboard sim`` (the browser simulator) took another game's options without a word --
``--variant vader`` or ``--edition star-wars`` for The Magic Labyrinth, ``--maze hard`` for Struggle,
``--rounds 3`` for Labyrinth -- and served a game without them, where ``mazeboard play`` refuses each in one
line (exit 2). The simulator refuses them the same way, before it listens."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize(
    "args,message",
    [
        (["--variant", "vader"], "--variant: not used by magic-labyrinth"),
        (["--edition", "star-wars"], "--edition: not used by magic-labyrinth"),
        (["--rounds", "3"], "--rounds: not used by magic-labyrinth"),
        (["--game", "struggle", "--maze", "hard"], "--maze: not used by struggle"),
        (["--game", "labyrinth", "--rounds", "3"], "--rounds: not used by labyrinth"),
        (["--game", "struggle", "--edition", "classic"], "--edition: not used by struggle"),
    ],
)
def test_the_browser_simulator_refuses_another_game_s_options(args: list[str], message: str) -> None:
    try:  # served (the option ignored) until the timeout: a failure, not a hang
        p = subprocess.run([sys.executable, "-m", "mazeboard.controller.cli", "sim", "--port", "0", *args],
                           capture_output=True, text=True, timeout=15)
    except subprocess.TimeoutExpired as e:
        raise AssertionError(f"served a game with {args} instead of refusing: {e.stdout!r}") from None
    assert p.returncode == 2, (p.stdout, p.stderr)
    assert message in p.stderr, p.stderr
    assert "Traceback" not in p.stderr and len(p.stderr.strip().splitlines()) == 1, p.stderr
