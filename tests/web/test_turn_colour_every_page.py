"""Issue 15, Struggle newcomer 34: "Red wins!" was edged in Blue's colour, the last to play. The prompt's edge
(--turn) takes the winner's colour once the game is over, on every game page, through one helper
(notice.js NOTICE.turnColour). Magic newcomer 37 (BLOCKING): the first version lived in common.js, which the Magic
Labyrinth's page does not load; "MB is not defined" stopped its page at every redraw. Each page here draws with no
script error."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import PHONE, serving

pytestmark = pytest.mark.browser

WAIT = 30000

OVER = {
    "magic": "() => { const v = S.view; v.phase = 'over'; v.winner = 'blue'; v.current = 'red'; drawInfo(); }",
    "labyrinth": "() => { const v = S.view; v.phase = 'over'; v.winner = 'blue'; v.current = 'red'; drawInfo(); }",
    "struggle": "() => { const v = S.view; v.phase = 'over'; v.winners = ['blue']; v.current = 'red'; drawInfo(); }",
}


@pytest.mark.parametrize("game", list(OVER))
def test_the_prompt_is_edged_in_the_winner_s_colour_and_the_page_draws_without_error(browser: Any, game: str) -> None:
    with serving(("--game", game, "--seed", "7", "--humans", "red")) as url:
        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        try:
            page.goto(url)
            page.wait_for_function("() => typeof S !== 'undefined' && S.view && S.hello", timeout=WAIT)
            page.wait_for_function("() => document.documentElement.style.getPropertyValue('--turn') === 'var(--red)'",
                                   timeout=WAIT)  # Red's turn first
            page.evaluate(OVER[game])
            assert page.evaluate("document.documentElement.style.getPropertyValue('--turn')") == "var(--blue)"
            page.wait_for_timeout(300)
            assert errors == [], errors
        finally:
            page.close()
