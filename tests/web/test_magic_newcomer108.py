"""Issue 15, Magic newcomer 108 (phone): rolled 4, went a1 → b1 → b2, then tapped b1 "to undo the wrong turn". The tap
was taken, "Red b2 → b1 (step 3)", a step spent, and only the log's warning said the rules forbid going back. The page
refuses a step onto a cell the move has passed already, in words, as it refuses a step across a wall found: the step
is not made."""

from __future__ import annotations

from typing import Any

import pytest
from test_magic_newcomer import PHONE, open_page, served, wait_action

pytestmark = pytest.mark.browser

ARGS = ("--seed", "11", "--win-tokens", "3")


@pytest.fixture
def url() -> Any:
    yield from served(ARGS)


def test_a_step_back_onto_a_cell_passed_in_this_move_is_refused_in_words(browser: Any, url: str) -> None:
    page = open_page(browser, url, PHONE, touch=True)
    try:
        wait_action(page, "roll")
        said = page.evaluate("""() => {
          const sent = [];
          window.send = (m) => sent.push(m);
          const here = planned("red"), cells = [...document.querySelectorAll("#board .cell")].map((c) => c.dataset.cell);
          const next = cells.find((c) => adjacent(here, c) && !foundWall(here, c));
          addLog({ type: "die_rolled", player: "red", value: 4, t: 1 });
          addLog({ type: "step", player: "red", from: here, to: next, steps: 1, t: 2 });
          S.world.pawns.red = { ...S.world.pawns.red, cell: next }; S.world.hands.red = { cell: next, busy: false };
          S.view.phase = "move"; S.view.current = "red"; S.view.die = 4; S.view.steps = 1;
          S.view.instruction = { ...S.view.instruction, action: "move", player: "red", requests: [] };
          S.view.controls = { ...(S.view.controls || {}), "hand:red": [true, "", null] };
          const back = slideStep("red", here);
          return { back, sent: sent.length, error: document.getElementById("error").textContent, here, next };
        }""")
        assert said["back"] is False and said["sent"] == 0, said
        assert said["error"].startswith(f"{said['here']} is a cell this move has passed already: the rules forbid going back"), said
    finally:
        page.close()
