"""Issue 15, Struggle newcomer 26 (phone and wide). What it found confusing, each a check on the page:
the choosing prompt ran to five lines, its letters shrinking, the way's moves said in brackets that the ways list
and the line under the dice say already; the page spoke of "LEDs" a browser does not have."""

from __future__ import annotations

import os
from typing import Any

import pytest
from test_plain_words_browser import PHONE, WIDE, open_page, serving
from test_struggle_choosing_round26a_browser import SEED7, _choosing, _seated

pytestmark = pytest.mark.browser

WAIT = 30000
PORT = int(os.environ.get("MB_TEST_PORT", "0"))


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_the_choosing_prompt_is_short_and_the_way_is_said_beside_the_board(browser: Any, size: tuple[int, int]) -> None:
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, size)
        try:
            _choosing(page)
            _seated(page)
            page.wait_for_function("() => document.getElementById('prompt-text').textContent.includes('way 1 of 3')",
                                   timeout=WAIT)
            prompt = page.locator("#prompt-text").inner_text()
            assert "LED" not in prompt, prompt
            assert "(token" not in prompt and "moves first" not in prompt, prompt
            assert "board lights way 1 of 3" in prompt and "press Stop" in prompt, prompt
            lines = page.evaluate("""() => { const e = document.getElementById('prompt-text');
                return Math.round(e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight)); }""")
            assert lines <= (3 if size == PHONE else 2), (lines, prompt)
            # the moves are on the page beside the board: the ways list (and on a phone the line under the dice)
            where = "#way-shown" if size == PHONE else "#outcomes"
            moves = page.locator(where).inner_text()
            assert "START → space 4" in moves, moves
            body = page.locator("body").inner_text()
            assert "LED" not in body, [line for line in body.splitlines() if "LED" in line]
        finally:
            page.context.close()


def test_a_tap_on_start_picks_the_token_the_play_moves_from_there(browser: Any) -> None:
    """On a phone the five tokens on START are a finger's third wide: a tap on START (its label, between the
    tokens) chooses the token the board asks to move from START; a tap on its space then moves it."""
    with serving(SEED7, PORT) as url:
        ctx = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True)
        page = ctx.new_page()
        try:
            page.add_init_script("localStorage.setItem('mazeboard.guide.struggle', JSON.stringify(['goal', 'dice', 'throw', 'choose', 'place']))")
            page.goto(url)
            page.wait_for_selector("#prompt-text", timeout=WAIT)
            _choosing(page)
            page.locator("#stop").tap()  # play way 1: J START -> space 4, 9 START -> space 1
            page.wait_for_function("() => document.getElementById('prompt-text').textContent.includes('blink')",
                                   timeout=WAIT)
            page.locator('.space[data-sensor="s0"]').scroll_into_view_if_needed()
            spot = page.evaluate("""() => { const r = document.querySelector('.space[data-sensor="s0"]').getBoundingClientRect();
                for (let y = r.top + 2; y < r.bottom; y += 2) for (let x = r.left + 2; x < r.right; x += 2) {
                    const e = document.elementFromPoint(x, y);
                    if (e && e.closest('.space') && !e.closest('.token')) return [x, y]; }
                return null; }""")
            assert spot, "START has no spot free of tokens"
            page.touchscreen.tap(spot[0], spot[1])
            page.wait_for_function("() => !!document.querySelector('.space[data-sensor=\"s0\"] .token.selected')",
                                   timeout=WAIT)
            chosen = page.locator('.space[data-sensor="s0"] .token.selected').inner_text().strip()
            assert chosen in ("J", "9"), chosen
            to = "s4" if chosen == "J" else "s1"
            page.locator(f'.space[data-sensor="{to}"]').tap()
            page.wait_for_function(f"(t) => !!document.querySelector('.space[data-sensor=\"{to}\"] .token[data-token=\"' + t + '\"]')",
                                   arg=chosen, timeout=WAIT)
            assert not page.locator("#error.toast").is_visible() or "first" not in page.locator("#error").inner_text()
        finally:
            ctx.close()
