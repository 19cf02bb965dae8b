"""Issue 15, Struggle newcomer 96 (1920x1080), turn 8: the hand 10 J K J Q with token 10 arrived already; the one way
listed named K, Q and J, and nothing before the play said the 10 die moved nothing (the log said it after; an ace
counted as an arrived token is said in its way). While choosing, the ways' box says which dice move nothing, their
tokens arrived already."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import WIDE, open_page, serving
from test_struggle_choosing_round26a_browser import SEED7
from test_struggle_newcomer40 import keep_first_hand

pytestmark = pytest.mark.browser


def test_a_die_whose_token_arrived_already_is_said_among_the_ways(browser: Any) -> None:
    with serving(SEED7) as url:
        page = open_page(browser, url, WIDE)
        try:
            keep_first_hand(page)
            said = page.evaluate("""() => {
              const read = () => { const e = document.getElementById('ways-dead'); return e && !e.hidden ? e.textContent : ''; };
              const was = { faces: S.view.faces, arrived: S.view.arrived };
              S.view.faces = ['10', 'J', 'K', 'J', 'Q']; S.view.arrived = ['10']; drawInfo(); const one = read();
              S.view.faces = ['10', '9', '10', 'A', 'Q']; S.view.arrived = ['10', '9']; drawInfo(); const two = read();
              S.view.faces = ['K', 'J', 'A', 'J', 'Q']; S.view.arrived = ['10']; drawInfo(); const none = read();
              Object.assign(S.view, was); drawInfo();
              return { one, two, none }; }""")
        finally:
            page.close()
    assert said["one"] == "The 10 die moves nothing: token 10 arrived already.", said
    assert said["two"] == "The 10, 9 and 10 dice move nothing: tokens 10 and 9 arrived already.", said
    assert said["none"] == "", said  # (an ace is said in its way: "the ace counts as …")
