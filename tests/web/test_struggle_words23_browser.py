"""Issue 15, round 23's Struggle words on the page: on a turn the person here does not play (a
simulated player's), the settle countdown does not ask them to press Stop -- Stop does not act for
them then (hal/web/controls.py refuses it: the one answer for the page's controls)."""

from __future__ import annotations

import time
from typing import Any, Iterator

import pytest
from test_plain_words_browser import WAIT_MS, WIDE, serve, stop


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    # Blue plays here: Red, first, plays by itself
    proc, url = serve(("--game", "struggle", "--players", "2", "--seed", "7", "--humans", "blue", "--port", "8732"))
    yield url
    stop(proc)


@pytest.mark.browser
def test_the_countdown_on_a_simulated_turn_does_not_ask_to_press_stop(browser: Any, server: str) -> None:
    from playwright.sync_api import expect

    page = browser.new_page(viewport={"width": WIDE[0], "height": WIDE[1]})
    page.add_init_script("localStorage.setItem('mazeboard.guide.struggle', JSON.stringify(['goal', 'dice', 'throw', 'choose', 'place']))")
    try:
        page.goto(server)
        expect(page.locator("#conn")).to_have_attribute("data-state", "open", timeout=WAIT_MS)
        seen: list[str] = []
        end = time.monotonic() + WAIT_MS / 1000
        while time.monotonic() < end:
            state = page.evaluate("() => [S.view && S.view.current, document.getElementById('prompt').innerText]")
            if state[0] == "blue":
                break
            if "passes in" in state[1] and state[1] not in seen:
                seen.append(state[1])
            page.wait_for_timeout(40)
        assert seen, "no countdown seen on Red's (simulated) turn"
        assert all("Stop" not in text for text in seen), seen
        assert all("Red plays by itself" in text for text in seen), seen
    finally:
        page.close()
