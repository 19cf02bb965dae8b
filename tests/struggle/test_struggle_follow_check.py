"""Issue 15, Struggle newcomer 15: after a token set down on a wrong space, "Place tokens as shown" put
every token where the play sends it and then waited, for ever, at the board's check ("the board cannot
tell tokens apart: check that these stand where they belong ..., then press Stop to end the turn"). The
README says it does both: the hand put the tokens, so it presses Stop at that check too."""

from __future__ import annotations

import pytest
from test_struggle_referee import run_for
from test_struggle_unseen_stop import _placing

from mazeboard.sim.struggle.hands import Act


@pytest.mark.parametrize("token, wrong", [("K", "s4"), ("J", "s1")])
def test_place_tokens_as_shown_ends_the_turn_after_a_token_set_down_wrong(token: str, wrong: str) -> None:
    session, game = _placing("K K K Q Q", "K,Q")  # K to space 3, Q to space 2
    ref = game.referee
    run_for(session, session.world.move(token, wrong) + 50)
    assert ref.instruction().message == "str.mistake", ref.instruction().text()
    session.hands.do(Act("follow", button="stop"))
    seen = set()
    for _ in range(80):
        run_for(session, 100)
        seen.add(ref.instruction().message)
        if ref.current == "blue":
            break
    assert ref.current == "blue", (ref.state, ref.instruction().text())
    assert "str.confirm_end" in seen, seen  # the check came, and the hand's Stop answered it
    assert session.world.tokens["K"] == "s3" and session.world.tokens["Q"] == "s2", session.world.tokens
