"""``service run`` with the lobby (issue 13), on the simulated board, for all three games.

* lobby -> game -> result -> lobby, with simulated people sitting down by themselves;
* abandon from the board (the gesture, confirmed on the board) and from a phone's
  request (Service.submit, confirmed on the board): the game archived with its
  reason, never resumed, and the lobby opens;
* a game no simulated player can finish: archived by the service, exit 0 (never a
  restart loop of exit 1, issue 11's finding);
* restart (SIGKILL) in the lobby comes back to the lobby; mid-game resumes the
  saved game, then the lobby.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable

import pytest

from mazeboard.controller import config as cfg
from mazeboard.controller.cli import main
from mazeboard.controller.journal import ARCHIVE, CURRENT
from mazeboard.controller.lobby import Lobby
from mazeboard.controller.notify import Notifier
from mazeboard.controller.service import Service
from mazeboard.hal.board import BoardRequest
from mazeboard.hal.events import GameEvent

HELPER = Path(__file__).with_name("crashy_service.py")
GAMES = ("magic-labyrinth", "labyrinth", "struggle")


class Recorder:
    """Every event of the service, with a hook called for each (the test's hands)."""

    def __init__(self) -> None:
        self.events: list[GameEvent] = []
        self.hooks: list[Callable[[GameEvent], None]] = []

    def __call__(self, ev: GameEvent) -> None:
        self.events.append(ev)
        for hook in list(self.hooks):
            hook(ev)

    def types(self) -> list[str]:
        return [e.type for e in self.events]

    def lobby_states(self) -> list[str]:
        out: list[str] = []
        for e in self.events:
            if e.type == "lobby" and (not out or out[-1] != e["state"]):
                out.append(e["state"])
        return out


def _service(tmp_path: Path, game: str = "magic-labyrinth", games: int = 2, seed: int = 3,
             players: int = 2, config: cfg.Config | None = None) -> tuple[Service, Recorder]:
    rec = Recorder()
    svc = Service(Lobby(game, config or cfg.Config()), BoardRequest(game=game, realtime=False),
                  str(tmp_path / "state"), "sim", Notifier(None), games=games, seed=seed, seaters=players, sinks=[rec])
    return svc, rec


def _records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.mark.parametrize("game", GAMES)
def test_lobby_game_result_lobby_with_simulated_people(game: str, tmp_path: Path) -> None:
    svc, rec = _service(tmp_path, game, games=2, players=3)
    assert svc.run() == 0
    types = rec.types()
    assert types.count("game_requested") == 2 and types.count("game_started") == 2 and types.count("game_over") == 2
    assert rec.lobby_states() == ["seating", "playing", "result", "seating", "playing"]
    first = next(e for e in rec.events if e.type == "game_requested")
    started = next(e for e in rec.events if e.type == "game_started")
    assert first["players"] == started["players"] and len(started["players"]) == 3
    if game != "struggle":
        assert first["corners"] == started["corners"]  # the corners the pawns sat on are the game's
    result = next(e for e in rec.events if e.type == "lobby" and e["state"] == "result")
    over = next(e for e in rec.events if e.type == "game_over")
    assert result["result"]["winner"] == over["winner"]
    archived = sorted(p.name for p in (tmp_path / "state" / ARCHIVE).iterdir())
    assert archived == ["game-0001.jsonl", "game-0002.jsonl"] and not (tmp_path / "state" / CURRENT).exists()


def _press_later(svc: Service, at_ms: int, buttons: list[str], gap_ms: int = 250) -> None:
    """Press ``buttons`` on the simulated game board, starting ``at_ms`` from now (the test's hands)."""
    pgame = svc.current
    assert pgame is not None and pgame.session.inner is not None
    session: Any = pgame.session.inner
    for i, b in enumerate(buttons):
        session.scheduler.call_later(at_ms + i * gap_ms, lambda b=b: session.world.press(b))


def _pause_players(svc: Service) -> None:
    """The simulated players think for 5 s before their next act (the test's hands act first)."""
    pgame = svc.current
    assert pgame is not None and pgame.session.inner is not None
    for player in getattr(pgame.session.inner, "players", []):
        player.think_ms = (5000, 5000)


def test_abandon_from_the_board_archives_the_game_and_opens_the_lobby(tmp_path: Path) -> None:
    svc, rec = _service(tmp_path, games=2)
    armed = {"done": False}

    def hands(ev: GameEvent) -> None:
        if ev.type == "turn_started" and not armed["done"] and rec.types().count("turn_started") == 6:
            armed["done"] = True
            # the gesture (Done does nothing before the roll), then the same gesture again to confirm;
            # meanwhile the player whose turn it is waits (a table about to abandon does not roll)
            _pause_players(svc)
            _press_later(svc, 5, ["done"] * 6, gap_ms=150)

    rec.hooks.append(hands)
    assert svc.run() == 0
    types = rec.types()
    assert types.count("abandon_asked") == 1 and types.count("game_abandoned") == 1
    asked = types.index("abandon_asked")
    assert rec.events[asked + 1].type == "instruction" and rec.events[asked + 1]["action"] == "abandon"
    assert rec.events[types.index("game_abandoned")]["by"] == "board"
    assert rec.lobby_states() == ["seating", "playing", "seating", "playing"]  # no result for an abandoned game
    state = tmp_path / "state"
    abandoned = _records(state / ARCHIVE / "abandoned-0001.jsonl")
    assert abandoned[-1]["k"] == "abandoned" and abandoned[-1]["by"] == "board"
    assert abandoned[-1]["reason"] == "asked from the board, confirmed on the board"
    presses = [r["ev"]["button"] for r in abandoned if r["k"] == "sensor" and r["ev"]["type"] == "button"]
    assert presses[-2:] == ["done", "done"] and "done" not in presses[:-2]  # the gesture's 3rd and the confirmation never reached it
    assert (state / ARCHIVE / "game-0002.jsonl").exists()  # the next game, from the lobby, was played to the end
    assert svc.played == 2


def test_a_phone_asks_to_abandon_and_the_board_confirms_it(tmp_path: Path) -> None:
    svc, rec = _service(tmp_path, games=1)
    answers: list[Any] = []

    def phone(ev: GameEvent) -> None:
        if ev.type == "turn_started" and not answers and svc.current is not None:
            answers.append(svc.submit(svc.lobby.request_abandon))
            _pause_players(svc)
            _press_later(svc, 400, ["done"] * 3, gap_ms=150)  # the board's abandon gesture confirms

    rec.hooks.append(phone)
    assert svc.run() == 0
    assert answers[0].result(timeout=0) is None
    asked = next(e for e in rec.events if e.type == "abandon_asked")
    assert asked["by"] == "phone"
    assert next(e for e in rec.events if e.type == "game_abandoned")["by"] == "phone"
    assert _records(tmp_path / "state" / ARCHIVE / "abandoned-0001.jsonl")[-1]["by"] == "phone"


def test_a_game_nobody_can_finish_is_archived_and_the_service_goes_on(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    from mazeboard.sim import session as sim_backend

    monkeypatch.setattr(sim_backend, "GAME_LIMIT_MS", 30_000)  # the simulated players cannot win in 30 s
    state = tmp_path / "state"
    code = main(["service", "run", "--virtual-time", "--games", "2", "--seed", "5", "--state-dir", str(state)])
    assert code == 0, capsys.readouterr().err
    archived = sorted(p.name for p in (state / ARCHIVE).iterdir())
    assert archived == ["abandoned-0001.jsonl", "abandoned-0002.jsonl"]
    last = _records(state / ARCHIVE / "abandoned-0001.jsonl")[-1]
    assert last["k"] == "abandoned" and last["by"] == "service" and "could not finish" in last["reason"]
    assert "internal error" not in capsys.readouterr().err
    assert not (state / CURRENT).exists()  # nothing left to resume into the same dead end


def test_a_saved_game_that_ends_abandoned_is_never_resumed(tmp_path: Path) -> None:
    svc, rec = _service(tmp_path, games=1)

    def hands(ev: GameEvent) -> None:
        if ev.type == "turn_started" and rec.types().count("turn_started") == 3:
            _press_later(svc, 5, ["done", "done", "done", "roll"])

    rec.hooks.append(hands)
    svc.run()
    state = tmp_path / "state"
    # the plug pulled after the abandoned record, before the rename: the file is still current.jsonl
    (state / ARCHIVE / "abandoned-0001.jsonl").rename(state / CURRENT)
    svc2, rec2 = _service(tmp_path, games=1, seed=9)
    assert svc2.run() == 0
    assert "game_resumed" not in rec2.types() and rec2.lobby_states()[0] == "seating"
    assert sorted(p.name for p in (state / ARCHIVE).iterdir()) == ["abandoned-0001.jsonl", "game-0002.jsonl"]


# -- restarts (SIGKILL) ------------------------------------------------------------------------
def _run(state: Path, events: Path, seed: int, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(HELPER), str(state), str(events), str(seed), *extra],
                          capture_output=True, text=True, timeout=300)


def _events(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_a_restart_in_the_lobby_comes_back_to_the_lobby(tmp_path: Path) -> None:
    state = tmp_path / "state"
    killed = _run(state, tmp_path / "e1.jsonl", 4, "--kill-on", "lobby:2")
    assert killed.returncode == -signal.SIGKILL
    before = _events(tmp_path / "e1.jsonl")
    assert [e["type"] for e in before if e["type"] == "lobby"] == ["lobby", "lobby"]
    assert before[-1]["type"] == "lobby" and before[-1]["players"]  # killed once a pawn sat down
    assert not (state / CURRENT).exists()
    again = _run(state, tmp_path / "e2.jsonl", 4)
    assert again.returncode == 0, again.stderr
    after = _events(tmp_path / "e2.jsonl")
    assert after[0]["type"] == "lobby" and after[0]["state"] == "seating"
    assert "game_resumed" not in [e["type"] for e in after]
    assert [p.name for p in (state / ARCHIVE).iterdir()] == ["game-0001.jsonl"]


@pytest.mark.parametrize("game", GAMES)
def test_a_restart_mid_game_resumes_the_saved_game_then_the_lobby(game: str, tmp_path: Path) -> None:
    state = tmp_path / "state"
    kill = "turn_started:4" if game != "struggle" else "turn_started:3"
    killed = _run(state, tmp_path / "e1.jsonl", 6, "--game", game, "--kill-on", kill)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert (state / CURRENT).exists()
    again = _run(state, tmp_path / "e2.jsonl", 6, "--game", game, "--games", "2")
    assert again.returncode == 0, again.stderr  # never exit 1: systemd would restart into the same game
    after = _events(tmp_path / "e2.jsonl")
    types = [e["type"] for e in after]
    end = min(types.index(t) for t in ("game_over", "game_abandoned") if t in types)
    assert "game_started" not in types[:end] and "lobby" not in types[:end]  # the saved game went on first
    if game == "labyrinth" and types[end] == "game_abandoned":
        # Labyrinth's board check after a restart is issue 11's (not on this branch's main yet): the
        # resumed game may not be finishable by the simulated players; then the service archives it
        assert after[end]["by"] == "service"
        assert (state / ARCHIVE / "abandoned-0001.jsonl").exists()
    else:
        assert types[end] == "game_over"
        lobby = [e for e in after[end:] if e["type"] == "lobby"]
        assert lobby[0]["state"] == "result" and lobby[0]["result"]["winner"] == after[end]["winner"]
    assert "game_requested" in types[end:] and types[end:].count("game_started") == 1  # then the lobby's game
    assert not (state / CURRENT).exists()


def test_another_thread_reaches_the_lobby_through_submit_at_real_time(tmp_path: Path) -> None:
    """What the companion web view (its own thread) does: read the lobby, change an option, ask to
    start; each call runs on the board session's clock thread and answers through a Future."""
    import threading

    svc, rec = _service(tmp_path, games=0)
    svc.template = BoardRequest(game="magic-labyrinth", realtime=True)
    svc.seaters = 2
    loop = threading.Thread(target=svc.run, daemon=True)
    early = svc.submit(lambda: (threading.current_thread() is loop, svc.lobby.snapshot()))  # before any phase
    loop.start()
    try:
        on_loop, snap = early.result(timeout=30)
        assert on_loop and snap["state"] == "seating" and snap["game"] == "magic-labyrinth"
        assert svc.submit(lambda: svc.lobby.set_option("magic-labyrinth", "assist", True)).result(timeout=10) is None
        bad = svc.submit(lambda: svc.lobby.set_option("magic-labyrinth", "win_tokens", -3))
        with pytest.raises(Exception, match="win_tokens: must be a whole number"):
            bad.result(timeout=10)
        assert svc.submit(svc.lobby.snapshot).result(timeout=10)["options"]["assist"] is True
    finally:
        svc.stop()
        loop.join(30)
    assert not loop.is_alive()
    assert any(e.type == "lobby" and e["options"]["assist"] for e in rec.events)
