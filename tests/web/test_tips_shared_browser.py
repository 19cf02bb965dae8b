"""Issue 15, Magic newcomers 64 and 66: a first-game tip read on the phone came again on the laptop the newcomer
moved to, in the same game. A tip read on one board page is read on every board page of the table: one shown
elsewhere at that moment goes, and a page opened later does not show it (the server's ``tips_read``). One
mechanism for the three games (notice.js, with board.js's socket and common.js's)."""

from __future__ import annotations

import time
from typing import Any, Iterator

import pytest

from tests.web.test_plain_words_browser import LABYRINTH, MAGIC, PHONE, STRUGGLE, WAIT_MS, WIDE, open_page, serving

pytestmark = pytest.mark.browser


@pytest.fixture(params=[MAGIC, LABYRINTH, STRUGGLE], ids=["magic", "labyrinth", "struggle"])
def url(request: Any) -> Iterator[str]:
    with serving(request.param) as address:
        yield address


def _tip_shown(page: Any) -> str | None:
    """The tip the page shows (its guide box visible), else None."""
    box = page.locator("#guide")
    return box.get_attribute("data-tip") if box.is_visible() else None


def test_a_tip_read_on_one_screen_is_read_on_every_screen(browser: Any, url: str) -> None:
    from playwright.sync_api import expect

    phone = open_page(browser, url, PHONE, guide=True)
    wide = open_page(browser, url, WIDE, guide=True)
    later = None
    try:
        expect(phone.locator("#guide")).to_be_visible(timeout=WAIT_MS)
        tip = phone.locator("#guide").get_attribute("data-tip")
        expect(wide.locator("#guide")).to_be_visible(timeout=WAIT_MS)
        assert _tip_shown(wide) == tip, "both screens show the moment's tip"
        phone.locator("#guide .guide-ok").click()
        # the wide screen's tip goes with it
        wide.wait_for_function("(t) => { const b = document.getElementById('guide'); return b.hidden || b.dataset.tip !== t; }",
                               arg=tip, timeout=WAIT_MS)
        # ...and a screen opened later never shows it
        later = open_page(browser, url, WIDE, guide=True)
        for _ in range(10):
            assert _tip_shown(later) != tip, "a page opened later showed the tip read on the phone"
            time.sleep(0.2)
    finally:
        for page in (phone, wide, later):
            if page is not None:
                page.close()
