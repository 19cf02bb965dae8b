"""Issue 15, Struggle newcomer 30: in a one-round game, from the second turn on (a token had arrived) the prompt
said "until then the scores show the rounds already over" while no round was over and the scores showed "–".
Before a round is over the words say the dash; after one, the rounds already over."""

from __future__ import annotations

from test_struggle_referee import run_for, scripted


def test_before_any_round_is_over_the_scores_are_said_to_show_a_dash() -> None:
    track = ["start", "plain", "plain", "finish"]
    session, game, _ = scripted(["K K K Q 9"], ["throw", "stop", "play order=K,Q,9", "follow"], track=track)
    for _ in range(40):
        run_for(session, 500)
        if game.referee.current == "blue" and game.referee.state == "waiting_for_throw":
            break
    assert game.referee.race.arrived == ("K",) and not game.referee.round_scores
    text = game.referee.instruction().text()
    assert "Points are counted when the round ends" in text, text
    assert "rounds already over" not in text and "“–”" in text, text
