"""Attack 16: a careless New game. The page holding red's seat starts a new game in which red is simulated
(red unticked under "played here"): the seat goes with it -- a simulated colour's card is nobody's -- but the
page said "Your seat (Red) was released from another screen: take it again to see your card" (no other
screen did it, and red cannot be taken again) and red's card page closed saying "claim a colour again". The
seats message names the colours the game simulates; the card page says why it closed."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import aiohttp
import pytest

from test_game_server import _recv, start
from test_plain_words_browser import serving

WAIT_MS = 30_000
GAME = ("--game", "struggle", "--humans", "red,blue", "--seed", "7", "--speed", "20")
NEW_GAME = {"type": "new_game", "players": 2, "humans": ["blue"], "rounds": 1, "seed": 7}


def test_a_seat_a_new_game_simulates_is_said_so_to_its_card_page() -> None:
    p, url = start(*GAME)
    try:
        async def go() -> None:
            async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as phone:
                async with phone.post(url + "seat/red/claim") as r:
                    assert r.status == 200
                async with phone.ws_connect(url + "ws") as shared, phone.ws_connect(url + "ws?seat=red") as card:
                    seats = await _recv(shared, lambda m: m["type"] == "seats")
                    assert seats["mine"] == ["red"] and seats["simulated"] == [], seats
                    await _recv(card, lambda m: m["type"] == "hello")
                    await shared.send_str(json.dumps(NEW_GAME))
                    told = await _recv(card, lambda m: m["type"] == "error")
                    assert "simulated" in told["message"] and "claim a colour again" not in told["message"], told
                    seats = await _recv(shared, lambda m: m["type"] == "seats" and "red" not in m["taken"])
                    assert seats["simulated"] == ["red"], seats
        asyncio.run(go())
    finally:
        p.terminate()
        p.wait(timeout=10)


@pytest.mark.browser
def test_the_page_never_says_another_screen_released_a_seat_its_new_game_simulates(browser: Any) -> None:
    from playwright.sync_api import expect

    with serving(GAME) as url:
        context = browser.new_context()
        context.add_init_script("localStorage.setItem('mazeboard.guide.struggle', JSON.stringify(['dice', 'throw', "
                                "'choose', 'place']))")
        page = context.new_page()
        page.goto(url)
        expect(page.locator("#conn")).to_have_text("connected", timeout=WAIT_MS)
        page.locator("button.seat-claim.red").click(timeout=WAIT_MS)
        expect(page.locator("a.seat-link.red")).to_be_visible(timeout=WAIT_MS)
        page.on("dialog", lambda d: d.accept())
        page.locator("#new-game").click()
        page.locator("#ng-humans input[value=red]").uncheck()
        page.locator("#ng-humans input[value=blue]").check()
        page.locator("#new-dialog button[value=start]").click()
        expect(page.locator("#prompt")).to_contain_text("Red plays by itself", timeout=WAIT_MS)
        page.wait_for_timeout(1000)
        assert "another screen" not in page.locator("#notice").inner_text()
        context.close()
