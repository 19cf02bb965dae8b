"""Issue 15, Magic newcomer 106: away from the tab in the middle of a move, the move's clock ran out, Blue played,
and back at the page it read "Red: press Roll." -- only the log, far below on a phone, said "Red's turn ends: the
move's time ran out". At a person's next roll, the line under the prompt now says first that their move ended by
itself and why, as it says another player's find or drop (the same news), in every width, and forgets it at the
roll."""

from __future__ import annotations

from typing import Any

import pytest
from test_magic_newcomer import PHONE, WIDE, open_page, served, wait_action

pytestmark = pytest.mark.browser

ARGS = ("--seed", "11", "--win-tokens", "3")


@pytest.fixture
def url() -> Any:
    yield from served(ARGS)


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_a_move_ended_by_its_clock_is_said_at_the_persons_next_roll(browser: Any, url: str, size: tuple[int, int]) -> None:
    page = open_page(browser, url, size, touch=size == PHONE)
    try:
        wait_action(page, "roll")
        # (a page that never saw the move's clock: opened or reloaded after it, an attack read "no step in time" there;
        # the seconds come from the roll's instruction when the line is drawn)
        page.evaluate("() => { S.rolledHere = true; S.moveClock = undefined; drawPrompt(); }")
        board = page.locator("#board").bounding_box()
        # Red's step, its clock running out while the tab was away, then Blue's turn, as the log hears them
        page.evaluate("""() => {
          addLog({ type: "step", player: "red", from: "a1", to: "a2", steps: 2, t: 1 });
          addLog({ type: "turn_ended", player: "red", reason: "settled", t: 2 });
          addLog({ type: "turn_started", player: "blue", t: 3 });
          addLog({ type: "turn_ended", player: "blue", reason: "done", t: 4 });
          addLog({ type: "turn_started", player: "red", t: 5 });
          drawPrompt();
        }""")
        line = page.locator("#prompt .prompt-next").inner_text()
        assert line.startswith("⏳ Red's move ended by itself on a2: no step for 20 s."), line
        assert page.locator("#board").bounding_box()["y"] == pytest.approx(board["y"], abs=1), "the board moved"
        # a move ended by Done, or by its last step, is the person's own doing: not news
        page.evaluate("""() => { addLog({ type: 'die_rolled', player: 'red', value: 3, t: 6 });
          addLog({ type: "turn_ended", player: "red", reason: "done", t: 7 });
          addLog({ type: "turn_started", player: "red", t: 8 }); drawPrompt(); }""")
        assert "ended by itself" not in page.locator("#prompt").inner_text()
    finally:
        page.close()


def test_a_drop_before_the_target_says_the_symbol_is_not_taken(browser: Any, url: str) -> None:
    """Magic newcomer 107: Blue's pawn slid d6 → c6 → c5 onto the spider, the target, and went home without it; the
    line at Red's roll said only "💥 Blue's ball dropped at the step d6 → c6: a wall there", and the newcomer thought
    Blue robbed. The ball fell at the wall, so the move ended there: the line, and the log, now say the spider on c5
    is not taken (they said so only for a target on the very step across the wall)."""
    page = open_page(browser, url, PHONE, touch=True)
    try:
        wait_action(page, "roll")
        page.evaluate("() => { S.rolledHere = true; drawPrompt(); }")
        board = page.locator("#board").bounding_box()
        page.evaluate("""() => {
          S.view = { ...S.view, target: { symbol: "spider", cell: "c5" } };
          addLog({ type: "turn_started", player: "blue", t: 1 });
          addLog({ type: "step", player: "blue", from: "d6", to: "c6", steps: 1, t: 2 });
          addLog({ type: "step", player: "blue", from: "c6", to: "c5", steps: 2, t: 2 });
          addLog({ type: "ball_dropped", player: "blue", edge: "c6-d6", t: 3 });
          addLog({ type: "turn_started", player: "red", t: 4 });
          drawPrompt();
        }""")
        line = page.locator("#prompt .prompt-next").inner_text()
        assert line.startswith("💥 Blue's ball dropped at the step d6 → c6: a wall there; the "), line
        assert "spider on c5 is not taken" in line, line
        log = page.locator('#log li[data-type="ball_dropped"] .text').first.inner_text()
        assert "gone on to c5" in log and "spider on c5 is not taken" in log, log
        assert page.locator("#board").bounding_box()["y"] == pytest.approx(board["y"], abs=1), "the board moved"
    finally:
        page.close()
