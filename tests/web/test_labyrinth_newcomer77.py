"""Issue 15, Labyrinth newcomer 77 (moving from the phone to a 1920x1080 laptop): the laptop asked "Move Red's secret
card to this screen? The other screen then no longer shows it.", the newcomer pressed "⇄ Move it here", and no card
showed: "I had to find and click 🃏️ Open your secret card page (red) ↗ in the top bar ... I expected the card to
appear once I confirmed the move". The card's page opens at that press, in the card's own tab, as a tap on a free
seat opens it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.test_plain_words_browser import LABYRINTH, PHONE, WAIT_MS, serving

pytestmark = pytest.mark.browser


def test_moving_the_card_here_shows_it(browser: Any) -> None:
    from playwright.sync_api import expect

    with serving(LABYRINTH + ("--humans", "red")) as url:
        phone = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]})
        laptop = browser.new_context(viewport={"width": 1920, "height": 1080})
        try:
            mine = phone.new_page()
            mine.goto(url)
            expect(mine.locator("#conn")).to_have_text("connected", timeout=WAIT_MS)
            mine.locator(".seat-claim.red").click()  # the phone holds Red's seat (its card tab opens there)
            expect(mine.locator("#private-links")).to_contain_text("Open your secret card page", timeout=WAIT_MS)
            page = laptop.new_page()
            page.goto(url)
            expect(page.locator(".seat-release.red")).to_be_visible(timeout=WAIT_MS)
            assert len(laptop.pages) == 1
            page.locator(".seat-release.red").click()  # "🔒 Red's card: on another screen ⇄ show it here instead"
            page.locator("#ask button[value=yes]").click()  # "⇄ Move it here"
            expect(page.locator("#private-links")).to_contain_text("Open your secret card page", timeout=WAIT_MS)
            page.wait_for_timeout(300)
            assert len(laptop.pages) == 2, [p.url for p in laptop.pages]
            card = laptop.pages[1]
            card.wait_for_url(url + "seat/red", timeout=WAIT_MS)
            expect(card.locator("#secret .card-pic")).to_have_count(1, timeout=WAIT_MS)
            # ...and once moved, the card's tab is the one "Open your secret card page" shows again: no third tab
            page.locator("#private-links .seat-link.red").click()
            page.wait_for_timeout(500)
            assert len(laptop.pages) == 2, [p.url for p in laptop.pages]
        finally:
            laptop.close()
            phone.close()


def test_a_refused_move_leaves_a_card_tab_open_already(browser: Any) -> None:
    """(an attack, session 21: the laptop's own Red card tab, found again by its name at "⇄ Move it here", was closed
    when the claim was refused, the other screen claiming at the same moment; a blank tab opened for it goes)"""
    import json

    from playwright.sync_api import expect

    # (the move refused, as for a colour a new game started meanwhile simulates)
    refuse = json.dumps({"error": "red is a simulated player: its secret card stays hidden"})

    def move_refused(page: Any) -> None:
        """"⇄ Move it here" on ``page``, its move refused (409)."""
        page.route("**/seat/red/move", lambda route: route.fulfill(status=409, content_type="application/json", body=refuse))
        page.locator(".seat-release.red").click()
        page.locator("#ask button[value=yes]").click()
        expect(page.locator("#error")).to_contain_text("red is a simulated player", timeout=WAIT_MS)
        page.wait_for_timeout(300)

    with serving(LABYRINTH + ("--humans", "red")) as url:
        laptop = browser.new_context(viewport={"width": 1920, "height": 1080})
        phone = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]})
        try:
            page = laptop.new_page()
            page.goto(url)
            expect(page.locator("#conn")).to_have_text("connected", timeout=WAIT_MS)
            page.locator(".seat-claim.red").click()  # the laptop holds Red: its card tab opens
            expect(page.locator("#private-links")).to_contain_text("Open your secret card page", timeout=WAIT_MS)
            page.wait_for_timeout(300)
            assert len(laptop.pages) == 2, [p.url for p in laptop.pages]
            mine = phone.new_page()
            mine.goto(url)
            mine.locator(".seat-release.red").click()  # the phone moves the card to itself
            mine.locator("#ask button[value=yes]").click()
            expect(page.locator(".seat-release.red")).to_be_visible(timeout=WAIT_MS)
            move_refused(page)
            assert len(laptop.pages) == 2, [p.url for p in laptop.pages]  # the card tab it had stays
            # ...and a browser with no card tab: the blank one opened for the card goes (the seat the phone's again)
            assert mine.request.post(url + "seat/red/claim").ok
            fresh = browser.new_context(viewport={"width": 1920, "height": 1080})
            try:
                other = fresh.new_page()
                other.goto(url)
                expect(other.locator(".seat-release.red")).to_be_visible(timeout=WAIT_MS)
                move_refused(other)
                assert len(fresh.pages) == 1, [p.url for p in fresh.pages]
            finally:
                fresh.close()
        finally:
            phone.close()
            laptop.close()
