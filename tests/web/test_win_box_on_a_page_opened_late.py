"""Issue 15, Magic newcomer 58: a wide screen opened on the same address after Blue had won showed the board's rainbow
and one line, "Blue wins! Press ✨ New game to play again.", while the phone that saw the win had the win box ("🏆 Blue
wins! Red 1 · Blue 2"): a page opened on a game over shows the win box too (every game's page), once."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import WAIT_MS, WIDE, serving

pytestmark = pytest.mark.browser

GAMES = {
    "magic": ("--humans", "none", "--win-tokens", "1", "--speed", "20", "--seed", "3"),
    "labyrinth": ("--game", "labyrinth", "--humans", "none", "--cards-each", "1", "--speed", "20", "--seed", "3"),
    "struggle": ("--game", "struggle", "--humans", "none", "--speed", "20", "--seed", "3"),
}


@pytest.mark.parametrize("game", list(GAMES))
def test_a_page_opened_on_a_game_over_shows_the_win_box(browser: Any, game: str) -> None:
    with serving(GAMES[game]) as url:
        watcher = browser.new_page(viewport={"width": WIDE[0], "height": WIDE[1]})
        watcher.goto(url)
        watcher.wait_for_function("() => S.view && S.view.phase === 'over'", timeout=240000)
        watcher.close()
        page = browser.new_page(viewport={"width": WIDE[0], "height": WIDE[1]})
        page.goto(url)
        page.wait_for_function("() => S.view && S.view.phase === 'over'", timeout=WAIT_MS)
        page.wait_for_timeout(800)
        assert page.locator("#banner").is_visible(), page.locator("#prompt").inner_text()
        assert "win" in page.locator("#banner").inner_text().lower()
        page.close()
