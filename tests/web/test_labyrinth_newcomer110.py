"""Issue 15, Labyrinth newcomer 110 (1920x1080): D pressed before the push, and an arrow key into a closed side, were
answered in small words under Done in the right-hand column; the newcomer's eyes were on the board and nearly missed
both. A key's refusal is said beside what the key presses, as a click's is beside the pointer (NOTICE.keyAt, as the
Magic and Struggle pages' keys): the pawn for an arrow key, the button for R and D."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import LABYRINTH, WAIT_MS, WIDE, open_page, serving

pytestmark = pytest.mark.browser

BOXES = """(sel) => { const b = (el) => { const r = el.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; };
  return { error: b(document.getElementById('error')), near: b(document.querySelector(sel)),
           text: document.getElementById('error').textContent }; }"""


def _gap(seen: dict[str, Any]) -> float:
    e, p = seen["error"], seen["near"]
    return max(0.0, e["top"] - p["bottom"], p["top"] - e["bottom"], e["left"] - p["right"], p["left"] - e["right"])


@pytest.mark.parametrize("key, near, says", [("ArrowUp", "#maze .tile[data-cell='a1']", "the arrow keys walk your pawn"),
                                             ("d", "#done", "Done: does nothing now")], ids=["arrow", "done"])
def test_a_key_refused_is_answered_beside_what_it_presses(browser: Any, key: str, near: str, says: str) -> None:
    from playwright.sync_api import expect

    with serving(LABYRINTH + ("--humans", "red")) as url:
        page = open_page(browser, url, WIDE)
        try:
            expect(page.locator("#prompt")).to_contain_text("push it in", timeout=WAIT_MS)
            page.keyboard.press(key)  # before the push: no walk, no Done
            page.wait_for_function("(s) => document.getElementById('error').textContent.includes(s)", arg=says, timeout=WAIT_MS)
            seen = page.evaluate(BOXES, near)
        finally:
            page.close()
    assert _gap(seen) <= 120, seen
