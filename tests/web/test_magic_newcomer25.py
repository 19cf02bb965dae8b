"""Issue 15, Magic newcomer 25 (and Struggle newcomer 24, an attack in session 7), on a phone:

- the first-game tip's kept room went away by itself once no tip was left to come, and the board moved 65 px
  up between two taps; it now stays (since Magic newcomer 31 all game, saying the game's newest line:
  tests/web/test_guide_one_room.py);
- a tip opened with "▾ more" was kept as a room as high as its whole words (Struggle: a quarter of the screen,
  the dice and Throw pushed below it); the room is now as high as the tip folded to its first lines;
- ten lines opened pushed the board's first row and Roll off the screen, and nothing folded them again: an
  opened tip now ends with "▴ less";
- a second tab that hid all tips left this tab's room saying a tip would still come."""

from __future__ import annotations

from typing import Any, Iterator

import pytest
from test_magic_newcomer import ARGS, PHONE, WAIT_MS, roll, wait_action
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser

BOARD_TOP = "() => Math.round(document.getElementById('board').getBoundingClientRect().top + scrollY)"
KEY = "mazeboard.guide.magic-labyrinth"


@pytest.fixture()
def url() -> Iterator[str]:  # a game of its own for each test (two of them roll)
    with serving(ARGS) as address:
        yield address


def _phone(browser: Any, url: str, seen: list[str]) -> Any:
    ctx = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    page.add_init_script(f"localStorage.setItem('{KEY}', JSON.stringify({seen!r}))")
    page.goto(url)
    wait_action(page, "roll")
    return page


def test_an_opened_tip_folds_again_with_less(browser: Any, url: str) -> None:
    page = _phone(browser, url, [])
    try:
        page.wait_for_selector("#guide:not([hidden])", timeout=WAIT_MS)
        folded = page.evaluate("document.getElementById('guide').offsetHeight")
        page.locator("#guide .guide-more").tap()
        page.wait_for_function("document.getElementById('guide').dataset.open !== undefined", timeout=WAIT_MS)
        assert page.evaluate("document.getElementById('guide').offsetHeight") > folded + 40
        less = page.locator("#guide .guide-more")
        assert less.is_visible() and less.inner_text() == "▴ less"
        less.tap()
        page.wait_for_function("document.getElementById('guide').dataset.open === undefined", timeout=WAIT_MS)
        assert page.evaluate("document.getElementById('guide').offsetHeight") == folded
        assert page.locator("#guide .guide-more").inner_text() == "▾ more"
    finally:
        page.context.close()


def test_got_it_on_an_opened_tip_keeps_a_room_as_high_as_the_folded_tip(browser: Any, url: str) -> None:
    page = _phone(browser, url, [])
    try:
        page.wait_for_selector("#guide:not([hidden])", timeout=WAIT_MS)
        folded_top = page.evaluate(BOARD_TOP)
        page.locator("#guide .guide-more").tap()
        page.wait_for_function("document.getElementById('guide').dataset.open !== undefined", timeout=WAIT_MS)
        page.locator("#guide .guide-ok").tap()  # the move's and the drop's tips are still to come: the room stays
        page.wait_for_function("document.body.classList.contains('guide-resting')", timeout=WAIT_MS)
        assert page.evaluate(BOARD_TOP) == folded_top
    finally:
        page.context.close()


def test_the_room_stays_through_the_persons_move_once_no_tip_is_left(browser: Any, url: str) -> None:
    page = _phone(browser, url, ["move", "return"])  # only the roll's tip to come...
    try:
        page.wait_for_selector("#guide:not([hidden])", timeout=WAIT_MS)
        page.evaluate("NOTICE.rested.roll = 1")  # ...shown at a moment before: this one is its second
        top = page.evaluate(BOARD_TOP)
        roll(page)  # the roll's moment ends: the tip is remembered, none is left to come
        page.wait_for_function("document.getElementById('guide').hidden", timeout=WAIT_MS)
        assert page.evaluate("JSON.parse(localStorage.getItem('%s')).includes('roll')" % KEY)
        assert page.evaluate("document.body.classList.contains('guide-resting')") is True
        assert page.evaluate(BOARD_TOP) == top, "the board moved up when the last tip's moment ended"
        # Magic newcomer 26 saw the room say only "every tip has been shown" all game: it says the game's newest
        # line (and stays at Blue's turn too: tests/web/test_guide_one_room.py)
        words = page.evaluate("getComputedStyle(document.getElementById('guide'), '::after').content")
        assert "Every first-game tip has been shown" not in words and "📜" in words, words
        # the room stays through another player's turn too (Magic newcomers 28-31: it went there, and came back with
        # a later first-time tip), saying the log's newest line as the log grows
        page.click("#done")
        wait_action(page, "roll", "blue")
        wait_action(page, "roll", "red")
        assert page.evaluate(BOARD_TOP) == top, "the board moved at another player's turn"
        newest = "document.querySelector('#log li:not(.warning):not([data-type=\"turn_started\"]) .text').textContent"
        page.wait_for_function(f"getComputedStyle(document.getElementById('guide'), '::after').content.includes({newest})",
                               timeout=WAIT_MS)
    finally:
        page.context.close()


def test_a_room_kept_after_another_tab_hid_every_tip_no_longer_promises_a_tip(browser: Any, url: str) -> None:
    page = _phone(browser, url, [])
    try:
        page.wait_for_selector("#guide:not([hidden])", timeout=WAIT_MS)
        page.locator("#guide .guide-ok").tap()
        page.wait_for_function("document.body.classList.contains('guide-resting')", timeout=WAIT_MS)
        # another tab pressed Hide all tips: every tip remembered in the browser's storage
        page.evaluate("localStorage.setItem('%s', JSON.stringify(['roll', 'move', 'return']))" % KEY)
        roll(page)  # the next moment
        words = page.evaluate("getComputedStyle(document.getElementById('guide'), '::after').content")
        assert "next first-game tip" not in words and "📜" in words, words
    finally:
        page.context.close()
