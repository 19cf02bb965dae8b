"""Issue 15, Struggle newcomer 30: in a one-round game, from the second turn on (a token had arrived) the prompt
said "until then the scores show the rounds already over" while no round was over and the scores showed "–".
Before a round is over the words say the dash; after one, the rounds already over."""

from __future__ import annotations

from test_struggle_newcomer5 import k_arrived_blue_to_throw


def test_before_any_round_is_over_the_scores_are_said_to_show_a_dash() -> None:
    game = k_arrived_blue_to_throw()
    assert game.referee.race.arrived == ("K",) and not game.referee.round_scores
    text = game.referee.instruction().text()
    assert "Points are counted when the round ends" in text, text
    assert "rounds already over" not in text and "“–”" in text, text
