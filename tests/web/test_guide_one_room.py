"""Issue 15, Magic newcomers 28-31: on a phone the board moved with the first-game tip's room. The room was kept
while a tip was still to come, went once no tip was left (at another player's turn, or at Hide all tips), and a
first-time tip that came later brought it back: the board went up and down by the tip's height in the middle of
a game. A phone now keeps one tip room under the prompt for a whole game that starts with a tip to come: a tip
shows in it while its moment lasts; otherwise it says the newest line of the game's log (on a phone the log lies
below the first screen). It is given back at the person's own "Hide all tips", and between two games when no tip
is left to come: a game of a person who has seen every tip has the first screen for its board."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_magic_newcomer import WAIT_MS, roll, wait_action
from test_magic_newcomer25 import BOARD_TOP, _phone, url  # noqa: F401 (url: the fixture, a game of each test's own)

pytestmark = pytest.mark.browser

REST = "getComputedStyle(document.getElementById('guide'), '::after').content"
NEWEST = "document.querySelector('#log li:not(.warning):not([data-type=\"turn_started\"]) .text').textContent"


def test_got_it_keeps_the_room_for_the_game_and_hide_all_tips_gives_it_back(browser: Any, url: str) -> None:
    from playwright.sync_api import expect

    page = _phone(browser, url, [])
    try:
        page.wait_for_selector("#guide:not([hidden])", timeout=WAIT_MS)
        with_tip = page.evaluate(BOARD_TOP)
        # Got it: the room stays for this game (and says the next tip comes at its moment: Struggle newcomer 79; the
        # game's latest line once there is a newer one, test_struggle_newcomer79.py)
        page.locator("#guide .guide-ok").tap()
        page.wait_for_function("document.getElementById('guide').hidden", timeout=WAIT_MS)
        assert page.evaluate(BOARD_TOP) == with_tip, "the board moved up at Got it"
        newest = page.evaluate(NEWEST)
        assert newest and newest not in page.evaluate(REST) and "The next tip shows here" in page.evaluate(REST)
        # no "Got it" or "Hide all tips" left to find in the room (only its words)
        assert page.evaluate("[...document.querySelectorAll('#guide button')].every((b) => b.getClientRects().length === 0)")
        roll(page)  # the move's tip, in the same room
        page.wait_for_selector("#guide:not([hidden])", timeout=WAIT_MS)
        assert page.evaluate(BOARD_TOP) == with_tip
        # Hide all tips: the person's own tap gives the room back at once (an attack: kept all game, a 55 px box on a
        # landscape phone said only "Red's turn", and a reload of the same game had none)
        page.locator("#guide .guide-off").tap()
        page.wait_for_function("!document.body.classList.contains('guide-resting')", timeout=WAIT_MS)
        assert page.evaluate(BOARD_TOP) < with_tip
        # ...and a new game has none
        page.locator("#new-game").tap()
        page.locator("#ng-start").tap()
        expect(page.locator("#prompt")).to_have_text(re.compile("press Roll"), timeout=WAIT_MS)
        page.wait_for_timeout(300)
        assert not page.evaluate("document.body.classList.contains('guide-resting')")
    finally:
        page.context.close()


def test_an_opened_tip_folds_when_the_person_acts_and_the_prompt_comes_back_into_view(browser: Any, url: str) -> None:
    """Magic newcomer 32 opened the roll's tip with "▾ more", which pushed Roll below the screen; scrolled down to
    press Roll, the page stayed there: the prompt and its clock ("The move ends in 20 s") out of sight. Acting on the
    board folds an opened tip, and the page goes back to its top, where everything now fits."""
    page = _phone(browser, url, [])
    try:
        page.wait_for_selector("#guide:not([hidden])", timeout=WAIT_MS)
        page.locator("#guide .guide-more").tap()
        page.wait_for_function("document.getElementById('guide').dataset.open !== undefined", timeout=WAIT_MS)
        page.locator("#roll").scroll_into_view_if_needed()
        assert page.evaluate("scrollY") > 0
        page.locator("#roll").tap()
        wait_action(page, "move")
        page.wait_for_function("scrollY === 0", timeout=WAIT_MS)
        prompt = page.evaluate("document.getElementById('prompt').getBoundingClientRect().top")
        assert prompt >= 0
        assert page.evaluate("document.getElementById('guide').dataset.open") is None
    finally:
        page.context.close()
