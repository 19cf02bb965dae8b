"""Issue 15, Magic newcomers 64 and 66: the first-game tips read on the phone came all again on the laptop the
newcomer moved to, in the same game (a tip was remembered per browser only). The server keeps the tips read at
its table (``tips_read``: a page tells it each tip read, it tells every board page, and a page opened later hears
them before its hello): a tip read on one screen is read on every screen of that game.

The message is bounded like every other: a guide's name, at most 64 tip names, each a short lower-case word."""

from __future__ import annotations

import asyncio
import json
from typing import Any, Iterator

import aiohttp
import pytest
from test_server import _recv, run, start

GUIDE = "magic-labyrinth"


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    p, url = start("--seed", "7", "--humans", "red", "--speed", "20")
    yield url
    p.terminate()
    p.wait(timeout=10)


def _tips(game: str, *tips: Any) -> str:
    return json.dumps({"type": "tips_read", "game": game, "tips": list(tips)})


async def _quiet(ws: aiohttp.ClientWebSocketResponse, kind: str, seconds: float = 1.0) -> None:
    """No message of type ``kind`` comes within ``seconds``."""
    try:
        await _recv(ws, lambda m: m["type"] == kind, seconds)
    except TimeoutError:
        return
    raise AssertionError(f"a {kind} message came")


def test_a_tip_read_on_one_page_is_told_to_every_board_page_and_to_one_opened_later(server: str) -> None:
    async def go() -> None:
        async with aiohttp.ClientSession() as s, s.ws_connect(server + "ws") as one, s.ws_connect(server + "ws") as two:
            await _recv(one, lambda m: m["type"] == "hello")
            await _recv(two, lambda m: m["type"] == "hello")
            await one.send_str(_tips(GUIDE, "roll"))
            for ws in (one, two):
                told = await _recv(ws, lambda m: m["type"] == "tips_read")
                assert told == {"type": "tips_read", "game": GUIDE, "tips": ["roll"]}
            # the same tip again: nothing new to tell
            await two.send_str(_tips(GUIDE, "roll"))
            await _quiet(one, "tips_read")
            await two.send_str(_tips(GUIDE, "roll", "move"))
            told = await _recv(one, lambda m: m["type"] == "tips_read")
            assert told["tips"] == ["roll", "move"]
            # a page opened later hears them before the game's hello
            async with s.ws_connect(server + "ws") as three:
                first = []
                while not first or first[-1]["type"] != "hello":
                    first.append(json.loads((await three.receive()).data))
                kinds = [m["type"] for m in first]
                assert "tips_read" in kinds and kinds.index("tips_read") < kinds.index("hello"), kinds
                assert first[kinds.index("tips_read")]["tips"] == ["roll", "move"]
    run(go())


BAD = [
    ('{"type": "tips_read", "game": "magic-labyrinth", "tips": "roll", "id": 1}', "tips must be a list of 1 to 64"),
    ('{"type": "tips_read", "game": "magic-labyrinth", "tips": [["roll"]], "id": 2}', "tips must be a list of 1 to 64"),
    ('{"type": "tips_read", "game": "magic-labyrinth", "tips": ["<b>x</b>"], "id": 3}', "tips must be a list of 1 to 64"),
    ('{"type": "tips_read", "game": "magic-labyrinth", "tips": ["' + "a" * 41 + '"], "id": 4}', "tips must be a list of 1 to 64"),
    (_tips(GUIDE, *[f"t{i}" for i in range(65)])[:-1] + ', "id": 5}', "tips must be a list of 1 to 64"),
    ('{"type": "tips_read", "game": "Magic Labyrinth!", "tips": ["roll"], "id": 6}', "game must be"),
    ('{"type": "tips_read", "game": 7, "tips": ["roll"], "id": 7}', "game must be"),
    ('{"type": "tips_read", "tips": ["roll"], "id": 8}', "missing field 'game'"),
    ('{"type": "tips_read", "game": "labyrinth", "tips": ["shift"], "more": 1, "id": 9}', "unknown field 'more'"),
    # (an attack: empty lists under made-up guides used up the guides kept, and a real guide's tips were dropped)
    ('{"type": "tips_read", "game": "labyrinth", "tips": [], "id": 10}', "tips must be a list of 1 to 64"),
    ('{"type": "tips_read", "game": "guide-a", "tips": ["roll"], "id": 11}', "game must be one of"),
]


def test_a_bad_tips_message_is_refused_in_one_line_and_told_to_nobody(server: str) -> None:
    async def go() -> None:
        async with aiohttp.ClientSession() as s, s.ws_connect(server + "ws") as ws, s.ws_connect(server + "ws") as other:
            await _recv(ws, lambda m: m["type"] == "hello")
            await _recv(other, lambda m: m["type"] == "hello")
            for text, _ in BAD:
                await ws.send_str(text)
            errors = [await _recv(ws, lambda m: m["type"] == "error") for _ in BAD]
            by_id = {e["id"]: e["message"] for e in errors}
            for i, (_, reason) in enumerate(BAD, 1):
                assert reason in by_id[i], (i, by_id[i])
                assert "\n" not in by_id[i] and len(by_id[i]) < 200
            await _quiet(other, "tips_read")
    run(go())


def test_the_tips_kept_are_bounded_and_the_latest_are_kept(server: str) -> None:
    """At most 64 tips a guide are kept, the latest read: a flood of made-up names never stops a real tip read after
    it from being told (an attack filled a guide, and then a page's real tip was dropped)."""
    async def go() -> None:
        async with aiohttp.ClientSession() as s, s.ws_connect(server + "ws") as ws, s.ws_connect(server + "ws") as other:
            await _recv(ws, lambda m: m["type"] == "hello")
            await _recv(other, lambda m: m["type"] == "hello")
            for part in range(3):
                await ws.send_str(_tips("struggle", *[f"junk{part}_{i}" for i in range(64)]))
            await ws.send_str(_tips("struggle", "dice"))
            told = await _recv(other, lambda m: m["type"] == "tips_read" and "dice" in m["tips"])
            assert len(told["tips"]) == 64 and told["tips"][-1] == "dice", len(told["tips"])
            async with s.ws_connect(server + "ws") as later:
                kept: dict[str, list[str]] = {}
                while True:
                    msg = json.loads((await later.receive()).data)
                    if msg["type"] == "hello":
                        break
                    if msg["type"] == "tips_read":
                        kept[msg["game"]] = msg["tips"]
                assert set(kept) <= {"magic-labyrinth", "labyrinth", "struggle"}, kept
                assert all(len(t) <= 64 for t in kept.values()) and "dice" in kept["struggle"], kept
    run(go())
