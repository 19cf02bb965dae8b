"""A saved Labyrinth game after a restart (issue 11): replayed exactly, the board checked against it
(pawns by their reeds, the tiles confirmed with Done), the simulated players guided by the
instruction until it matches, then played to a winner -- at moments in every state of a turn."""

from __future__ import annotations

from pathlib import Path

import pytest

from mazeboard.controller import journal as jr
from mazeboard.controller.persist import fingerprint, open_game
from mazeboard.hal.board import BoardRequest
from mazeboard.hal.events import GameEvent

REQUEST = BoardRequest(game="labyrinth", seed=3, players=3)


@pytest.fixture(scope="module")
def full_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[bytes], dict[int, dict]]:
    """A whole journaled Labyrinth game: its journal lines and the state after every record."""
    d = tmp_path_factory.mktemp("lab")
    pgame = open_game(REQUEST, d, "sim")
    states = {pgame.journal.count: fingerprint(pgame.game)}
    pgame.on_record.append(lambda n: states.__setitem__(n, fingerprint(pgame.game)))
    assert pgame.run() and pgame.referee.winner
    assert pgame.archived is not None
    return pgame.archived.read_bytes().splitlines(keepends=True), states


def _first(states: dict[int, dict], state: str, after: int = 3) -> int:
    return next(k for k in sorted(states) if k > after and states[k]["state"] == state)


@pytest.mark.parametrize("state", ["waiting_for_shift", "waiting_for_settle", "waiting_for_move"])
@pytest.mark.parametrize("later", [False, True])
def test_a_saved_labyrinth_game_resumes_checks_the_board_and_plays_to_its_end(
        tmp_path: Path, full_game, state: str, later: bool) -> None:  # type: ignore[no-untyped-def]
    lines, states = full_game
    n = _first(states, state, after=len(lines) // 2 if later else 3)
    (tmp_path / jr.CURRENT).write_bytes(b"".join(lines[: n + 1]))
    events: list[GameEvent] = []
    pgame = open_game(BoardRequest(game="labyrinth", seed=99), tmp_path, "sim",
                      attach=lambda g: g.sinks.append(events.append))
    assert pgame.resumed and pgame.restored == states[n]
    resumed = next(e for e in events if e.type == "game_resumed")
    assert resumed["state"] == state and resumed["layout"] == states[n]["layout"]
    assert pgame.referee.state == "waiting_for_setup"
    said = next(e for e in events if e.type == "instruction")
    assert said["action"] == "check"
    assert pgame.run() and pgame.referee.winner is not None
    kinds = [e.type for e in events]
    assert "setup_restored" in kinds and "turn_ended" in kinds[kinds.index("setup_restored"):]


#: issue 13: the box's own cards and the guided layout (Vader: the pawn check after the layout asks for it)
TABLE = BoardRequest(game="labyrinth", seed=4, players=3, edition="star-wars", variants=("vader",),
                     options={"cards": "physical", "guided_layout": True})


@pytest.fixture(scope="module")
def table_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[bytes], dict[int, dict]]:
    d = tmp_path_factory.mktemp("lab-table")
    pgame = open_game(TABLE, d, "sim")
    states = {pgame.journal.count: fingerprint(pgame.game)}
    pgame.on_record.append(lambda n: states.__setitem__(n, fingerprint(pgame.game)))
    assert pgame.run() and pgame.referee.winner
    assert pgame.archived is not None
    return pgame.archived.read_bytes().splitlines(keepends=True), states


@pytest.mark.parametrize("state", ["waiting_for_layout", "waiting_for_pawns", "waiting_for_answer"])
def test_a_restart_in_the_layout_the_pawn_check_or_a_card_question_resumes_and_plays_to_its_end(
        tmp_path: Path, table_game, state: str) -> None:  # type: ignore[no-untyped-def]
    lines, states = table_game
    n = _first(states, state)
    (tmp_path / jr.CURRENT).write_bytes(b"".join(lines[: n + 1]))
    events: list[GameEvent] = []
    pgame = open_game(BoardRequest(game="labyrinth", seed=99), tmp_path, "sim",
                      attach=lambda g: g.sinks.append(events.append))
    assert pgame.resumed and pgame.restored == states[n]
    resumed = next(e for e in events if e.type == "game_resumed")
    assert resumed["state"] == state
    said = next(e for e in events if e.type == "instruction")
    assert said["action"] == {"waiting_for_layout": "lay", "waiting_for_pawns": "pawns",
                              "waiting_for_answer": "check"}[state]
    assert pgame.run() and pgame.referee.winner is not None


# -- through the commands, after a SIGKILL ------------------------------------------------------
HELPER = Path(__file__).with_name("crashy_game.py")


