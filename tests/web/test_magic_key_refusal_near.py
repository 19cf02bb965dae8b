"""Magic newcomer 106 (1920x1080): an arrow key refused (into a wall found already) was answered under the buttons on
the right, far from the board the person looked at, where a click's refusal shows beside the pointer. A key's refusal
is said beside what the key presses: the pawn for an arrow key (NOTICE.keyAt, as the Struggle page's keys)."""

from __future__ import annotations

from typing import Any

import pytest
from test_magic_newcomer import WIDE, open_page, url  # noqa: F401

pytestmark = pytest.mark.browser

BOXES = """() => { const b = (el) => { const r = el.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; };
  return { error: b(document.getElementById('error')), pawn: b(document.querySelector('#board .pawn.red')),
           text: document.getElementById('error').textContent }; }"""


def test_an_arrow_key_refused_is_answered_beside_the_pawn(browser: Any, url: str) -> None:  # noqa: F811
    page = open_page(browser, url, WIDE)
    try:
        page.keyboard.press("ArrowUp")  # before the roll: no step now
        page.wait_for_function("() => document.getElementById('error').textContent.includes('No step now')", timeout=30_000)
        seen = page.evaluate(BOXES)
    finally:
        page.close()
    e, p = seen["error"], seen["pawn"]
    gap_y = max(0.0, e["top"] - p["bottom"], p["top"] - e["bottom"])
    gap_x = max(0.0, e["left"] - p["right"], p["left"] - e["right"])
    assert gap_y <= 120 and gap_x <= 120, seen
