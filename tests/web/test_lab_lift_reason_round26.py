"""Round 26 (newcomer round 9, Labyrinth): "✊ Lift pawn"'s reason in the push step read "Lift Red: push
the spare in first, then move it" -- the words of a normal way to move. Lift is only for putting a pawn
back when the board asks; its reason when off says so in every step of the own turn (and the page's
hand keeps its own "push first" reason)."""

from __future__ import annotations

import pytest

from mazeboard.hal.web import controls as c

RED_PUSHES = {"player": "red", "action": "shift", "text": "Red: push the spare in.", "requests": [],
              "buttons": {"rotate": "turn the spare"}}
RED_MOVES = {**RED_PUSHES, "action": "move", "text": "Red: move.", "buttons": {"done": "end the move"}}
BLUE_PUSHES = {**RED_PUSHES, "player": "blue", "text": "Blue: push the spare in."}


@pytest.mark.parametrize("said", [RED_PUSHES, RED_MOVES], ids=["shift", "move"])
def test_lift_says_what_it_is_for_in_every_step(said: dict) -> None:
    why = c.lab_lift_refusal(said, ["red"], "red", "red", names=str.capitalize)
    assert why is not None
    first = why.split(";")[0]
    # what Lift is for comes first: putting a pawn back when the board asks
    assert "put" in first and "back" in first and "board asks" in first, why
    assert "push the spare in first" not in why, why


def test_on_another_s_turn_lift_says_whose_turn_it_is() -> None:
    assert "Blue's turn" in c.lab_lift_refusal(BLUE_PUSHES, ["red"], "red", "red", names=str.capitalize)


def test_lift_acts_when_the_board_asks_for_the_pawn() -> None:
    asked = {**RED_MOVES, "requests": [{"kind": "pawn", "piece": "red", "to": ["c3"], "reason": "wrapped"}]}
    assert c.lab_lift_refusal(asked, ["red"], "red", "red") is None


def test_the_hand_keeps_its_push_first_reason() -> None:
    assert str(c.hand_refusal(RED_PUSHES, ["red"], "red", "red")) == "push the spare in first, then move it"
