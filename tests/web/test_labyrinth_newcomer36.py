"""Issue 15, Labyrinth newcomer 36 (phone): Blue's 🏠 stood in the lower-left corner of g7, against g6, and was
read as marking g6, Blue's start square; Red's, in a1's lower-left corner, against the "Red's turn" caption. Each
start square's 🏠 stands in the middle of its own tile (the corner tile's elbow: its openings, at the tile's
edges, stay in sight; the pawns stand in the tile's corners)."""

from __future__ import annotations

from typing import Any

import pytest
from test_labyrinth_newcomer_third import NEWCOMER_GAME, PHONE, WAIT_MS, open_page
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("size", [PHONE, (1920, 1080)], ids=["phone", "wide"])
def test_each_start_squares_house_stands_in_the_middle_of_its_tile(browser: Any, size: tuple[int, int]) -> None:
    with serving(NEWCOMER_GAME) as url:
        page = open_page(browser, url, size, guide=False, mobile=size == PHONE)
        try:
            page.wait_for_function("() => S.view && S.world", timeout=WAIT_MS)
            marks = page.evaluate("""() => [...document.querySelectorAll('#maze .tile[data-home]')].map((t) => {
              const a = t.getBoundingClientRect(), m = t.querySelector('.home-mark').getBoundingClientRect();
              const pawns = [...t.querySelectorAll('.lpawn')].map((p) => p.getBoundingClientRect());
              const over = pawns.some((p) => p.left < m.right && m.left < p.right && p.top < m.bottom && m.top < p.bottom);
              return { cell: t.dataset.cell, dx: (m.left + m.width / 2 - a.left) / a.width,
                       dy: (m.top + m.height / 2 - a.top) / a.height, over, pawns: pawns.length }; })""")
            assert len(marks) == 2, marks
            for m in marks:
                # in the middle of its own tile; with a pawn alone on it, the pawn stands there and the 🏠 steps into the
                # tile's top-right corner (Labyrinth newcomer 58: test_labyrinth_newcomer58.py), still on its tile
                if m["pawns"] == 1:
                    assert .5 < m["dx"] < 1 and 0 < m["dy"] < .5, m
                else:
                    assert abs(m["dx"] - .5) < .05 and abs(m["dy"] - .5) < .05, m
                assert not m["over"], f"{m['cell']}: its pawn covers the 🏠"
        finally:
            page.context.close()


def test_the_help_says_what_becomes_of_a_picture_pushed_off_the_board(browser: Any) -> None:
    """Newcomer 36 saw its Lizard's tile pushed off into the spare ("SPARE TILE 🦎 Lizard"): nothing said it could
    not be reached until pushed back in, nor that any player may push it back."""
    with serving(NEWCOMER_GAME) as url:
        page = open_page(browser, url, (1920, 1080), guide=False)
        try:
            said = " ".join(page.locator("#help-pushed-off").inner_text().split())
            assert "becomes the spare, with its picture" in said and "until someone pushes the spare back in" in said, said
        finally:
            page.context.close()
