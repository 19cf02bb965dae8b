"""Issue 15, Magic newcomer 38 (phone, touch), three things it read wrong:

* a tap at the very moment its turn passed was refused "it is Blue's turn", as though it had played out of turn:
  a refusal within a few seconds of the person's own turn ending says that turn ended just now, and why;
* Blue's drop, with Blue's pawn gone on a step past the wall, said "the steps after the wall do not count" while
  Blue stood back on its corner: it now says the pawn goes back to its start corner all the same;
* the board moved 15-30 px at Red's roll, when the line under the prompt said Blue's drop in five lines: the line
  says the news shortly (where, that a wall is there), and the prompt keeps room for it all game."""

from __future__ import annotations

from typing import Any

import pytest
from test_magic_newcomer import PHONE, open_page, served, wait_action

pytestmark = pytest.mark.browser

ARGS = ("--seed", "11", "--win-tokens", "3")
TOP = "() => Math.round(document.getElementById('board').getBoundingClientRect().top + scrollY)"
#: Blue's turn as the log hears it: two steps, the ball falling for the first one (the pawn went on)
BLUE_DROPS = """
  addLog({ type: "turn_started", player: "blue", t: 1 });
  addLog({ type: "step", player: "blue", from: "f6", to: "e6", steps: 1, t: 2 });
  addLog({ type: "step", player: "blue", from: "e6", to: "d6", steps: 2, t: 2 });
  addLog({ type: "ball_dropped", player: "blue", edge: "e6-f6", t: 3 });
  addLog({ type: "turn_ended", player: "blue", reason: "ball_dropped", t: 3 });
"""


@pytest.fixture
def url() -> Any:
    yield from served(ARGS)


def test_blues_drop_past_the_wall_says_the_pawn_goes_back(browser: Any, url: str) -> None:
    page = open_page(browser, url, PHONE, touch=True)
    try:
        wait_action(page, "roll")
        page.evaluate(f"() => {{ {BLUE_DROPS} }}")
        said = page.locator("#log li[data-type='ball_dropped']").first.inner_text()
        assert "do not count" not in said, said
        assert "the pawn had gone on to d6 by then: it goes back to its start corner all the same" in said, said
    finally:
        page.close()


def test_the_news_of_blues_drop_keeps_the_board_still(browser: Any, url: str) -> None:
    page = open_page(browser, url, PHONE, touch=True)
    try:
        wait_action(page, "roll")
        page.evaluate("() => { S.rolledHere = true; drawPrompt(); }")
        before = page.evaluate(TOP)
        page.evaluate(f"() => {{ {BLUE_DROPS} addLog({{ type: 'turn_started', player: 'red', t: 4 }}); drawPrompt(); }}")
        line = page.locator("#prompt .prompt-next").inner_text()
        assert line.startswith("💥 Blue's ball dropped at the step f6 → e6: a wall there. To find:"), line
        assert page.evaluate(TOP) == before, "the board moved for the news"
    finally:
        page.close()


@pytest.mark.parametrize("ago_ms, late", [(500, True), (9000, False)], ids=["just_now", "long_ago"])
def test_a_tap_as_the_turn_passed_says_the_turn_ended(browser: Any, url: str, ago_ms: int, late: bool) -> None:
    page = open_page(browser, url, PHONE, touch=True)
    try:
        wait_action(page, "roll")
        said = page.evaluate("""(ago) => {
          HANDLERS.event({ type: "event", event: { type: "turn_ended", player: "red", reason: "steps_used", t: 5 },
                           view: { ...S.view, current: "blue",
                                   instruction: { ...S.view.instruction, player: "blue", action: "roll" },
                                   controls: { ...S.view.controls, "hand:red": [false, "it is blue's turn (a simulated player): wait",
                                               { id: "control.simulated_turn", args: { player: "blue" } }] } } });
          S.turnEnded.at -= ago;
          const here = planned("red"), next = [...document.querySelectorAll("#board .cell")].map((c) => c.dataset.cell)
            .find((c) => adjacent(here, c));
          cellClicked(next);
          const refused = document.getElementById("error").textContent;
          HANDLERS.error({ type: "error", message: "slide red: it is blue's turn" });
          return { refused, server: document.getElementById("error").textContent };
        }""", ago_ms)
        # (its own sentence: Magic newcomer 96 read "Your turn ended just now (Done pressed): No step now: it is
        # Blue's turn", two colons in a row and a capital mid-sentence)
        ended = "Your turn ended just now (all steps used). "
        if late:
            assert said["refused"].startswith(ended + "No step now: it is "), said
            assert said["refused"].lower().startswith((ended + "No step now: it is Blue's turn").lower()), said
            # (a sentence of its own, begun with a capital: test_magic_late_words_capital.py)
            assert said["server"] == ended + "Slide red: it is blue's turn", said
        else:
            assert said["refused"].lower().startswith("no step now: it is blue's turn"), said
            assert said["server"] == "slide red: it is blue's turn", said
    finally:
        page.close()


def test_a_hot_seats_next_person_is_not_told_of_the_turn_before(browser: Any, url: str) -> None:
    """An attack: with red and blue both played here, Blue's own refusals just after Red pressed Done began "Red's
    turn ended just now (Done pressed): ..."; they are about Blue's turn."""
    page = open_page(browser, url, PHONE, touch=True)
    try:
        wait_action(page, "roll")
        said = page.evaluate("""() => {
          S.hello.humans = ["red", "blue"];
          HANDLERS.event({ type: "event", event: { type: "turn_ended", player: "red", reason: "done", t: 5 },
                           view: { ...S.view, current: "blue", instruction: { ...S.view.instruction, player: "blue", action: "roll" } } });
          showError("Done: does nothing now. Blue: press Roll.");
          return document.getElementById("error").textContent; }""")
        assert said == "Done: does nothing now. Blue: press Roll.", said
    finally:
        page.close()
