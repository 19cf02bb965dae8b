"""Issue 15, Magic newcomers 46, 48 and 49: a second browser opened on the game played Red too ("Red you" on both),
and nothing said the game was now open on two screens, nor which one counted. The server tells every board page how
many board pages are open (the `screens` message); the Magic page says so in its header: a move on either counts."""

from __future__ import annotations

from typing import Any

import pytest
from test_magic_newcomer import PHONE, WAIT_MS, open_page, url  # noqa: F401  (url: a fixture)

pytestmark = pytest.mark.browser


def test_a_second_screen_is_said_on_both_and_goes_when_it_closes(browser: Any, url: str) -> None:  # noqa: F811
    from playwright.sync_api import expect

    first = open_page(browser, url, PHONE)
    try:
        info = first.locator("#game-info")
        expect(info).not_to_contain_text("screens")
        second = open_page(browser, url, (1920, 1080))
        try:
            for page in (first, second):
                expect(page.locator("#game-info")).to_contain_text("open on 2 screens: a move on either counts",
                                                                   timeout=WAIT_MS)
        finally:
            second.close()
        expect(info).not_to_contain_text("screens", timeout=WAIT_MS)
    finally:
        first.close()


def test_three_screens_are_said_as_any_of_them(browser: Any, url: str) -> None:  # noqa: F811
    """Magic newcomer 64: "open on 3 screens: a move on either counts" -- "either" is said of two."""
    from playwright.sync_api import expect

    pages = [open_page(browser, url, PHONE) for _ in range(3)]
    try:
        info = pages[0].locator("#game-info")
        expect(info).to_contain_text("open on 3 screens: a move on any of them counts", timeout=WAIT_MS)
        assert "either" not in info.inner_text()
        pages.pop().close()
        expect(info).to_contain_text("open on 2 screens: a move on either counts", timeout=WAIT_MS)
    finally:
        for page in pages:
            page.close()
