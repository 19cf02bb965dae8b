"""Round 24 (newcomer round 7): on a phone a tap on a greyed control says why where the person looks.

Tapping the greyed Done before Roll, or 🎣 Fish ball out before Lift, showed no message on a phone
(the line was off the screen): the Magic page's error line is brought into view as the other games'
(common.js MB.showError) is.
"""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

ON_SCREEN = ("() => { const r = document.getElementById('error').getBoundingClientRect(); "
             "return {top: r.top, bottom: r.bottom, h: innerHeight, text: document.getElementById('error').textContent}; }")


def _assert_on_screen(page: Any, word: str) -> None:
    from playwright.sync_api import expect

    from test_magic_newcomer import WAIT_MS

    expect(page.locator("#error")).to_contain_text(word, timeout=WAIT_MS)
    page.wait_for_timeout(300)
    box = page.evaluate(ON_SCREEN)
    assert box["top"] >= 0 and box["bottom"] <= box["h"], f"the reason is off the screen: {box}"


def test_a_tap_on_the_greyed_done_before_roll_says_why_on_the_phone_s_screen(browser: Any) -> None:
    from test_magic_newcomer import ARGS, PHONE, open_page, serve

    proc, url = serve(ARGS)
    try:
        page = open_page(browser, url, PHONE, tips=True)  # the newcomer's page: the first tip up
        page.locator("#done").scroll_into_view_if_needed()
        page.locator("#done").click(force=True)  # aria-disabled: a finger taps it anyway
        _assert_on_screen(page, "Done")
        page.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_a_tap_on_fish_ball_out_before_the_lift_says_why_on_the_phone_s_screen(browser: Any) -> None:
    from test_magic_newcomer import ARGS, PHONE, WAIT_MS, open_page, roll, serve, wait_action

    proc, url = serve(ARGS)
    try:
        page = open_page(browser, url, PHONE, tips=True)  # the newcomer's page (p12.png): tips up
        roll(page)
        page.locator('#board .cell[data-cell="b1"]').click()  # through the wall a1-b1: the ball falls
        wait_action(page, "return", None)
        page.wait_for_function("S.view.controls['lift:red'][0] === true", timeout=WAIT_MS)
        page.evaluate("document.getElementById('error').textContent = ''")
        page.locator("#fetch").scroll_into_view_if_needed()
        page.locator("#fetch").click(force=True)
        _assert_on_screen(page, "Lift pawn")
        page.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
