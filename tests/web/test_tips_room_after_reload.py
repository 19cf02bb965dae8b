"""Magic newcomer 112 and Labyrinth newcomer 114 (phones) reloaded in the middle of a game: before, the tips' room under
the prompt said the game's latest line (the last tip read, its room kept for the rest of the game); after, the room was
gone, the board 65-120 px higher, and their next taps landed a row off. The room kept in a game stays across a reload
of that game (this tab's sessionStorage), and goes at the person's own Hide all tips, as before."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_magic_newcomer import WAIT_MS, serve

pytestmark = pytest.mark.browser

SEEN = "localStorage.setItem('mazeboard.guide.magic-labyrinth', JSON.stringify(['move', 'return']))"


def _board_top(page: Any) -> float:
    return float(page.evaluate("document.getElementById('board').getBoundingClientRect().top + window.scrollY"))


def test_the_tips_room_kept_in_a_game_stays_after_a_reload(browser: Any) -> None:
    from playwright.sync_api import expect

    proc, url = serve(("--seed", "7"))
    try:
        page = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True).new_page()
        page.add_init_script(SEEN)  # one tip to come: Roll's
        page.goto(url)
        expect(page.locator("#prompt")).to_have_text(re.compile("Red: press Roll"), timeout=WAIT_MS)
        expect(page.locator("#guide")).to_be_visible(timeout=WAIT_MS)
        page.locator("#guide .guide-ok").tap()  # Got it: none to come, the room kept for the game
        page.wait_for_function("document.body.classList.contains('guide-resting')", timeout=WAIT_MS)
        page.wait_for_timeout(300)
        before = _board_top(page)
        page.reload()
        expect(page.locator("#prompt")).to_have_text(re.compile("Red: press Roll"), timeout=WAIT_MS)
        page.wait_for_timeout(800)
        assert page.evaluate("document.body.classList.contains('guide-resting')")
        assert abs(_board_top(page) - before) <= 2, (before, _board_top(page))
        page.context.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
