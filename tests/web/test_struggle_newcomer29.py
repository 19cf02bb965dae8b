"""Issue 15, Struggle newcomer 29 (phone), as Struggle 25 before: "★ Your card's pick: way 2 · show it" was said while
the board lit way 1 and the big button read "✋ Stop: play way 1"; a person who just pressed Stop played a way the
page did not recommend. As the choice opens, the page lights the pick for the card held here, once a hand, and
only while the board still shows its first way."""

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


def test_the_pick_is_lit_once_as_the_choice_opens(browser: Any) -> None:
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, WIDE)
        try:
            _choosing(page)
            _seated(page)
            page.wait_for_function("typeof S.hints.red === 'number'", timeout=WAIT)
            page.evaluate(SENT)
            # another hand whose pick is its second way, the board showing its first
            # (each step counts only the picks it makes: a redraw of the real hand between two steps may light its own
            # pick once, the stub in place -- a race the stop's tests met once in three runs)
            picks = page.evaluate("""() => { window.sentPicks = [];
                S.view = {...S.view, faces: ['K', 'K', 'A', 'J', '9'], selected: 0};
                S.hints.red = 1; drawInfo(); drawInfo(); return window.sentPicks.slice(); }""")
            assert picks == [1], picks
            # the person moved to way 3 of that hand: the page never moves them back
            picks = page.evaluate("""() => { window.sentPicks = []; S.view = {...S.view, selected: 2}; drawInfo();
                return window.sentPicks.slice(); }""")
            assert picks == [], picks
            # a hand whose board shows another way than its first when the pick is known: left as it is
            picks = page.evaluate("""() => { window.sentPicks = [];
                S.view = {...S.view, faces: ['Q', 'Q', 'A', 'J', '9'], selected: 2};
                S.hints.red = 1; drawInfo(); return window.sentPicks.slice(); }""")
            assert picks == [], picks
        finally:
            page.close()
