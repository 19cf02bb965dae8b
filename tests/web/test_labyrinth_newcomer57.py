"""Issue 15, Labyrinth newcomer 57 (1920x1080): an arrow clicked with the mouse kept a focus ring, drawn once a key was
pressed (D for Done), into the game's end where every arrow was greyed: a ring reads as the next thing to press. A
mouse's click lets go of the arrow's focus (as Roll's and the dice's); a key's press on a focused arrow keeps it."""
from __future__ import annotations

from typing import Any

import pytest
from test_labyrinth_newcomer_third import WAIT_MS, open_page
from test_labyrinth_round22 import RED_ARGS
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser
WIDE = (1920, 1080)


def test_an_arrow_clicked_with_the_mouse_keeps_no_focus_ring(browser: Any) -> None:
    with serving(RED_ARGS) as address:
        page = open_page(browser, address, WIDE, guide=False)
        try:
            page.wait_for_function("() => S.view.phase === 'shift' && !S.world.busy", timeout=WAIT_MS)
            slot = page.locator("#maze .slot:not(.off)").first
            name = slot.get_attribute("data-slot")
            slot.click()
            page.wait_for_function("() => S.view.phase === 'move' && !S.world.busy", timeout=WAIT_MS)
            page.keyboard.press("Shift")  # any key: Chromium then draws a focused element's ring
            held = page.evaluate("() => { const a = document.activeElement; return a && a.classList.contains('slot') ? a.dataset.slot : ''; }")
            assert held == "", (name, held)
        finally:
            page.close()
