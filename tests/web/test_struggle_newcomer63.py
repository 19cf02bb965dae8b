"""Issue 15, Struggle newcomers 61 and 63 (1920x1080): the ways' list, scrolled to the way lit on the board, opened
with ways 1 and 2 above its top and its first line cut mid-sentence ("race, the place your card wants for it (A):
+10"); nothing said more ways lay above. While ways lie above the list's view, a line over its top says which
("▲ way 1 above"), and pressing it scrolls the list up; none shows when the list starts at its top."""

from __future__ import annotations

import os
from typing import Any

import pytest
from test_plain_words_browser import WIDE, open_page, serving
from test_struggle_choosing_round26a_browser import SEED7, _choosing

pytestmark = pytest.mark.browser

WAIT = 30000
PORT = int(os.environ.get("MB_TEST_PORT", "0"))


def test_ways_above_the_list_s_view_are_said_over_its_top(browser: Any) -> None:
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, WIDE)
        try:
            _choosing(page)
            above = page.locator("#ways-above")
            assert not above.is_visible()  # the list at its top
            # a list taller than its room (the wide screen's 40vh held three long ways in Struggle newcomer 61's game)
            page.evaluate("() => { document.getElementById('outcomes').style.maxHeight = '90px'; }")
            page.click("#throw")  # ▶ the next way, lit on the board: the list scrolls to it
            page.wait_for_function("() => S.view.selected === 1", timeout=WAIT)
            page.click("#throw")
            page.wait_for_function("() => S.view.selected === 2 && document.getElementById('outcomes').scrollTop > 0",
                                   timeout=WAIT)
            page.wait_for_function("() => !document.getElementById('ways-above').hidden", timeout=WAIT)
            text = above.inner_text()
            assert "way 1" in text or "ways 1" in text, text
            box, lst = above.bounding_box(), page.locator("#outcomes").bounding_box()
            assert box and lst and abs(box["y"] - lst["y"]) <= 4, (box, lst)  # over the list's cut top line
            lit = page.locator("#outcomes .outcome.selected").bounding_box()
            assert lit and lit["y"] >= box["y"] + box["height"], (box, lit)  # never over the way lit (an attack)
            page.click("#prev-way")  # ◀ the way before: in view, below the line too
            page.wait_for_function("() => S.view.selected === 1", timeout=WAIT)
            page.wait_for_timeout(300)
            lit = page.locator("#outcomes .outcome.selected").bounding_box()
            if above.is_visible():
                box = above.bounding_box()
                assert box and lit and lit["y"] >= box["y"] + box["height"], (box, lit)
            page.click("#throw")
            page.wait_for_function("() => S.view.selected === 2", timeout=WAIT)
            page.wait_for_function("() => !document.getElementById('ways-above').hidden", timeout=WAIT)
            above.click()
            page.wait_for_function("() => document.getElementById('outcomes').scrollTop === 0", timeout=WAIT)
            page.wait_for_function("() => document.getElementById('ways-above').hidden", timeout=WAIT)
            page.evaluate("() => { drawInfo(); drawInfo(); }")  # a redraw leaves the list where it was put
            page.wait_for_timeout(300)
            assert page.evaluate("document.getElementById('outcomes').scrollTop") == 0
        finally:
            page.close()
