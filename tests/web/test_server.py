"""The web server end to end: ``mazeboard sim`` serving a page, its WebSocket and the scenario
download, with malformed and hostile messages answered by an error and changing nothing."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any, Iterator

import aiohttp
import pytest

from mazeboard.controller.browser import warn_if_exposed
from mazeboard.sim.scenario import load_scenario

STATIC = Path(__file__).resolve().parents[2] / "hal" / "web" / "static"


def start(*args: str) -> tuple[subprocess.Popen[str], str]:
    p = subprocess.Popen([sys.executable, "-m", "mazeboard.controller.cli", "sim", "--port", "0", *args],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert p.stdout is not None
    line = p.stdout.readline()
    m = re.search(r"(http://127\.0\.0\.1:\d+/)", line)
    if not m:
        p.kill()
        raise AssertionError(f"no address printed: {line!r} {p.stderr.read() if p.stderr else ''}")
    return p, m.group(1)


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    p, url = start("--seed", "7", "--humans", "red", "--speed", "20", "--maze", "a1-b1")
    yield url
    p.terminate()
    p.wait(timeout=10)


async def _recv(ws: aiohttp.ClientWebSocketResponse, want: Any, timeout_s: float = 20) -> dict[str, Any]:
    """The next message for which ``want(msg)`` holds (others are skipped)."""
    async with asyncio.timeout(timeout_s):
        while True:
            msg = json.loads((await ws.receive()).data)
            if want(msg):
                return msg


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_the_page_and_its_files_are_served_with_nothing_from_the_network(server: str) -> None:
    async def go() -> None:
        async with aiohttp.ClientSession() as s:
            for path in ("", "static/board.js", "static/board.css"):
                async with s.get(server + path) as r:
                    assert r.status == 200
            async with s.get(server + "static/../../session.py") as r:
                assert r.status in (403, 404)
    run(go())
    for f in STATIC.iterdir():
        text = f.read_text()
        assert not re.search(r"""(src|href)=["'](https?:)?//""", text), f"{f.name} loads from the network"
        assert "@import" not in text and "cdn" not in text.lower()


def test_hello_first_then_live_events(server: str) -> None:
    async def go() -> None:
        async with aiohttp.ClientSession() as s, s.ws_connect(server + "ws") as ws:
            hello = await _recv(ws, lambda m: m["type"] not in ("site", "seats", "screens"))  # the server's own, then the game's
            assert hello["type"] == "hello" and hello["humans"] == ["red"] and hello["seed"] == 7
            assert hello["maze"] == "custom (1 walls)"
            assert hello["log"][0]["type"] == "game_started"
    run(go())


def test_malformed_and_hostile_messages_get_errors_and_change_nothing(server: str) -> None:
    bad = [
        "not json", "[]", '{"type": "explode", "id": 1}', '{"type": "slide", "player": "red", "to": "z9", "id": 2}',
        '{"type": "press", "button": "roll", "sneaky": 1, "id": 3}', "[" * 5000, '{"type": "press", "button": NaN}',
        '{"type": "slide", "player": "blue", "to": "f5", "id": 4}',  # well-formed, but blue is simulated
        '{"type": "slide", "player": "red", "to": "c4", "id": 5}',  # well-formed, but before the roll
    ]

    async def go() -> None:
        async with aiohttp.ClientSession() as s, s.ws_connect(server + "ws") as ws:
            hello = await _recv(ws, lambda m: m["type"] == "hello")
            pawns = hello["world"]["pawns"]
            for text in bad:
                await ws.send_str(text)
            await ws.send_bytes(b"\x00\x01binary")
            errors = [await _recv(ws, lambda m: m["type"] == "error") for _ in range(len(bad) + 1)]
            by_id = {e["id"]: e["message"] for e in errors if "id" in e}
            assert sorted(by_id) == [1, 2, 3, 4, 5]
            assert "unknown message type" in by_id[1] and "z9" in by_id[2] and "sneaky" in by_id[3]
            assert "blue is a simulated player" in by_id[4] and "press Roll first" in by_id[5]
            anonymous = " | ".join(e["message"] for e in errors if "id" not in e)
            assert anonymous.count("not JSON") == 2 and "too long" in anonymous and "binary" in anonymous
            # nothing moved, and the server still plays: a reconnecting page sees the same pawns
            async with s.ws_connect(server + "ws") as ws2:
                again = await _recv(ws2, lambda m: m["type"] == "hello")
                assert {p: v["cell"] for p, v in again["world"]["pawns"].items()} == {p: v["cell"] for p, v in pawns.items()}
    run(go())


