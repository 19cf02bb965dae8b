"""A game ``play --state-dir`` cannot set up changes nothing in the state directory (found by the
stop-22 attack): ``--new`` with a value the game refuses put the unfinished game aside first and
then exited 2 (the family's game abandoned by a typo); a refused new game left its header behind
as ``current.jsonl``, which the next run called a damaged saved game."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

HELPER = Path(__file__).with_name("crashy_game.py")


def _play(state: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mazeboard.controller.cli", "play", "--state-dir", str(state),
                           "--quiet", *flags], capture_output=True, text=True, timeout=300)


def _files(state: Path) -> dict[str, bytes]:
    return {str(p.relative_to(state)): p.read_bytes() for p in sorted(state.rglob("*")) if p.is_file()}


def test_new_with_a_refused_value_keeps_the_unfinished_game_where_it_was(tmp_path: Path) -> None:
    state = tmp_path / "state"
    res = subprocess.run([sys.executable, str(HELPER), str(state), str(tmp_path / "w"), "7", "--kill-at", "40"],
                         capture_output=True, text=True, timeout=300)
    assert res.returncode == -signal.SIGKILL, res.stderr
    before = _files(state)
    for flags in (("--maze", "zz-top"), ("--win-tokens", "90000000")):
        cli = _play(state, "--new", *flags)
        assert cli.returncode == 2, cli.stderr[-600:]
        assert "Traceback" not in cli.stderr and len(cli.stderr.strip().splitlines()) == 1, cli.stderr
        assert _files(state) == before, "the unfinished game was moved or changed"
    resumed = _play(state)
    assert resumed.returncode == 0 and "Winner" in resumed.stdout and "damaged" not in resumed.stderr


def test_a_refused_new_game_leaves_no_saved_game_behind(tmp_path: Path) -> None:
    state = tmp_path / "state"
    cli = _play(state, "--win-tokens", "90000000")
    assert cli.returncode == 2, cli.stderr[-600:]
    assert not (state / "current.jsonl").exists()
    again = _play(state)
    assert again.returncode == 0, again.stderr[-600:]
    kept_aside = [p.name for p in state.rglob("*") if p.name.startswith(("unreplayable", "unusable", "corrupt"))]
    assert "saved game" not in again.stderr and kept_aside == [], (again.stderr, kept_aside)


def test_the_not_applied_line_stays_one_line_whatever_the_value() -> None:
    from mazeboard.controller import journal as jr
    from mazeboard.hal.board import BoardRequest

    saved = jr.request_record(BoardRequest(game="labyrinth", players=3, seed=7))
    flags = jr.unapplied(saved, BoardRequest(game="labyrinth", seed=7, maze="a1-a2\nb1", options={"cards_each": 3}))
    assert flags == ["--maze 'a1-a2\\nb1'", "--cards-each 3"], flags
    assert all("\n" not in f for f in flags)
