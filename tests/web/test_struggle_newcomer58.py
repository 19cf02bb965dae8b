"""Issue 15, Struggle newcomer 58 (phone): a tap aimed at K on START chose Q (five tokens on one space, each a finger's
third wide), and "Got it" on a first-game tip brought the next tip at once, several times over (Struggle 56 too). A tap
on a token the play does not move, beside one it moves from the same space, chooses the one it moves; Got it clears
the tip box until the board asks the next thing."""

from __future__ import annotations

import os
from typing import Any

import pytest
from test_plain_words_browser import PHONE, serving
from test_struggle_choosing_round26a_browser import SEED7, _choosing

pytestmark = pytest.mark.browser

WAIT = 30000
PORT = int(os.environ.get("MB_TEST_PORT", "0"))


def _phone(browser: Any, url: str, seen: str) -> tuple[Any, Any]:
    ctx = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    page.add_init_script(f"localStorage.setItem('mazeboard.guide.struggle', JSON.stringify({seen}))")
    page.goto(url)
    page.wait_for_selector("#prompt-text", timeout=WAIT)
    return ctx, page


def test_a_tap_on_a_token_the_play_leaves_chooses_the_one_it_moves_from_there(browser: Any) -> None:
    with serving(SEED7, PORT) as url:
        ctx, page = _phone(browser, url, "['goal', 'dice', 'throw', 'choose', 'place']")
        try:
            _choosing(page)
            page.locator("#stop").tap()  # play way 1: J START -> space 4, 9 START -> space 1
            page.wait_for_function("() => document.getElementById('prompt-text').textContent.includes('blink')",
                                   timeout=WAIT)
            page.locator('.space[data-sensor="s0"] .token[data-token="K"]').tap()  # K stays: J and 9 move
            page.wait_for_function("() => !!document.querySelector('.space[data-sensor=\"s0\"] .token.selected')",
                                   timeout=WAIT)
            chosen = page.locator('.space[data-sensor="s0"] .token.selected').inner_text().strip()
            assert chosen in ("J", "9"), chosen
            # ...and a token the play moves is chosen as tapped, a second tap where the line names another (Struggle
            # newcomer 73: the first tap on START takes the token the line names)
            page.locator('.space[data-sensor="s0"] .token.selected').tap()  # let go
            page.locator('.space[data-sensor="s0"] .token[data-token="9"]').tap()
            page.wait_for_function("() => !!document.querySelector('.space[data-sensor=\"s0\"] .token.selected')", timeout=WAIT)
            if page.evaluate("() => document.querySelector('.space[data-sensor=\"s0\"] .token.selected').dataset.token") != "9":
                page.locator('.space[data-sensor="s0"] .token[data-token="9"]').tap()
            page.wait_for_function("() => document.querySelector('.space[data-sensor=\"s0\"] .token.selected')?.dataset.token === '9'",
                                   timeout=WAIT)
        finally:
            ctx.close()


def test_got_it_clears_the_tip_until_the_board_asks_the_next_thing(browser: Any) -> None:
    with serving(SEED7, PORT) as url:
        ctx, page = _phone(browser, url, "[]")
        try:
            page.wait_for_function("() => !document.getElementById('guide').hidden", timeout=WAIT)
            first = page.locator("#guide").get_attribute("data-tip")
            page.locator("#guide .guide-ok").tap()
            page.wait_for_timeout(800)
            shown = page.evaluate("() => [document.getElementById('guide').hidden, document.getElementById('guide').dataset.tip]")
            assert shown[0], (first, shown)
            page.locator("#throw").tap()  # the board asks the next thing: the next tip may come
            page.wait_for_function("(f) => !document.getElementById('guide').hidden && document.getElementById('guide').dataset.tip !== f",
                                   arg=first, timeout=WAIT)
        finally:
            ctx.close()
