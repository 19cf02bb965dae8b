"""Issue 15, Labyrinth newcomer 78 (1920x1080): the phone holding Red's card was closed; on the laptop the seat said
"🔒 Red's card: its screen is closed" and the line under the header "This screen shows the same game: you can move Red
here too; Red's secret card is on the other screen." -- "which one is true?". The line says what the seat says. And
"⇄ show it here instead", the way to move the card, was "printed in very small type inside the seat button. I almost
missed that this is how you move the card": on a wide screen it is as large as the words above it."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator

import pytest

from tests.web.test_plain_words_browser import LABYRINTH, WAIT_MS, WIDE, open_page, serving

pytestmark = pytest.mark.browser

SIZES = """() => { const b = document.querySelector('.seat-release.red');
  return [parseFloat(getComputedStyle(b).fontSize), parseFloat(getComputedStyle(b.querySelector('.seat-release-what')).fontSize)]; }"""


@contextmanager
def held_elsewhere(browser: Any, args: tuple[str, ...], size: tuple[int, int]) -> Iterator[tuple[Any, Any]]:
    """A phone's browser holding Red's seat, its page open, and this screen's page at ``size``: (phone's context, page)."""
    with serving(args) as url:
        phone = browser.new_context()
        page = None
        try:
            held = phone.new_page()
            assert held.request.post(url + "seat/red/claim").ok
            held.goto(url)  # the phone's page, opened with its seat
            page = open_page(browser, url, size)
            yield phone, page
        finally:
            if page is not None:
                page.close()
            phone.close()


def test_the_same_table_line_says_the_card_s_screen_is_closed(browser: Any) -> None:
    from playwright.sync_api import expect

    with held_elsewhere(browser, LABYRINTH + ("--humans", "red"), WIDE) as (phone, page):
        seat, line = page.locator(".seat-release.red"), page.locator("#seat-hint")
        expect(seat).to_contain_text("Red's card: on another screen", timeout=WAIT_MS)
        expect(line).to_contain_text("Red's secret card is on the other screen", timeout=WAIT_MS)
        sizes = page.evaluate(SIZES)  # ...the words moving it as large as the seat's own
        assert sizes[1] >= sizes[0], sizes
        phone.close()
        expect(seat).to_contain_text("Red's card: its screen is closed", timeout=WAIT_MS)
        expect(line).not_to_contain_text("on the other screen", timeout=WAIT_MS)
        expect(line).to_contain_text("the screen that showed Red's secret card is closed now")
        expect(line).to_contain_text("you can move Red here too")


def test_struggle_s_seat_says_it_as_large_too(browser: Any) -> None:
    from playwright.sync_api import expect

    with held_elsewhere(browser, ("--game", "struggle", "--seed", "7", "--humans", "red"), WIDE) as (_, page):
        expect(page.locator(".seat-release.red")).to_contain_text("⇄ show it here instead", timeout=WAIT_MS)
        sizes = page.evaluate(SIZES)
        assert sizes[1] >= sizes[0], sizes


@pytest.mark.parametrize("size", [(1024, 700), (1280, 720), (1366, 768), (1920, 1080)], ids=["1024", "1280", "1366", "1920"])
def test_the_same_table_line_leaves_new_game_in_the_window(browser: Any, size: tuple[int, int]) -> None:
    """(seen checking the line above: between 900 and about 1350 px wide, the header's line "This screen shows the same
    game …" pushed ✨ New game and ? past the window's right edge, where no scroll reaches them)"""
    from playwright.sync_api import expect

    with held_elsewhere(browser, LABYRINTH + ("--humans", "red"), size) as (_, page):
        expect(page.locator("#seat-hint")).to_contain_text("Red's secret card is on the other screen", timeout=WAIT_MS)
        seen = page.evaluate("""() => { const r = (id) => document.getElementById(id).getBoundingClientRect();
          const hint = document.getElementById('seat-hint');
          return { w: innerWidth, newGame: r('new-game').right, help: r('help-button').right, hint: r('seat-hint').right,
                   hintLeft: r('seat-hint').left, cut: hint.scrollWidth > hint.clientWidth + 1,
                   head: document.querySelector('header').getBoundingClientRect().height }; }""")
        assert seen["newGame"] <= seen["w"] and seen["help"] <= seen["w"], seen
        assert seen["hint"] <= seen["w"] and seen["hintLeft"] >= 0 and not seen["cut"], seen
        assert seen["head"] < 110, seen


@pytest.mark.parametrize("size", [(900, 600), (1400, 800), (1600, 900)], ids=["900", "1400", "1600"])
def test_two_seats_held_elsewhere_keep_the_header_whole(browser: Any, size: tuple[int, int]) -> None:
    """(an attack: with Red's and Blue's seats held on another screen, at 1400-1600 px the line shrank to two letters a
    line and the header grew 780-1,980 px tall, the board below the window; at 900 px Red's seat button began past the
    window's left edge; and the line named Red alone)"""
    from playwright.sync_api import expect

    args = ("--game", "labyrinth", "--players", "4", "--humans", "red,blue", "--seed", "3", "--cards-each", "1")
    with serving(args) as url:
        phone = browser.new_context()
        page = None
        try:
            held = phone.new_page()
            for colour in ("red", "blue"):
                assert held.request.post(url + f"seat/{colour}/claim").ok
            held.goto(url)
            page = open_page(browser, url, size)
            line = page.locator("#seat-hint")
            expect(line).to_contain_text("you can move Red and Blue here too", timeout=WAIT_MS)
            seen = page.evaluate("""() => { const rs = [...document.querySelectorAll('header button, header a, #seat-hint')]
                .map((e) => e.getBoundingClientRect()).filter((r) => r.width);
              return { w: innerWidth, left: Math.min(...rs.map((r) => r.left)), right: Math.max(...rs.map((r) => r.right)),
                       head: document.querySelector('header').getBoundingClientRect().height }; }""")
            assert seen["left"] >= 0 and seen["right"] <= seen["w"], seen
            assert seen["head"] < 200, seen
        finally:
            if page is not None:
                page.close()
            phone.close()
