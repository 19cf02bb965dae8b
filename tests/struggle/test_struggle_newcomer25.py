"""Issue 15, Struggle newcomer 25: a token lifted alone from its space, asked to a space other tokens stood on,
was put on a wrong space; the board said "The tokens stand where Blue's play put them" and believed the token
where it was asked (belief vs board, silently). Its reed only saw it go: a set-down on an occupied space (or on
a wrong one) no reed can tell, so the move is shown to check by eye until Stop."""

from __future__ import annotations

from test_struggle_referee import run_for, scripted


def _blue_placing():
    # Red: K to space 1 (alone), J and 10 to space 2. Blue: K from space 1 to space 2 (J and 10 there), 9 to space 4
    session, game, _ = scripted(["K J J 10 10", "K 9 9 9 9"],
                                ["throw", "stop", "play order=K,J,10", "follow", "throw", "stop", "play order=K,9"])
    ref = game.referee
    for _ in range(200):
        run_for(session, 100)
        if ref.current == "blue" and ref.state == "placing":
            return session, ref
    raise AssertionError((ref.state, ref.current))


def test_a_token_seen_only_going_is_checked_by_eye() -> None:
    session, ref = _blue_placing()
    assert "K" in ref.unseen, ref.unseen


def test_a_token_put_on_a_wrong_space_is_never_said_to_stand_where_it_belongs() -> None:
    session, ref = _blue_placing()
    run_for(session, session.world.move("K", "s4") + 50)  # wrong: onto space 4, where the 9 goes
    said = ref.instruction()
    assert said.message != "str.placed" and "where Blue's play put them" not in said.text(), said.text()
    assert ("K", ("s2",)) in [(r.piece, r.to) for r in said.requests], said.requests  # K: check it on space 2
