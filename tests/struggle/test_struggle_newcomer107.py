"""Struggle newcomer 107: a token set down on the space the play asks of another token is the one the hand lifted.

The newcomer's play was Q 14 -> C, 10 16 -> D, J 8 -> E; 10 lifted and set on C was taken for Q (Q "could have left"
14 had 10 been set on it unseen), so the board then said Q, never touched, stood "where it does not belong". The
same shape on a plain track: 9 4 -> 7, K 3 -> 5, K lifted and set on 7. Taken for 9, the board asked the token left on
4 (9) to go to space 5, K's: a wrong move (controller/struggle/whereabouts.py, rule 1)."""

from __future__ import annotations

from test_struggle_newcomer5 import PLAIN
from test_struggle_referee import run_for, scripted

DICE = ["K K K Q Q", "J 9 9 9 9", "9 9 9 K K"]
ACTIONS = ["throw", "stop", "play order=K,Q", "follow", "throw", "stop", "play order=J,9", "follow",
           "throw", "stop", "play order=9,K"]


def test_a_token_set_where_another_is_asked_is_said_as_the_one_moved() -> None:
    session, game, _ = scripted(DICE, ACTIONS, track=PLAIN)
    ref = game.referee
    for _ in range(80):
        run_for(session, 500)
        if ref.state == "placing" and ref.current == "red" and ref.race.space("9") == 7:
            break
    assert session.world.tokens["9"] == "s4" and session.world.tokens["K"] == "s3", session.world.tokens
    for ms in (session.world.lift("K"), session.world.place("K", "s7")):
        run_for(session, ms + 60)
    text = ref.instruction().text()
    assert "Token K: space 7 → space 5." in text and "Token 9: space 4 → space 7." in text, text
    assert "belong" not in text, text
    for ms in (session.world.lift("K"), session.world.place("K", "s5")):
        run_for(session, ms + 60)
    text = ref.instruction().text()
    assert "Token 9: space 4 → space 7." in text and "belong" not in text and "space 5" not in text, text
