"""Issue 15, Struggle newcomer 15, two browsers in Debian's headless Chromium: the seat's words disagreed.
With Red's seat held on another screen, the top said "🔒 Red's card: on another screen" while the card box
said "take your seat to see your secret card"; and the screen whose seat another released and then took
kept saying "take it again to see your card" beside the lock."""

from __future__ import annotations

from typing import Any

import pytest

from test_plain_words_browser import serving
from test_seat_release_browser import STRUGGLE, WAIT_MS, _claim

pytestmark = pytest.mark.browser


def test_the_card_box_and_the_notice_say_where_the_seat_is(browser: Any) -> None:
    from playwright.sync_api import expect

    with serving(STRUGGLE) as url:
        phone_ctx, desk_ctx = browser.new_context(), browser.new_context()
        phone = phone_ctx.new_page()
        phone.goto(url)
        _claim(phone, "red")
        expect(phone.locator("#my-card")).to_contain_text("Red's objective card", timeout=WAIT_MS)

        desk = desk_ctx.new_page()
        desk.goto(url)
        expect(desk.locator(".seat-taken.red")).to_contain_text("🔒", timeout=WAIT_MS)
        card = desk.locator("#my-card")
        expect(card).to_contain_text("other screen", timeout=WAIT_MS)
        assert "take your seat" not in card.inner_text(), card.inner_text()

        desk.locator("button.seat-release.red").click()  # released and taken for this screen
        desk.locator("#ask button[value=yes]").click()  # once asked in the page (ask.js)
        expect(desk.locator("a.seat-link.red")).to_have_attribute("href", "/seat/red", timeout=WAIT_MS)
        expect(desk.locator("#my-card")).to_contain_text("Red's objective card", timeout=WAIT_MS)
        notice = phone.locator("#notice")
        expect(notice).to_contain_text("taken on another screen now", timeout=WAIT_MS)
        assert "take it again" not in notice.inner_text(), notice.inner_text()
        phone_ctx.close()
        desk_ctx.close()
