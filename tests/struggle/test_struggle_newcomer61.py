"""Issue 15, Struggle newcomer 61: a token put on a wrong space while placing, and the mistake's "Then:" read
"token K on space 2, token K on space 2 and token 10 on space 2": a move said twice, and three tokens going to one
space said one by one. The "Then:" says each space once with its tokens ("tokens K, J and 10 on space 2"), never a
token twice, and leaves out "a token from START" when the tokens that may be it are already named for that space."""

from __future__ import annotations

import re
from typing import Any

from test_struggle_referee import run_for, scripted

#: a red space 3: 9 landing there sends 10 back to space 2, where K and J go too
TRACK = ["start", "plain", "plain", "red", "plain", "plain", "plain", "plain", "plain", "plain", "finish"]
DICE = ["10 10 10 9 9", "Q Q Q Q Q", "K K 9 J J"]
ACTIONS = ["throw", "stop", "play order=10,9", "follow", "throw", "stop", "play order=Q", "follow",
           "throw", "stop", "play order=K,9,J"]


def placing() -> tuple[Any, Any]:
    session, game, _ = scripted(DICE, ACTIONS, track=TRACK)
    ref = game.referee
    for _ in range(200):
        run_for(session, 500)
        if ref.state == "placing" and ref.current == "red" and ref.race.space("9") == 3:
            return session, game
    raise AssertionError(ref.state)


def _then(text: str) -> str:
    assert "Then: " in text, text
    return text.split("Then: ", 1)[1]


def test_the_mistake_s_then_says_each_space_once() -> None:
    session, game = placing()
    run_for(session, session.world.move("9", "s6") + 50)
    text = game.referee.instruction().text()
    assert "token 9 is on space 6, where it does not belong: move it to space 3." in text, text
    then = _then(text)
    assert then.count("space 2") == 1, text
    assert re.search(r"tokens (K, J and 10|K, 10 and J|10, K and J) on space 2\.", then), text
    run_for(session, session.world.move("K", "s7") + 50)  # K off START, with J: the reeds cannot tell which
    text = game.referee.instruction().text()
    then = _then(text)
    assert then.count("space 2") == 1 and "a token from START" not in then, text
    for token in "KJ":
        assert len(re.findall(rf"\b{token}\b", then)) == 1, text


def test_every_token_still_to_move_is_named_in_the_then() -> None:
    """(the grouping leaves no move out: each token the play still moves is in the mistake's sentence)"""
    session, game = placing()
    run_for(session, session.world.move("9", "s6") + 50)
    said = game.referee.instruction()
    then = _then(said.text())
    for r in said.requests:
        if r.piece and r.piece != "9":
            assert re.search(rf"\b{r.piece}\b", then), (r, then)


def test_a_move_off_a_shared_space_names_the_tokens_that_may_make_it() -> None:
    """(an attack: Q, not in the play, put on space 6 by mistake: "Then: token 10 on space 2, token 9 on space 3 and a
    token from START on space 2" -- space 2 said twice, and K and J, both still on START and both going to space 2,
    said as "a token")"""
    session, game = placing()
    run_for(session, session.world.move("Q", "s6") + 50)
    text = game.referee.instruction().text()
    then = _then(text)
    assert then.count("space 2") == 1 and "a token from" not in then, text
    for token in ("K", "J", "10"):
        assert re.search(rf"\b{token}\b[^.]*space 2", then), text
