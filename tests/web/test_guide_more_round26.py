"""Round 26 (newcomer round 9): on a phone a first-game tip shows its first two lines ending in "…"; a tap
shows it whole but nothing said so. A clamped tip shows a "▾ more" button (only when clamped), in all
three games (the shared guide code, notice.js)."""

from __future__ import annotations

from typing import Any

import pytest
from test_guide_round24 import GAMES, at_first_moment, fresh_page
from test_plain_words_browser import PHONE, WAIT_MS, WIDE, serving

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("game", list(GAMES))
def test_a_clamped_tip_shows_more_and_a_tap_on_it_shows_the_whole_tip(browser: Any, game: str) -> None:
    from playwright.sync_api import expect

    with serving(GAMES[game]) as url:
        page = fresh_page(browser, url, PHONE)
        at_first_moment(page, game)
        guide = page.locator("#guide")
        expect(guide).to_be_visible(timeout=WAIT_MS)
        text = guide.locator(".guide-text")
        assert text.evaluate("e => e.scrollHeight > e.clientHeight + 1"), "the first tip fits two lines: nothing to test"
        more = guide.locator(".guide-more")
        expect(more).to_be_visible()
        assert "more" in more.inner_text()
        box, words = more.bounding_box(), text.bounding_box()
        assert box and words and box["y"] + box["height"] <= words["y"] + words["height"] + 2, (box, words)
        more.tap()
        expect(more).to_have_text("▴ less")  # it folds the tip again (Magic newcomer 25)
        assert text.evaluate("e => e.scrollHeight <= e.clientHeight + 1"), "the tip is still cut after 'more'"
        page.close()


@pytest.mark.parametrize("game", ["magic-labyrinth"])
def test_a_tip_that_is_not_clamped_shows_no_more(browser: Any, game: str) -> None:
    from playwright.sync_api import expect

    with serving(GAMES[game]) as url:
        page = fresh_page(browser, url, WIDE)  # a wide screen shows the tip whole
        at_first_moment(page, game)
        expect(page.locator("#guide")).to_be_visible(timeout=WAIT_MS)
        page.wait_for_timeout(300)
        assert page.locator("#guide .guide-more").count() == 0 or page.locator("#guide .guide-more").is_hidden()
        page.close()


@pytest.mark.parametrize("game, board", [("labyrinth", "#maze"), ("struggle", "#track")])
def test_look_at_the_board_brings_the_board_into_view_in_the_other_games_too(browser: Any, game: str, board: str) -> None:
    """The win box's "Look at the board" (shared with the Magic page: notice.js) on a phone scrolled down."""
    from test_plain_words_browser import open_page

    with serving(GAMES[game]) as url:
        page = open_page(browser, url, PHONE)
        page.evaluate("for (let i = 0; i < 80; i++) { const li = document.createElement('li'); li.textContent = 'x ' + i; "
                      "document.getElementById('log').appendChild(li); }")
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        page.evaluate("MB.banner('🏆 Red wins!')")
        page.locator("#banner-close").click()
        page.wait_for_timeout(800)
        box = page.locator(board).bounding_box()
        assert box is not None
        seen = min(box["y"] + box["height"], PHONE[1]) - max(box["y"], 0)
        assert seen >= min(box["height"], PHONE[1]) * 0.8, (box, page.evaluate("scrollY"))
        page.close()
