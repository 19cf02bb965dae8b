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
