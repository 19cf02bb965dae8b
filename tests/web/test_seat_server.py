"""Seats over HTTP and the WebSocket (``mazeboard sim --game labyrinth``): a claimed colour's private
page is that browser's only, a reload keeps it, another browser, a forged cookie, a cross-site
request or a path trick reads nothing and changes nothing."""

from __future__ import annotations

import asyncio
import json
from typing import Any, Iterator

import aiohttp
import pytest

from test_game_server import _recv, start


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    # both colours played here: a simulated colour's seat is not to be claimed (round 25)
    p, address = start("--game", "labyrinth", "--seed", "3", "--humans", "red,blue", "--speed", "20")
    yield address
    p.terminate()
    p.wait(timeout=10)


def phone() -> aiohttp.ClientSession:
    """A browser of its own (cookies for 127.0.0.1 kept, as a browser does)."""
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))


async def _seats(s: aiohttp.ClientSession, url: str) -> dict[str, Any]:
    async with s.get(url + "seats") as r:
        return dict(await r.json())


def test_a_claimed_seat_is_nobody_elses(url: str) -> None:
    async def go() -> None:
        async with phone() as a, phone() as b:
            async with a.post(url + "seat/blue/claim") as r:
                assert r.status == 200 and await r.json() == {"seat": "blue", "url": "/seat/blue"}
                assert "HttpOnly" in r.headers["Set-Cookie"] and "SameSite=Strict" in r.headers["Set-Cookie"]
            assert (await _seats(a, url))["mine"] == ["blue"] and "blue" in (await _seats(b, url))["taken"]
            assert (await _seats(b, url))["mine"] == []
            async with b.post(url + "seat/blue/claim") as r:
                assert r.status == 409 and "taken" in (await r.json())["error"]
            async with b.get(url + "seat/blue") as r:
                assert r.status == 403 and "not yours" in await r.text()
            with pytest.raises(aiohttp.WSServerHandshakeError) as info:
                async with b.ws_connect(url + "ws?seat=blue"):
                    pass
            assert info.value.status == 403
            async with b.post(url + "seat/blue/leave") as r:  # nor can it free it
                assert r.status == 403
            # a reload: the same browser, its cookie, the page again
            for _ in range(2):
                async with a.get(url + "seat/blue") as r:
                    assert r.status == 200 and "player.js" in await r.text()
                async with a.ws_connect(url + "ws?seat=blue") as ws:
                    hello = await _recv(ws, lambda m: m["type"] == "hello")
                    assert hello["player"] == "blue" and hello["private"] is True
    asyncio.run(go())


@pytest.mark.parametrize("cookie", ["", "x" * 32, "../../etc/passwd", "a" * 5000, "é" * 30])
def test_a_forged_cookie_reads_nothing(url: str, cookie: str) -> None:
    async def go() -> None:
        async with phone() as a:
            async with a.post(url + "seat/yellow/claim") as r:
                assert r.status in (200, 409)
        async with aiohttp.ClientSession() as b:
            headers = {"Cookie": f"mb-seat-yellow={cookie}"}
            async with b.get(url + "seat/yellow", headers=headers) as r:
                assert r.status in (400, 403)
            with pytest.raises(aiohttp.WSServerHandshakeError):
                async with b.ws_connect(url + "ws?seat=yellow", headers=headers):
                    pass
    asyncio.run(go())


@pytest.mark.parametrize("path", ["seat/..%2Fred/claim", "seat/red%00/claim", "seat/RED/claim", "seat//claim",
                                  "seat/red/claim/..", "seat/" + "r" * 3000 + "/claim"])
def test_path_tricks_claim_nothing(url: str, path: str) -> None:
    async def go() -> None:
        async with phone() as a:
            before = await _seats(a, url)
            async with a.post(url + path) as r:
                assert r.status in (400, 404, 405, 414), r.status
            assert await _seats(a, url) == before
    asyncio.run(go())


def test_a_cross_site_claim_is_refused(url: str) -> None:
    async def go() -> None:
        async with phone() as a:
            async with a.post(url + "seat/blue/claim", headers={"Origin": "http://evil.example"}) as r:
                assert r.status == 403
            assert "blue" not in (await _seats(a, url))["mine"]
    asyncio.run(go())


def test_leaving_a_seat_closes_its_private_page_and_frees_it(url: str) -> None:
    async def go() -> None:
        async with phone() as a, phone() as b:
            async with a.post(url + "seat/green/claim") as r:
                assert r.status == 200
            async with a.ws_connect(url + "ws?seat=green") as private, b.ws_connect(url + "ws") as shared:
                await _recv(private, lambda m: m["type"] == "site")  # (green does not play: no card)
                seen = await _recv(shared, lambda m: m["type"] == "seats")
                assert "green" in seen["taken"]
                async with a.post(url + "seat/green/leave") as r:
                    assert r.status == 200
                told = await _recv(private, lambda m: m["type"] == "error" and "released" in m["message"])
                assert "released" in told["message"]
                assert (await private.receive()).type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED,
                                                          aiohttp.WSMsgType.CLOSING)
                seen = await _recv(shared, lambda m: m["type"] == "seats" and "green" not in m["taken"])
                assert seen["mine"] == []
            async with a.get(url + "seat/green") as r:
                assert r.status == 403
            async with b.post(url + "seat/green/claim") as r:
                assert r.status == 200
    asyncio.run(go())


