"""Issue 15, Struggle newcomer 14: the placing prompt lists the moves in the order the play moves its
tokens, as the log tells the play ("token J moves first, then token 9"); it listed them by the space each
goes to, so the prompt and the log told two orders."""

from __future__ import annotations

import pytest
from test_struggle_referee import run_for, scripted


def _placing(order: str):
    session, game, _ = scripted(["K K 9 9 9"], ["throw", "stop", f"play order={order}"])
    for _ in range(20):
        run_for(session, 200)
        if game.referee.state == "placing":
            break
    assert game.referee.state == "placing"
    return game


@pytest.mark.parametrize("order, first, second", [("9,K", "Token 9", "Token K"), ("K,9", "Token K", "Token 9")])
def test_the_placing_prompt_lists_the_moves_in_the_play_s_order(order: str, first: str, second: str) -> None:
    game = _placing(order)
    turn = game.referee.turn
    assert ",".join(turn.outcomes[turn.selected].plays[turn.play].order) == order
    text = game.referee.instruction().text()
    assert first in text and second in text, text
    assert text.index(first) < text.index(second), f"the play moves {order}, the prompt says: {text}"


def test_moves_no_reed_sees_keep_their_place_in_the_play_s_order() -> None:
    """Struggle newcomer 20: once a move is made, the moves left were listed those a reed sees first ("Token
    K: space 1 → space 3 … Token Q: space 3 → space 4" while the play moves Q first, then K onto the space Q
    leaves): the prompt told another order than the play, and following it put K on Q's space."""
    from test_struggle_unseen_stop import _placing as placing

    session, game = placing("K J 9 10 10", "K,J,9,10")  # K, J and 9 to space 1, then 10 to space 2
    run_for(session, session.world.move("K", "s1") + 50)  # space 1 closed: K, J and 9 there no reed tells apart
    said = game.referee.instruction()
    assert {r.piece: r.blocking for r in said.requests} == {"K": False, "J": False, "9": False, "10": True}
    text = said.text()
    assert text.index("Token K") < text.index("Token J") < text.index("Token 9") < text.index("Token 10"), text
