"""Issue 15, Struggle newcomers 34 and 35: after a hand whose every move was an impasse the prompt said "The tokens
stand where Red's play put them: press Stop", as if the tokens had to be set somewhere. A play that moves no token
says so: "Blue's play moves no token: press Stop to end the turn." (the LEDs, the page and the log render the
same instruction)."""

from __future__ import annotations

from test_struggle_referee import run_for, scripted

# tests/struggle/scenarios/yellow_and_black.toml's first four plays: Blue's second, K 5->7 and 10 4->7, ends both
# on the black space 7 (no token ends there): two impasses
DICE = ["J J J 9 9", "9 10 10 10 10", "K K K K K", "K K 10 10 10"]
ACTIONS = ["throw", "stop", "play order=J,9", "follow", "throw", "stop", "play order=9,10", "follow",
           "throw", "stop", "play order=K", "follow", "throw", "stop", "play order=K,10"]


def _placing(actions: list[str], turns: int):
    session, game, events = scripted(DICE, actions)
    ref = game.referee
    for _ in range(200):
        run_for(session, 200)
        played = [e for e in events if e.type == "played"]
        if ref.state == "placing" and len(played) == turns:
            return session, ref, played[-1]
    raise AssertionError((ref.state, [e.type for e in events][-8:]))


def test_a_play_that_moves_no_token_says_so() -> None:
    _, ref, played = _placing(ACTIONS, 4)
    assert all(m["from"] == m["to"] for m in played["moves"]), played.fields
    said = ref.instruction()
    assert said.message == "str.placed_none", (said.message, said.text())
    assert said.text() == "Blue's play moves no token: press Stop to end the turn.", said.text()
    assert "stop" in said.buttons and said.player == "blue", said.buttons


def test_a_play_that_moves_a_token_still_says_where_they_stand() -> None:
    session, ref, played = _placing(ACTIONS[:3], 1)
    assert all(m["from"] != m["to"] for m in played["moves"]), played.fields
    for token in ("J", "9"):
        run_for(session, session.world.move(token, ref.home()[token]) + 50)
    said = ref.instruction()
    assert said.message == "str.placed", (said.message, said.text())
