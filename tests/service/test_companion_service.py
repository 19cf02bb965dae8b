"""The companion page beside ``service run`` (controller/webview.py): off unless the config enables
it; the web server failing (the port taken) is one log line and the games go on; seats are freed
from the board (the lobby's release gesture) and from the config (``[web] release``)."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from mazeboard.controller import config as cfg
from mazeboard.hal.web.seats import FILE_NAME, Seats

from test_lobby import Table


def _run(tmp: Path, config_text: str, *args: str) -> subprocess.CompletedProcess[str]:
    config = tmp / "mazeboard.toml"
    config.write_text(config_text)
    return subprocess.run(
        [sys.executable, "-m", "mazeboard.controller.cli", "service", "run", "--board", "sim", "--virtual-time",
         "--games", "1", "--seed", "3", "--config", str(config), "--state-dir", str(tmp / "state"),
         "--events", str(tmp / "events.jsonl"), *args],
        capture_output=True, text=True, timeout=300)


def test_a_taken_port_is_one_log_line_and_the_game_goes_on(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        res = _run(tmp_path, f'[web]\nenabled = true\nhost = "127.0.0.1"\nport = {port}\n')
    assert res.returncode == 0, res.stderr[-2000:]
    off = [line for line in res.stderr.splitlines() if "companion page" in line]
    assert len(off) == 1 and "companion page is off" in off[0] and str(port) in off[0], res.stderr[-2000:]
    assert "Traceback" not in res.stderr
    events = [json.loads(line) for line in (tmp_path / "events.jsonl").read_text().splitlines()]
    assert any(e["type"] == "game_over" for e in events)


def test_the_page_is_off_unless_enabled(tmp_path: Path) -> None:
    res = _run(tmp_path, '[web]\nhost = "127.0.0.1"\nport = 0\n')
    assert res.returncode == 0 and "companion page" not in res.stderr


def test_config_release_frees_seats_at_start(tmp_path: Path) -> None:
    state = tmp_path / "state"
    seats = Seats(state / FILE_NAME)
    red, blue = seats.claim("red"), seats.claim("blue")
    res = _run(tmp_path, '[web]\nenabled = true\nhost = "127.0.0.1"\nport = 0\nrelease = ["red", "green"]\n')
    assert res.returncode == 0, res.stderr[-2000:]
    assert "seats freed: red" in res.stderr
    again = Seats(state / FILE_NAME)
    assert not again.holds("red", red) and again.holds("blue", blue)


@pytest.mark.parametrize("game, button, seat", [("magic-labyrinth", "done", ("red", "a1")),
                                                ("labyrinth", "rotate", ("red", "a1")),
                                                ("struggle", "stop", None)])
def test_the_release_gesture_in_the_lobby_frees_those_not_seated(game: str, button: str,
                                                                  seat: tuple[str, str] | None) -> None:
    t = Table(game)
    if seat is not None:
        t.seat(*seat)
    for _ in range(2):
        t.press(button)
        t.wait(300)
    assert not any(e.type == "seats_released" for e in t.events)  # two presses are not the gesture
    t.press(button)
    t.wait(300)
    released = t.last("seats_released")
    if game == "struggle":  # the first `count` colours play (2 by default)
        assert released["colours"] == ["green", "yellow"]
    else:
        assert released["colours"] == ["blue", "green", "yellow"]
    assert released["by"] == "board" and t.lobby.state == "seating"


def test_option_schema_matches_the_file_checks() -> None:
    schema = cfg.option_schema("magic-labyrinth")
    assert schema["assist"] == {"type": "bool"} and schema["maze"]["choices"] == ["easy", "hard"]
    assert schema["win_tokens"] == {"type": "int", "min": 1, "max": 24}
    assert cfg.option_schema("labyrinth")["variants"]["type"] == "list"
