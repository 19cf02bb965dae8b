"""Issue 15, Struggle newcomer 109 (1920x1080): "◀ Previous way" had no key tag, while ▶ Next way showed T and Stop S;
the 1 key presses it (the board's die 1, the way back while choosing). It shows its key as the others do."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import WIDE, open_page, serving
from test_struggle_choosing_round26a_browser import SEED7, WAIT, _choosing

pytestmark = pytest.mark.browser


def test_previous_way_shows_the_key_that_presses_it(browser: Any) -> None:
    with serving(SEED7, 0) as url:
        page = open_page(browser, url, WIDE)
        try:
            _choosing(page)
            page.locator("#throw").click()  # ▶ Next way: way 2, so ◀ Previous way acts
            page.wait_for_function("() => S.view.selected === 1", timeout=WAIT)
            prev = page.locator("#prev-way")
            assert prev.is_visible()
            tag = prev.evaluate("(b) => getComputedStyle(b, '::after').content")
            assert tag == '"1"', tag
            page.keyboard.press("1")  # ...and the key does what the tag says
            page.wait_for_function("() => S.view.selected === 0", timeout=WAIT)
        finally:
            page.close()
