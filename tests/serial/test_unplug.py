"""Pulling the USB cable in the middle of a move and plugging it back in.

While the board is away the controller keeps the game (timers run, nothing is
lost) and logs ``board_disconnected``; when it returns the firmware's state
line is reconciled with what the host last heard: the move goes on, no step
is counted twice, and the log says ``board_connected``."""

from __future__ import annotations

import pytest

from mazeboard.hal.board import BoardRequest

from serial_linkutil import open_game, play

SCENARIO = """
game = "magic-labyrinth"
players = ["red", "blue"]
seed = 7
walls = ["e5-f5"]
dice = [4]
targets = ["owl"]
actions = ["press roll", "slide red a2 a3 a4 a5", "wait 4000"]
"""


def steps(log):
    return [(e["player"], e["from"], e["to"], e["steps"]) for e in log if e["type"] == "step"]


@pytest.fixture()
def scenario(tmp_path):
    path = tmp_path / "slide.toml"
    path.write_text(SCENARIO)
    return str(path)


# (unplug at, replug at) in virtual ms; the slide crosses a1-a2 at ~245, a2-a3 ~495, a3-a4 ~745, a4-a5 ~995
@pytest.mark.parametrize("unplug_ms,replug_ms", [(400, 560), (300, 450), (1100, 1500)])
def test_unplug_mid_move_then_replug(scenario, unplug_ms, replug_ms):
    direct_game, direct = play(BoardRequest(scenario=scenario))
    game, log = open_game(BoardRequest(scenario=scenario, sim_link="serial"))
    link = game.session.link
    clock = game.session.scheduler
    clock.call_at(unplug_ms, link.unplug)
    clock.call_at(replug_ms, link.plug)
    game.run()
    assert game.session.board.connected and game.board_connected
    if (unplug_ms, replug_ms) == (400, 560):  # a2 opened and a3 closed while away: both recovered from S
        assert game.session.board.counts["resynced"] == 2
    link.close()

    types = [e["type"] for e in log]
    assert types.count("board_disconnected") == 1 and types.count("board_connected") == 1
    gone = types.index("board_disconnected")
    back = types.index("board_connected")
    assert log[gone]["t"] == unplug_ms and replug_ms <= log[back]["t"] <= replug_ms + 1000
    # the game went on: the same steps, each once, the same end of turn
    assert steps(log) == steps(direct)
    assert [e for e in log if e["type"] == "turn_ended"][0]["reason"] == \
        [e for e in direct if e["type"] == "turn_ended"][0]["reason"]
    assert game.referee.snapshot()["positions"] == direct_game.referee.snapshot()["positions"]
    # nothing but the two link events differs from the in-process log
    assert [e["type"] for e in log if not e["type"].startswith("board_")] == [e["type"] for e in direct]


def test_the_game_keeps_running_while_the_board_stays_away(scenario):
    game, log = open_game(BoardRequest(scenario=scenario, sim_link="serial"))
    link = game.session.link
    game.session.scheduler.call_at(400, link.unplug)
    game.run()
    link.close()
    assert log[-1]["type"] != "board_connected"
    assert any(e["type"] == "board_disconnected" for e in log)
    assert not game.board_connected
    # the settle timer still ended red's turn while the board was away
    assert [e["reason"] for e in log if e["type"] == "turn_ended"] == ["settled"]


def test_a_silent_board_is_dropped_after_the_heartbeat_timeout_and_taken_back(scenario):
    game, log = open_game(BoardRequest(scenario=scenario, sim_link="serial"))
    link = game.session.link
    clock = game.session.scheduler
    emu = link.emulator
    real_send = emu._send

    def hung(message) -> None:  # firmware stuck in a loop: the port stays, no line comes
        if 1000 <= clock.now_ms() < 4000:
            return
        real_send(message)

    emu._send = hung
    game.run()
    link.close()
    lost = [e for e in log if e["type"] == "board_disconnected"]
    assert lost and "heartbeat" in lost[0]["detail"]
    assert 2500 <= lost[0]["t"] <= 3600
    assert any(e["type"] == "board_connected" and e["t"] >= 4000 for e in log)
