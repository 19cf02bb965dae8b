"""The emulator served on TCP (pyserial's socket://) on real time, the real serial backend
against it in this process: the scripted slide arrives as steps; hanging up is an unplug."""

from __future__ import annotations

import io
import threading
import time

from mazeboard.controller.app import build_game
from mazeboard.hal.serial.backend import open_session as open_serial
from mazeboard.hal.board import BoardRequest
from mazeboard.sim import serve as serve_mod
from mazeboard.sim.ports import TcpPort

SCENARIO = """
game = "magic-labyrinth"
players = ["red", "blue"]
seed = 7
walls = ["e5-f5"]
dice = [2]
targets = ["owl"]
actions = ["press roll", "slide red a2 a3", "wait 500"]
"""


def test_controller_plays_against_the_emulator_over_tcp(tmp_path, monkeypatch):
    path = tmp_path / "s.toml"
    path.write_text(SCENARIO)
    ports: list[TcpPort] = []
    real_tcp = serve_mod.TcpPort

    def capture(host: str, port: int) -> TcpPort:
        p = real_tcp(host, port)
        ports.append(p)
        return p

    monkeypatch.setattr(serve_mod, "TcpPort", capture)
    server = threading.Thread(target=serve_mod.serve, args=(str(path),),
                              kwargs={"tcp": "127.0.0.1:0", "linger_s": 3.0, "out": io.StringIO()}, daemon=True)
    server.start()
    deadline = time.monotonic() + 10
    while not ports and time.monotonic() < deadline:
        time.sleep(0.01)
    assert ports, "the emulator did not start listening"

    session = open_serial(BoardRequest(seed=1, options={}), port=ports[0].url)
    log: list[dict] = []
    game = build_game(session, [lambda e: log.append(e.to_dict())])
    two_steps = lambda: sum(e["type"] == "step" for e in log) >= 2  # noqa: E731
    game.referee.start()
    session.run(stop=lambda: two_steps() or time.monotonic() > deadline + 20)
    server.join(timeout=10)
    steps = [(e["from"], e["to"]) for e in log if e["type"] == "step"]

    assert steps == [("a1", "a2"), ("a2", "a3")]
    assert session.board.parser.bad_lines == 0
