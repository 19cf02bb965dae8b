"""A seat held by a browser that is gone, in Debian's headless Chromium (Playwright): in the browser
simulator the page is the board, so a fresh browser sees the seat locked, releases it (after a
confirm), claims it and sees its secret card; the real board's companion page (``mazeboard service
run``) offers no release: an adult frees a seat on the board (issue 15)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from test_companion_browser import Service
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser

WAIT_MS = 30_000
STRUGGLE = ("--game", "struggle", "--humans", "red", "--seed", "7")


def _claim(page: Any, colour: str) -> None:
    from playwright.sync_api import expect

    page.locator(f"button.seat-claim.{colour}").click(timeout=WAIT_MS)
    expect(page.locator(f"a.seat-link.{colour}")).to_have_attribute("href", f"/seat/{colour}", timeout=WAIT_MS)


def test_a_fresh_browser_releases_a_lost_browsers_seat_in_the_simulator(browser: Any) -> None:
    from playwright.sync_api import expect

    with serving(STRUGGLE) as url:
        lost = browser.new_context()
        first = lost.new_page()
        first.goto(url)
        _claim(first, "red")
        lost.close()  # that browser died, its cookie with it

        fresh = browser.new_context()
        page = fresh.new_page()
        page.goto(url)
        locked = page.locator(".seat-taken.red")
        expect(locked).to_contain_text("🔒", timeout=WAIT_MS)
        # the card box says what the top says (Struggle newcomer 15: "take your seat" beside the lock)
        expect(page.locator("#my-card")).to_contain_text("⇄ show it here instead", timeout=WAIT_MS)
        release = page.locator("button.seat-release.red")
        expect(release).to_be_visible()
        assert "move its secret card to this screen" in (release.get_attribute("title") or "")
        assert "on the board" not in (release.get_attribute("title") or "")

        # asked in the page (ask.js), never the browser's own box: an in-app browser may answer it unseen
        native: list[str] = []
        page.on("dialog", lambda d: (native.append(d.message), d.dismiss()))
        ask = page.locator("dialog#ask")
        release.click()  # the first time: "Cancel"
        expect(ask).to_be_visible()
        asked = [ask.locator(".ask-text").inner_text()]
        ask.locator("button[value=no]").click()
        expect(ask).to_be_hidden()
        expect(page.locator(".seat-taken.red")).to_have_count(1)
        page.wait_for_timeout(300)
        expect(page.locator(".seat-taken.red")).to_have_count(1)  # cancelled: still held
        release.click()
        page.keyboard.press("Escape")  # Escape: no, as Cancel
        expect(ask).to_be_hidden()
        page.wait_for_timeout(300)
        expect(page.locator(".seat-taken.red")).to_have_count(1)
        release.click()  # then yes: released and taken here at once (Labyrinth newcomer 14: two steps)
        expect(ask.locator("button[value=yes]")).to_have_text("⇄ Move it here")
        ask.locator("button[value=yes]").click()
        expect(page.locator("a.seat-link.red")).to_have_attribute("href", "/seat/red", timeout=WAIT_MS)
        assert "Red's secret card" in asked[0] and native == [], (asked, native)
        expect(page.locator("#my-card")).to_contain_text("Red's objective card", timeout=WAIT_MS)
        private = fresh.new_page()
        response = private.goto(url + "seat/red")
        assert response is not None and response.status == 200
        fresh.close()


def test_the_real_boards_page_offers_no_release(browser: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    service = Service(tmp_path, "struggle")
    try:
        holder = browser.new_context()
        first = holder.new_page()
        first.goto(service.url)
        _claim(first, "red")
        other = browser.new_context()
        page = other.new_page()
        page.goto(service.url)
        locked = page.locator(".seat-taken.red")
        expect(locked).to_contain_text("🔒", timeout=WAIT_MS)
        assert "an adult can release it on the board" in (locked.get_attribute("title") or "")
        expect(page.locator(".seat-release")).to_have_count(0)
        holder.close()
        other.close()
    finally:
        service.stop()