def test_an_oversized_message_gets_the_error_reply_and_the_page_stays_connected(server: str) -> None:
    """Over aiohttp's old 64 KiB limit the socket used to close (1009) instead of replying."""
    from mazeboard.hal.web.protocol import MAX_MESSAGE_CHARS
    from mazeboard.hal.web.server import WS_MAX_MESSAGE_BYTES

    sizes = [MAX_MESSAGE_CHARS + 1, 64 * 1024 + 1, 200_000, WS_MAX_MESSAGE_BYTES - 100]

    async def go() -> tuple[list[str], int | None]:
        async with aiohttp.ClientSession() as s, s.ws_connect(server + "ws") as ws:
            await _recv(ws, lambda m: m["type"] == "hello")
            replies = []
            for i, n in enumerate(sizes):
                text = json.dumps({"type": "press", "button": "roll", "id": 100 + i, "pad": ""})
                await ws.send_str(text[:-2] + "x" * (n - len(text)) + text[-2:])
                replies.append((await _recv(ws, lambda m: m["type"] == "error"))["message"])
            # still connected: a well-formed message still gets its own answer
            await ws.send_str(json.dumps({"type": "explode", "id": 7}))
            assert (await _recv(ws, lambda m: m["type"] == "error"))["id"] == 7
            # past the sane upper bound the socket closes as "message too big"
            await ws.send_str("x" * (WS_MAX_MESSAGE_BYTES + 1))
            async with asyncio.timeout(20):
                while (await ws.receive()).type not in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                    pass
            return replies, ws.close_code
    replies, code = run(go())
    assert replies == [f"message too long ({n} characters, at most {MAX_MESSAGE_CHARS})" for n in sizes]
    assert code == 1009


def test_a_cross_site_page_cannot_open_the_websocket(server: str) -> None:
    async def go() -> int:
        async with aiohttp.ClientSession() as s:
            try:
                async with s.ws_connect(server + "ws", headers={"Origin": "http://evil.example"}):
                    return 101
            except aiohttp.WSServerHandshakeError as e:
                return e.status
    assert run(go()) == 403


def test_a_press_from_the_page_reaches_the_referee_and_the_scenario_download_replays(server: str, tmp_path: Path) -> None:
    async def go() -> str:
        async with aiohttp.ClientSession() as s, s.ws_connect(server + "ws") as ws:
            await _recv(ws, lambda m: m["type"] == "hello")
            await ws.send_str(json.dumps({"type": "press", "button": "roll", "id": 9}))
            rolled = await _recv(ws, lambda m: m["type"] == "event" and m["event"]["type"] == "die_rolled")
            assert rolled["event"]["player"] == "red" and rolled["view"]["phase"] == "move"
            async with s.get(server + "scenario.toml") as r:
                assert r.status == 200 and "attachment" in r.headers["Content-Disposition"]
                return await r.text()
    text = run(go())
    data = tomllib.loads(text)
    assert data["walls"] == ["a1-b1"] and data["actions"][-1] == "press roll"
    f = tmp_path / "s.toml"
    f.write_text(text)
    assert load_scenario(f).dice == (data["dice"][0],)


def test_new_game_from_the_page_restarts_on_the_same_address() -> None:
    p, url = start("--seed", "3", "--speed", "20")
    try:
        async def go() -> dict[str, Any]:
            async with aiohttp.ClientSession() as s, s.ws_connect(url + "ws") as ws:
                await _recv(ws, lambda m: m["type"] == "hello")
                await ws.send_str(json.dumps({"type": "new_game", "players": 3, "maze": "hard",
                                              "humans": ["green"], "seed": 11}))
                await _recv(ws, lambda m: m["type"] == "restarting")
                return await _recv(ws, lambda m: m["type"] == "hello")
        hello = run(go())
        assert hello["players"] == ["red", "blue", "green"] and hello["humans"] == ["green"]
        assert hello["seed"] == 11 and hello["maze"] == "hard"
        assert hello["log"][0]["type"] == "game_started" and hello["log"][0]["players"] == ["red", "blue", "green"]
    finally:
        p.terminate()
        p.wait(timeout=10)


def test_a_busy_port_is_a_one_line_error(server: str) -> None:
    port = server.rsplit(":", 1)[1].strip("/")
    p = subprocess.run([sys.executable, "-m", "mazeboard.controller.cli", "sim", "--port", port],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 2
    assert "cannot listen" in p.stderr and "Traceback" not in p.stderr and len(p.stderr.strip().splitlines()) == 1


def test_serving_beyond_this_computer_warns(capsys: pytest.CaptureFixture[str]) -> None:
    warn_if_exposed("127.0.0.1")
    assert capsys.readouterr().err == ""
    warn_if_exposed("0.0.0.0")
    assert "warning: serving on 0.0.0.0" in capsys.readouterr().err
