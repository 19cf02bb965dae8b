"""Attack 11 on the lobby of ``service run`` (tests that fail on the code they were written against).

* A Struggle game that ends in a shared win ("Red and blue share the win with 30
  points!") is announced by the lobby's result as "Red won (red 30, blue 30).",
  with the first winner's colour on every LED: the lobby contradicts the game.
"""

from __future__ import annotations

from pathlib import Path

from mazeboard.controller import config as cfg
from mazeboard.controller.lobby import Lobby
from mazeboard.controller.notify import Notifier
from mazeboard.controller.service import Service
from mazeboard.hal.board import BoardRequest
from mazeboard.hal.events import GameEvent


def test_a_shared_struggle_win_is_not_announced_as_one_players_win(tmp_path: Path) -> None:
    events: list[GameEvent] = []
    svc = Service(Lobby("struggle", cfg.Config()), BoardRequest(game="struggle", realtime=False),
                  str(tmp_path / "state"), "sim", Notifier(None), games=3, seed=1, seaters=2,
                  sinks=[events.append])
    assert svc.run() == 0
    ties = 0
    for i, ev in enumerate(events):
        if ev.type != "game_over" or len(ev["winners"]) < 2:
            continue
        ties += 1
        result = next(e for e in events[i + 1:] if e.type == "instruction" and e["action"] == "result")
        text = result["text"]
        # the game said every winner shares the win; the lobby must not crown one of them
        assert all(w.capitalize() in text or w in text for w in ev["winners"]), text
        assert f"{ev['winner'].capitalize()} won (" not in text, text
    assert ties, "seed 1's second game is a tie (red 30, blue 30) on the code this was written for"
