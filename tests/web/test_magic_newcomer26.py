"""Issue 15, Magic newcomer 26 (phone): after the ball fell, a tap on another cell was refused in a dark line over
row 2 of the board, over the pawn and the wall the words spoke of. A refusal answering a tap on the board shows
beside the board (above it, else under it), never over its cells; the same on every game page (notice.js)."""

from __future__ import annotations

from typing import Any

import pytest
from test_magic_newcomer import PHONE, WAIT_MS, open_page, served, wait_action
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"] and \
        a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"]


@pytest.fixture
def url() -> Any:
    yield from served(("--seed", "7"))


def test_a_refused_tap_on_the_board_is_answered_beside_it(browser: Any, url: str) -> None:
    page = open_page(browser, url, PHONE, touch=True)
    try:
        wait_action(page, "roll")
        board = page.locator("#board")
        board.scroll_into_view_if_needed()
        page.locator('#board .cell[data-cell="c2"]').tap()  # no roll yet: refused
        toast = page.locator("#error.toast")
        toast.wait_for(state="visible", timeout=WAIT_MS)
        assert toast.inner_text().strip()
        box, cells = toast.bounding_box(), board.bounding_box()
        assert box and cells and not _overlap(box, cells), (box, cells)
        assert 0 <= box["y"] and box["y"] + box["height"] <= PHONE[1], box
    finally:
        page.close()


def test_a_refused_tap_on_a_labyrinth_tile_is_answered_beside_the_maze(browser: Any) -> None:
    """Labyrinth newcomer 24 saw "d3 cannot be reached from e6 …" over rows 4-5 of the maze."""
    from test_labyrinth_newcomer_third import NEWCOMER_GAME
    from test_labyrinth_newcomer_third import open_page as open_lab
    from test_labyrinth_newcomer_third import push

    with serving(NEWCOMER_GAME) as address:
        page = open_lab(browser, address, PHONE, guide=False, mobile=True)
        try:
            push(page)
            far = page.evaluate("""() => [...document.querySelectorAll('#maze .tile')]
                .filter((t) => !t.classList.contains('lit') && !t.classList.contains('home-lit'))
                .map((t) => t.dataset.cell).find((c) => c !== S.world.pawns.red)""")
            maze = page.locator("#maze")
            maze.scroll_into_view_if_needed()
            page.locator(f'#maze .tile[data-cell="{far}"]').tap()
            toast = page.locator("#error.toast")
            toast.wait_for(state="visible", timeout=WAIT_MS)
            assert "cannot be reached" in toast.inner_text(), toast.inner_text()
            top, low = (page.locator(f'#maze .tile[data-cell="{c}"]').bounding_box() for c in ("a7", "g1"))
            tiles = {"x": top["x"], "y": top["y"], "width": low["x"] + low["width"] - top["x"],
                     "height": low["y"] + low["height"] - top["y"]}
            box = toast.bounding_box()
            assert box and not _overlap(box, tiles), (box, tiles)
        finally:
            page.context.close()


def test_a_folded_tip_shows_nothing_of_its_third_line(browser: Any, url: str) -> None:
    """Magic newcomers 25 and 26: under the folded tip's second line, the top of the third line's ✋ peeked out
    (an emoji rises above its line box, into the second line's)."""
    import io

    from PIL import Image

    ctx = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True,
                              device_scale_factor=3)
    page = ctx.new_page()
    try:
        page.goto(url)
        text = page.locator("#guide .guide-text")
        text.wait_for(state="visible", timeout=WAIT_MS)
        assert "✋" in text.inner_text() and text.evaluate("e => e.scrollHeight > e.clientHeight + 1")
        img = Image.open(io.BytesIO(text.screenshot())).convert("RGB")
        w, h = img.size
        # the bottom 2 CSS px, left of "▾ more" (its own box): the ✋'s yellow, if any of the third line shows
        yellow = sum(1 for x in range(0, int(w * .6)) for y in range(h - 6, h)
                     if (lambda r, g, b: r > 180 and g > 120 and b < 90)(*img.getpixel((x, y))))
        assert yellow == 0, f"{yellow} yellow pixels of the third line show under the second"
    finally:
        ctx.close()


def test_once_a_finger_has_tapped_the_page_says_tap(browser: Any, url: str) -> None:
    """Magic newcomers 25 and 26: on a phone, after tapping "▾ more", the prompt said "Then click a lit cell"; the
    media query for a touch screen had not matched there. A finger seen on the page is a touch screen too."""
    page = open_page(browser, url, PHONE)  # a narrow window with a mouse: the media query says no touch
    try:
        wait_action(page, "roll")
        assert not page.evaluate("matchMedia('(hover: none) and (pointer: coarse)').matches")
        line = page.locator("#prompt .prompt-next")
        assert "Then click the cells next to your pawn" in line.inner_text()
        # a finger on the page (what the newcomers' tap on "▾ more" was)
        page.evaluate("document.querySelector('#guide').dispatchEvent(new PointerEvent('pointerdown', "
                      "{pointerType: 'touch', bubbles: true}))")
        page.evaluate("drawPrompt()")  # the next drawing of the prompt (any message from the board)
        assert "Then tap the cells next to your pawn" in line.inner_text(), line.inner_text()
    finally:
        page.close()
