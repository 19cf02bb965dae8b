"""Magic newcomer 112 (1920x1080): a click on the lit d2 from c1 was refused "d2 is not next to c1: step one cell at a
time, the way you choose (a hidden wall may stand on any): first d1", while on the phone a tap on a lit cell in line
walked there. The page names one first step: the way there is the only one, as a cell in line has only one. A tap on a
lit cell with one way to it walks that way, a step at a time, whether in line or not (one rule: a single way walks, a
choice is named); where the way has a choice at some step, the first steps are named as before."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_magic_drag_attack import _roll_between, _settled
from test_magic_far_tap_words import _served_north

pytestmark = pytest.mark.browser


def test_a_tap_on_a_cell_with_one_way_to_it_walks_that_way(browser: Any) -> None:
    from playwright.sync_api import expect

    proc, page = _served_north(browser)
    try:
        _roll_between(page, 3, 6)
        page.locator('#board .cell[data-cell="a2"]').click()  # a1 is passed now: from a2 the one way to b1 is by b2
        assert _settled(page) == "a2"
        page.locator('#board .cell[data-cell="b1"]').click()
        page.wait_for_timeout(300)
        assert "is not next to" not in (page.locator("#error").text_content() or ""), page.locator("#error").text_content()
        expect(page.locator("#log")).to_contain_text(re.compile(r"Red a2 → b2|wall.*b2|b2.*wall"), timeout=30_000)
        page.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_a_way_with_a_choice_at_its_first_step_is_named_not_walked(browser: Any) -> None:
    from playwright.sync_api import expect

    proc, page = _served_north(browser)
    try:
        _roll_between(page, 3, 6)
        page.locator('#board .cell[data-cell="a2"]').click()
        assert _settled(page) == "a2"
        page.locator('#board .cell[data-cell="b3"]').click()  # by a3 or by b2: the player's choice
        expect(page.locator("#error")).to_contain_text("b3 is not next to a2: step one cell at a time, the way you "
                                                       "choose (a hidden wall may stand on any): first a3 or b2")
        assert _settled(page) == "a2"
        page.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_a_tap_on_a_cell_passed_off_the_line_says_it_is_passed(browser: Any) -> None:
    """(attack 16: after a1 → a2 → b2, a tap on a1, passed and dark, was answered "a1 is not next to b2: … first b1",
    and from b1 a1 was refused as passed: the tapped cell's own refusal comes first, in line or not)"""
    from playwright.sync_api import expect
    from test_magic_newcomer import WIDE, open_page, serve

    proc, url_ = serve(("--seed", "3", "--maze", "e5-e6"))
    try:
        page = open_page(browser, url_, WIDE)
        _roll_between(page, 3, 6)
        for cell in ("a2", "b2"):
            page.locator(f'#board .cell[data-cell="{cell}"]').click()
            assert _settled(page) == cell
        page.locator('#board .cell[data-cell="a1"]').click()
        expect(page.locator("#error")).to_contain_text("a1 is a cell this move has passed already")
        page.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
