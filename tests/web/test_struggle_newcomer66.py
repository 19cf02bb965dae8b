"""Issue 15, Struggle newcomer 66 (phone): the five tokens on START are a finger's third wide each, and the newcomer
aimed its taps at one token with care, not knowing that a tap anywhere on START takes the token the play moves
from there. While the play asks for moves and no token is chosen, the line under the board says the next move as
taps: "next: tap START (it takes token J), then space 4"."""

from __future__ import annotations

import os
import re
from typing import Any

import pytest
from test_plain_words_browser import PHONE, serving
from test_struggle_choosing_round26a_browser import SEED7, _choosing

pytestmark = pytest.mark.browser

WAIT = 30000
PORT = int(os.environ.get("MB_TEST_PORT", "0"))
SEEN = "['goal', 'dice', 'throw', 'choose', 'place']"


def _page(browser: Any, url: str, touch: bool) -> tuple[Any, Any]:
    ctx = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=touch, is_mobile=touch)
    page = ctx.new_page()
    page.add_init_script(f"localStorage.setItem('mazeboard.guide.struggle', JSON.stringify({SEEN}))")
    page.goto(url)
    page.wait_for_selector("#prompt-text", timeout=WAIT)
    return ctx, page


def _placing(page: Any, touch: bool) -> None:
    _choosing(page)
    stop = page.locator("#stop")
    stop.tap() if touch else stop.click()  # play way 1: J START -> space 4, 9 START -> space 1
    page.wait_for_function("() => document.getElementById('prompt-text').textContent.includes('blink')", timeout=WAIT)


def test_the_line_under_the_board_says_the_next_move_as_taps(browser: Any) -> None:
    with serving(SEED7, PORT) as url:
        ctx, page = _page(browser, url, touch=True)
        try:
            _placing(page, touch=True)
            hand = page.locator("#hand")
            # (the line follows the prompt's "blink" by a redraw: read at once, a loaded machine saw the line before it)
            page.wait_for_function("() => /next: tap START/.test(document.getElementById('hand').innerText)", timeout=WAIT)
            said = hand.inner_text()
            # (a tap again takes the next token the play moves from START, said: Struggle newcomers 73, 84)
            m = re.search(r"next: tap START \(it takes token (\w+)(?:; tap it again for token \w+)?\), then space (\d+)", said)
            assert m, said
            token, to = m.groups()
            # a tap on START's corner, on no token: the token named is chosen, and the line says where it goes
            box = page.locator('.space[data-sensor="s0"]').bounding_box()
            page.touchscreen.tap(box["x"] + 4, box["y"] + 4)
            page.wait_for_function("(t) => document.querySelector('.token.selected')?.dataset.token === t", arg=token,
                                   timeout=WAIT)
            assert "chosen" in hand.inner_text()
            page.locator(f'.space[data-sensor="s{to}"]').tap()
            page.wait_for_function("(t) => !document.querySelector('.space[data-sensor=\"s0\"] .token[data-token=\"' + t + '\"]')",
                                   arg=token, timeout=WAIT)
            # the other move is said next
            page.wait_for_function("(t) => /next: tap START \\(it takes token \\w+[);]/.test(document.getElementById('hand').innerText)"
                                   " && !document.getElementById('hand').innerText.includes('token ' + t + ')')", arg=token,
                                   timeout=WAIT)
            # ...never while the hand places the tokens itself (Place tokens as shown): the prompt says wait (Struggle
            # newcomer 68 read "next: tap space 4" beside "⏳ Placing the tokens as the play says…: wait")
            said_placing = page.evaluate("() => { S.world = { ...S.world, placing: true }; drawTokens(); "
                                         "const t = document.getElementById('hand').innerText; "
                                         "S.world = { ...S.world, placing: false }; drawTokens(); return t; }")
            assert "next:" not in said_placing, said_placing
        finally:
            ctx.close()


def test_with_a_mouse_the_line_says_click_the_token(browser: Any) -> None:
    with serving(SEED7, PORT) as url:
        ctx, page = _page(browser, url, touch=False)
        try:
            _placing(page, touch=False)
            page.wait_for_function("() => /next: click/.test(document.getElementById('hand').innerText)", timeout=WAIT)
            said = page.locator("#hand").inner_text()
            assert re.search(r"next: click token \w+ on START, then space \d+", said), said
        finally:
            ctx.close()


