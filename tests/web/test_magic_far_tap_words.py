"""Magic newcomers 106 and 109 (phone and 1920x1080): a tap on the lit cell "3" the pawn could reach was answered "c2
is not next to b1: slide one cell at a time"; the numbers on the lit cells seemed to invite a tap there. A tap on a
lit cell in line with the pawn now walks there, one step at a time, as a straight drag along the line does (the way
is the only one); a tap off the line says which first steps the player may choose (the way is the player's, a hidden
wall may stand on any); a cell in line beyond the roll says how many steps the roll leaves."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_magic_drag_attack import OPEN_NORTH, _roll_between, _settled
from test_magic_newcomer import WIDE, open_page, roll, serve, url  # noqa: F401

pytestmark = pytest.mark.browser


def test_a_tap_off_the_line_names_the_first_steps_to_choose_from(browser: Any, url: str) -> None:  # noqa: F811
    from playwright.sync_api import expect

    page = open_page(browser, url, WIDE)
    try:
        roll(page)
        page.locator('#board .cell[data-cell="c3"]').click()
        expect(page.locator("#error")).to_contain_text("c3 is not next to a1: step one cell at a time, the way you "
                                                       "choose (a hidden wall may stand on any): first a2 or b1")
        assert page.evaluate("S.world.pawns.red.cell") == "a1"
    finally:
        page.close()


def test_a_tap_on_a_lit_cell_in_line_walks_there_step_by_step(browser: Any) -> None:
    from playwright.sync_api import expect

    proc, url_ = serve(OPEN_NORTH)
    try:
        page = open_page(browser, url_, WIDE)
        n = _roll_between(page, 2, 4)
        far = f"a{6}"  # five steps north: beyond any roll of 2..4
        page.locator(f'#board .cell[data-cell="{far}"]').click()
        expect(page.locator("#error")).to_contain_text(f"{far} is 5 steps from a1: your roll leaves {n}")
        assert page.evaluate("S.world.pawns.red.cell") == "a1"
        to = f"a{1 + n}"
        page.locator(f'#board .cell[data-cell="{to}"]').click()
        assert _settled(page) == to
        steps = page.locator("#log li").filter(has_text=re.compile(r"Red a\d → a\d \(step \d\)"))
        expect(steps).to_have_count(n)  # one step at a time, each seen by the board
        page.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def _served_north(browser: Any) -> tuple[Any, Any]:
    proc, url_ = serve(OPEN_NORTH)
    return proc, open_page(browser, url_, WIDE)


def test_a_second_far_tap_counts_the_steps_the_first_is_still_walking(browser: Any) -> None:
    """(an attack: a tap on a3, then on a5 a moment later on a roll of 3, before the board had counted the first walk's
    steps: the page took the roll as unspent and the pawn overstepped)"""
    from playwright.sync_api import expect

    proc, page = _served_north(browser)
    try:
        n = _roll_between(page, 2, 4)
        page.evaluate(f"() => {{ cellClicked('a{n}'); cellClicked('a{n + 2}'); }}")  # one tick: nothing heard between
        expect(page.locator("#error")).to_contain_text(f"a{n + 2} is 2 steps from a{n}: your roll leaves 1")
        assert _settled(page) == f"a{n}"
        assert "too far" not in page.locator("#log").inner_text()
        page.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_a_far_tap_back_along_the_move_says_the_rules_forbid_going_back(browser: Any) -> None:
    """(an attack: back to a1 after a walk a1 → a3 was refused "a1 is 2 steps from a3: your roll leaves 1", as if a
    bigger roll would let it)"""
    from playwright.sync_api import expect

    proc, page = _served_north(browser)
    try:
        n = _roll_between(page, 2, 4)
        page.locator(f'#board .cell[data-cell="a{n}"]').click()
        assert _settled(page) == f"a{n}"
        page.locator('#board .cell[data-cell="a1"]').click()
        expect(page.locator("#error")).to_contain_text("a1 is a cell this move has passed already: the rules forbid going back")
        page.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_a_far_tap_on_the_cell_the_board_asks_the_pawn_back_to_walks_it_there(browser: Any) -> None:
    """(an attack: with the board asking the pawn back after an overstep, a tap on the cell it asks for was answered
    "a3 is 2 steps from a5: your roll leaves 0": a correction spends no roll)"""
    from playwright.sync_api import expect

    proc, page = _served_north(browser)
    try:
        n = _roll_between(page, 2, 3)
        for _ in range(n + 2):  # two steps past the roll's end, a{n + 1}
            page.keyboard.press("ArrowUp")
        expect(page.locator("#prompt")).to_contain_text(f"on a{n + 3} must go to a{n + 1}", timeout=30_000)
        page.locator(f'#board .cell[data-cell="a{n + 1}"]').click()
        expect(page.locator("#log")).to_contain_text("Blue rolled", timeout=30_000)  # put right: the turn passed
        assert page.evaluate("S.world.pawns.red.cell") == f"a{n + 1}"
        page.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
