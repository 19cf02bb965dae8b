"""Issue 15, round 26 (Struggle newcomer, round 8 left): a token put on the wrong space while placing is said
first, with its fix ("Red: a token is on space 5, where none belongs: move it ..."), the rest short after it
(the correction was a wall of text with the mistake last); the ways to play are shown from way 1; a Stop
tapped just after the countdown passed the turn is taken as the late confirmation it is, and said so."""

from __future__ import annotations

from test_struggle_referee import run_for, scripted

from mazeboard.sim.struggle.hands import Act


def _placing_with_9_on_space_5():  # K, Q to space 2, 9 to space 1; the hand puts 9 on space 5 instead
    session, game, events = scripted(["K K Q Q 9"], ["throw", "stop", "play order=K,Q,9"])
    run_for(session, 2000)
    assert game.referee.state == "placing"
    session.hands.do(Act("move", token="9", sensor="s5"))
    run_for(session, 1500)
    return session, game, events


def _said(events) -> str:
    return str([e for e in events if e.type == "instruction"][-1]["text"])


def test_a_token_on_the_wrong_space_is_said_first_with_its_fix_and_the_rest_short() -> None:
    session, game, events = _placing_with_9_on_space_5()
    text = _said(events)
    assert text.startswith("Red: a token is on space 5, where none belongs: move it"), text
    # its fix at once: where the tokens that may be there belong (the letters say which), then the rest
    assert "token 9 on space 1" in text or "token 9 belongs on space 1" in text, text
    assert text.index("space 5") < text.index("space 2"), text
    assert "must go to" not in text and len(text) < 200, text
    # the requests (the LEDs) are the same, the mistake's first
    first = [e for e in events if e.type == "instruction"][-1]["requests"][0]
    assert first["from"] == "s5" and first["reason"] == "misplaced", first


def test_the_ways_to_play_open_at_way_1_the_boards_pick_listed_first() -> None:
    """Round 8: "way 10 of 10" was shown first (the board's pick for the card, preselected): the list's
    order is the one people read. Way 1 shows first, and it is the pick (Struggle newcomers 44-47, 109-113: the pick
    lit as "way 3 of 6" led on to 4, 5, 6, then 1); the pick stays known (``hint``) for the card's notes."""
    session, game, events = scripted(["K Q J 10 A"], ["throw", "stop"],
                                     objectives={"red": ["A", "K", "Q", "J", "10"], "blue": ["9", "10", "J", "Q", "K"]})
    run_for(session, 2000)
    outcomes = [e for e in events if e.type == "outcomes"][-1]
    assert outcomes["hint"] == 0 and outcomes["selected"] == 0, outcomes
    assert game.referee.state == "choosing"
    assert "the board lights way 1 of" in _said(events), _said(events)