def test_the_pick_line_says_the_board_s_own_reason(browser: Any) -> None:
    """Struggle newcomer 66 (1920x1080): ways 3 and 4 scored the same and kept J, K and 9 in one order; the pick line
    said way 4 "leaves the racing tokens more in your card's order", and the newcomer, seeing no such thing, played
    way 3. The line says the measure the board's pick won on (rules.py hint_reason, the card page's ``hint_why``)."""
    from test_plain_words_browser import WIDE, open_page

    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("S.hello && S.view", timeout=WAIT)
            said = page.evaluate("""() => {
              S.view.spaces = { J: 6, K: 5, "9": 4 }; S.view.arrived = ["Q", "10"]; S.view.phase = "choosing";
              const card = ["A", "Q", "J", "9", "K"];
              const ways = [{ index: 2, spaces: { J: 9, K: 5, "9": 4 }, arrived: ["Q", "10"] },
                            { index: 3, spaces: { J: 10, K: 6, "9": 4 }, arrived: ["Q", "10"] }];
              const out = {};
              for (const why of [{ reason: "lead", token: "J" }, { reason: "moves", token: null },
                                 { reason: "first", token: null }, null]) {
                drawPickLine(S.view, ways, card, 3, true, why);
                out[why ? why.reason : "none"] = document.getElementById("pick-line").textContent;
              }
              return out;
            }""")
        finally:
            page.close()
    # (the next token named on the card: Struggle newcomer 94 read "the next your card wants" of K, the card's ★ place
    # C, any token, before K's D)
    assert "takes token J, the next named on your card, furthest" in said["lead"], said
    assert "the token it wants last kept back" in said["first"], said  # (a measure of its own: Struggle newcomer 94)
    assert "moves the tokens furthest" in said["moves"] and "comes first in the list" in said["first"], said
    # (the board's own measures named, never "as good in every way": Struggle newcomer 90 saw way 3 take token 9, its card's
    # next but one, a space further, and read the claim as false)
    assert "as good in every way" not in said["first"] and "the board weighs them the same" in said["first"], said
    assert "more in your card's order" not in said["lead"] + said["moves"] + said["first"] + said["none"], said


def test_the_card_page_hears_the_board_s_reason(browser: Any) -> None:
    """The reason reaches the seat's page with the pick (the ``secret``'s ``hint_why``), from the board's ``outcomes``."""
    from test_plain_words_browser import WIDE, open_page
    from test_struggle_choosing_round26a_browser import _seated

    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, WIDE)
        try:
            _choosing(page)
            _seated(page)
            page.wait_for_function("() => !document.getElementById('pick-line').hidden", timeout=WAIT)
            why = page.evaluate("S.hintWhy.red")
            assert why and why["reason"] in ("points", "order", "lead", "moves", "first", "mixed"), why
        finally:
            page.close()


def test_the_chosen_token_s_line_says_tap_on_a_touch_screen_in_any_language(browser: Any) -> None:
    """(an attack, Persian on a phone: "tap START", then "click a space" once the token was chosen; English says "tap"
    by itself, the other languages by their own touch words)"""
    with serving(SEED7 + ("--lang", "de"), PORT) as url:
        ctx, page = _page(browser, url, touch=True)
        try:
            page.wait_for_function("() => S.view && S.view.instruction && S.view.instruction.action === 'throw'"
                                   " && S.view.instruction.player === 'red'", timeout=WAIT)
            page.locator("#throw").tap()
            page.wait_for_function("() => S.view && S.view.throws === 1", timeout=WAIT)
            page.locator("#stop").tap()
            page.wait_for_function("() => S.view && S.view.phase === 'choosing'", timeout=WAIT)
            page.locator("#stop").tap()
            # (the placing step's instruction, not its phase: the "played" event's view is the placing phase with
            # the choosing instruction still, and the hand's line follows the instruction that comes next; CI 64's
            # loaded machine read the line between the two)
            page.wait_for_function("() => S.view && S.view.phase === 'placing' && S.view.instruction"
                                   " && S.view.instruction.action === 'place'", timeout=WAIT)
            assert "tippe auf" in page.locator("#hand").inner_text()
            box = page.locator('.space[data-sensor="s0"]').bounding_box()
            page.touchscreen.tap(box["x"] + 4, box["y"] + 4)
            page.wait_for_function("() => !!document.querySelector('.token.selected')", timeout=WAIT)
            said = page.locator("#hand").inner_text()
            # (the space this play puts it on, named: Struggle newcomer 81)
            assert "gewählt: tippe auf Feld" in said, said
        finally:
            ctx.close()
