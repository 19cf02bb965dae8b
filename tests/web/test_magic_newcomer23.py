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
           "💥 Blue's ball dropped at the step d6 → d5: a wall there. To find:")


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
        line = page.locator("#prompt .prompt-next").inner_text()
        assert line.startswith(said), line
        assert page.locator("#board").bounding_box()["y"] == pytest.approx(board["y"], abs=1), "the board moved"
        # red rolls: the news has been seen
        page.evaluate("() => { addLog({ type: 'die_rolled', player: 'red', value: 3, t: 4 }); drawPrompt(); }")
        assert "Blue found" not in page.locator("#prompt").inner_text()
    finally:
        page.close()


def test_the_board_does_not_move_when_the_first_tip_of_a_new_game_comes(browser: Any, url: str) -> None:
    """Newcomer 23 (phone), a second game: the roll's tip seen in the first, no tip showed at the roll, and the
    move's tip came at the first roll, pushing the board some 70 px down under the finger. While a tip is still
    to come a phone keeps its room from the start."""
    top = "() => Math.round(document.getElementById('board').getBoundingClientRect().top + scrollY)"
    page = open_page(browser, url, PHONE, tips=True, touch=True)
    try:
        page.add_init_script("localStorage.setItem('mazeboard.guide.magic-labyrinth', JSON.stringify(['roll']))")
        page.reload()
        wait_action(page, "roll")
        page.wait_for_timeout(300)
        assert page.locator("#guide").is_hidden()
        before = page.evaluate(top)
        page.locator("#roll").tap()
        wait_action(page, "move")
        page.wait_for_selector("#guide:not([hidden])", timeout=WAIT_MS)  # the move's tip
        assert page.evaluate(top) == before, "the board moved when the move's tip came"
        page.locator("#guide .guide-ok").tap()  # Got it: a tip is still to come, its room stays
        page.wait_for_timeout(200)
        assert page.evaluate(top) == before, "the board moved at Got it"
    finally:
        page.close()


def test_the_rolls_last_step_onto_another_pawn_is_refused_in_words(browser: Any, url: str) -> None:
    """Magic newcomer 24: with one step left, c5 -> c6 onto Blue's pawn was taken, then the board asked to put it
    right ("must go to one of the 12 blinking cells"). A pawn may pass another but not end on it (RULES.md): the
    page refuses that last step, saying so, as it refuses a step across a wall found; with steps to spare the
    step is taken (passing over)."""
    page = open_page(browser, url, PHONE, touch=True)
    try:
        wait_action(page, "roll")
        said = page.evaluate("""() => {
          const sent = [];
          window.send = (m) => sent.push(m);
          S.view.phase = "move"; S.view.current = "red"; S.view.die = 3;
          S.view.instruction = { ...S.view.instruction, action: "move", player: "red", requests: [] };
          S.view.controls = { ...(S.view.controls || {}), "hand:red": [true, "", null] };
          const here = planned("red"), next = [...document.querySelectorAll("#board .cell")].map((c) => c.dataset.cell)
            .find((c) => adjacent(here, c));
          S.world.pawns.blue = { ...S.world.pawns.blue, cell: next };
          S.view.steps = 2; const last = slideStep("red", next);
          const error = document.getElementById("error").textContent;
          S.view.steps = 1; const passing = slideStep("red", next);
          return { last, error, passing, sent: sent.length, next };
        }""")
        assert said["last"] is False and said["passing"] is True and said["sent"] == 1, said
        assert said["error"].startswith(f"Blue's pawn stands on {said['next']}: your last step cannot end there"), said
    finally:
        page.close()
