"""Issue 15, Labyrinth newcomer 64 (390x844): an arrow tapped to see its push hid the cell names of the whole line
(b1…b7), and the newcomer counted rows to tell where the card's picture would land. While a push is previewed each
cell of the line keeps its name where it is, on the tile that will stand there (the spare drawn in at the entry
included); none names the cell beside (Labyrinth newcomer 41 read "a4" on the b4 square)."""

from __future__ import annotations

from typing import Any

import pytest
from test_lab_newcomer_two_round26 import touch_page

from tests.web.test_plain_words_browser import LABYRINTH, WAIT_MS, serving

pytestmark = pytest.mark.browser

NAMES = """() => {
  const out = {};
  for (const c of document.querySelectorAll('#maze .coord')) {
    const st = getComputedStyle(c);
    if (st.visibility === 'hidden' || st.display === 'none' || !c.textContent.trim()) continue;
    const r = c.getBoundingClientRect();
    (out[c.textContent.trim()] = out[c.textContent.trim()] || []).push([r.left + r.width / 2, r.top + r.height / 2]);
  }
  return out;
}"""
CELLS = """() => Object.fromEntries([...document.querySelectorAll('#maze .tile[data-cell]')].map((t) => {
  const r = t.getBoundingClientRect(); return [t.dataset.cell, [r.left, r.top, r.right, r.bottom]]; }))"""


def test_a_previewed_push_keeps_each_cell_s_name_on_its_cell(browser: Any) -> None:
    from playwright.sync_api import expect

    with serving(LABYRINTH) as url:
        page = touch_page(browser, url)
        try:
            expect(page.locator("#prompt")).to_contain_text("Red: turn the spare", timeout=WAIT_MS)
            cells = page.evaluate(CELLS)
            for slot in page.evaluate("() => [...document.querySelectorAll('#maze .slot:not(.off)')].map((s) => s.dataset.slot)")[:4]:
                page.locator(f'#maze .slot[data-slot="{slot}"]').tap()
                page.wait_for_function("() => document.querySelectorAll('#maze .tile[data-shifted]').length === 7")
                line = page.evaluate("(s) => pushLine(s)", slot)
                names = page.evaluate(NAMES)
                for cell in line:
                    left, top, right, bottom = cells[cell]
                    at = names.get(cell, [])
                    assert len(at) == 1, (slot, cell, at)  # said once
                    x, y = at[0]
                    assert left <= x <= right and top <= y <= bottom, (slot, cell, at, cells[cell])
                page.locator('#maze .tile[data-cell="d4"]').tap()  # let go
                page.wait_for_function("() => !document.querySelector('#maze .tile[data-shifted]')")
                assert sorted(page.evaluate(NAMES)) == sorted(cells), "every name back on its own tile"
        finally:
            page.close()
