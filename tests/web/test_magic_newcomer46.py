"""Issue 15, Magic newcomer 46: with the target within the roll's reach, a screenshot showed it in its white dashed
frame alone (its LED blinks white and the mover's colour, caught white), and the newcomer read it as the one cell out
of reach. A target the move can end on is framed in the mover's colour for as long as it can."""

from __future__ import annotations

from typing import Any

import pytest
from test_magic_newcomer import PHONE, WAIT_MS, open_page, url  # noqa: F401  (url: a fixture)

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("size", [PHONE, (1920, 1080)], ids=["phone", "wide"])
def test_a_target_within_reach_is_framed_in_the_movers_colour(browser: Any, url: str, size: tuple[int, int]) -> None:  # noqa: F811
    page = open_page(browser, url, size)
    try:
        page.wait_for_function("() => S.view && S.view.target && S.view.instruction", timeout=WAIT_MS)
        frame = page.evaluate("""() => {
          const t = S.view.target, c = document.querySelector(`#board .cell[data-cell="${t.cell}"]`);
          // (the frame within reach drawn by the cell's ::before, over found walls: Magic newcomer 73)
          const look = () => { const st = getComputedStyle(c), f = getComputedStyle(c, '::before');
            return [st.outlineStyle, st.outlineColor, st.boxShadow, f.content !== 'none' ? f.borderTopStyle : 'none', f.borderTopColor]; };
          const red = getComputedStyle(document.documentElement).getPropertyValue('--red').trim();
          S.view.instruction = { ...S.view.instruction, player: 'red', action: 'move', cells: ['a1', t.cell] }; drawInfo();
          const reach = look();
          S.view.instruction = { ...S.view.instruction, cells: ['a1'] }; drawInfo();
          return { reach, out: look(), red }; }""")
        assert frame["reach"][3] == "solid" and frame["out"][0] == "dashed" and frame["out"][3] == "none", frame
        assert frame["reach"][4] != frame["out"][1], frame
        # ...and still "the white cell" inside it, steady (Magic newcomer 50: the LED caught in the mover's colour,
        # the target looked like any cell to reach, "with only a thin, greyish frame")
        assert "rgb(255, 255, 255)" in frame["reach"][2], frame
    finally:
        page.close()
