"""Issue 15, round 23 (fourth Struggle newcomer) on the page: after Play on a phone the prompt and the
board come back into view; the hand and Place/Gather keep one place; a token tapped is said in the hand box
(never "nothing"); Play this way at both sizes; the headings' parts are set apart; the dice legend reads as a
die; the first-game tip comes on a phone's screen when it applies."""

from __future__ import annotations

import re
from typing import Any, Iterator

import pytest
from test_plain_words_browser import PHONE, WAIT_MS, WIDE, open_page, serve, stop

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    proc, url = serve(("--game", "struggle", "--players", "2", "--seed", "7", "--humans", "red"), 8741)
    yield url
    stop(proc)


def _top(page: Any, selector: str) -> float:
    """The element's top, px from the page's top (not the viewport's)."""
    return float(page.evaluate("(s) => document.querySelector(s).getBoundingClientRect().top + scrollY", selector))


def _bottom(page: Any, selector: str) -> float:
    """The element's bottom, px from the page's top."""
    return float(page.evaluate("(s) => document.querySelector(s).getBoundingClientRect().bottom + scrollY", selector))


def _choosing(page: Any) -> None:
    """A new game (red plays here): thrown once, the hand kept, the ways listed."""
    from playwright.sync_api import expect

    page.locator("#new-game").click()
    page.locator("#ng-seed").fill("7")
    page.locator("#ng-start").click()
    expect(page.locator("#log li")).to_have_count(3, timeout=WAIT_MS)  # the new game's first lines
    expect(page.locator("#throw")).to_be_enabled(timeout=WAIT_MS)
    page.locator("#throw").click()
    expect(page.locator("#dice .pdie").first).not_to_have_attribute("data-face", "", timeout=WAIT_MS)
    page.locator("#stop").click()
    expect(page.locator("#outcomes .outcome").first).to_be_visible(timeout=WAIT_MS)


def test_on_a_phone_play_brings_the_prompt_back_into_view(browser: Any, server: str) -> None:
    page = open_page(browser, server, PHONE)
    try:
        _choosing(page)
        from playwright.sync_api import expect

        last = page.locator("#outcomes .outcome").last
        last.click()
        expect(last).to_have_class(re.compile(r"\bselected\b"), timeout=WAIT_MS)
        last.locator(".play-way").click()  # (Playwright scrolls it into view: far down the page)
        page.wait_for_function("() => { const r = document.getElementById('prompt').getBoundingClientRect(); "
                               "return r.top >= 0 && r.top < innerHeight / 3; }", timeout=WAIT_MS)
    finally:
        page.close()


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_the_hand_and_place_keep_one_place_and_a_tapped_token_is_said(browser: Any, server: str,
                                                                     size: tuple[int, int]) -> None:
    from playwright.sync_api import expect

    page = open_page(browser, server, size)
    try:
        _choosing(page)
        # measured from the track's foot (a first-game tip coming or going above the track moves it all)
        before = (_top(page, ".hand-box") - _bottom(page, ".board-area"), _top(page, "#follow") - _bottom(page, ".board-area"))
        page.locator("#stop").click()  # the way played: tokens to place, Place tokens as shown acts
        expect(page.locator("#follow")).to_be_enabled(timeout=WAIT_MS)
        after = (_top(page, ".hand-box") - _bottom(page, ".board-area"), _top(page, "#follow") - _bottom(page, ".board-area"))
        assert abs(before[0] - after[0]) <= 2 and abs(before[1] - after[1]) <= 2, (before, after)
        token = page.locator(".space .token").first
        name = token.get_attribute("data-token")
        token.click()
        hand = page.locator("#hand").inner_text()
        assert "nothing" not in hand and name in hand, hand
    finally:
        page.close()


def test_at_1920_the_chosen_way_has_its_play_button(browser: Any, server: str) -> None:
    page = open_page(browser, server, WIDE)
    try:
        _choosing(page)
        play = page.locator("#outcomes .outcome.selected .play-way")
        play.wait_for(state="visible", timeout=WAIT_MS)
        assert play.is_enabled()
    finally:
        page.close()


def test_the_dice_heading_sets_its_parts_apart_and_the_legend_reads_as_a_die(browser: Any, server: str) -> None:
    page = open_page(browser, server, WIDE)
    try:
        _choosing(page)
        sep = page.evaluate("() => getComputedStyle(document.getElementById('throws'), '::before').content")
        assert "·" in sep, sep
        assert page.evaluate("() => getComputedStyle(document.getElementById('throws')).textTransform") == "none"
        swatch = page.locator("#dice-keys .key-swatch")
        assert (swatch.inner_text() or "").strip(), "an empty outlined square reads as a checkbox"
    finally:
        page.close()


def test_on_a_phone_the_first_game_tip_comes_on_the_screen_and_moves_nothing(browser: Any, server: str) -> None:
    page = open_page(browser, server, PHONE, guide=True)
    try:
        page.locator("#guide").wait_for(state="visible", timeout=WAIT_MS)
        box = page.evaluate("() => { const r = document.getElementById('guide').getBoundingClientRect(); "
                            "return [r.top, r.bottom, innerHeight]; }")
        assert 0 <= box[0] and box[1] <= box[2], box  # seen without scrolling (it came far below the dice)
        track = _top(page, ".track-frame")
        page.locator("#guide .guide-off").click()  # no more tips: the board stays where it was
        page.locator("#guide").wait_for(state="hidden", timeout=WAIT_MS)
        assert abs(_top(page, ".track-frame") - track) <= 1
    finally:
        page.close()
