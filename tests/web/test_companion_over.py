"""The real board's companion page once a game is over: a seat another phone holds says where its card is, no
lock (the browser simulator's pages say so since the Labyrinth newcomers 38-42; the companion page never told
``common.js`` the game was over, so its "Red 🔒" stayed under the win)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.test_companion_browser import WAIT_MS, Service, claim, phone

pytestmark = pytest.mark.browser


def test_a_seat_held_elsewhere_says_where_its_card_is_once_the_game_is_over(browser: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    svc = Service(tmp_path, "struggle", "--sit-after", "20", "--players", "2")
    try:
        red, spectator = phone(browser, svc.url), phone(browser, svc.url)
        claim(red, "red")
        expect(spectator.locator("span.seat-taken.red")).to_have_text("Red 🔒", timeout=WAIT_MS)
        svc.wait_event("game_started", timeout_s=90)
        expect(spectator.locator("#players .player")).to_have_count(2, timeout=WAIT_MS)
        # the board's game_over, as the page hears it (a whole game of Struggle at real time takes minutes)
        spectator.evaluate("""() => HANDLERS.event({ event: { type: 'game_over', winner: 'red', scores: { red: 40, blue: 10 } },
                                                     view: { ...C.view, phase: 'over', winner: 'red' } })""")
        expect(spectator.locator("span.seat-over.red")).to_have_text("Red's card: on another screen (game over)", timeout=WAIT_MS)
        expect(spectator.locator("#private-links")).not_to_contain_text("🔒")
        # a phone holding no seat does not call that one its own (an attack read "Your seat:" before it)
        label = spectator.locator("#private-links").locator("xpath=preceding-sibling::*[1]")
        expect(label).to_have_text("See your secret card:")  # (blue free: take it; as the simulator's pages say)
        # the lobby after it: the seat is held for the next game again
        spectator.evaluate("() => HANDLERS.phase({ phase: 'lobby' })")
        expect(spectator.locator("span.seat-taken.red")).to_have_text("Red 🔒", timeout=WAIT_MS)
    finally:
        svc.stop()
