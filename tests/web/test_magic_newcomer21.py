"""Issue 15, Magic Labyrinth newcomer 21: after a ball drop the start corner shows "↩ back here", and a
click on it was refused ("the pawn cannot go on: press ✊ Lift pawn, then click its start corner a1"),
while dragging the pawn there did it in one move. A click (or tap) on the corner the board asks the
pawn back to now lifts the pawn and sets it there, as the drag does; elsewhere it is still refused."""

from __future__ import annotations

import re
from typing import Any, Iterator

import pytest
from htmldrag import mouse_drag
from test_magic_newcomer import DROP_ARGS, PHONE, WAIT_MS, open_page, served, wait_action
from test_magic_newcomer18 import _drop_at_the_wall, _lifted_after_the_drop

pytestmark = pytest.mark.browser


@pytest.fixture
def drop21() -> Iterator[str]:
    yield from served(DROP_ARGS)


@pytest.mark.parametrize("touch", [False, True], ids=["click", "tap"])
def test_a_click_on_the_back_here_corner_puts_the_pawn_back(browser: Any, drop21: str, touch: bool) -> None:
    page = open_page(browser, drop21, PHONE, touch=True)
    try:
        _drop_at_the_wall(page)  # the ball fell between a2 and a3; the pawn stands on a3
        corner = page.locator('#board .cell[data-cell="a1"]')
        corner.tap() if touch else corner.click()
        page.wait_for_function("S.world.pawns.red.cell === 'a1'", timeout=WAIT_MS)
        # the board asks for the ball next, no longer for the pawn
        page.wait_for_function("!S.view.instruction.requests.some((r) => r.piece === 'red' && (r.kind || 'pawn') === 'pawn')",
                               timeout=WAIT_MS)
        assert "cannot go on" not in page.locator("#error").inner_text()
    finally:
        page.close()


def test_a_click_elsewhere_after_a_drop_says_to_click_the_corner(browser: Any, drop21: str) -> None:
    from playwright.sync_api import expect

    page = open_page(browser, drop21, PHONE, touch=True)
    try:
        _drop_at_the_wall(page)
        page.locator('#board .cell[data-cell="a2"]').tap()  # a step back along the way: not where it goes
        # the prompt's way, and only it (Magic newcomer 22: the prompt said Lift pawn, this only "click a1"; newcomer
        # 29: "click a1 (or press ✊ Lift pawn, then click a1)" read as two rules)
        expect(page.locator("#error")).to_contain_text(re.compile("goes back to its start corner: press ✊ Lift pawn, "
                                                                  "then (click|tap) a1"), timeout=WAIT_MS)
        assert "(or " not in page.locator("#error").inner_text()
        assert page.evaluate("S.world.pawns.red.cell") == "a3"
    finally:
        page.close()


def test_a_phone_says_the_symbol_to_find_under_press_roll_after_the_first_roll(browser: Any, drop21: str) -> None:
    """Newcomer 21 on a phone: "Red: press Roll." sat in a box 200 px high (the room kept for the move's
    words), and the target's panel was below the fold all game. After a person's first roll, that room
    says the symbol to find under each "press Roll" (before it: what comes after the roll)."""
    from playwright.sync_api import expect
    from test_magic_newcomer import roll

    page = open_page(browser, drop21, PHONE, touch=True)
    try:
        nxt = page.locator("#prompt .prompt-next")
        expect(nxt).to_contain_text("tap the cells next to your pawn")  # before the first roll: what comes next
        roll(page)
        page.locator("#done").tap()  # ends the move where it stands
        wait_action(page, "roll")  # red's next turn (blue's passed by itself)
        target = page.evaluate("S.view.target")
        expect(nxt).to_contain_text("To find: ", timeout=WAIT_MS)
        expect(nxt).to_contain_text(f"on {target['cell']} (the white cell)")
        box = page.locator("#prompt").bounding_box()
        assert box["y"] + box["height"] <= page.locator("#board").bounding_box()["y"], "the line spills over the board"
    finally:
        page.close()


