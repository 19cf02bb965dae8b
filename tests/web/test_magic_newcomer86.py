"""Issue 15, Magic newcomer 86 (1920x1080): dragging the pawn with a mouse, "the pawn sat still on its cell, with no
marker and no highlight on the cell under the pointer": the cell under a drag is marked (``.drop-ok``, a white ring
inside it), but on a lit cell, the only cells a step can go to, the LED's own frame was drawn over that ring. The ring
shows on a lit cell too."""

from __future__ import annotations

import io
from typing import Any

import pytest
from test_plain_words_browser import MAGIC, WIDE, open_page, serving

pytestmark = pytest.mark.browser


def _edge(page: Any, cell: str) -> tuple[int, int, int]:
    """The colour 2 px inside the cell's left edge, half way down."""
    from PIL import Image

    box = page.locator(f'#board .cell[data-cell="{cell}"]').bounding_box()
    img = Image.open(io.BytesIO(page.screenshot(clip={"x": box["x"], "y": box["y"], "width": box["width"],
                                                      "height": box["height"]}))).convert("RGB")
    return img.getpixel((2, int(box["height"] / 2)))


def _ring_shows(page: Any, cell: str) -> None:
    """The drag's mark on ``cell`` (markDrop, as a drag over it sets it) turns its edge white."""
    page.mouse.move(0, 0)
    page.wait_for_timeout(200)
    before = _edge(page, cell)
    page.evaluate("(c) => markDrop(document.querySelector(`#board .cell[data-cell=\"${c}\"]`))", cell)
    page.wait_for_timeout(200)
    during = _edge(page, cell)
    assert min(during) > 220 and during != before, (cell, before, during)


def test_the_cell_under_a_drag_is_marked_on_a_lit_cell_too(browser: Any) -> None:
    with serving(MAGIC) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("() => S.view && S.view.instruction && S.view.instruction.action === 'roll'"
                                   " && S.view.instruction.player === 'red'", timeout=30000)
            page.click("#roll")
            page.wait_for_function("() => S.view.instruction.action === 'move' && document.querySelector('#board .cell.lit')",
                                   timeout=30000)
            cell = page.evaluate("""() => { const here = S.world.pawns.red.cell;
                return S.view.instruction.cells.find((c) => c !== here
                  && document.querySelector(`#board .cell[data-cell="${c}"]`).classList.contains('lit')); }""")
            _ring_shows(page, cell)
        finally:
            page.close()


def test_the_cell_under_a_drag_is_marked_on_the_target_in_reach_too(browser: Any) -> None:
    """(an attack: on the target in reach, framed in the mover's colour with a white band inside, the drag's white ring
    fell on the band, and the cell looked the same under the drag)"""
    with serving(MAGIC) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("() => S.view && S.view.target && S.view.instruction", timeout=30000)
            cell = page.evaluate("""() => { const t = S.view.target;
                S.view.instruction = { ...S.view.instruction, player: 'red', action: 'move', cells: ['a1', t.cell] };
                drawInfo(); return t.cell; }""")
            _ring_shows(page, cell)
        finally:
            page.close()
