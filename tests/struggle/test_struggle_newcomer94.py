"""Issue 15, Struggle newcomer 94 (1920x1080), turn 10: J, 9 and 10 had arrived (the card J 9 ★ K Q scoring A, B
and C), K on space 9 and Q on 6; the hand Q ★ 10 J J played Q 6 -> 8 (way 1) or left it on 6, a move to black 7
cancelled (way 2). Both would score as many points, and the board picked way 1, "this one moves the tokens furthest",
taking Q, which the card wants last, right behind K, which it wants before Q: "Way 2, where Q stays, suited my card
better." The board weighs how far back the token the card wants last stays before the spaces moved, and says so."""

from __future__ import annotations

from mazeboard.controller.struggle import rules
from mazeboard.controller.struggle.rules import Race, Rules

DEFAULT = Rules.default()
CARD = ("J", "9", "A", "K", "Q")


def test_the_token_the_card_wants_last_stays_back_before_the_spaces_moved_count() -> None:
    race = Race.of({"K": 9, "Q": 6}, ("J", "9", "10"))
    outs = rules.outcomes(DEFAULT, race, ("Q", "A", "10", "J", "J"))
    at = {i: o.result.race.space("Q") for i, o in enumerate(outs)}
    assert sorted(at.values()) == [6, 8], at  # the newcomer's two ways
    pick = rules.hint(DEFAULT, outs, CARD)
    assert at[pick] == 6, at
    assert rules.hint_reason(DEFAULT, outs, CARD, pick) == ("back", "Q")


def test_a_token_said_kept_back_is_the_card_s_last_and_further_back_than_in_each_way_weighed_as_much() -> None:
    """Over random choices: wherever the reason is the new measure alone, the token named is the card's last, racing,
    further back than in each way of as many points; and the measure does decide some picks."""
    from test_struggle_round23 import _random_choices

    named = 0
    for race, hand, outs, card in _random_choices(94, 3000):
        pick = rules.hint(DEFAULT, outs, card)
        apart = rules.hint_apart(DEFAULT, outs, card, pick)
        if not apart or {m for _, m in apart} != {"back"}:
            continue
        reason, token = rules.hint_reason(DEFAULT, outs, card, pick)
        assert reason == "back", (race, hand, card)
        if token is None:
            continue
        named += 1
        after = outs[pick].result.race
        assert token == card[-1] and token not in after.arrived, (race, hand, card)
        for i, _ in apart:
            other = outs[i].result.race
            assert token in other.arrived or (other.space(token) or 0) > (after.space(token) or 0), (race, hand, card)
    assert named > 5, named
