"""The hand buttons of the Labyrinth and Struggle pages follow the view's controls (the server's
answer from the board's instruction and the colours the page plays), in headless Chromium:
during a simulated player's turn they are disabled, the reason on hover.

* Labyrinth: "Lift pawn" was enabled whenever the page played a colour; clicked during blue's
  turn the server refused it ("it is blue's turn").
* Struggle: "Gather tokens on start" and "Place tokens as shown" were always enabled.
"""

from __future__ import annotations

import re
import subprocess
import sys
from typing import Any, Iterator

import pytest

from test_game_browser import VIEWPORT, WAIT_MS

pytestmark = pytest.mark.browser


def _serve(*args: str) -> Iterator[str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "mazeboard.controller.cli", "sim", "--port", "0", "--seed", "3",
         "--humans", "red", "--speed", "1", *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    m = re.search(r"(http://127\.0\.0\.1:\d+/)", proc.stdout.readline())
    assert m, proc.stderr.read() if proc.stderr else ""
    yield m.group(1)
    proc.terminate()
    proc.wait(timeout=10)


@pytest.fixture
def labyrinth() -> Iterator[str]:
    yield from _serve("--game", "labyrinth")


@pytest.fixture
def struggle() -> Iterator[str]:
    yield from _serve("--game", "struggle")


def test_labyrinth_lift_follows_the_turn(browser: Any, labyrinth: str) -> None:
    from playwright.sync_api import expect

    page = browser.new_page(viewport=VIEWPORT)
    page.goto(labyrinth)
    expect(page.locator("#prompt")).to_contain_text("Red: turn the spare with Rotate", timeout=WAIT_MS)
    expect(page.locator("#lift")).to_be_disabled()  # red's own pawn waits for the push (newcomer round 4)
    assert "only to put a pawn back" in (page.locator("#lift").get_attribute("title") or "")
    page.locator('.slot[data-slot="S-b"]').click()
    expect(page.locator("#done")).to_be_enabled(timeout=WAIT_MS)
    # red's move: a tile click moves the pawn; Lift only when the board asks for a pawn (stop 23, round 5)
    expect(page.locator("#lift")).to_be_disabled()
    assert "only to put a pawn back" in (page.locator("#lift").get_attribute("title") or "")
    page.click("#done")  # red stays: blue (simulated) plays next
    expect(page.locator(".player.blue")).to_have_class(re.compile(r"\bturn\b"), timeout=WAIT_MS)
    expect(page.locator("#lift")).to_be_disabled()
    assert "Blue's turn" in (page.locator("#lift").get_attribute("title") or "")
    page.close()


def test_struggle_gather_and_follow_are_disabled_mid_round(browser: Any, struggle: str) -> None:
    from playwright.sync_api import expect

    page = browser.new_page(viewport=VIEWPORT)
    page.goto(struggle)
    expect(page.locator("#prompt")).to_contain_text("Red: press Throw", timeout=WAIT_MS)
    expect(page.locator("#gather")).to_be_disabled()  # the tokens stand on the start: a round is under way
    assert "only between rounds" in (page.locator("#gather").get_attribute("title") or "")
    expect(page.locator("#follow")).to_be_disabled()  # nothing to place
    page.click("#throw")
    expect(page.locator("#stop")).to_be_enabled(timeout=WAIT_MS)
    page.click("#stop")
    expect(page.locator("#prompt")).to_contain_text("press Stop to play", timeout=WAIT_MS)
    page.click("#stop")
    expect(page.locator("#follow")).to_be_enabled(timeout=WAIT_MS)  # red's play: red's hand places the tokens
    page.click("#follow")
    expect(page.locator(".player.blue")).to_have_class(re.compile(r"\bturn\b"), timeout=WAIT_MS)
    expect(page.locator("#gather")).to_be_disabled()
    expect(page.locator("#follow")).to_be_disabled()
    assert "Gather" in (page.locator("#gather").get_attribute("title") or "")
    page.close()
