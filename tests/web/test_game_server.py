"""``mazeboard sim --game labyrinth|struggle`` end to end over HTTP and the WebSocket: the game's
page at ``/``, private pages at ``/seat/COLOUR`` (only for the browser that claimed the seat) that
get their owner's card only and may not play, hostile messages answered with an error that changes
nothing."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
from typing import Any, Iterator

import aiohttp
import pytest



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
def labyrinth() -> Iterator[str]:
    p, url = start("--game", "labyrinth", "--seed", "3", "--humans", "red", "--speed", "20")
    yield url
    p.terminate()
    p.wait(timeout=10)


@pytest.fixture(scope="module")
def struggle() -> Iterator[str]:
    p, url = start("--game", "struggle", "--seed", "3", "--humans", "red", "--speed", "20", "--rounds", "2")
    yield url
    p.terminate()
    p.wait(timeout=10)


async def _recv(ws: aiohttp.ClientWebSocketResponse, want: Any, timeout_s: float = 20) -> dict[str, Any]:
    async with asyncio.timeout(timeout_s):
        while True:
            msg = json.loads((await ws.receive()).data)
            if want(msg):
                return msg


def run(coro: Any) -> Any:
    return asyncio.run(coro)


@pytest.mark.parametrize("fixture, page, script", [("labyrinth", "Labyrinth", "labyrinth.js"),
                                                   ("struggle", "Struggle", "struggle.js")])
def test_the_games_page_and_the_private_page_are_served(fixture: str, page: str, script: str,
                                                        request: pytest.FixtureRequest) -> None:
    url = request.getfixturevalue(fixture)

    async def go() -> None:
        async with aiohttp.ClientSession() as s:
            async with s.get(url) as r:
                assert r.status == 200 and script in await r.text() and page in await r.text()
            async with s.get(url + "seat/blue") as r:  # not claimed: nobody's page
                assert r.status == 403 and "player.js" not in await r.text()
            async with s.get(url + "player/blue") as r:  # the old open links are gone
                assert r.status == 404
            async with s.get(url + "seat/purple") as r:
                assert r.status == 404
            with pytest.raises(aiohttp.WSServerHandshakeError) as info:
                async with s.ws_connect(url + "ws?seat=blue"):
                    pass
            assert info.value.status == 403
            async with s.get(url + "scenario.toml") as r:
                assert r.status == 404 and "Magic Labyrinth only" in await r.text()
            with pytest.raises(aiohttp.WSServerHandshakeError) as info:
                async with s.ws_connect(url + "ws?player=purple"):
                    pass
            assert info.value.status == 400
    run(go())


def test_a_private_page_gets_its_own_card_and_cannot_play(labyrinth: str) -> None:
    async def go() -> None:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as s:
            async with s.post(labyrinth + "seat/red/claim") as r:
                assert r.status == 200, await r.text()
            async with s.get(labyrinth + "seat/red") as r:
                assert r.status == 200 and "player.js" in await r.text()
            await private_and_shared(s)

    async def private_and_shared(s: aiohttp.ClientSession) -> None:
        async with s.ws_connect(labyrinth + "ws?seat=red") as ws, s.ws_connect(labyrinth + "ws") as shared:
            hello = await _recv(ws, lambda m: m["type"] == "hello")
            assert hello["private"] is True and hello["player"] == "red" and len(hello["secret"]["cards"]) == 1
            assert set(hello) == {"type", "private", "game", "title", "player", "seed", "secret"}
            shared_hello = await _recv(shared, lambda m: m["type"] == "hello")
            assert "secret" not in shared_hello and all(e["type"] != "card_shown" for e in shared_hello["log"])
            await ws.send_str(json.dumps({"type": "rotate", "id": 5}))
            err = await _recv(ws, lambda m: m["type"] == "error")
            assert "private page" in err["message"]
            # the rotate never happened: red's turn still has the spare unturned
            await shared.send_str(json.dumps({"type": "insert", "slot": "S-b", "id": 6}))
            shifted = await _recv(shared, lambda m: m["type"] == "event" and m["event"]["type"] == "shifted")
            assert shifted["event"]["rotation"] == 0
    run(go())


def test_hostile_messages_to_a_struggle_table_get_errors_and_change_nothing(struggle: str) -> None:
    bad = ['{"type": "insert", "slot": "S-b", "id": 1}', '{"type": "press", "button": "die7", "id": 2}',
           '{"type": "move", "token": "K", "to": "s99", "id": 3}', '{"type": "pick", "index": 0, "id": 4}',
           '{"type": "press", "button": "throw", "x": 1, "id": 5}', "{", "[" * 3000]

    async def go() -> None:
        async with aiohttp.ClientSession() as s, s.ws_connect(struggle + "ws") as ws:
            hello = await _recv(ws, lambda m: m["type"] == "hello")
            assert hello["game"] == "struggle" and hello["track"][0] == "start"
            for text in bad:
                await ws.send_str(text)
            errors = [await _recv(ws, lambda m: m["type"] == "error") for _ in bad]
            by_id = {e["id"]: e["message"] for e in errors if "id" in e}
            assert "unknown message type" in by_id[1] and "die7" in by_id[2] and "not on this board" in by_id[3]
            assert "no hand to interpret" in by_id[4] and "unknown field 'x'" in by_id[5]
            async with s.ws_connect(struggle + "ws") as ws2:
                again = await _recv(ws2, lambda m: m["type"] == "hello")
                assert again["world"]["tokens"] == hello["world"]["tokens"]
                assert [e["type"] for e in again["log"]] == [e["type"] for e in hello["log"]]
            await ws.send_str(json.dumps({"type": "press", "button": "throw"}))
            hand = await _recv(ws, lambda m: m["type"] == "event" and m["event"]["type"] == "hand")
            assert hand["event"]["player"] == "red" and hand["view"]["throws"] == 1
    run(go())


def test_a_new_game_of_labyrinth_from_the_page_restarts_with_its_options() -> None:
    p, url = start("--game", "labyrinth", "--seed", "3", "--speed", "20")
    try:
        async def go() -> dict[str, Any]:
            async with aiohttp.ClientSession() as s, s.ws_connect(url + "ws") as ws:
                await _recv(ws, lambda m: m["type"] == "hello")
                await ws.send_str(json.dumps({"type": "new_game", "players": 3, "humans": ["green"], "seed": 11,
                                              "edition": "star-wars", "variants": ["vader"]}))
                await _recv(ws, lambda m: m["type"] == "restarting")
                return await _recv(ws, lambda m: m["type"] == "hello")
        hello = run(go())
        assert hello["game"] == "labyrinth" and hello["title"] == "Star Wars Labyrinth"
        assert hello["players"] == ["red", "blue", "green"] and hello["humans"] == ["green"]
        assert hello["seed"] == 11 and hello["variants"] == ["vader"] and "vader" in hello["world"]["pawns"]
    finally:
        p.terminate()
        p.wait(timeout=10)


def test_the_magic_labyrinth_has_no_private_page() -> None:
    from mazeboard.hal.board import BoardRequest
    from mazeboard.hal.web.server import _greet_private
    from mazeboard.sim.web.session import BrowserSession

    session = BrowserSession(BoardRequest(seed=2, humans=("red",), browser=True), realtime=False)
    sent: list[tuple[dict[str, Any], tuple[int, ...]]] = []
    session.table.outbox = lambda msg, to: sent.append((msg, tuple(to)))
    _greet_private(session.table, 9, "red")
    assert sent == [({"type": "error", "message": "The Magic Labyrinth has no secret cards: there is no private page"},
                     (9,))]
    assert 9 not in session.table.clients  # it gets nothing of the game either
