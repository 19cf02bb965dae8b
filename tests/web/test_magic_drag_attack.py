"""Issue 15, an attack on the Magic Labyrinth's drag (session 6; the drag slides over the cells passed since
round 27): a drag sent every step at once and the hand did them all, so

- a drag across a hidden wall went on past the ball's drop (the hand now stops sliding a pawn whose ball fell
  after the slide was asked, as a person who sees the ball fall stops: sim/hands.py);
- a drag longer than the roll took the pawn past the roll (the page now sends only the roll's steps left);
- a quick straight drag (a flick: the pointer seen on a1, then on a3) was a jump (the page now fills in the
  cells of a straight line between two the pointer was seen on).
"""

from __future__ import annotations

from typing import Any, Iterator

import pytest
from htmldrag import mouse_drag
from test_magic_newcomer import DROP_ARGS, PHONE, WAIT_MS, WIDE, open_page, roll, said, served, wait_action

pytestmark = pytest.mark.browser

OPEN_NORTH = ("--seed", "7", "--maze", "a1-b1")  # north from red's a1 open


@pytest.fixture
def wall_url() -> Iterator[str]:
    yield from served(DROP_ARGS)  # a wall between a2 and a3


@pytest.fixture
def open_url() -> Iterator[str]:
    yield from served(OPEN_NORTH)


def _roll_between(page: Any, least: int, most: int) -> int:
    for _ in range(25):
        roll(page)
        n = int(said(page)["messages"][0]["args"]["roll"])
        if least <= n <= most:
            return n
        page.locator("#done").click()
        wait_action(page, "roll")
    pytest.skip(f"no roll in {least}..{most} in 25")


def _centres(page: Any, cells: list[str]) -> list[tuple[float, float]]:
    boxes = [page.locator(f'#board .cell[data-cell="{c}"]').bounding_box() for c in cells]
    return [(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2) for b in boxes]


def _drag(page: Any, cells: list[str], touch: bool, steps: int = 8) -> None:
    pts = _centres(page, cells)
    if not touch:  # (htmldrag: a drag Playwright's race leaves hanging is made again)
        mouse_drag(page, page.locator(".pawn.red").first, pts[1:], steps=steps)
        return
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": pts[0][0], "y": pts[0][1]}]})
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        for k in range(1, steps + 1):
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
                {"x": x0 + (x1 - x0) * k / steps, "y": y0 + (y1 - y0) * k / steps}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def _settled(page: Any) -> str:
    page.wait_for_function("S.world && !S.world.hands.red.busy", timeout=WAIT_MS)
    page.wait_for_timeout(1500)  # (anything still queued would have moved by now)
    return str(page.evaluate("S.world.pawns.red.cell"))


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "finger"])
def test_a_drag_across_a_hidden_wall_stops_where_the_ball_fell(browser: Any, wall_url: str, touch: bool) -> None:
    page = open_page(browser, wall_url, PHONE if touch else WIDE, touch=touch)
    try:
        _roll_between(page, 3, 6)
        _drag(page, ["a1", "a2", "a3", "a4"], touch)
        assert _settled(page) == "a3", "the pawn went on past its ball's drop"
        assert "a3 → a4" not in page.locator("#log").inner_text()
    finally:
        page.close()


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "finger"])
def test_a_drag_longer_than_the_roll_stops_after_the_roll(browser: Any, open_url: str, touch: bool) -> None:
    page = open_page(browser, open_url, PHONE if touch else WIDE, touch=touch)
    try:
        n = _roll_between(page, 1, 2)
        _drag(page, ["a1", "a2", "a3", "a4", "a5"], touch)
        assert _settled(page) == f"a{1 + n}"
        # no correction asked (the steps are the roll's): the board asks for Done, which ends the move
        assert not said(page).get("requests"), said(page)
        assert "more steps than the roll" not in (said(page).get("text") or "")
    finally:
        page.close()


def test_a_quick_straight_drag_slides_over_the_cells_between(browser: Any, open_url: str) -> None:
    page = open_page(browser, open_url, WIDE)
    try:
        _roll_between(page, 2, 6)
        _drag(page, ["a1", "a3"], touch=False, steps=1)  # one pointer move: a1, then a3
        assert _settled(page) == "a3"
        log = page.locator("#log").inner_text()
        assert "jumped" not in log and "a1 → a2" in log and "a2 → a3" in log, log[:400]
    finally:
        page.close()


@pytest.mark.parametrize("touch", [False, True], ids=["mouse", "finger"])
def test_a_drag_of_another_players_pawn_says_whose_it_is(browser: Any, open_url: str, touch: bool) -> None:
    """Magic newcomer 105 dragged Blue's pawn on a phone during Red's move, as a child grabbing the wrong pawn would:
    nothing was said and the page scrolled 40 px. A drag begun on another's pawn says whose it is, and which is
    the person's, as a click on it does; the page stays put and Blue's pawn too."""
    from playwright.sync_api import expect

    page = open_page(browser, open_url, PHONE if touch else WIDE, touch=touch)
    try:
        _roll_between(page, 1, 6)
        blue = str(page.evaluate("S.world.pawns.blue.cell"))
        to = blue[0] + str(int(blue[1]) - 1)  # the cell below Blue's
        scrolled = page.evaluate("window.scrollY")
        _drag(page, [blue, to], touch) if touch else _drag_from_cell(page, blue, to)
        expect(page.locator("#error")).to_contain_text("that is Blue's pawn: yours is the red one on a1", timeout=WAIT_MS)
        assert page.evaluate("S.world.pawns.blue.cell") == blue
        assert page.evaluate("window.scrollY") == scrolled, "the drag scrolled the page"
    finally:
        page.close()


def _drag_from_cell(page: Any, frm: str, to: str) -> None:
    """A mouse pressed on the cell ``frm`` (where another's pawn stands: not draggable) and let go on ``to``."""
    (x0, y0), (x1, y1) = _centres(page, [frm, to])
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x1, y1, steps=8)
    page.mouse.up()
