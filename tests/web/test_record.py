"""Saving a browser session as a scenario: the file is valid SCENARIOS.md and replays the game."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

from webtable import open_table

from mazeboard.sim.scenario import load_scenario
from mazeboard.sim.web.protocol import FetchBall, Lift, Place, Press, Slide


def play_a_little(seed: int = 5) -> object:
    t = open_table(seed=seed)
    view = t.session.table.view
    t.advance_until(lambda: view.phase == "roll")
    t.do(Press("roll"), 400)
    t.do(Slide("red", "b1"), 1500)  # the wall
    t.do(Lift("red"), 400)
    t.do(Place("red", "a1"), 400)
    t.do(FetchBall("red"), 1500)
    # blue (a simulated player) plays its turn, then red moves up the open a-file
    t.advance_until(lambda: view.current == "red" and view.phase == "roll" and view.turns >= 3)
    t.do(Press("roll"), 400)
    t.do(Slide("red", "a2"), 400)
    t.clock.advance(5000)  # the pawn rests: the move settles
    return t


def game_lines(events: list[dict]) -> list[str]:
    """The decisions: each event without its times (``t``; ``wall_ms``, the wall clock a page's copy is
    stamped with for its log: docs/browser-sim.md, not part of the event log)."""
    return [json.dumps({k: v for k, v in e.items() if k not in ("t", "wall_ms")}, sort_keys=True) for e in events]


def test_the_saved_scenario_replays_the_same_decisions(tmp_path: Path) -> None:
    t = play_a_little()
    name, text = t.session.table.scenario_toml()
    assert name.startswith("mazeboard-seed5-") and name.endswith(".toml")
    data = tomllib.loads(text)
    assert data["walls"] == ["a1-b1"] and data["players"] == ["red", "blue"] and data["seed"] == 5
    assert data["dice"] == [e["value"] for e in t.events("die_rolled")]
    assert "slide red b1" in data["actions"] and "fetch-ball red" in data["actions"]
    assert any(a.startswith("slide blue") for a in data["actions"])  # the simulated player's hands too
    path = tmp_path / name
    path.write_text(text)
    load_scenario(path)  # valid for the scenario parser
    p = subprocess.run([sys.executable, "-m", "mazeboard.controller.cli", "sim", "--scenario", str(path)],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    replayed = [json.loads(line) for line in p.stdout.splitlines()]
    live = t.events()
    assert game_lines(replayed)[: len(live)] == game_lines(live)
    # times agree too: virtual time live, virtual time on replay
    assert [e["t"] for e in replayed[: len(live)]] == [e["t"] for e in live]


def test_waits_put_each_action_back_at_the_moment_it_happened() -> None:
    t = play_a_little()
    recorder = t.session.table.recorder
    lines = recorder.action_lines()
    assert all(not (a.startswith("wait") and b.startswith("wait")) for a, b in zip(lines, lines[1:]))
    # walk the lines as the replaying hand does: press 120 ms, a slide 250 ms a cell, lift/place/fetch instant
    now, starts = 0, []
    for line in lines:
        words = line.split()
        if words[0] == "wait":
            now += int(words[1])
            continue
        cells = words[2:] if words[0] == "slide" else [None]
        for _ in cells:
            starts.append(now)
            now += {"press": 120, "slide": 250}.get(words[0], 0)
    recorded = [a.t_ms for a in recorder.actions]
    assert len(starts) == len(recorded)
    assert all(abs(s - r) < 10 for s, r in zip(starts, recorded)), list(zip(starts, recorded))
