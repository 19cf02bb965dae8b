"""Issue 15, Struggle newcomer 95 (1920x1080): the goal tip said the tokens "race from START to FINISH", FINISH a
chequered space on the track; with the play "token 9: space 15 → arrival place B" the newcomer dropped the 9 on FINISH
("where it does not belong"). The goal tip says an arriving token leaves the track for the next free arrival place."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import WIDE, open_page, serving
from test_struggle_choosing_round26a_browser import SEED7

pytestmark = pytest.mark.browser


def test_the_goal_tip_says_where_an_arriving_token_goes(browser: Any) -> None:
    with serving(SEED7) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("S.hello && S.view", timeout=30000)
            goal = page.evaluate("() => tips().goal")
        finally:
            page.close()
    # (reaching FINISH is enough, and on a phone the ARRIVAL row lies under the track: an attack)
    assert "a token reaching or passing FINISH leaves the track for the next free ARRIVAL place." in goal, goal
