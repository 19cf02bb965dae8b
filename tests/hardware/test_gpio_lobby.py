"""The lobby and the service loop through the gpio backend on mock pins (issue 13).

One simulated board (:class:`~mazeboard.sim.rig.RigTable`: the world, the
copper on gpiozero's MockFactory, one virtual clock) outlives the service's
board sessions, as a real board does: the lobby reads the pawns on the start
corners through the reed matrix, the start button through its GPIO, and the
games start with the pawns where the lobby saw them.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from gpiozero.pins.mock import MockFactory

from hwkit import DIGITAL
from mazeboard.controller import config as cfg
from mazeboard.controller.journal import ARCHIVE
from mazeboard.controller.lobby import Lobby
from mazeboard.controller.notify import Notifier
from mazeboard.controller.service import Service
from mazeboard.hal.board import BoardRequest
from mazeboard.hal.events import GameEvent
from mazeboard.hal.wiring import load_wiring
from mazeboard.sim.maze import generate_walls
from mazeboard.sim.players import SimPlayer
from mazeboard.sim.rig import RigTable


def _table(factory: MockFactory, seed: int = 3, seaters: bool = True) -> RigTable:
    wiring = load_wiring(DIGITAL)
    walls = generate_walls(wiring.spec.grid, "easy", random.Random(f"maze-{seed}"))
    return RigTable(wiring, walls, factory=factory, seed=seed, seaters=seaters)


def _service(table: RigTable, state: Path, games: int, players: int = 2) -> tuple[Service, list[GameEvent]]:
    events: list[GameEvent] = []
    svc = Service(Lobby("magic-labyrinth", cfg.Config()), BoardRequest(game="magic-labyrinth", realtime=False),
                  str(state), "gpio", Notifier(None), games=games, seed=3, seaters=players, sinks=[events.append],
                  opener=table.open)
    return svc, events


def _states(events: list[GameEvent]) -> list[str]:
    out: list[str] = []
    for e in events:
        if e.type == "lobby" and (not out or out[-1] != e["state"]):
            out.append(e["state"])
    return out


def test_pawns_on_corners_start_games_through_the_gpio_backend_and_the_lobby_comes_back(
        factory: MockFactory, tmp_path: Path) -> None:
    table = _table(factory)
    svc, events = _service(table, tmp_path / "state", games=2, players=3)
    assert svc.run() == 0
    assert [type(s).__name__ for s in table.sessions] == ["GpioSession"] * 4  # lobby, game, lobby, game
    assert _states(events) == ["seating", "playing", "result", "seating", "playing"]
    requested = [e for e in events if e.type == "game_requested"]
    started = [e for e in events if e.type == "game_started"]
    assert [e["players"] for e in requested] == [["red", "blue", "green"]] * 2
    assert [e["corners"] for e in started] == [{"red": "a1", "blue": "a6", "green": "f6"}] * 2
    assert [e.type for e in events].count("game_over") == 2
    # the second lobby saw the pawns where the first game left them and had them put back
    second = [e for e in events if e.type == "lobby" and e["state"] == "seating"]
    assert any(e["strays"] for e in second) or any(len(e["free"]) < 4 for e in second[1:2])
    assert sorted(p.name for p in (tmp_path / "state" / ARCHIVE).iterdir()) == ["game-0001.jsonl", "game-0002.jsonl"]
    assert all(s.board.matrix is not None and s.board.matrix.scans > 0 for s in table.sessions)


def test_people_seat_on_other_corners_and_abandon_from_the_board(factory: MockFactory, tmp_path: Path) -> None:
    table = _table(factory, seaters=False)
    svc, events = _service(table, tmp_path / "state", games=1)
    world, clock = table.world, table.clock
    # the test's hands, at a person's pace (on virtual time a lobby nobody acts in is over at once)
    steps: list[Any] = [lambda: world.place("red", "a1"), lambda: world.place("blue", "a6"),
                        lambda: world.press("roll"), lambda: None]

    def hands(ev: GameEvent) -> None:
        if ev.type == "lobby" and ev["state"] == "seating" and steps:
            for i, step in enumerate(steps):
                clock.call_later(800 * (i + 1), step)
            steps.clear()
        if ev.type == "turn_started" and [e.type for e in events].count("turn_started") == 4:
            for watch in table.sessions[-1].board.watchers:  # the player to roll waits: the table abandons
                player = getattr(watch, "__self__", None)
                if isinstance(player, SimPlayer):
                    player.think_ms = (5000, 5000)
            for i, b in enumerate(["done"] * 6):  # the gesture before the roll, then again to confirm
                clock.call_later(10 + 150 * i, lambda b=b: world.press(b))

    events_sink = svc.sinks[0]
    svc.sinks[0] = lambda ev: (events_sink(ev), hands(ev))  # type: ignore[func-returns-value]
    assert svc.run() == 0
    started = next(e for e in events if e.type == "game_started")
    assert started["players"] == ["red", "blue"] and started["corners"] == {"red": "a1", "blue": "a6"}
    assert [e.type for e in events].count("abandon_asked") == 1
    assert next(e for e in events if e.type == "game_abandoned")["by"] == "board"
    journal = [json.loads(line) for line in
               (tmp_path / "state" / ARCHIVE / "abandoned-0001.jsonl").read_text().splitlines()]
    assert journal[0]["request"]["options"]["start_corners"] == ["a1", "a6"]
    assert journal[-1]["k"] == "abandoned" and journal[-1]["by"] == "board"
