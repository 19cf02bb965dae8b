"""Attack 16: the board's page open in two tabs of one browser (a careless user; a phone that opened the
join link twice). The seat taken in one tab is this browser's in the other too -- its cookie goes with every
tab -- but the other tab's WebSocket was opened before the claim and the seats it was told were worked out
from the cookies it opened with: it showed the colour "🔒 on another screen" with "release it for this
screen", whose press took the seat from this browser's own card page."""

from __future__ import annotations

from typing import Any

import pytest

from test_plain_words_browser import serving

pytestmark = pytest.mark.browser

WAIT_MS = 30_000
STRUGGLE = ("--game", "struggle", "--humans", "red", "--seed", "7")


def _tab(context: Any, url: str) -> Any:
    from playwright.sync_api import expect

    page = context.new_page()
    page.goto(url)
    expect(page.locator("#conn")).to_have_text("connected", timeout=WAIT_MS)
    expect(page.locator("button.seat-claim.red")).to_be_visible(timeout=WAIT_MS)
    return page


def test_a_seat_taken_in_one_tab_is_this_browsers_in_the_other(browser: Any) -> None:
    from playwright.sync_api import expect

    with serving(STRUGGLE) as url:
        context = browser.new_context()
        context.add_init_script("localStorage.setItem('mazeboard.guide.struggle', JSON.stringify(['dice', 'throw', "
                                "'choose', 'place']))")
        first, second = _tab(context, url), _tab(context, url)
        first.locator("button.seat-claim.red").click()
        expect(first.locator("a.seat-link.red")).to_have_attribute("href", "/seat/red", timeout=WAIT_MS)
        expect(second.locator("a.seat-link.red")).to_have_attribute("href", "/seat/red", timeout=WAIT_MS)
        expect(second.locator("button.seat-release.red")).to_have_count(0)
        expect(second.locator("#my-card")).not_to_contain_text("other screen", timeout=WAIT_MS)
        context.close()
