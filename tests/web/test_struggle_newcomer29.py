"""Issue 15, Struggle newcomer 29 (phone), as Struggle 25 before: "★ Your card's pick: way 2 · show it" was said while
the board lit way 1 and the big button read "✋ Stop: play way 1"; a person who just pressed Stop played a way the
page did not recommend. The board now lists its pick first: as the choice opens it is way 1, lit, and the Stop button
plays it."""

from __future__ import annotations

import os
from typing import Any

import pytest
from test_plain_words_browser import WIDE, open_page, serving
from test_struggle_choosing_round26a_browser import SEED7, _choosing, _seated

pytestmark = pytest.mark.browser

WAIT = 30000
PORT = int(os.environ.get("MB_TEST_PORT", "0"))
SENT = """() => { window.sentPicks = []; const send = MB.send;
    MB.send = (m) => { if (m.type === 'pick') window.sentPicks.push(m.index); else send(m); }; }"""


def test_the_page_lights_no_way_by_itself_the_board_lists_its_pick_first(browser: Any) -> None:
    """(The page once pressed the board's buttons to its pick as the choice opened, and the pick read "way 3 of 6"; the
    board now lists the pick first, way 1, and the page leaves the lights to the person.)"""
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, WIDE)
        try:
            _choosing(page)
            _seated(page)
            page.wait_for_function("typeof S.hints.red === 'number'", timeout=WAIT)
            assert page.evaluate("[S.hints.red, S.view.selected]") == [0, 0]
            page.evaluate(SENT)
            # a hand whose pick is another way than the one shown: the page sends nothing
            picks = page.evaluate("""() => { window.sentPicks = [];
                S.view = {...S.view, faces: ['K', 'K', 'A', 'J', '9'], selected: 0};
                S.hints.red = 1; drawInfo(); drawInfo(); return window.sentPicks.slice(); }""")
            assert picks == [], picks
        finally:
            page.close()
