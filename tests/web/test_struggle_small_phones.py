"""An attack on the phone's tip room (session 9): on small phones the Struggle track's spaces came out 12 px (375x667),
6 px (360x640), even negative (320x568): the space size was the window's height less a fixed 530 px and the tips'
room, with no floor. A space is never smaller than a finger's tap on a token needs; the page scrolls instead."""

from __future__ import annotations

import os
from typing import Any

import pytest
from test_plain_words_browser import open_page, serving
from test_struggle_choosing_round26a_browser import SEED7

pytestmark = pytest.mark.browser

WAIT = 30000
PORT = int(os.environ.get("MB_TEST_PORT", "0"))


@pytest.mark.parametrize("size", [(375, 667), (360, 640), (320, 568), (568, 320)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_track_s_spaces_stay_big_enough_to_tap(browser: Any, size: tuple[int, int]) -> None:
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, size, guide=True)  # the tips' room standing
        try:
            page.wait_for_function("() => document.querySelectorAll('#track .space').length > 5", timeout=WAIT)
            side = page.evaluate("Math.min(...[...document.querySelectorAll('#track .space')].map((e) => e.getBoundingClientRect().width))")
            assert side >= 36, side
        finally:
            page.close()
