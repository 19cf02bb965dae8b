"""The real board's companion page over HTTP and the WebSocket (``service run --board sim``):
hostile or malformed requests -- bad JSON, oversize, binary, sensor commands, lobby commands without a
seat, bad options, forged paths -- get an error and change nothing; the server and the game go on."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any, Callable

import aiohttp

from test_companion_browser import Service


async def _recv(ws: aiohttp.ClientWebSocketResponse, want: Callable[[dict[str, Any]], bool],
                timeout_s: float = 20) -> dict[str, Any]:
    async with asyncio.timeout(timeout_s):
        while True:
            msg = json.loads((await ws.receive()).data)
            if want(msg):
                return msg  # type: ignore[no-any-return]


def test_hostile_requests_to_a_real_board_change_nothing(tmp_path: Path) -> None:
    svc = Service(tmp_path, "magic-labyrinth", "--sit-after", "600")
    url = svc.url
    bad = [
        "{", "[" * 5000, "x" * 5000, json.dumps({"type": "press", "button": "roll", "id": 1}),
        json.dumps({"type": "slide", "player": "red", "to": "a2", "id": 2}),
        json.dumps({"type": "option", "key": "win_tokens", "value": 3, "id": 3}),  # no seat
        json.dumps({"type": "start", "id": 4}),  # no seat
        json.dumps({"type": "option", "key": "../x", "value": 1, "id": 5}),
        json.dumps({"type": "option", "key": "win_tokens", "value": {"a": [1]}, "id": 6}),
        json.dumps({"type": "option", "key": "win_tokens", "value": 10**30, "id": 7}),
        json.dumps({"type": "abandon", "extra": True, "id": 8}), "null", "1e999",
    ]

    async def go() -> None:
        async with aiohttp.ClientSession() as s, s.ws_connect(url + "ws") as ws:
            hello = await _recv(ws, lambda m: m["type"] == "hello")
            assert hello["page"] == "companion.html" and hello["game"] == "magic-labyrinth"
            for text in bad:
                await ws.send_str(text)
            errors = [await _recv(ws, lambda m: m["type"] == "error") for _ in bad]
            by_id = {e["id"]: e["message"] for e in errors if "id" in e}
            assert "unknown message type" in by_id[1] and "unknown message type" in by_id[2]
            assert "claim a seat" in by_id[3] and "claim a seat" in by_id[4]
            assert "option name" in by_id[5] and "value must be" in by_id[6] and "value must be" in by_id[7]
            assert "unknown field" in by_id[8]
            # a binary frame, a forged seat cookie, an oversized message: errors or a closed socket
            await ws.send_bytes(b"\x00\x01")
            assert "binary" in (await _recv(ws, lambda m: m["type"] == "error"))["message"]
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as s:
            async with s.post(url + "seat/red/claim") as r:
                assert r.status == 200
            async with s.ws_connect(url + "ws") as ws:
                await _recv(ws, lambda m: m["type"] == "hello")
                await ws.send_str(json.dumps({"type": "option", "key": "win_tokens", "value": 99, "id": 9}))
                err = await _recv(ws, lambda m: m["type"] == "error")
                assert "win_tokens" in err["message"]
                await ws.send_str(json.dumps({"type": "option", "key": "nonsense", "value": 1, "id": 10}))
                assert "not an option" in (await _recv(ws, lambda m: m["type"] == "error"))["message"]
                await ws.send_str(json.dumps({"type": "abandon", "id": 11}))
                assert "no game under way" in (await _recv(ws, lambda m: m["type"] == "error"))["message"]
                await ws.send_str(json.dumps({"type": "start", "id": 12}))
                assert "fewer than two" in (await _recv(ws, lambda m: m["type"] == "error"))["message"]
                await ws.send_str(json.dumps({"type": "option", "key": "win_tokens", "value": 3, "id": 13}))
                done = await _recv(ws, lambda m: m["type"] == "done")
                assert done["id"] == 13
                try:
                    await ws.send_str("y" * (2 * 1024 * 1024))
                    await ws.receive()
                except (aiohttp.ClientError, ConnectionError):
                    pass
        async with aiohttp.ClientSession() as s:
            for path in ("static/../../seats.py", "static/%2e%2e/server.py", "seat/red", "seat/%2e%2e/seats.json",
                         "player/red", "scenario.toml"):
                async with s.get(url + path) as r:
                    assert r.status in (403, 404), (path, r.status)
                    assert "SHA-256" not in await r.text()
            async with s.post(url + "seat/red/claim", data=b"x" * 200_000) as r:
                assert r.status in (409, 413)
            async with s.get(url) as r:  # still serving
                assert r.status == 200

    try:
        asyncio.run(go())
        assert svc.proc.poll() is None  # the service plays on
        lobbies = [e for e in svc.events() if e["type"] == "lobby"]
        assert lobbies[-1]["options"]["win_tokens"] == 3  # only the seated phone's valid change
        assert all(e["options"]["win_tokens"] in (5, 3) for e in lobbies)
        assert not any(e["type"] in ("game_requested", "game_started") for e in svc.events())
        assert "Traceback" not in svc.stderr.read_text()
    finally:
        svc.stop()
