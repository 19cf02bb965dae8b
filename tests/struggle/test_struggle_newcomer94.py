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


def test_a_way_behind_on_the_next_token_kept_back_is_said_as_kept_back() -> None:
    """An attack (session 26): the card's next token was the one it wants last, K; way 1 took K to 15, the pick kept it
    on 14, and the way-by-way reason said the pick beat way 1 "by taking the next token named on your card further".
    That way is named with the token kept back."""
    race = Race.of({"K": 13, "Q": 0}, ("J", "10", "9"))
    card = ("9", "A", "J", "10", "K")
    outs = rules.outcomes(DEFAULT, race, ("10", "K", "A", "Q", "9"))
    pick = rules.hint(DEFAULT, outs, card)
    assert outs[pick].result.race.space("K") == 14
    apart = dict(rules.hint_apart(DEFAULT, outs, card, pick))
    behind = [i for i, o in enumerate(outs) if o.result.race.space("K") == 15]
    assert behind and all(apart.get(i) == "back" for i in behind), apart


def test_no_way_is_said_behind_on_taking_the_next_token_further_when_the_pick_keeps_it_back() -> None:
    """Over random choices with ★ cards and up to three tokens arrived: a way said behind on the next token ("lead")
    never has the card's last token as the pick's next; a way said behind on "back" has it further on or arrived."""
    import random

    rnd = random.Random(26)
    deck = rules.load_objectives()
    seen = 0
    for _ in range(3000):
        arrived = tuple(rnd.sample(rules.TOKENS, rnd.randint(0, 3)))
        spaces = {t: rnd.randint(0, 16) for t in rules.TOKENS if t not in arrived}
        race = Race.of(spaces, arrived)
        hand = tuple(rnd.choice(rules.FACES) for _ in range(5))
        card = rnd.choice(deck)
        outs = rules.outcomes(DEFAULT, race, hand)
        pick = rules.hint(DEFAULT, outs, card)
        lead = rules.next_wanted(outs[pick].result.race, card)
        for i, m in rules.hint_apart(DEFAULT, outs, card, pick):
            if m == "lead":
                assert lead is None or not rules.wanted_last(card, lead), (race, hand, card)
            if m == "back":
                seen += 1
                t = card[-1]
                other = outs[i].result.race
                assert t in other.arrived or (other.space(t) or 0) > (outs[pick].result.race.space(t) or 0), (race, hand, card)
    assert seen > 20, seen
