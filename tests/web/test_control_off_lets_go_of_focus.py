"""Issue 15, Struggle newcomer 49 (1920x1080): "🤚 Place tokens as shown", pressed, kept its bright focus ring into
the next turn and at the game's end while greyed: it looked like the next thing to press. A control going off lets
go of the focus (common.js MB.enable), on every page."""

from __future__ import annotations

import os
from typing import Any

import pytest
from test_plain_words_browser import WIDE, open_page, serving
from test_struggle_choosing_round26a_browser import SEED7

pytestmark = pytest.mark.browser

PORT = int(os.environ.get("MB_TEST_PORT", "0"))


def test_a_control_going_off_keeps_no_focus_ring(browser: Any) -> None:
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("() => S.view && S.hello", timeout=30000)
            held = page.evaluate("""() => { const b = document.getElementById('follow'); b.focus();
                const had = document.activeElement === b; drawInfo();
                return [had, b.getAttribute('aria-disabled'), document.activeElement === b]; }""")
            assert held == [True, "true", False], held  # focused, off, let go
            on = page.evaluate("""() => { const b = document.getElementById('throw'); b.focus(); drawInfo();
                return [b.getAttribute('aria-disabled'), document.activeElement === b]; }""")
            assert on == [None, True], on  # a control that stays on keeps it (the keyboard's place)
        finally:
            page.close()
