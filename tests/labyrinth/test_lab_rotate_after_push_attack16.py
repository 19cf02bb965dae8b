"""Attack 16 (after Labyrinth newcomer 14's slots): Rotate (or R) pressed in the move said "rotate does
nothing now. Red: move your pawn ...", never why: the spare was pushed in already this turn, the tile pushed
out is turned before the next player's push. It says so first, as a slot does."""

from __future__ import annotations

from test_labyrinth_instruction import Table

from mazeboard.hal.labyrinth import ROTATE_BUTTON
from mazeboard.hal.web.controls import press_refusal


def test_rotate_in_the_move_says_the_push_is_made() -> None:
    t = Table()
    assert press_refusal(t.said(), ("red",), ROTATE_BUTTON) is None  # before the push it turns the spare
    t.press("slot:W-2")
    said = t.said()
    assert said["action"] == "move", said
    why = press_refusal(said, ("red",), ROTATE_BUTTON)
    assert why is not None and "pushed the spare in this turn already" in why, why
