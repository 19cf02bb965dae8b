"""Issue 15, Struggle newcomers 16-29: while choosing a way to play the hand, the page's only controls for the
choice were the board's own buttons (Throw for the next way, die 1 for the previous one, die 2 another order):
newcomers read Throw as throwing again and a die tap as holding it. The page now has its own pair beside Stop, on a
phone's first screen: "◀ Previous way" (at the dice's right) and Throw as the next way; the line under the dice says only what the dice
do on the board, in one short sentence."""

from __future__ import annotations

import os
from typing import Any

import pytest
from test_plain_words_browser import PHONE, WIDE, open_page, serving
from test_struggle_choosing_round26a_browser import SEED7, _choosing

pytestmark = pytest.mark.browser

WAIT = 30000
PORT = int(os.environ.get("MB_TEST_PORT", "0"))
SELECTED = "() => S.view.selected"


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_previous_way_is_a_button_of_the_page_beside_next_way_and_stop(browser: Any, size: tuple[int, int]) -> None:
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, size)
        try:
            _choosing(page)
            prev = page.locator("#prev-way")
            assert prev.is_visible(), "no Previous way button while choosing"
            assert "Previous way" in prev.inner_text()
            # at way 1 there is no previous way: greyed, and a press says why and changes nothing
            assert prev.get_attribute("aria-disabled") == "true"
            page.locator("#throw").click()  # the next way: way 2
            page.wait_for_function(f"({SELECTED})() === 1", timeout=WAIT)
            page.wait_for_function("() => document.getElementById('prev-way').getAttribute('aria-disabled') !== 'true'",
                                   timeout=WAIT)
            # the prompt names the page's button, not the board's die 1 (Struggle newcomer 30: "Die 1 for the previous
            # one" where die 1 on the screen was an ace)
            page.wait_for_function("() => document.getElementById('prompt-text').textContent.includes('way 2 of')", timeout=WAIT)
            prompt = page.locator("#prompt-text").inner_text()
            assert "◀ Previous way" in prompt and "Die 1" not in prompt, prompt
            prev.click()
            page.wait_for_function(f"({SELECTED})() === 0", timeout=WAIT)
            # on the first screen with Throw and Stop (on a phone at the dice's right, Throw and Stop under them)
            box = page.evaluate("""() => ['prev-way', 'throw', 'stop'].map((id) => {
                const r = document.getElementById(id).getBoundingClientRect(); return [r.top, r.bottom, r.left, r.right]; })""")
            assert all(b <= size[1] for _, b, _l, _r in box), box
            assert box[0][1] <= box[1][1] and box[0][2] < box[2][3], box
            # the page's buttons choose: no line saying the dice are buttons too, no die ringed as acting, every die
            # off (Struggle newcomers 31, 33: ringed dice beside ◀ Previous way read as hidden buttons)
            assert page.locator("#dice-keys").count() == 0
            assert page.evaluate("[...document.querySelectorAll('#dice .pdie')].every((d) => d.getAttribute('aria-disabled') === 'true' && !d.classList.contains('key'))")
        finally:
            page.context.close()


def test_no_previous_way_button_outside_the_choice(browser: Any) -> None:
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, PHONE)
        try:
            page.wait_for_function("() => document.getElementById('prompt-text').textContent.includes('Red: press Throw')",
                                   timeout=WAIT)
            assert not page.locator("#prev-way").is_visible()
        finally:
            page.context.close()


def test_in_german_the_prompt_and_the_button_name_the_previous_way_alike(browser: Any) -> None:
    """An attack: in German the prompt kept the board's "Würfel 1 für den vorigen" beside an English button."""
    with serving(SEED7, PORT) as url:
        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        page.add_init_script("localStorage.setItem('mazeboard.guide.struggle', JSON.stringify(['goal', 'dice', 'throw', 'choose', 'place']))")
        page.goto(url.rstrip("/") + "/?lang=de")
        page.wait_for_selector("#prompt-text", timeout=WAIT)
        try:
            page.wait_for_function("() => document.getElementById('prompt-text').textContent.includes('Werfen')", timeout=WAIT)
            page.locator("#throw").click()
            page.wait_for_function("() => S.view.throws > 0", timeout=WAIT)
            page.locator("#stop").click()
            page.wait_for_function("() => S.view.phase === 'choosing'", timeout=WAIT)
            page.locator("#throw").click()
            page.wait_for_function(f"({SELECTED})() === 1", timeout=WAIT)
            page.wait_for_function("() => document.getElementById('prompt-text').textContent.includes('Weg 2')", timeout=WAIT)
            prompt = page.locator("#prompt-text").inner_text()
            assert "◀ Voriger Weg" in prompt and "Würfel 1" not in prompt, prompt
            assert page.locator("#prev-way").inner_text().strip() == "◀ Voriger Weg"
        finally:
            page.context.close()