def test_the_join_code_and_site_are_served(url: str) -> None:
    async def go() -> None:
        async with phone() as a:
            async with a.get(url + "join.svg") as r:
                assert r.status == 200 and r.content_type == "image/svg+xml" and "<path" in await r.text()
            async with a.ws_connect(url + "ws") as ws:
                site = await _recv(ws, lambda m: m["type"] == "site")
                assert site["reachable"] is False and site["url"].startswith("http://") and site["qr"] == "/join.svg"
                await ws.send_str(json.dumps({"type": "claim", "seat": "red"}))  # claims are HTTP only
                err = await _recv(ws, lambda m: m["type"] == "error")
                assert "unknown message type" in err["message"]
    asyncio.run(go())


def test_the_simulator_releases_a_seat_another_browser_holds(url: str) -> None:
    """The browser simulator has no board to make the release gesture on: the person at the page is the
    adult at the board, so a seat a dead browser holds is freed from the shared page (issue 15)."""
    async def go() -> None:
        async with phone() as a, phone() as b:
            async with a.post(url + "seat/red/claim") as r:
                assert r.status == 200
            assert (await _seats(b, url))["release"] is True
            async with b.post(url + "seat/red/release", headers={"Origin": "http://evil.example"}) as r:
                assert r.status == 403  # cross-site, as the other POSTs
            assert "red" in (await _seats(b, url))["taken"]
            async with b.get(url + "seat/red/release") as r:  # POST only
                assert r.status == 405
            async with b.post(url + "seat/purple/release") as r:
                assert r.status == 404
            async with b.post(url + "seat/red/release") as r:
                assert r.status == 200 and await r.json() == {"released": ["red"]}
            assert "red" not in (await _seats(b, url))["taken"]
            async with a.get(url + "seat/red") as r:  # the old browser's cookie no longer opens it
                assert r.status == 403
            async with b.post(url + "seat/red/claim") as r:
                assert r.status == 200
            async with b.get(url + "seat/red") as r:
                assert r.status == 200 and "player.js" in await r.text()
            async with b.post(url + "seat/red/release") as r:  # frees it again, whoever holds it
                assert r.status == 200
            async with b.post(url + "seat/red/release") as r:  # a free seat: nothing to release
                assert r.status == 200 and await r.json() == {"released": []}
    asyncio.run(go())


def test_the_simulator_moves_a_seat_to_this_browser_in_one_step(url: str) -> None:
    """The page's "⇄ Move it here" (Labyrinth newcomer 80): ``POST /seat/COLOUR/move`` gives this browser the seat
    whichever browser holds it, never free in between: the card page it leaves is told the seat was taken on another
    screen, and no page hears it free (a release, then a claim, made the card page say "the server restarted, or
    the seat was released", and every page log "Red's seat released")."""
    async def go() -> None:
        async with phone() as a, phone() as b, phone() as watcher:
            headers = {"Origin": url.rstrip("/")}
            async with watcher.post(url + "seat/red/release", headers=headers) as r:  # (an earlier test's claim)
                assert r.status == 200
            async with a.post(url + "seat/red/claim") as r:
                assert r.status == 200
            async with b.post(url + "seat/red/move", headers={"Origin": "http://evil.example"}) as r:
                assert r.status == 403  # cross-site, as the other POSTs
            async with b.get(url + "seat/red/move") as r:  # POST only
                assert r.status == 405
            async with b.post(url + "seat/purple/move") as r:
                assert r.status == 404
            async with watcher.ws_connect(url + "ws") as shared, a.ws_connect(url + "ws?seat=red") as card:
                await _recv(card, lambda m: m["type"] == "hello")
                await _recv(shared, lambda m: m["type"] == "seats" and "red" in m["taken"])
                async with b.post(url + "seat/red/move") as r:
                    assert r.status == 200 and await r.json() == {"seat": "red", "url": "/seat/red"}
                err = await _recv(card, lambda m: m["type"] == "error")
                assert "taken on another screen" in err["message"] and "released" not in err["message"], err
                told = []
                try:
                    while True:  # every seats message the shared page hears now: red never free
                        told.append(await _recv(shared, lambda m: m["type"] == "seats", 1.5))
                except (TimeoutError, asyncio.TimeoutError):
                    pass
                assert told and all("red" in m["taken"] for m in told), told
            assert (await _seats(b, url))["mine"] == ["red"] and (await _seats(a, url))["mine"] == []
            async with a.get(url + "seat/red") as r:  # the old browser's cookie no longer opens it
                assert r.status == 403
            async with b.post(url + "seat/red/move") as r:  # held here already: the same seat, kept
                assert r.status == 200
            assert (await _seats(b, url))["mine"] == ["red"]
    asyncio.run(go())


