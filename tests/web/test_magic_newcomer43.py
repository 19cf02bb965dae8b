"""Issue 15, Magic newcomer 43 (phone): at the win the prompt's box shrank to its one line ("Red wins! Press ✨ New
game to play again.") and the whole board jumped up under the win box. The prompt keeps its room at the game's
end: the board stays where it was."""

from __future__ import annotations

from typing import Any

import pytest
from test_magic_newcomer import PHONE, WIDE, open_page, served, wait_action

pytestmark = pytest.mark.browser

ARGS = ("--seed", "11", "--win-tokens", "3")
TOP = "() => Math.round(document.getElementById('board').getBoundingClientRect().top + scrollY)"


@pytest.fixture
def url() -> Any:
    yield from served(ARGS)


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_the_board_stays_put_when_the_game_ends(browser: Any, url: str, size: tuple[int, int]) -> None:
    page = open_page(browser, url, size, touch=size == PHONE)
    try:
        wait_action(page, "roll")
        before = page.evaluate(TOP)
        page.evaluate("""() => { S.view = { ...S.view, phase: "over", winner: "red", prompt: "Red wins!",
            instruction: { ...said(), action: "game_over", player: null, requests: [],
                           messages: [{ id: "game_over", args: { winner: "red", again: "" } }] } };
          drawPrompt(); }""")
        assert "wins" in page.locator("#prompt").inner_text()
        assert page.evaluate(TOP) == before, (before, page.evaluate(TOP))
    finally:
        page.close()


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_the_roll_tip_first_says_the_glowing_corner_is_only_the_turn(browser: Any, url: str, size: tuple[int, int]) -> None:
    """Magic newcomers 42-44 read the start corner's glow and its "Red's turn" as a cell to go back to (43: "I thought
    the board wanted my pawn back on a1"); the roll tip said so last, under "▾ more", after a "Press 🎲 Roll" the prompt
    above it says already (44). The tip says it first, in the lines a phone shows folded."""
    page = open_page(browser, url, size, tips=True, touch=size == PHONE)
    try:
        page.wait_for_function("() => !document.getElementById('guide').hidden", timeout=15000)
        shown = page.evaluate("""() => {
          const text = document.querySelector('#guide .guide-text'), words = text.textContent;
          const first = words.slice(0, words.indexOf('.') + 1), range = document.createRange();
          range.setStart(text.firstChild, 0); range.setEnd(text.firstChild, first.length);
          const rects = [...range.getClientRects()], box = text.getBoundingClientRect();
          return { words, first, inside: rects.every((r) => r.bottom <= box.bottom + 1) }; }""")
        assert not shown["words"].startswith("Press 🎲 Roll"), shown
        assert "🏠" in shown["first"] and "your turn" in shown["first"] and "not a cell to go to" in shown["first"], shown
        assert shown["inside"], shown  # folded, the first sentence is whole
    finally:
        page.close()
