"""Issue 15, Labyrinth newcomer 14: a slot clicked after the push said "slot E-4: does nothing now. Red: move
your pawn ...": never that the push of the turn was made. In the move every slot names why first."""

from __future__ import annotations

from test_labyrinth_instruction import Table

from mazeboard.hal.labyrinth import SLOT_NAMES
from mazeboard.hal.web.controls import press_refusal


def test_a_slot_in_the_move_says_the_push_is_made() -> None:
    t = Table()
    t.press("slot:W-2")
    said = t.said()
    assert said["action"] == "move", said
    for slot in SLOT_NAMES:
        why = press_refusal(said, ("red",), f"slot:{slot}")
        assert why is not None and "pushed the spare in this turn already" in why, (slot, why)
    assert press_refusal(said, ("red",), "done") is None  # Done still acts
