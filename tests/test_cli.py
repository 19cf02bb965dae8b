"""The mazeboard command as a person uses it: subprocesses, exit codes, one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from mazeboard.controller.cli import COMMANDS

ROOT = Path(__file__).resolve().parents[1]


def mb(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mazeboard.controller.cli", *args],
                          capture_output=True, text=True, timeout=120, cwd=cwd)


@pytest.mark.parametrize("command", [[]] + [[c] for c in COMMANDS])
def test_help_on_every_command(command: list[str]) -> None:
    p = mb(*command, "--help")
    assert p.returncode == 0 and "usage: mazeboard" in p.stdout


def test_play_narrates_a_full_game_to_a_winner(tmp_path: Path) -> None:
    log = tmp_path / "events.jsonl"
    p = mb("play", "--seed", "4", "--players", "3", "--maze", "hard", "--events", str(log))
    assert p.returncode == 0, p.stderr
    out = p.stdout
    assert "red's turn" in out and "rolls" in out and "slides" in out and "collects" in out
    assert "Winner:" in out.splitlines()[-1]
    assert "a    b    c    d    e    f" in out  # the board is drawn
    events = [json.loads(line) for line in log.read_text().splitlines()]
    plays = [e for e in events if e["type"] != "instruction"]  # the board's instruction follows every change
    assert plays[0]["type"] == "game_started" and plays[-1]["type"] == "game_over"
    assert plays[-1]["winner"] in out.splitlines()[-1]
    assert events[-1]["type"] == "instruction" and events[-1]["action"] == "game_over"


def test_play_events_to_stdout_moves_narration_to_stderr() -> None:
    p = mb("play", "--seed", "2", "--events", "-")
    assert p.returncode == 0
    for line in p.stdout.splitlines():
        json.loads(line)
    assert "Winner:" in p.stderr


def test_play_quiet_prints_only_the_result() -> None:
    p = mb("play", "--seed", "2", "--quiet")
    assert p.returncode == 0 and p.stdout.count("\n") == 1 and p.stdout.startswith("Winner:")


@pytest.mark.parametrize(
    "args,message",
    [
        (["play", "--players", "5"], "2 to 4"),
        (["play", "--maze", "a1-a2,a1-b1"], "closed"),
        (["play", "--maze", "a1-c1"], "not orthogonally adjacent"),
        (["play", "--game", "chess"], "chess"),
        (["play", "--win-tokens", "0"], "win-tokens"),
        (["play", "--events", "/nonexistent/dir/x.jsonl"], "cannot write"),
        (["sim", "--scenario", "/nonexistent.toml"], "cannot read"),
        (["sim", "--humans", "purple"], "purple"),
        (["sim", "--players", "2", "--humans", "green"], "green does not play"),
        (["diagram", "chess"], "unknown game"),
        (["play", "--variant", "vader"], "--variant: not used by magic-labyrinth"),
        (["play", "--rounds", "3"], "--rounds: not used by magic-labyrinth"),
        (["play", "--game", "struggle", "--maze", "hard"], "--maze: not used by struggle"),
        (["sim", "--scenario", str(ROOT / "tests/magic/scenarios/collect.toml"), "--humans", "red,blue"],
         "--humans: only for the browser simulator"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    p = mb(*args)
    assert p.returncode == 2, (p.stdout, p.stderr)
    assert message in p.stderr
    assert "Traceback" not in p.stderr and len(p.stderr.strip().splitlines()) == 1


def test_a_binary_file_as_scenario_is_a_clear_error(tmp_path: Path) -> None:
    f = tmp_path / "x.toml"
    f.write_bytes(b"\xff\xfe\x00garbage")
    p = mb("sim", "--scenario", str(f))
    assert p.returncode == 2 and "UTF-8" in p.stderr and "Traceback" not in p.stderr


def test_diagram_prints_the_machine_in_mermaid() -> None:
    p = mb("diagram", "magic-labyrinth")
    assert p.returncode == 0
    for state in ("waiting_for_roll", "moving", "waiting_for_return", "waiting_for_correction", "game_over"):
        assert state in p.stdout
    assert "stateDiagram-v2" in p.stdout and "waiting_for_roll --> moving: rolled" in p.stdout


def test_the_documented_diagram_is_current() -> None:
    doc = (ROOT / "docs" / "magic-labyrinth.md").read_text()
    p = mb("diagram", "magic-labyrinth")
    assert p.stdout.strip() in doc


def test_option_errors_in_a_scenario_name_the_file(tmp_path: Path) -> None:
    f = tmp_path / "opts.toml"
    f.write_text('game = "magic-labyrinth"\nplayers = ["red", "blue"]\n[options]\nwin_tokenz = 1\n')
    p = mb("sim", "--scenario", str(f))
    assert p.returncode == 2 and f"{f}: options.win_tokenz: unknown option" in p.stderr


def test_a_scenario_without_a_game_says_so(tmp_path: Path) -> None:
    f = tmp_path / "nogame.toml"
    f.write_text('players = ["red", "blue"]\n')
    p = mb("sim", "--scenario", str(f))
    assert p.returncode == 2 and "game: missing" in p.stderr and "None" not in p.stderr
