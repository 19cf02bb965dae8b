"""The threaded path a real board uses: reader threads on both ends, a RealtimeClock,
the cable pulled and plugged back in while a pawn is sliding slowly."""

from __future__ import annotations

from mazeboard.hal.board import BoardRequest

from serial_linkutil import open_game, play

SCENARIO = """
game = "magic-labyrinth"
players = ["red", "blue"]
seed = 7
walls = ["e5-f5"]
dice = [2]
targets = ["owl"]
actions = ["press roll", "slide red a2 a3", "wait 200", "press done", "wait 300"]

[sim]
step_ms = 1000
"""


def test_realtime_unplug_and_replug_between_two_steps(tmp_path):
    path = tmp_path / "slow.toml"
    path.write_text(SCENARIO)
    direct = play(BoardRequest(scenario=str(path)))[1]
    game, log = open_game(BoardRequest(scenario=str(path), sim_link="serial", realtime=True))
    link = game.session.link
    clock = game.session.scheduler
    # the pawn crosses into a2 at ~0.6 s and into a3 at ~1.6 s; the cable is out from 1.0 s to 1.2 s
    clock.call_later(1000, link.unplug)
    clock.call_later(1200, link.plug)
    game.run()
    types = [e["type"] for e in log]
    assert "board_disconnected" in types and "board_connected" in types
    assert types.index("board_disconnected") < types.index("board_connected")
    steps = [(e["from"], e["to"], e["steps"]) for e in log if e["type"] == "step"]
    assert steps == [(e["from"], e["to"], e["steps"]) for e in direct if e["type"] == "step"]
    assert [e["type"] for e in log if not e["type"].startswith("board_")] == [e["type"] for e in direct]
