"""(an attack, Struggle newcomer round 64's session) On a 320 px phone in Persian, the seat's link once taken ("🃏️ کارت
شما، در صفحهٔ جداگانهٔ خودش هم (قرمز) ↗") ran to 343 px and made the page wider than the screen: a narrow screen
wraps it within the page, in every language."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import serving
from test_struggle_choosing_round26a_browser import SEED7

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang", ["fa", "de", "pt", "it", "en"])
def test_the_seat_link_keeps_a_320_px_page_within_the_screen(browser: Any, lang: str) -> None:
    with serving(SEED7) as url:
        ctx = browser.new_context(viewport={"width": 320, "height": 640}, is_mobile=True, has_touch=True)
        try:
            page = ctx.new_page()
            page.goto(f"{url}?lang={lang}")
            page.locator("#private-links .seat-claim.red").tap(timeout=30000)
            page.wait_for_selector("a.seat-link.red", timeout=30000)
            page.wait_for_timeout(300)
            wide, screen = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
            assert wide <= screen, (lang, wide, screen)
            r = page.evaluate("(() => { const r = document.querySelector('a.seat-link.red').getBoundingClientRect(); return [r.left, r.right]; })()")
            assert r[0] >= -1 and r[1] <= 321, (lang, r)
        finally:
            ctx.close()