def test_the_new_game_dialog_says_each_game_hides_a_new_maze(browser: Any, drop21: str) -> None:
    """Newcomer 21 met the wall a1-b1 in three games running and took the maze for always the same."""
    from playwright.sync_api import expect

    page = open_page(browser, drop21, PHONE, touch=True)
    try:
        page.locator("#new-game").tap()
        expect(page.locator("#new-dialog .ng-note")).to_contain_text("Each new game hides a new maze")
        # ...drawn at random, so a wall may stand where one stood before (Magic newcomer 81 met the wall f5-f6 in two
        # games, seven walls of 19 alike by chance, and took the maze for the same)
        expect(page.locator("#new-dialog .ng-note")).to_contain_text("a wall may stand where one stood before")
        expect(page.locator("#new-dialog .ng-note")).to_be_visible()
    finally:
        page.close()


def test_the_roll_tip_says_the_pawn_s_own_cell_is_lit_too(browser: Any, drop21: str) -> None:
    """Newcomer 21: "Why is my own cell lit?" (after a roll the pawn's cell glows in its colour too: Done
    ends the move there) -- nothing said so. Magic newcomer 57 read "its own cell too" as a cell lit like the others
    (framed), while it shows the glow round the pawn, and newcomer 58 could not read "its own cell, under the glow": the
    tip says Done ends the move where the pawn stands."""
    from playwright.sync_api import expect

    page = open_page(browser, drop21, PHONE, tips=True, touch=True)
    try:
        expect(page.locator("#guide .guide-text")).to_contain_text("✋ Done ends the move where your pawn stands",
                                                                   timeout=WAIT_MS)
    finally:
        page.close()


def test_with_the_pawn_in_the_hand_lift_says_the_next_step_not_greyed(browser: Any, drop21: str) -> None:
    """Newcomer 21: with the pawn lifted, the Lift button read "👇 Tap a cell to place" -- the next step -- drawn
    greyed, as a control that is off."""
    page = open_page(browser, drop21, PHONE, touch=True)
    try:
        _lifted_after_the_drop(page)
        lift = page.locator("#lift")
        # (the cell the board asks for, as the prompt says it: Magic newcomer 111 read "👇 Tap a cell to place" as any
        # cell, tapped b1, and the pawn was set down there)
        assert "👇 Tap a1 to place" in lift.inner_text(), lift.inner_text()
        assert page.evaluate("getComputedStyle(document.getElementById('lift')).opacity") == "1"
    finally:
        page.close()


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "finger"])
def test_a_pawn_dragged_across_two_cells_slides_over_them(browser: Any, drop21: str, touch: bool) -> None:
    """Magic newcomer 22 dragged the pawn from a2 over a3 to a4 in one motion: the page took it as a jump (lifted
    and set down), the referee warned "jumped instead of sliding", the ball dropped and the turn was lost. A hand
    dragging a pawn across the real board slides it over the cells between: the page sends those slides."""
    from test_magic_newcomer import WIDE, roll_at_least_two

    page = open_page(browser, drop21, PHONE if touch else WIDE, touch=touch)
    try:
        roll_at_least_two(page)
        centre = {c: page.locator(f'#board .cell[data-cell="{c}"]').bounding_box() for c in ("a1", "b1", "c1")}
        at = {c: (b["x"] + b["width"] / 2, b["y"] + b["height"] / 2) for c, b in centre.items()}
        if touch:  # a finger: pointer events through CDP, as a touch screen sends them
            cdp = page.context.new_cdp_session(page)
            points = [at["a1"], at["b1"], at["c1"]]
            cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": points[0][0], "y": points[0][1]}]})
            for (x0, y0), (x1, y1) in zip(points, points[1:]):
                for k in range(1, 9):
                    cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
                        {"x": x0 + (x1 - x0) * k / 8, "y": y0 + (y1 - y0) * k / 8}]})
            cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        else:
            mouse_drag(page, page.locator('.pawn.red').first, [at["b1"], at["c1"]])
        page.wait_for_function("S.world.pawns.red.cell === 'c1'", timeout=WAIT_MS)
        log = page.locator("#log").inner_text()
        assert "jumped" not in log and "dropped" not in log, log
        assert page.evaluate("S.world.pawns.red.ball") == "attached"
    finally:
        page.close()