def _killed(tmp_path: Path, at: int, *flags: str) -> Path:
    """A journaled Labyrinth game SIGKILLed right after record ``at``: its state directory."""
    import signal
    import subprocess
    import sys

    state = tmp_path / "state"
    res = subprocess.run([sys.executable, str(HELPER), str(state), str(tmp_path / "w"), "7", "--game", "labyrinth",
                          "--players", "3", "--kill-at", str(at), *flags], capture_output=True, text=True, timeout=300)
    assert res.returncode == -signal.SIGKILL, res.stderr
    return state


@pytest.mark.parametrize("quiet", [False, True])
def test_play_resumes_a_killed_labyrinth_game_and_plays_it_to_a_winner(tmp_path: Path, quiet: bool) -> None:
    import subprocess
    import sys

    state = _killed(tmp_path, 150)
    cli = subprocess.run([sys.executable, "-m", "mazeboard.controller.cli", "play", "--game", "labyrinth",
                          "--state-dir", str(state), *(["--quiet"] if quiet else [])],
                         capture_output=True, text=True, timeout=300)
    assert cli.returncode == 0, cli.stderr[-800:]
    assert "Winner:" in cli.stdout and "Traceback" not in cli.stderr
    if not quiet:
        assert "Resumed the saved game" in cli.stdout
        assert "put the pawns back" in cli.stdout.lower() or "as saved" in cli.stdout


def test_service_run_resumes_a_killed_labyrinth_game_instead_of_exiting(tmp_path: Path) -> None:
    """Before, a resumed Labyrinth game never reached a winner and ``service run`` exited 1 at
    every start (a systemd restart loop)."""
    import subprocess
    import sys

    state = _killed(tmp_path, 80)
    p = subprocess.run([sys.executable, "-m", "mazeboard.controller.cli", "service", "run", "--game", "labyrinth",
                        "--virtual-time", "--games", "1", "--state-dir", str(state)],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr[-800:]
    assert "resumed the saved game" in p.stderr and "game_resumed" in p.stderr and "setup_restored" in p.stderr
    assert list((state / "archive").glob("game-*.jsonl"))


def test_a_game_killed_during_the_guided_layout_resumes_with_the_same_tile_and_plays_to_a_winner(
        tmp_path: Path) -> None:
    """SIGKILL after the 12th journal record (the start and 11 Dones of the layout, with the box's
    own cards): ``play --state-dir`` goes on with tile 12, the simulated table keeps the tiles laid
    before the plug was pulled, the game ends with a winner."""
    import json
    import subprocess
    import sys

    state = _killed(tmp_path, 12, "--cards", "physical", "--guided-layout")
    events = tmp_path / "events.jsonl"
    cli = subprocess.run([sys.executable, "-m", "mazeboard.controller.cli", "play", "--game", "labyrinth",
                          "--state-dir", str(state), "--quiet", "--events", str(events)],
                         capture_output=True, text=True, timeout=300)
    assert cli.returncode == 0, cli.stderr[-800:]
    evs = [json.loads(line) for line in events.read_text().splitlines()]
    resumed = next(e for e in evs if e["type"] == "game_resumed")
    assert resumed["state"] == "waiting_for_layout" and resumed["step"] == 11 and len(resumed["laid"]) == 11
    assert [e["index"] for e in evs if e["type"] == "layout_step"][:2] == [11, 12]
    assert "Winner:" in cli.stdout


def test_play_says_which_settings_it_did_not_apply_to_the_resumed_game(tmp_path: Path) -> None:
    """A maker resumes with other settings (``--cards-each 3 --players 4``): the saved game goes on
    as it was, and ``play`` says in one line which settings it did not use and how to use them
    (``--new``); settings left at their defaults are not named (before: silently ignored)."""
    import subprocess
    import sys

    state = _killed(tmp_path, 60)
    cli = subprocess.run([sys.executable, "-m", "mazeboard.controller.cli", "play", "--game", "labyrinth",
                          "--state-dir", str(state), "--cards-each", "3", "--players", "4", "--quiet"],
                         capture_output=True, text=True, timeout=300)
    assert cli.returncode == 0, cli.stderr[-800:]
    lines = [ln for ln in cli.stderr.splitlines() if "not applied" in ln]
    assert len(lines) == 1, cli.stderr[-800:]
    assert "--cards-each 3" in lines[0] and "--players 4" in lines[0] and "--new" in lines[0], lines[0]
    assert "--seed" not in lines[0] and "--game" not in lines[0], lines[0]
    assert "(red " in cli.stdout and "blue " in cli.stdout and "green " in cli.stdout  # three players played on
