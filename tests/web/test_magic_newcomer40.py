"""Issue 15, Magic newcomer 40 (phone, then a wide screen):

* Blue found the skull, the next target appeared under Red's pawn, and "Red wins!" came in Blue's turn: the help
  never said a target appearing under a pawn is found at once, and the win said nothing of why. The help says it,
  and the win box says how the last symbol was found when it appeared under a pawn;
* during Blue's return, "In your hand" showed Blue's pawn: the box names whose hand it is;
* "No step now: Red's ball fell, so the pawn goes back to its start corner" read as two opposites: a step
  refused says "No step now: ...".
"""

from __future__ import annotations

from typing import Any

import pytest
from test_magic_newcomer import PHONE, WIDE, open_page, served, wait_action

pytestmark = pytest.mark.browser

ARGS = ("--seed", "11", "--win-tokens", "2")


@pytest.fixture
def url() -> Any:
    yield from served(ARGS)


def test_a_symbol_appearing_under_a_pawn_is_said_in_the_help_and_in_the_win(browser: Any, url: str) -> None:
    page = open_page(browser, url, WIDE)
    try:
        wait_action(page, "roll")
        help_text = " ".join(page.locator("#help").inner_text().split())
        assert "A new target that appears under a pawn is found at once by that pawn's player, even in another player's turn" in help_text, help_text
        said = page.evaluate("""() => {
          addLog({ type: "target", symbol: "potion", cell: "b3", t: 1 });
          addLog({ type: "symbol_collected", player: "red", symbol: "potion", cell: "b3", score: 2, goal: 2, t: 1 });
          S.view = { ...S.view, phase: "over", winner: "red", scores: { red: 2, blue: 1 } };
          S.bannerShown = false; drawAll();
          return document.getElementById("banner-text").innerText; }""")
        assert "🏆 Red wins!" in said and "The 🧪 potion appeared under Red's pawn: found at once" in said, said
    finally:
        page.close()


def test_the_hand_box_says_whose_hand_and_a_refused_step_says_no_step(browser: Any, url: str) -> None:
    page = open_page(browser, url, PHONE, touch=True)
    try:
        wait_action(page, "roll")
        said = page.evaluate("""() => {
          S.world.pawns.blue = { ...S.world.pawns.blue, cell: null }; drawPawns();
          const blue = document.querySelector(".hand-box .label").textContent;
          S.world.pawns.red = { ...S.world.pawns.red, cell: null }; drawPawns();
          const both = document.querySelector(".hand-box .label").textContent;
          S.world.pawns.blue = { ...S.world.pawns.blue, cell: "f6" }; drawPawns();
          const red = document.querySelector(".hand-box .label").textContent;
          return { blue, both, red }; }""")
        assert said == {"blue": "In Blue's hand", "both": "Lifted off the board", "red": "In your hand"}, said
        page.reload()
        wait_action(page, "roll")
        here = page.evaluate("planned('red')")
        cell = page.evaluate("(here) => [...document.querySelectorAll('#board .cell')].map((c) => c.dataset.cell).find((c) => adjacent(here, c))", here)
        page.locator(f'#board .cell[data-cell="{cell}"]').tap()
        refused = page.locator("#error").inner_text()
        assert refused.startswith("No step now: press Roll first"), refused
    finally:
        page.close()
