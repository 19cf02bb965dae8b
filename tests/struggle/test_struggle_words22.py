"""Issue 15, round 22's Struggle words: once "Place tokens as shown" put the tokens where the play
sends them, the prompt goes on to what is next (the turn passes, or Stop) instead of asking for
the moves again; a die that shows a token already arrived is said to move nothing; the round's
end names the places that scored; lists read "Red, Blue and Green"."""

from __future__ import annotations

import io
import re

from test_struggle_referee import run_for, scripted


def _blue_followed():
    # red: K to space 2, 9 to space 3; blue: Q onto K's space 2 (10 blocked on the taken yellow space 3):
    # the page's "Place tokens as shown" (follow) makes blue's move, which no reed switch can see
    session, game, _ = scripted(["K K 9 9 9", "Q Q 10 10 10"],
                                ["throw", "stop", "play order=K,9", "follow", "stop",
                                 "throw", "stop", "play order=Q,10", "follow"])
    for _ in range(60):
        run_for(session, 200)
        if game.referee.current == "blue" and game.referee.state == "placing" and session.world.tokens["Q"] == "s2":
            break
    assert session.world.tokens["Q"] == "s2", session.world.tokens
    return session, game


def test_once_the_tokens_stand_as_shown_the_prompt_goes_on_to_what_is_next() -> None:
    session, game = _blue_followed()
    said = game.referee.instruction()
    text = said.text()
    assert said.message == "str.placed_unseen" and not said.blocked, text
    assert not re.search(r"\bMove\b|keeps asking", text), text  # the move is made: never asked for again
    first = text.split(". ")[0]
    assert "turn passes" in first and "press Stop" in first, text  # what is next, said first
    assert "Q goes from START to space 2" in text, text  # the move the reeds cannot see, to check by eye
