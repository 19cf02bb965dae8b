"""Issue 15, Magic newcomer 39 (wide screen): Red reached the ring, Blue's turn ran, and the prompt said only "Red:
press Roll."; the find was said in the log and by "⭐ 1/2" on Red's row, and the found banner had gone during Blue's
turn. Blue's find, before, had been said under the prompt (on a phone). At a person's roll the line under the
prompt says what the turns since their last roll found or dropped, their own find too, at every width; the board
does not move for it."""

from __future__ import annotations

from typing import Any

import pytest
from test_magic_newcomer import PHONE, WIDE, open_page, served, wait_action

pytestmark = pytest.mark.browser

ARGS = ("--seed", "11", "--win-tokens", "3")
TOP = "() => Math.round(document.getElementById('board').getBoundingClientRect().top + scrollY)"
TURNS = """
  addLog({ type: "symbol_collected", player: "red", symbol: "ring", cell: "a3", score: 1, goal: 3, t: 1 });
  addLog({ type: "turn_ended", player: "red", reason: "symbol_collected", t: 1 });
  addLog({ type: "turn_started", player: "blue", t: 2 });
  addLog({ type: "die_rolled", player: "blue", value: 2, t: 2 });
  addLog({ type: "turn_ended", player: "blue", reason: "steps_used", t: 3 });
  addLog({ type: "turn_started", player: "red", t: 4 });
  drawPrompt();
"""


@pytest.fixture
def url() -> Any:
    yield from served(ARGS)


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_a_persons_own_find_is_said_at_their_next_roll(browser: Any, url: str, size: tuple[int, int]) -> None:
    page = open_page(browser, url, size, touch=size == PHONE)
    try:
        wait_action(page, "roll")
        page.evaluate("() => { S.rolledHere = true; drawPrompt(); }")
        before = page.evaluate(TOP)
        page.evaluate(f"() => {{ {TURNS} }}")
        prompt = page.locator("#prompt").inner_text()
        assert "⭐ Red found 💍 ring: 1 of 3 symbols" in prompt, prompt
        # ...and what to find now, on a wide screen too (Magic newcomer 53 read the find and not the new target)
        target = page.evaluate("() => S.view.target")
        if target and target.get("symbol"):
            assert "To find: " in prompt and f"on {target['cell']} (the white cell)." in prompt, prompt
        assert page.evaluate(TOP) == before, "the board moved for the news"
        page.evaluate("() => { addLog({ type: 'die_rolled', player: 'red', value: 3, t: 5 }); drawPrompt(); }")
        assert "Red found" not in page.locator("#prompt").inner_text()
    finally:
        page.close()


def test_a_refusal_quotes_the_prompt_as_the_page_says_it(browser: Any, url: str) -> None:
    """Newcomer 39 tapped the greyed Roll after its ball fell: "Roll: does nothing now. Red's ball fell. Fish the
    ball out of the tray and put it back under Red's pawn." (the board's words, for hands at a real tray) under a
    prompt saying to press Lift pawn, tap the corner, and that one tap on the ball puts it back. A refusal quoting
    the board's instruction quotes it as the page's prompt says it (as Struggle's page does)."""
    page = open_page(browser, url, PHONE, touch=True)
    try:
        wait_action(page, "roll")
        said = page.evaluate("""() => {
          const board = "Red's ball fell. Fish the ball out of the tray and put it back under Red's pawn.";
          S.view.controls = { ...S.view.controls, roll: [false, "does nothing now. " + board,
                              { id: "control.does_nothing", args: { text: board } }] };
          NOTICE.prompted("Red's ball fell: tap your ball in the tray: one tap puts it back under the pawn.");
          return control("roll")[1];
        }""")
        assert said == "does nothing now. Red's ball fell: tap your ball in the tray: one tap puts it back under the pawn.", said
    finally:
        page.close()