def test_a_real_board_refuses_to_release_a_seat_from_a_page() -> None:
    """A server not built by ``sim`` (the service on the real board): seats are freed on the board."""
    from mazeboard.hal.web.server import WebServer

    server = WebServer("127.0.0.1", 0)
    server.start()
    try:
        async def go() -> None:
            async with phone() as a, phone() as b:
                async with a.post(server.url + "seat/red/claim") as r:
                    assert r.status == 200
                assert (await _seats(b, server.url))["release"] is False
                async with b.post(server.url + "seat/red/release") as r:
                    assert r.status == 403 and "on the board" in (await r.json())["error"]
                async with a.post(server.url + "seat/red/release") as r:  # not even the holder's browser
                    assert r.status == 403
                async with b.post(server.url + "seat/red/move") as r:  # nor moved from a page
                    assert r.status == 403 and "on the board" in (await r.json())["error"]
                assert (await _seats(b, server.url))["taken"] == ["red"]
                async with a.get(server.url + "seat/red") as r:
                    assert r.status == 200
        asyncio.run(go())
    finally:
        server.close()


def test_a_private_page_open_through_a_new_game_gets_its_own_new_hello() -> None:
    """Seen (newcomer, round 4): after ✨ New game the open card page said "'S Card" and showed the
    last game's card: the new game greeted it as a shared page (no player, no card)."""
    # both colours played here: a simulated colour's seat is not to be claimed (round 25)
    p, address = start("--game", "labyrinth", "--seed", "3", "--humans", "red,blue", "--speed", "20")
    try:
        async def go() -> dict[str, Any]:
            async with phone() as a:
                async with a.post(address + "seat/red/claim") as r:
                    assert r.status == 200
                async with a.ws_connect(address + "ws?seat=red") as private, a.ws_connect(address + "ws") as shared:
                    first = await _recv(private, lambda m: m["type"] == "hello")
                    assert first["player"] == "red" and first["private"] is True
                    await _recv(shared, lambda m: m["type"] == "hello")
                    await shared.send_str(json.dumps({"type": "new_game", "players": 2, "humans": ["red"], "seed": 11,
                                                      "edition": "classic", "variants": [], "id": 1}))
                    again = await _recv(private, lambda m: m["type"] == "hello")
                    return {"first": first, "again": again}
        got = asyncio.run(go())
        again = got["again"]
        assert again.get("player") == "red" and again.get("private") is True, again
        assert again != got["first"], "the new game's card page is the old one's"
    finally:
        p.terminate()
        p.wait(timeout=10)


def test_the_simulator_s_not_yours_page_says_how_to_move_the_card_here() -> None:
    """Struggle newcomer 97 opened a held colour's card page on a second phone: a plain page said "an adult can
    release a seat on the board", and neither it nor the README said how. In the simulator the page names the board
    page's "⇄ show it here instead" (common.js: the seat's button), in the page's own look (board.css)."""
    p, url = start("--game", "struggle", "--seed", "3", "--humans", "red,blue", "--speed", "20")  # (its own seats)

    async def go() -> None:
        async with phone() as a, phone() as b:
            async with b.get(url + "seat/blue") as r:  # nobody holds blue: the board's page claims it
                free = await r.text()
                assert r.status == 403
            assert "Nobody holds it now" in free and "press Blue at its top" in free, free
            async with a.post(url + "seat/blue/claim") as r:
                assert r.status == 200
            async with b.get(url + "seat/blue") as r:  # another browser holds it: the board's page moves it here
                text = await r.text()
                assert r.status == 403
            assert "⇄ show it here instead" in text and "Move it here" in text, text
            assert "/static/board.css" in text, text
            assert "pick a free colour" in text, text  # (red is free)
            async with a.post(url + "seat/red/claim") as r:
                assert r.status == 200
            async with b.get(url + "seat/blue") as r:  # ...and no free colour offered once none is (an attack)
                assert "free colour" not in await r.text()
    try:
        asyncio.run(go())
    finally:
        p.terminate()
        p.wait(timeout=10)


def test_a_simulated_colour_s_not_yours_page_says_the_computer_plays_it() -> None:
    """An attack: for a colour the simulator's computer plays, the page said "pick a free colour (an adult can release
    a seat on the board)", a real board's words, with no free colour in the game."""
    p, url = start("--game", "struggle", "--seed", "3", "--humans", "red", "--speed", "20")

    async def go() -> None:
        async with phone() as b:
            async with b.get(url + "seat/blue") as r:
                text = await r.text()
                assert r.status == 403
        assert "Blue is played by the computer in this game" in text and "adult" not in text, text
        assert "free colour" not in text or "Or pick a free colour there." in text, text
    try:
        asyncio.run(go())
    finally:
        p.terminate()
        p.wait(timeout=10)
