"""Why a page's control does not act (hal/web/controls.py) is a message id with an English template in
the catalogue: the view sends the English reason and, beside it, the id and arguments, so a page
says it in its language (common.js, I18N); the English stays what the server's refusals say."""

from __future__ import annotations

from typing import Any

import pytest

from mazeboard.controller.i18n import english_sources
from mazeboard.hal import i18n as cat
from mazeboard.hal.web import controls as c

BLUE_ROLLS = {"player": "blue", "action": "roll", "text": "Blue: roll the die.", "buttons": {"roll": "roll the die"},
              "requests": [], "messages": [{"id": "magic.roll", "args": {"player": "blue"}}]}


def test_the_reasons_are_in_the_catalogue() -> None:
    sources = english_sources()
    assert c.CONTROL_REASONS and all(sources.get(k) == v for k, v in c.CONTROL_REASONS.items())
    assert set(c.CONTROL_REASONS) <= set(cat.english())


def test_a_control_says_its_reason_in_english_and_as_an_id() -> None:
    out = c.press_controls(BLUE_ROLLS, ["red"], ["roll", "done"])
    assert out["roll"] == [False, "it is Blue's turn (a simulated player): wait",
                           {"id": "control.simulated_turn", "args": {"player": "blue"}}]
    # round 8: in a simulated player's moment every control says the wait, not that player's orders
    # ("does nothing now: Blue: ... press Stop" read as an order to the person here)
    assert out["done"][:2] == [False, "it is Blue's turn (a simulated player): wait"]
    red_rolls = {**BLUE_ROLLS, "player": "red"}  # a button the board does not list in a moment of this page's
    on, why, said = c.press_controls(red_rolls, ["red"], ["done"])["done"]
    assert (on, why) == (False, "does nothing now. Blue: roll the die.")  # round 26: two sentences
    assert said["id"] == "control.does_nothing" and said["args"]["text"] == "Blue: roll the die."
    assert said["messages"] == BLUE_ROLLS["messages"]  # the page says the instruction in its language
    assert c.press_controls(BLUE_ROLLS, ["blue"], ["roll"])["roll"] == [True, "roll the die"]
    assert c.press_controls(BLUE_ROLLS, [], ["roll"])["roll"][2] == {"id": "control.watching", "args": {}}


@pytest.mark.parametrize(("reason", "english"), [
    (c.press_refusal(BLUE_ROLLS, ["red"], "roll"), "it is blue's turn (a simulated player): wait"),
    (c.press_refusal(None, ["red"], "roll"), c.WAITING),
    (c.hand_refusal(BLUE_ROLLS, ["red"], "red", "red"), "it is blue's turn"),
    (c.follow_refusal(BLUE_ROLLS, ["red"]), "no token needs moving now: Blue: roll the die."),
    (c.gather_refusal(BLUE_ROLLS, ["red"]),
     "the tokens go back to the start only between rounds: Blue: roll the die."),
    (c.lift_refusal(BLUE_ROLLS, ["red"], "red"), "it is blue's turn"),
    (c.lift_refusal({**BLUE_ROLLS, "player": "red"}, ["red"], "red"),
     "roll first; you lift your pawn only when the board sends it back (after your ball falls)"),
    (c.lift_refusal({**BLUE_ROLLS, "action": "game_over"}, ["red"], "red"), "the game is over: start a new game"),
])
def test_every_reason_is_its_template_filled_in(reason: Any, english: str) -> None:
    assert reason == english
    assert isinstance(reason, c.Reason) and reason.mid in c.CONTROL_REASONS


def test_the_reason_is_said_in_german() -> None:
    said = c.press_controls(BLUE_ROLLS, ["red"], ["roll"])["roll"][2]
    german = cat.catalogue("de").say(said["id"], said["args"])
    assert "Blau" in german and "turn" not in german


def test_a_pawn_waits_for_the_roll_or_the_push_before_the_page_moves_it() -> None:
    """Seen (newcomers, round 4): "✊ Lift pawn" looked usable in Labyrinth's push phase (pressing it
    lifted the pawn and the board warned "moved before the shift"), and in the Magic Labyrinth an
    arrow key before Roll did the same; and the reason read "it is Blue's turn: your pawn waits" after
    the page's "No step now:" (stays and waits, two colons). The page's hand now waits for the
    roll or the push, and says so in one short phrase."""
    red_rolls = {**BLUE_ROLLS, "player": "red", "text": "Red: roll the die."}
    red_pushes = {"player": "red", "action": "shift", "text": "Red: push the spare in.", "requests": [],
                  "buttons": {"rotate": "turn the spare"}}
    assert str(c.hand_refusal(red_rolls, ["red"], "red", "red")) == "press Roll first, then slide it"
    assert str(c.hand_refusal(red_pushes, ["red"], "red", "red")) == "push the spare in first, then move it"
    assert c.hand_refusal({**red_rolls, "action": "move"}, ["red"], "red", "red") is None
    assert str(c.hand_refusal(BLUE_ROLLS, ["red"], "red", "red")) == "it is blue's turn"


GAME_OVER = {"player": "blue", "action": "game_over", "text": "Blue wins!", "buttons": {}, "requests": [],
             "messages": [{"id": "magic.game_over", "args": {"winner": "blue"}}]}


def test_a_button_after_the_game_says_the_game_is_over() -> None:
    # newcomer round 5: Roll tapped after the win said "Roll: does nothing now: Blue wins!" (two colons, no way on)
    why = c.press_refusal(GAME_OVER, ["red"], "roll")
    assert why is not None and why.mid == "control.game_over", why
    assert "game is over" in why and "New game" in why, why


def test_a_fallen_ball_s_reason_names_whose_ball() -> None:
    # newcomer round 5: "its ball fell, so it cannot go on: ..." began in lower case with an unclear "its"
    said = {"player": "red", "action": "return", "text": "Red's ball fell.", "buttons": {}, "messages": [],
            "requests": [{"kind": "pawn", "piece": "red", "to": ["a1"], "reason": "ball_dropped"}]}
    why = c.hand_refusal(said, ["red"], "red", "red", names=str.capitalize)
    assert why is not None and why.startswith("Red's ball fell"), why
    assert why.args["player"] == "red" and "a1" in why, why
