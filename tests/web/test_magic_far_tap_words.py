"""Magic newcomer 106 (phone and 1920x1080): a tap on the lit cell "3" the pawn could reach was answered "c2 is not next
to b1: slide one cell at a time"; the numbers on the lit cells seemed to invite a tap there. The answer says why the
page does not walk there itself: the way is the player's, a hidden wall may stand on any, and a drag along it slides."""

from __future__ import annotations

from typing import Any

import pytest
from test_magic_newcomer import WIDE, open_page, roll, url  # noqa: F401

pytestmark = pytest.mark.browser


def test_a_tap_on_a_far_cell_says_the_way_is_the_players(browser: Any, url: str) -> None:  # noqa: F811
    from playwright.sync_api import expect

    page = open_page(browser, url, WIDE)
    try:
        roll(page)
        page.locator('#board .cell[data-cell="c3"]').click()
        expect(page.locator("#error")).to_contain_text("c3 is not next to a1: slide one cell at a time, by the way you choose "
                                                       "(a hidden wall may stand on any), or drag the pawn along it")
    finally:
        page.close()
