"""Issue 15, what the fourth newcomer round (stop 23) still found on the Magic Labyrinth's page (and,
for the simulated player's turn, on every game's page), in Debian's headless Chromium:

1. The move's countdown ("the move ends by itself in N s") sat under the buttons, where a slow
   reader missed it and lost the rest of the roll: it is said in the prompt itself, in plain words,
   and counts down there.
2. After a ball drop the pawn is drawn past the hidden wall (where the hand put it: the reed
   switches' truth), which looked odd: the wall crossed is marked on the edge between the two cells
   and the cell the pawn goes back to is marked, both gone when the recovery ends.
3. On a simulated player's turn the prompt said the computer player's orders after the wait line
   ("🤖 Red plays by itself (simulated): wait. Red: turn the spare…"): only the wait line now.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from test_magic_newcomer import PHONE, WAIT_MS, WIDE, open_page, roll, said, serve, url, wait_action  # noqa: F401  (url: the fixture)

pytestmark = pytest.mark.browser


# -- 3. a simulated player's turn: the wait line only -------------------------------------------------

@pytest.mark.parametrize("game", ["magic-labyrinth", "labyrinth", "struggle"])
def test_a_simulated_player_s_turn_says_only_that_it_plays_by_itself(browser: Any, game: str) -> None:
    """--humans blue: Red (simulated) begins; slow (speed 0.1), so its turn lasts while we read."""
    from playwright.sync_api import expect

    proc, u = serve(("--game", game, "--seed", "7", "--humans", "blue"), speed="0.1")
    try:
        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        page.goto(u)
        page.wait_for_function("S.view && S.view.instruction && S.view.instruction.player === 'red'", timeout=WAIT_MS)
        expect(page.locator("#prompt")).to_contain_text("Red plays by itself", timeout=WAIT_MS)
        assert page.locator("#prompt").inner_text().strip() == "🤖 Red plays by itself (simulated): wait."
        page.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
