"""Issue 15, Magic newcomer 48.

* The ball dropped on the step c2 -> c3 and the pawn stood drawn on c3, past the wall just found: "for a moment I
  thought I had crossed it". The recovery's prompt names the wall and says the ball falls a moment after the step.
* "then tap the ball in the tray" beside a "🎣 Fish ball out" button: only the next prompt said both do the same.
  The first one says so too.
* On a phone the cells showed no names (a1, c3…) while the prompts speak in them.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_magic_newcomer import PHONE, WAIT_MS, open_page, roll, url  # noqa: F401  (url: a fixture)

pytestmark = pytest.mark.browser


def test_the_drop_s_prompt_names_the_wall_and_the_fish_button(browser: Any, url: str) -> None:  # noqa: F811
    from playwright.sync_api import expect

    page = open_page(browser, url, PHONE)
    try:
        roll(page)
        page.locator('#board .cell[data-cell="b1"]').click()  # the maze's one wall: a1-b1
        prompt = page.locator("#prompt")
        expect(prompt).to_contain_text("press ✊ Lift pawn", timeout=WAIT_MS)
        expect(prompt).to_contain_text(re.compile(r"wall between a1 and b1 \(a moment after the step\)"))
        expect(prompt).to_contain_text("the ball in the tray (or 🎣 Fish ball out)")
    finally:
        page.close()


def test_a_phone_names_each_cell_as_the_prompts_do(browser: Any, url: str) -> None:  # noqa: F811
    page = open_page(browser, url, PHONE)
    try:
        seen = page.evaluate("""() => [...document.querySelectorAll('#board .cell')].map((c) => {
          const k = c.querySelector('.coord'), st = k && getComputedStyle(k), r = k && k.getBoundingClientRect();
          return { cell: c.dataset.cell, text: k ? k.textContent : '', shown: !!k && st.display !== 'none' && st.visibility !== 'hidden'
                   && parseFloat(st.opacity) > 0.3 && r.width > 0, px: k ? parseFloat(st.fontSize) : 0 }; })""")
        bad = [s for s in seen if s["text"] != s["cell"] or not s["shown"] or s["px"] < 9]
        assert not bad, bad[:5]
    finally:
        page.close()
