"""Attacker round 26: seats against hostile or unlucky browsers (``mazeboard sim --game labyrinth``).

A colour played here whose seat is claimed, then made a simulated colour by a New game (humans
without it), must not keep its seat: a simulated colour's secret card is nobody's (round 25), so the
old claim may not read the new simulated player's card on ``/seat/COLOUR`` or ``/ws?seat=COLOUR``."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import aiohttp

from test_game_server import _recv, start
from test_seat_server import phone


def test_a_seat_whose_colour_a_new_game_simulates_is_released_and_reads_no_card() -> None:
    p, url = start("--game", "labyrinth", "--seed", "3", "--humans", "red,blue", "--speed", "20")
    try:
        async def go() -> dict[str, Any]:
            async with phone() as a, phone() as b:
                async with a.post(url + "seat/blue/claim") as r:
                    assert r.status == 200
                async with a.ws_connect(url + "ws?seat=blue") as private, b.ws_connect(url + "ws") as shared:
                    first = await _recv(private, lambda m: m["type"] == "hello")
                    assert first["player"] == "blue" and first["secret"], first
                    await _recv(shared, lambda m: m["type"] == "hello")
                    await shared.send_str(json.dumps({"type": "new_game", "players": 2, "humans": ["red"],
                                                      "seed": 11, "edition": "classic", "variants": [], "id": 1}))
                    hello = await _recv(shared, lambda m: m["type"] == "hello")
                    assert hello["humans"] == ["red"]
                    # the open private page hears no simulated player's card, and is told its seat went
                    after: list[dict[str, Any]] = []
                    try:
                        async with asyncio.timeout(3):
                            while True:
                                msg = await private.receive()
                                if msg.type != aiohttp.WSMsgType.TEXT:
                                    break
                                after.append(json.loads(msg.data))
                    except TimeoutError:
                        pass
                async with a.get(url + "seats") as r:
                    seats = await r.json()
                async with a.get(url + "seat/blue") as r:
                    page_status = r.status
                async with a.post(url + "seat/blue/claim") as r:
                    claim = (r.status, await r.json())
                return {"after": after, "seats": seats, "page": page_status, "claim": claim}

        got = asyncio.run(go())
        cards = [m for m in got["after"] if m.get("type") in ("hello", "secret")]
        assert cards == [], f"the simulated blue's card reached the old seat: {cards}"
        assert any(m.get("type") == "error" and "released" in m["message"] for m in got["after"]), got["after"]
        assert "blue" not in got["seats"]["taken"], got["seats"]
        assert got["page"] == 403
        assert got["claim"][0] == 409 and "simulated" in got["claim"][1]["error"], got["claim"]
    finally:
        p.terminate()
        p.wait(timeout=10)
