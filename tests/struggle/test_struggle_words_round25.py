"""Issue 15, round 25 (Struggle newcomer, round 7): a way whose tokens bump each other back read as a
long story ("token J moves and sends token 10 back to space 4, then token 10 moves and sends token J back
to space 4, then token Q moves"): such a way is said as its net result, where each token ends; a single
bump stays told as it happens (short)."""

from __future__ import annotations

from mazeboard.controller.instruction import say
from mazeboard.controller.struggle import rules
from mazeboard.controller.struggle.rules import Race, Rules
from mazeboard.controller.struggle.words import play_said

DEFAULT = Rules.default()


def _said(at: dict[str, int], hand: tuple[str, ...], order: tuple[str, ...]) -> str:
    play = rules.Play((), order)
    result = rules.apply(DEFAULT, Race.of(at, ()), hand, play)
    said = play_said(play, result, DEFAULT.track, hand)
    return say(said["id"], said["args"])


def test_a_way_with_tokens_bumping_each_other_back_is_said_as_where_each_token_ends() -> None:
    # J on 4, 10 on red 5: J lands on 5 and sends 10 back to 4, then 10 lands on 5 and sends J back
    text = _said({"K": 0, "Q": 0, "J": 4, "10": 5, "9": 0}, ("J", "10", "Q", "Q", "Q"), ("J", "10", "Q"))
    assert text.startswith("token J ends on space 4, token 10 on space 5 and token Q on space 3"), text
    assert "sends token" not in text, text
    assert len(text) < 110, text


def test_a_single_bump_is_still_told_as_it_happens() -> None:
    text = _said({"K": 0, "Q": 0, "J": 0, "10": 5, "9": 0}, ("Q",) * 5, ("Q",))
    assert "sends token 10 back" in text, text
