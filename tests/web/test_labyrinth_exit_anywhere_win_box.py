"""Issue 15, an attack on the exit-anywhere variant: its win box said "Blue found all their cards and came back to the
start square first" and "Blue: 2 found, back home 🏠" when Blue had left the maze at an edge (RULES.md, the exit rule:
after the last card any edge tile whose path opens off the board wins). The win box says what this game's finish was."""

from __future__ import annotations

from typing import Any

import pytest
from test_labyrinth_newcomer_third import NEWCOMER_GAME, WAIT_MS, open_page
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser

_END = """() => {
  S.view = { ...S.view, phase: "over", winner: "blue", found: { red: ["genie", "crown"], blue: ["owl", "bat"] },
              remaining: { red: 0, blue: 0 } };
  S.bannerShown = false; drawInfo();
  const b = document.querySelector("#banner");
  return [b.querySelector(".banner-scores").innerText, b.querySelector(".banner-why").innerText]; }"""


@pytest.mark.parametrize("variant, scores, why", [
    ((), "Red: 2 found · Blue: 2 found, back home 🏠", "Blue found all their cards and came back to the start square first."),
    (("--variant", "exit-anywhere"), "Red: 2 found · Blue: 2 found, out of the maze 🚪",
     "Blue found all their cards and left the maze at an edge first."),
])
def test_the_win_box_says_the_finish_of_this_game_s_rules(browser: Any, variant: tuple[str, ...], scores: str,
                                                          why: str) -> None:
    with serving(NEWCOMER_GAME + variant) as url:
        page = open_page(browser, url, (1920, 1080), guide=False)
        try:
            page.wait_for_function("() => S.view && S.world", timeout=WAIT_MS)
            said = page.evaluate(_END)
            assert said == [scores, why], said
            # (the log's line for the end says the same finish: the win's own line, scores and all)
            logged = page.evaluate("""() => LOG_TEXT.game_over({ type: "game_over", winner: "blue",
                                        scores: { red: 2, blue: 2 } })""")
            assert scores.split(" · ")[1] in logged, logged
            # ...and the players' rows beside it (an attack read "Blue … found 2 · home 🏠" beside "out of the maze")
            row = page.evaluate("() => document.querySelector('#players').innerText")
            assert ("out 🚪" in row and "home" not in row) if variant else "home 🏠" in row, row
        finally:
            page.close()


def test_with_every_card_found_the_row_says_where_the_finish_is(browser: Any) -> None:
    """(an attack: with every card found the row said "back to 🏠" in the exit-anywhere variant, whose finish is any
    edge)"""
    with serving(NEWCOMER_GAME + ("--variant", "exit-anywhere")) as url:
        page = open_page(browser, url, (1920, 1080), guide=False)
        try:
            page.wait_for_function("() => S.view && S.world", timeout=WAIT_MS)
            row = page.evaluate("""() => { S.view = { ...S.view, remaining: { ...S.view.remaining, red: 0 } }; drawInfo();
                                   return document.querySelector('#players').innerText; }""")
            assert "to an edge 🚪" in row and "🏠" not in row, row
        finally:
            page.close()
