"""Issue 15, Labyrinth newcomer 35 (phone): the "Red" chip beside "See your secret card" was tapped to see the
card, and turned into a link ("🃏️ Open your secret card page (red) ↗"): a second tap opened the card. On a page
that does not show the card itself (Labyrinth's board), the tap that takes the seat opens the card's page too, in
the tab a later tap on the link finds again; a claim refused opens nothing."""

from __future__ import annotations

from typing import Any

import pytest
from test_labyrinth_newcomer_third import NEWCOMER_GAME, PHONE, WAIT_MS, open_page
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser


def test_the_tap_on_a_free_colour_shows_its_secret_card(browser: Any) -> None:
    with serving(NEWCOMER_GAME) as url:
        page = open_page(browser, url, PHONE, guide=False, mobile=True)
        try:
            with page.context.expect_page(timeout=WAIT_MS) as opened:
                page.locator("button.seat-claim.red").tap()
            card = opened.value
            card.wait_for_url("**/seat/red", timeout=WAIT_MS)
            card.wait_for_function("() => document.body.innerText.includes('Find')", timeout=WAIT_MS)
            page.locator("a.seat-link.red").wait_for(timeout=WAIT_MS)  # the board's page: the link to it again
            assert len(page.context.pages) == 2, [p.url for p in page.context.pages]
        finally:
            page.context.close()


def test_a_refused_claim_leaves_no_tab_open(browser: Any) -> None:
    with serving(NEWCOMER_GAME) as url:
        page = open_page(browser, url, PHONE, guide=False, mobile=True)
        try:
            page.route("**/seat/red/claim", lambda route: route.fulfill(status=409, content_type="application/json",
                                                                         body='{"error": "another browser took red first"}'))
            page.locator("button.seat-claim.red").tap()
            page.wait_for_function("() => document.getElementById('error') && "
                                   "document.body.innerText.includes('another browser took red first')", timeout=WAIT_MS)
            page.wait_for_timeout(300)
            assert len(page.context.pages) == 1, [p.url for p in page.context.pages]
        finally:
            page.context.close()


def test_struggles_page_shows_the_card_itself_and_opens_no_tab(browser: Any) -> None:
    """Struggle's page shows a seat's card on the page itself (#my-card): the tap that takes the seat opens no tab
    (an attack on the change above: a tab opened for every claim)."""
    with serving(("--game", "struggle", "--humans", "red", "--seed", "7")) as url:
        context = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True)
        page = context.new_page()
        try:
            page.goto(url)
            page.locator("button.seat-claim.red").tap(timeout=WAIT_MS)
            page.wait_for_function("() => document.querySelectorAll('#my-card .card-place').length === 5", timeout=WAIT_MS)
            page.wait_for_timeout(300)
            assert len(context.pages) == 1, [p.url for p in context.pages]
        finally:
            context.close()
