"""Issue 15, Labyrinth newcomer 19 on a wide screen: "Your seat (Red) is taken on another screen now … OK"
came up between the prompt and the board and pushed the board down, under the mouse: the click meant for
the slot N-f landed on the notice. On a wide screen a notice now floats over the side panel's top, and
nothing of the board moves when it comes or goes (all three games' pages)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.test_plain_words_browser import LABYRINTH, WIDE, open_page, serving

pytestmark = pytest.mark.browser

BOARD = {"labyrinth": "#maze", "magic-labyrinth": "#board", "struggle": ".track-frame"}


@pytest.mark.parametrize("game", ["labyrinth", "magic-labyrinth", "struggle"])
def test_a_notice_on_a_wide_screen_does_not_move_the_board(browser: Any, game: str) -> None:
    args = LABYRINTH if game == "labyrinth" else ("--game", game, "--players", "2", "--seed", "7")
    with serving(args + ("--humans", "red")) as url:
        page = open_page(browser, url, WIDE)
        try:
            board = page.locator(BOARD[game])
            before = board.bounding_box()
            page.evaluate("NOTICE.say('Your seat (Red) is taken on another screen now: the card shows there. "
                          "This page still plays Red\\'s moves.')")
            page.locator("#notice").wait_for(state="visible")
            after = board.bounding_box()
            assert abs(after["y"] - before["y"]) < 1 and abs(after["x"] - before["x"]) < 1, (before, after)
            notice = page.locator("#notice").bounding_box()
            assert notice["y"] + notice["height"] <= WIDE[1] and notice["x"] >= 0, notice
            # over no part of the board: it is where the person aims
            assert notice["x"] >= after["x"] + after["width"] or notice["y"] >= after["y"] + after["height"] \
                or notice["y"] + notice["height"] <= after["y"], (notice, after)
        finally:
            page.close()
