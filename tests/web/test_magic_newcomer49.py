"""Issue 15, Magic newcomer 49: the cells to reach were "a subtle red frame", told apart from the others only by
zooming in (a dim LED's colour as it is, on the dark board). A lit cell's frame is drawn in its LED's hue at full
strength; its glow keeps the LED's own strength (as Labyrinth's tiles, Labyrinth newcomer 47)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_magic_newcomer import PHONE, WAIT_MS, open_page, roll, url  # noqa: F401  (url: a fixture)

pytestmark = pytest.mark.browser


def test_a_lit_cell_s_frame_is_bright_in_the_mover_s_hue(browser: Any, url: str) -> None:  # noqa: F811
    page = open_page(browser, url, PHONE)
    try:
        roll(page)
        page.wait_for_function("() => document.querySelectorAll('#board .cell.lit:not(.turn-cell):not(.target-cell)').length > 0",
                               timeout=WAIT_MS)
        seen = page.evaluate("""() => [...document.querySelectorAll('#board .cell.lit:not(.turn-cell):not(.target-cell)')].map((c) =>
          ({ cell: c.dataset.cell, led: c.dataset.led, frame: getComputedStyle(c.querySelector('.led')).boxShadow }))""")
        for s in seen:
            if s["led"] != "#4c0000":
                continue  # (a dim red: a cell to reach)
            first = [int(x) for x in re.findall(r"\d+", s["frame"].split(")")[0])[:3]]
            assert max(first) >= 230 and first[1] < 60 and first[2] < 60, s
        assert any(s["led"] == "#4c0000" for s in seen), seen
    finally:
        page.close()
