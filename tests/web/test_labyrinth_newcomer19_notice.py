"""Issue 15, Labyrinth newcomer 19 on a wide screen: "Your seat (Red) is taken on another screen now … OK"
came up between the prompt and the board and pushed the board down, under the mouse: the click meant for
the slot N-f landed on the notice. On a wide screen a notice now floats over the side panel's top, and
nothing of the board moves when it comes or goes (all three games' pages)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.test_plain_words_browser import LABYRINTH, WIDE, open_page, serving

pytestmark = pytest.mark.browser

BOARD = {"labyrinth": "#maze", "magic-labyrinth": "#board", "struggle": ".track-frame"}


@pytest.mark.parametrize("game", ["labyrinth", "magic-labyrinth", "struggle"])
def test_a_notice_on_a_wide_screen_does_not_move_the_board(browser: Any, game: str) -> None:
    args = LABYRINTH if game == "labyrinth" else ("--game", game, "--players", "2", "--seed", "7")
    with serving(args + ("--humans", "red")) as url:
        page = open_page(browser, url, WIDE)
        try:
            board = page.locator(BOARD[game])
            before = board.bounding_box()
            page.evaluate("NOTICE.say('Your seat (Red) is taken on another screen now: the card shows there. "
                          "This page still plays Red\\'s moves.')")
            page.locator("#notice").wait_for(state="visible")
            after = board.bounding_box()
            assert abs(after["y"] - before["y"]) < 1 and abs(after["x"] - before["x"]) < 1, (before, after)
            notice = page.locator("#notice").bounding_box()
            assert notice["y"] + notice["height"] <= WIDE[1] and notice["x"] >= 0, notice
            # over no part of the board: it is where the person aims
            assert notice["x"] >= after["x"] + after["width"] or notice["y"] >= after["y"] + after["height"] \
                or notice["y"] + notice["height"] <= after["y"], (notice, after)
        finally:
            page.close()


def test_a_lit_tile_keeps_its_paths_readable(browser: Any) -> None:
    """Labyrinth newcomer 19 (wide): the red wash of the tiles a pawn can reach hid which sides a tile opens
    (its glow spread over a third of the tile). The LED's light now frames the tile and leaves the middle, the
    path's crossing, in the path's own colour."""
    import io

    from PIL import Image

    with serving(LABYRINTH + ("--humans", "red")) as url:
        page = open_page(browser, url, WIDE)
        try:
            tile = page.locator('#maze .tile[data-cell="c3"]')
            plain = Image.open(io.BytesIO(tile.screenshot())).convert("RGB")
            page.evaluate("MB.light(document.querySelector('#maze .tile[data-cell=\"c3\"]'), '#ff0000')")
            page.wait_for_timeout(200)  # its fade-in (80 ms)
            lit = Image.open(io.BytesIO(tile.screenshot())).convert("RGB")
            w, h = lit.size
            path = (241, 223, 180)  # labyrinth.css .tile .path rect

            def near(c: tuple[int, ...], ref: tuple[int, ...], by: int) -> bool:
                return max(abs(x - y) for x, y in zip(c, ref)) <= by

            # each opening (a side's middle third on the path's colour), a tenth of the tile in from its edge: where
            # the eye reads which way the tile opens
            openings = [(fx, fy) for fx, fy in ((0.5, 0.1), (0.5, 0.9), (0.1, 0.5), (0.9, 0.5))
                        if near(plain.getpixel((int(w * fx), int(h * fy))), path, 12)]
            assert openings, "c3 opens nowhere?"
            for fx, fy in openings:
                a, b = plain.getpixel((int(w * fx), int(h * fy))), lit.getpixel((int(w * fx), int(h * fy)))
                assert near(a, b, 40), f"the opening at {fx},{fy}: {a} plain, {b} lit"
            edge = lit.getpixel((3, h // 2))
            assert edge[0] > 200 and edge[1] < 120, f"the frame is not lit: {edge}"
        finally:
            page.close()
