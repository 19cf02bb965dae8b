"""Issue 15, Magic newcomer 23 (phone): after Blue's turn the prompt said "To find: 🕷️ spider on c5" and Blue's
row "⭐ 1/2", and nothing on the first screen said that Blue had found the ghost (the log is far below): the
target changed under the newcomer without a word. At a person's roll the line under the prompt now says first
what another player's turn found or dropped, as the log says it; the board does not move for it."""

from __future__ import annotations

from typing import Any

import pytest
from test_magic_newcomer import PHONE, WAIT_MS, open_page, served, wait_action

pytestmark = pytest.mark.browser

ARGS = ("--seed", "11", "--win-tokens", "3")


@pytest.fixture
def url() -> Any:
    yield from served(ARGS)


FOUND = ('addLog({ type: "symbol_collected", player: "blue", symbol: "ghost", cell: "c3", score: 1, goal: 3, t: 2 });',
         "⭐ Blue found 👻 ghost: 1 of 3 symbols. To find:")
DROPPED = ('addLog({ type: "step", player: "blue", from: "d6", to: "d5", steps: 2, t: 2 }); '
           'addLog({ type: "ball_dropped", player: "blue", edge: "d5-d6", t: 2 });',
           "💥 Blue's ball dropped at the step d6 → d5: a wall there (the ball takes a moment to fall). To find:")


@pytest.mark.parametrize("events, said", [FOUND, DROPPED], ids=["found", "dropped"])
def test_a_persons_roll_says_what_the_other_players_turn_found(browser: Any, url: str, events: str, said: str) -> None:
    page = open_page(browser, url, PHONE, touch=True)
    try:
        wait_action(page, "roll")
        page.evaluate("() => { S.rolledHere = true; drawPrompt(); }")
        board = page.locator("#board").bounding_box()
        # Blue's turn, as the log hears it: its turn begins, it finds the ghost
        page.evaluate("""() => {
          addLog({ type: "turn_started", player: "blue", t: 1 });
          EVENTS
          addLog({ type: "turn_started", player: "red", t: 3 });
          drawPrompt();
        }""".replace("EVENTS", events))
        page.screenshot(path="/tmp/lead/magic23_news.png")
        line = page.locator("#prompt .prompt-next").inner_text()
        assert line.startswith(said), line
        assert page.locator("#board").bounding_box()["y"] == pytest.approx(board["y"], abs=1), "the board moved"
        # red rolls: the news has been seen
        page.evaluate("() => { addLog({ type: 'die_rolled', player: 'red', value: 3, t: 4 }); drawPrompt(); }")
        assert "Blue found" not in page.locator("#prompt").inner_text()
    finally:
        page.close()
