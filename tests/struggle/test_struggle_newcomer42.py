"""Issue 15, Struggle newcomer 42: Q and J stood on space 1 and the play moved both to space 2. The newcomer moved Q
first, and the prompt turned into a mistake: "token J is on space 1, where it does not belong: move it to space 2".
J was a move not made yet: the reeds cannot tell which of the two left space 1, but each token that may still stand
there is one the play moves, so the board asks for the move ("A token: space 1 → space 2", the letters saying which
belongs where), never a mistake, and lists no move twice."""

from __future__ import annotations

import json
from typing import Any

from test_struggle_newcomer5 import PLAIN
from test_struggle_referee import run_for, scripted

DICE = ["Q J 9 9 9", "K K K K K", "Q J 10 10 10"]
ACTIONS = ["throw", "stop", "play order=Q,J,9", "follow", "throw", "stop", "play order=K", "follow",
           "throw", "stop", "play order=Q,J,10"]


def placing() -> tuple[Any, Any, list[Any]]:
    """Red's second play: Q and J from space 1 to space 2, 10 from START to space 3, none moved yet."""
    session, game, events = scripted(DICE, ACTIONS, track=PLAIN)
    for _ in range(60):
        run_for(session, 500)
        ref = game.referee
        if ref.state == "placing" and ref.current == "red" and ref.race.space("Q") == 2:
            return session, game, events
    raise AssertionError(game.referee.state)


def test_one_of_two_tokens_moved_off_a_shared_space_leaves_a_move_not_a_mistake() -> None:
    session, game, events = placing()
    assert session.world.tokens["Q"] == session.world.tokens["J"] == "s1"
    for token in ("Q", "J"):  # either one first
        session2, game2, _ = placing() if token == "J" else (session, game, events)
        run_for(session2, session2.world.move(token, "s2") + 50)
        said = game2.referee.instruction()
        text = said.text()
        assert said.message not in ("str.mistake", "str.mistake_named"), text
        assert "belong" not in text.split("(")[0] and "where none belongs" not in text, text
        reqs = said.requests
        assert [r.reason for r in reqs if r.frm == "s1"] == ["placing"], reqs
        assert len([r for r in reqs if r.frm == "s1"]) == 1, reqs  # the move off space 1 asked once
        assert "A token: space 1 → space 2." in text and "Token 10: START → space 3." in text, text
    # the other one moved too: space 1 open, nothing asked of it; the two moves onto a space already held are ones
    # no reed can see (shown to check by eye, never awaited), 10's still to make
    run_for(session, session.world.move("J", "s2") + 50)
    said = game.referee.instruction()
    assert said.message == "str.place_unseen", said.text()
    assert not [r for r in said.requests if r.frm == "s1" and r.blocking], said.requests


def test_the_instruction_said_to_a_page(tmp_path: Any) -> None:
    """The instruction as a page receives it (for tests/web/test_struggle_newcomer42.py)."""
    session, game, events = placing()
    run_for(session, session.world.move("Q", "s2") + 50)
    said = [e for e in events if e.type == "instruction"][-1].to_dict()
    assert said["action"] == "place" and [r["reason"] for r in said["requests"]] == ["placing", "placing"], said
    json.dumps(said)


def test_a_token_from_a_hand_set_on_that_space_is_a_mistake_still() -> None:
    """(an attack: Q moved, then K, not in the play, put on space 1 by mistake, then J moved: the reeds saw K leave
    space 5 and nothing of the rest; "A token: space 1 → space 2" sent K to space 2. A token in a hand may be the one
    on a closed reed, so that space's token is a mistake to put right, as before newcomer 42's fix)"""
    session, game, _ = placing()
    for token, to in (("Q", "s2"), ("K", "s1"), ("J", "s2")):
        run_for(session, session.world.move(token, to) + 50)
    said = game.referee.instruction()
    assert said.message in ("str.mistake", "str.mistake_named"), said.text()
    assert not [r for r in said.requests if r.frm == "s1" and r.reason == "placing"], said.requests


def test_a_mistake_s_then_names_the_move_off_the_shared_space_too() -> None:
    """(an attack: Q moved, then 10 put on space 4 by mistake: "token 10 is on space 4 …: move it to space 3." and
    nothing of J, still to leave space 1)"""
    session, game, _ = placing()
    for token, to in (("Q", "s2"), ("10", "s4")):
        run_for(session, session.world.move(token, to) + 50)
    text = game.referee.instruction().text()
    # (the tokens that may make that move named, since Struggle newcomer 61's attack: "a token from space 1")
    assert "token 10 is on space 4" in text and "Then: tokens Q and J on space 2." in text, text
