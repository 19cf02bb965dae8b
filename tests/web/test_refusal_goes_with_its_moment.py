"""Issue 15, Magic newcomer 35: after a ball drop a tap on the board was refused with "No step now: Red's ball
fell … press ✊ Lift pawn"; the person pressed Lift pawn, the prompt said "Your pawn is in your hand: tap a1", and
the refusal went on saying "press ✊ Lift pawn" under it. The page's board's ask is one answer: when the prompt a page
shows changes, a refusal of the moment before goes (after the short grace that lets a refusal just shown be read)
on each game's page."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import PHONE, serving

pytestmark = pytest.mark.browser

WAIT = 30000

# each page: a refusal shown, then the prompt's words changed as the simulator's world or the board's ask changes them
LONG = "No step now: Red's ball fell at a hidden wall, so the pawn goes back to its start corner: press ✊ Lift pawn, then tap a1; then tap the ball in the tray."  # read for 11 s
CASES = {
    "magic": (f"showError({LONG!r})",
              "() => { const p = S.hello.humans[0]; S.world.hands[p] = { cell: null }; drawPrompt(); }"),
    "labyrinth": (f"MB.showError({LONG!r})",
                  "() => { S.view.prompt = 'something else'; S.view.instruction = null; drawInfo(); }"),
    "struggle": (f"MB.showError({LONG!r})",
                 "() => { S.view.prompt = 'something else'; S.view.instruction = null; drawPrompt(); }"),
}


@pytest.mark.parametrize("game", list(CASES))
def test_a_refusal_goes_when_the_prompt_moves_on(browser: Any, game: str) -> None:
    refuse, move_on = CASES[game]
    with serving(("--game", game, "--seed", "7", "--humans", "red")) as url:
        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        try:
            page.goto(url)
            page.wait_for_function("() => typeof S !== 'undefined' && S.view && S.world && S.hello", timeout=WAIT)
            page.wait_for_timeout(500)
            page.evaluate(f"() => {refuse}")
            page.wait_for_timeout(2000)  # past the grace: the refusal stays while the prompt says the same
            assert page.locator("#error").inner_text().strip(), "the refusal went with nothing changed"
            before = page.locator("#prompt").inner_text()
            page.evaluate(move_on)
            assert page.locator("#prompt").inner_text() != before
            page.wait_for_function("() => !document.getElementById('error').textContent.trim()", timeout=3000)
        finally:
            page.close()
