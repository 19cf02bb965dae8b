"""Issue 15, Magic newcomers 89 and 93: after the ball drop, Lift, a click on the start corner, and F pressed a moment
later (0.6 s, 0.8 s) was refused, "Fish ball out (F): first press ✊ Lift pawn and click a1", both done already: the
pawn was still on its way down (the page's hand, ``world.hands``, busy; the board had not seen it on its corner). A
fish asked for while this page's own hand sets the pawn down on the corner the board asks for is done once the pawn
stands there, and said so meanwhile; a hand that sets it down elsewhere drops the fish asked for."""

from __future__ import annotations

from typing import Any

import pytest
from test_magic_newcomer import ARGS, WAIT_MS, open_page, roll, serve, wait_action

pytestmark = pytest.mark.browser

WIDE = (1920, 1080)

#: the board's word (its events, each with the view) held back until the test lets it through; the world (the hand,
#: the pawns) comes as it does
HOLD = """() => { window.HELD = []; window.EVENT_WAS = HANDLERS.event; HANDLERS.event = (m) => HELD.push(m); }"""
RELEASE = """() => { HANDLERS.event = EVENT_WAS; for (const m of HELD.splice(0)) EVENT_WAS(m); }"""


@pytest.mark.parametrize("how", ["key", "tray"])
def test_fish_ball_out_asked_while_the_pawn_is_set_down_on_its_corner_is_done(browser: Any, how: str) -> None:
    from playwright.sync_api import expect

    proc, url = serve(ARGS + ("--humans", "red"), speed="1")  # a hand as slow as a person's screen sees it
    try:
        page = open_page(browser, url, WIDE)
        roll(page)
        page.locator('#board .cell[data-cell="b1"]').click()  # through the wall a1-b1: the ball drops
        wait_action(page, "return", "red")
        page.keyboard.press("l")
        # the board's word of the pawn on a1 held back until F is pressed (the moment the newcomers met, made sure of)
        page.evaluate(HOLD)
        page.locator('#board .cell[data-cell="a1"]').click()
        if how == "key":
            page.keyboard.press("f")
        else:
            page.locator("#tray .tray-ball.red, #tray-strip .tray-ball.red").first.click()
        said = page.locator("#error").inner_text()
        assert "first press" not in said and "Lift" not in said, said
        assert "once your pawn stands on a1" in said, said
        if how == "key":  # a click elsewhere meanwhile: the pawn said on its way, not "press ✊ Lift pawn" (an attack)
            page.locator('#board .cell[data-cell="a2"]').click()
            said = page.locator("#error").inner_text()
            assert "being set down on a1" in said and "Lift" not in said, said
        page.wait_for_function("() => !S.world.hands.red.busy", timeout=WAIT_MS)  # set down: the board has seen it
        page.evaluate(RELEASE)
        # the ball goes back under the pawn, with no second press, and the turn goes on
        page.wait_for_function("() => S.world.pawns.red.ball === 'attached'", timeout=WAIT_MS)
        wait_action(page, "roll", "blue")
        page.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
