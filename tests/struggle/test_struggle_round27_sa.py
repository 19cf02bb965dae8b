"""Issue 15, round 27 (Struggle newcomer on a phone): a token put on a space where none belongs is said first,
whatever token it is (token J put on space 4 instead of space 1: the prompt named token 9 "on START" and never
space 4); choosing a way names Die 1 only from way 2 on and says what Throw does at the last way."""

from __future__ import annotations

import pytest
from test_struggle_referee import run_for, scripted

from mazeboard.sim.struggle.hands import Act

#: red's first turn (K, Q to space 2, 9 to space 1), blue's (J to space 5), then red's third hand, played
THREE_TURNS = ["throw", "stop", "play order=K,Q,9", "follow", "throw", "stop", "stop", "follow", "throw", "stop", "stop"]


def _instruction(events):
    return [e for e in events if e.type == "instruction"][-1]


@pytest.mark.parametrize("hand, token, wrong", [
    ("9 10 10 Q Q", "10", "s3"),  # 10 from START belongs on space 2
    ("9 10 10 Q Q", "9", "s6"),   # 9 from space 1 belongs on space 2
    ("K K 10 9 J", "J", "s8"),    # J from space 5 belongs on space 6
    ("J J Q Q 10", "10", "s6"),   # 10 from START belongs on space 1: space 6 is nobody's
])
def test_a_token_put_where_none_belongs_is_said_first_naming_that_space(hand: str, token: str, wrong: str) -> None:
    session, game, events = scripted(["K K Q Q 9", "J J J J J", hand], THREE_TURNS)
    run_for(session, 30_000)
    ref = game.referee
    assert ref.state == "placing" and ref.current == "red", ref.state
    assert wrong not in ref.home().values() and ref.home()[token] != session.world.tokens[token]
    session.hands.do(Act("move", token=token, sensor=wrong))
    run_for(session, 1500)
    said = _instruction(events)
    space = f"space {wrong[1:]}"
    head = said["text"].split(".")[0]
    assert head.startswith("Red:") and space in head and "where" in head and "belong" in head, said["text"]
    first = said["requests"][0]  # the LEDs: the same requests, the mistake's first (its space pulses)
    assert first["from"] == wrong and first["reason"] == "misplaced", said["requests"]


def test_a_move_not_made_yet_is_no_mistake() -> None:
    """A token still where it stood before the play is a move to make, never "where it does not belong"."""
    session, game, events = scripted(["K K Q Q 9", "J J J J J", "9 10 10 Q Q"], THREE_TURNS)
    run_for(session, 30_000)
    session.hands.do(Act("move", token="Q", sensor="s3"))  # Q (space 2 -> space 4) put on space 3
    run_for(session, 1500)
    text = _instruction(events)["text"]
    assert text.startswith("Red: a token is on space 3, where none belongs"), text
    assert "is on START, where it does not belong" not in text, text


def _choosing(hand: str = "K Q J 10 A"):
    session, game, events = scripted([hand], ["throw", "stop"])
    run_for(session, 2000)
    assert game.referee.state == "choosing" and len(game.referee.turn.outcomes) > 2
    return session, game, events


def test_way_1_names_no_die_1_and_a_tap_on_die_1_says_there_is_no_previous_way() -> None:
    from mazeboard.hal.web.controls import press_refusal

    session, game, events = _choosing()
    said = _instruction(events)
    assert "way 1 of" in said["text"], said["text"]
    assert "Die 1" not in said["text"] and "Throw for the next way" in said["text"], said["text"]
    assert "die1" not in said["buttons"]
    refusal = str(press_refusal(said, ["red"], "die1"))
    assert refusal.startswith("does nothing now") and "no previous way" in refusal, refusal
    assert "Die 1 for the previous" not in refusal, refusal  # never the refusal recommending what it refuses


@pytest.mark.parametrize("way", ["first", "middle", "last"])
def test_every_way_s_prompt_is_routine_for_the_narration(way: str) -> None:
    """The terminal narration tells the ways in its own lines: the prompt, whichever way it shows, is not repeated."""
    from mazeboard.controller.narrate import ROUTINE_MESSAGES

    session, game, events = _choosing()
    for _ in range({"first": 0, "middle": 1, "last": len(game.referee.turn.outcomes) - 1}[way]):
        session.hands.do(Act("press", button="throw"))
        run_for(session, 300)
    assert game.referee.instruction().message in ROUTINE_MESSAGES, game.referee.instruction().message


def test_the_last_way_names_die_1_and_says_throw_goes_back_to_way_1() -> None:
    session, game, events = _choosing()
    count = len(game.referee.turn.outcomes)
    for _ in range(count - 1):
        session.hands.do(Act("press", button="throw"))
        run_for(session, 300)
    said = _instruction(events)
    assert f"way {count} of {count}" in said["text"], said["text"]
    assert "Throw for the next way" not in said["text"] and "Die 1 for the previous one" in said["text"], said["text"]
    assert "back to way 1" in said["text"] and "way 1" in said["buttons"]["throw"], said
    session.hands.do(Act("press", button="throw"))  # and it does: way 1 again
    run_for(session, 300)
    assert game.referee.turn.selected == 0 and "way 1 of" in _instruction(events)["text"]


def test_a_middle_way_names_both() -> None:
    session, game, events = _choosing()
    session.hands.do(Act("press", button="throw"))
    run_for(session, 300)
    text = _instruction(events)["text"]
    assert "way 2 of" in text and "Throw for the next way" in text and "Die 1 for the previous one" in text, text
