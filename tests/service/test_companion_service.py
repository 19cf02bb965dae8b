"""The companion page beside ``service run`` (controller/webview.py): off unless the config enables
it; the web server failing (the port taken) is one log line and the games go on; seats are freed
from the board (the lobby's release gesture) and from the config (``[web] release``)."""

from __future__ import annotations

import json
import os
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


def test_install_and_wiring_show_print_how_phones_join(tmp_path: Path) -> None:
    cli = [sys.executable, "-m", "mazeboard.controller.cli"]
    plain = subprocess.run([*cli, "service", "install", "--dry-run"], capture_output=True, text=True, timeout=60)
    assert plain.returncode == 0 and "# Companion page: off" in plain.stdout
    web = subprocess.run([*cli, "service", "install", "--dry-run", "--web"], capture_output=True, text=True, timeout=60)
    assert web.returncode == 0
    host = socket.gethostname().split(".")[0]
    assert f"# Companion page: http://{host}.local:8765/" in web.stdout
    assert '\nenabled = true ' in web.stdout and '\nhost = "0.0.0.0" ' in web.stdout
    assert sum("█" in line for line in web.stdout.splitlines()) >= 12  # the QR code
    config = tmp_path / "mazeboard.toml"
    config.write_text('[web]\nenabled = true\nhost = "0.0.0.0"\nport = 9123\n')
    shown = subprocess.run([*cli, "wiring", "show"], capture_output=True, text=True, timeout=60,
                           env={**os.environ, "MAZEBOARD_CONFIG": str(config)})
    assert shown.returncode == 0 and f"Companion page: http://{host}.local:9123/" in shown.stdout
    config.write_text("[web]\nport = -1\n")
    broken = subprocess.run([*cli, "wiring", "show"], capture_output=True, text=True, timeout=60,
                            env={**os.environ, "MAZEBOARD_CONFIG": str(config)})
    assert broken.returncode == 0 and "Companion page:" in broken.stdout and "web.port" in broken.stdout


def test_the_qr_code_holds_the_address() -> None:
    """The terminal code decodes back to the address (read with the same library's matrix: each
    half-block character is two modules)."""
    import qrcode

    from mazeboard.hal.web.join import qr_text

    url = "http://mazeboard.local:8765/"
    code = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(url)
    code.make(fit=True)
    matrix = code.get_matrix()
    text = qr_text(url).splitlines()
    drawn = []
    for line in text:
        top = [ch in "▀█" for ch in line]
        bottom = [ch in "▄█" for ch in line]
        drawn += [top, bottom]
    dark = [[not cell for cell in row] for row in drawn[:len(matrix)]]  # inverted: dark modules are blank
    assert dark == [list(row) for row in matrix]
