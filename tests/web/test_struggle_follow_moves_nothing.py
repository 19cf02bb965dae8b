"""Issue 15, Struggle newcomer 47: a hand of 9 9 9 9 J played a way that moved no token, and "🤚 Place tokens as
shown" was greyed ("no token needs moving now: … press Stop to end the turn") while the README says it "moves them
and ends the turn in one press". For a person's play that moves nothing it ends the turn, as its name promises."""

from __future__ import annotations

from mazeboard.hal.web import controls as c

NONE = {"player": "red", "action": "place", "requests": [],
        "messages": [{"id": "str.placed_none", "args": {"player": "red"}}],
        "text": "Red's play moves no token: press Stop to end the turn."}


def test_place_tokens_as_shown_ends_a_turn_whose_play_moves_nothing() -> None:
    assert c.follow_refusal(NONE, ["red"]) is None


def test_it_stays_off_for_others_and_for_other_moments() -> None:
    assert c.follow_refusal({**NONE, "player": "blue"}, ["red"]) is not None  # not this page's play
    assert c.follow_refusal(NONE, []) is not None  # a page only watching
    placed = {**NONE, "messages": [{"id": "str.placed", "args": {"player": "red"}}]}
    assert c.follow_refusal(placed, ["red"]) is not None  # every token placed: Stop, not Place, ends it
    rolls = {**NONE, "action": "throw", "messages": [{"id": "str.throw", "args": {"player": "red"}}]}
    assert c.follow_refusal(rolls, ["red"]) is not None
