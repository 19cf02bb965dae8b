"""Issue 15, Struggle newcomer 106 (1920x1080): a token dragged where none belongs, the prompt read "token Q is on space
9, where it does not belong: move it to space 6. Then: token 9 on space 11.", token 9 standing on space 11 already,
set there a moment before: "Then:" read as a second job. The moves no reed can see (onto a space another token holds)
may be made already: after the mistake they are said as ones to check by eye, never as moves still to make."""

from __future__ import annotations

from test_struggle_newcomer42 import placing
from test_struggle_referee import run_for


def test_after_a_mistake_a_move_no_reed_can_see_is_said_to_check_not_to_make() -> None:
    session, game, _ = placing()  # Q and J from space 1 to space 2, 10 from START to space 3
    # the play made (J's move onto space 2, Q there already, no reed sees; nor 10's on START's shared reed), then K,
    # not in the play, dragged off its space 5 onto space 6
    for token, to in (("Q", "s2"), ("J", "s2"), ("10", "s3"), ("K", "s6")):
        run_for(session, session.world.move(token, to) + 50)
    said = game.referee.instruction()
    text = said.text()
    assert said.message == "str.mistake_named" and "token K is on space 6" in text and "move it to space 5." in text, text
    # the moves made already as far as anyone can tell: to check by eye, not "Then: tokens Q and J on space 2 …"
    assert "Then:" not in text, text
    assert "check them by eye: tokens Q and J on space 2 and token 10 on space 3." in text, text


def test_after_a_mistake_a_move_a_reed_sees_still_to_make_is_said_then() -> None:
    """(the moves still to make, seen by a reed, are said after "Then:" as before: test_struggle_newcomer42.py)"""
    session, game, _ = placing()
    for token, to in (("Q", "s2"), ("10", "s4")):
        run_for(session, session.world.move(token, to) + 50)
    text = game.referee.instruction().text()
    assert "Then:" in text and "space 2" in text.split("Then:")[1], text


def test_after_a_mistake_the_moves_still_to_make_and_those_to_check_are_said_apart() -> None:
    """(an attack: the play made, K dragged to space 6 by mistake, then Q taken back to space 1: "Then: tokens Q and J on
    space 2 and token 10 on space 3", 10 standing on space 3 since its step)"""
    session, game, _ = placing()
    for token, to in (("Q", "s2"), ("J", "s2"), ("10", "s3"), ("K", "s6"), ("Q", "s1")):
        run_for(session, session.world.move(token, to) + 50)
    text = game.referee.instruction().text()
    assert "token K is on space 6" in text, text
    then, _, check = text.partition("check them by eye:")
    assert "Then:" in then and "space 2" in then.split("Then:")[1] and "space 3" not in then.split("Then:")[1], text
    assert "token 10 on space 3" in check, text
