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


# -- 1. the move's countdown, in the prompt ------------------------------------------------------

def roll_at_least_two(page: Any) -> None:
    from test_magic_newcomer import roll_at_least_two as again
    again(page)


COUNTDOWN = """() => { const p = document.getElementById('prompt'), c = document.getElementById('countdown');
    if (!c || c.hidden) return null;
    const pr = p.getBoundingClientRect(), cr = c.getBoundingClientRect();
    return {inside: p.contains(c), text: c.innerText, prompt: p.innerText,
            within: cr.top >= pr.top - 0.5 && cr.bottom <= pr.bottom + 0.5 && cr.height > 0,
            board: document.getElementById('board').getBoundingClientRect().top}; }"""


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_the_move_s_countdown_is_said_in_the_prompt_and_counts_down(browser: Any, url: str,  # noqa: F811
                                                                    size: tuple[int, int]) -> None:
    """After a short step the countdown is inside the prompt box, says in plain words what happens
    (the move ends by itself; a lit cell goes on; Done ends it now), and counts down there. A person
    gets 20 s (sim/web/session.py HUMAN_SETTLE_MS): the countdown starts above 15."""
    page = open_page(browser, url, size)
    roll_at_least_two(page)
    before = page.evaluate(COUNTDOWN)  # from the roll on, the prompt says the clock that comes
    assert before and before["inside"] and before["within"], before
    page.locator('#board .cell[data-cell="a2"]').click()
    page.wait_for_function("() => /\\d+ s/.test((document.getElementById('countdown') || {}).textContent || '')",
                           timeout=WAIT_MS)
    first = page.evaluate(COUNTDOWN)
    assert first["inside"] and first["within"], f"the countdown is not in the prompt box: {first}"
    assert "ends" in first["text"] and "lit cell" in first["text"] and "Done" in first["text"], first["text"]
    left = int(re.search(r"(\d+) s", first["text"]).group(1))  # type: ignore[union-attr]
    assert left > 15, f"a person gets {left} s after a step: too short to read the prompt and choose"
    page.wait_for_timeout(2_200)
    later = page.evaluate(COUNTDOWN)
    assert int(re.search(r"(\d+) s", later["text"]).group(1)) < left, later  # type: ignore[union-attr]
    # the board stays put when the countdown starts counting: its room was the prompt's from the roll
    assert abs(later["board"] - before["board"]) < 1, (before, later)
    page.close()
