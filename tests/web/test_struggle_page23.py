"""Issue 15, round 23 (fourth Struggle newcomer) on the page: after Play on a phone the prompt and the
board come back into view; the hand and Place/Gather keep one place; a token tapped is said in the hand box
(never "nothing"); Play this way at both sizes; the headings' parts are set apart; the dice legend reads as a
die."""

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


@pytest.fixture
def page(request: Any, browser: Any, server: str) -> Iterator[Any]:
    """The page at the size the test is parametrised with (indirect), closed after it."""
    opened = open_page(browser, server, request.param)
    yield opened
    opened.close()


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


@pytest.mark.parametrize("page", [PHONE], ids=["phone"], indirect=True)
def test_on_a_phone_play_brings_the_prompt_back_into_view(page: Any) -> None:
    from playwright.sync_api import expect

    _choosing(page)
    last = page.locator("#outcomes .outcome").last
    last.click()
    expect(last).to_have_class(re.compile(r"\bselected\b"), timeout=WAIT_MS)
    last.locator(".play-way").click()  # (Playwright scrolls it into view: far down the page)
    page.wait_for_function("() => { const r = document.getElementById('prompt').getBoundingClientRect(); "
                           "return r.top >= 0 && r.top < innerHeight / 3; }", timeout=WAIT_MS)


@pytest.mark.parametrize("page", [PHONE, WIDE], ids=["phone", "wide"], indirect=True)
def test_the_hand_and_place_keep_one_place_and_a_tapped_token_is_said(page: Any) -> None:
    from playwright.sync_api import expect

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


@pytest.mark.parametrize("page", [WIDE], ids=["wide"], indirect=True)
def test_at_1920_the_chosen_way_has_its_play_button(page: Any) -> None:
    _choosing(page)
    play = page.locator("#outcomes .outcome.selected .play-way")
    play.wait_for(state="visible", timeout=WAIT_MS)
    assert play.is_enabled()


@pytest.mark.parametrize("page", [WIDE], ids=["wide"], indirect=True)
def test_the_dice_heading_sets_its_parts_apart_and_the_legend_reads_as_a_die(page: Any) -> None:
    _choosing(page)
    sep = page.evaluate("() => getComputedStyle(document.getElementById('throws'), '::before').content")
    assert "·" in sep, sep
    assert page.evaluate("() => getComputedStyle(document.getElementById('throws')).textTransform") == "none"
    # round 27: no outlined square or pill at all (one read as naming the die outlined); Struggle newcomer 33: no
    # line at all, the dice are no buttons while choosing
    assert page.locator("#dice-keys").count() == 0 and page.locator("#dice .pdie.key").count() == 0
