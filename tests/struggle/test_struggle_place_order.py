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
