"""Issue 15, Struggle newcomers 64, 65 and 68: the phone that held Red's seat was closed, and the laptop still said
"🔒 Red's card: on another screen" as if that screen were there; the newcomer expected the card to follow. The card
is secret and moves only at a person's "⇄ show it here instead", but the page says when the screen holding it is
closed: the ``seats`` message's ``away``, the taken seats whose browser has no page open on the server now."""

from __future__ import annotations

from typing import Any, Iterator

import aiohttp
import pytest
from test_server import _recv, run, start


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    p, url = start("--game", "struggle", "--seed", "7", "--humans", "red")
    yield url
    p.terminate()
    p.wait(timeout=10)


def test_a_seat_whose_browser_has_no_page_open_is_said_away(server: str) -> None:
    async def go() -> None:
        jar = aiohttp.CookieJar(unsafe=True)
        async with aiohttp.ClientSession(cookie_jar=jar) as phone, aiohttp.ClientSession() as laptop:
            async with phone.post(server + "seat/red/claim") as r:
                assert r.status == 200, await r.text()
            async with laptop.ws_connect(server + "ws") as lap:
                async with phone.ws_connect(server + "ws") as held:
                    await _recv(held, lambda m: m["type"] == "hello")
                    seats = await _recv(lap, lambda m: m["type"] == "seats" and m["taken"] == ["red"]
                                        and m.get("away") == [], 10)
                    assert seats["away"] == []
                # the phone's page closed: the laptop hears the seat is away
                seats = await _recv(lap, lambda m: m["type"] == "seats" and m.get("away") == ["red"], 10)
                assert seats["taken"] == ["red"]
                # ...and back when a page of that browser opens again (its private page counts too)
                async with phone.ws_connect(server + "ws?seat=red") as card:
                    await _recv(card, lambda m: m["type"] == "hello")
                    await _recv(lap, lambda m: m["type"] == "seats" and m.get("away") == [], 10)
    run(go())


@pytest.mark.browser
def test_the_laptop_says_the_card_s_screen_is_closed(browser: Any) -> None:
    from playwright.sync_api import expect
    from test_plain_words_browser import WAIT_MS, WIDE, open_page, serving

    with serving(("--game", "struggle", "--seed", "7", "--humans", "red")) as url:
        phone = browser.new_context()
        page = None
        try:
            held = phone.new_page()
            assert held.request.post(url + "seat/red/claim").ok
            held.goto(url)  # the phone's page, opened with its seat
            page = open_page(browser, url, WIDE)
            seat = page.locator(".seat-release.red")
            expect(seat).to_contain_text("Red's card: on another screen", timeout=WAIT_MS)
            phone.close()
            expect(seat).to_contain_text("Red's card: its screen is closed", timeout=WAIT_MS)
            expect(seat).to_contain_text("⇄ show it here instead")
        finally:
            if page is not None:
                page.close()
