"""Issue 15, Magic newcomer 14 on a phone (390x844, touch), in Debian's headless Chromium: the tray strip
named a corner ("rolled to the top right") beside a lone ball, with no picture of the tray for it to point
at; and a tap on the ball before the pawn was back said "lifting it lets the ball fall again", which did
not say what to do. The strip now draws the ball in its corner of a small picture of the tray (a tap on
that picture is a tap on the ball), and the refusal says the steps and why."""

from __future__ import annotations

from typing import Any

import pytest

from test_magic_newcomer import DROP_ARGS, PHONE, WAIT_MS, open_page, roll_at_least_two, serve, wait_action

pytestmark = pytest.mark.browser

#: where in its picture each corner's ball sits: the ball's centre against the picture's centre (x, y)
SIDES = {"nw": (-1, -1), "ne": (1, -1), "sw": (-1, 1), "se": (1, 1)}


def test_the_phone_strip_draws_the_ball_in_its_corner_and_a_tap_there_says_what_to_do(browser: Any) -> None:
    from playwright.sync_api import expect

    proc, url = serve(DROP_ARGS)
    try:
        page = open_page(browser, url, PHONE, touch=True)
        roll_at_least_two(page)
        page.locator('#board .cell[data-cell="a2"]').click()
        page.locator('#board .cell[data-cell="a3"]').click()  # through the wall a2-a3: the ball drops
        wait_action(page, "return")
        page.wait_for_function("Object.values(S.world.tray).some((ps) => ps.includes('red'))", timeout=WAIT_MS)
        sensor = page.evaluate("Object.entries(S.world.tray).find(([, ps]) => ps.includes('red'))[0]")
        corner = sensor.replace("tray-", "")
        picture = page.locator(f"#tray-strip .mini-tray.{corner}")
        expect(picture).to_be_visible()
        frame, ball = picture.bounding_box(), picture.locator(".tray-ball.red").bounding_box()
        assert frame and ball
        dx = (ball["x"] + ball["width"] / 2) - (frame["x"] + frame["width"] / 2)
        dy = (ball["y"] + ball["height"] / 2) - (frame["y"] + frame["height"] / 2)
        sx, sy = SIDES[corner]
        assert dx * sx > 4 and dy * sy > 4, f"the {corner} ball is not in that corner of the picture: {dx:.0f}, {dy:.0f}"
        # (newcomer 16: the own ball's words name no corner, "In the tray: tap it …"; their title names it)
        title = (page.locator("#tray-strip .where.mine").get_attribute("title") or "").lower()
        assert {"nw": "top left", "ne": "top right", "sw": "bottom left", "se": "bottom right"}[corner] in title, title
        # the picture's frame, away from the ball, takes the tap: the pawn is not back, so it says what first
        page.mouse.click(frame["x"] + (frame["width"] - 3 if sx < 0 else 3), frame["y"] + (frame["height"] - 3 if sy < 0 else 3))
        expect(page.locator("#error")).to_contain_text("Lift pawn", timeout=WAIT_MS)
        said = page.locator("#error").inner_text()
        assert "fall again" not in said and "a1" in said and "goes back under the pawn" in said, said
        page.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
