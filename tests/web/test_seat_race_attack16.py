"""Attack 16: two screens racing for one seat in the browser simulator. Screen B presses "release it for
this screen" (release, then claim); screen A, told its seat was released, takes it again in between. B's
claim is refused (409) and its page shows the server's words: they said "an adult can release it on the
board" -- the simulator has no board, its page's own "move it to this screen" is the way."""

from __future__ import annotations

import asyncio

import aiohttp

from mazeboard.hal.web.server import WebServer


def _phone() -> aiohttp.ClientSession:
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))


def _taken_words(simulator: bool) -> str:
    server = WebServer("127.0.0.1", 0, simulator=simulator)
    server.start()
    try:
        async def go() -> str:
            async with _phone() as a, _phone() as b:
                async with a.post(server.url + "seat/red/claim") as r:
                    assert r.status == 200
                if simulator:
                    async with b.post(server.url + "seat/red/release") as r:  # B's release...
                        assert r.status == 200
                    async with a.post(server.url + "seat/red/claim") as r:  # ...A takes it back first...
                        assert r.status == 200
                async with b.post(server.url + "seat/red/claim") as r:  # ...B's claim comes too late
                    assert r.status == 409
                    return str((await r.json())["error"])
        return asyncio.run(go())
    finally:
        server.close()


def test_a_seat_taken_in_the_simulator_says_how_to_take_it_here() -> None:
    said = _taken_words(simulator=True)
    assert "taken" in said and "on the board" not in said, said
    assert "⇄ show it here instead" in said, said


def test_a_seat_taken_on_a_real_board_still_says_the_board_releases_it() -> None:
    said = _taken_words(simulator=False)
    assert "an adult can release it on the board" in said, said
