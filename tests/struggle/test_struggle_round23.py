"""Issue 15, round 23's Struggle leftovers: the board's pick does not waste the ace on a token
already arrived when another way scores the same and moves more; ..."""

from __future__ import annotations

from mazeboard.controller.struggle import rules
from mazeboard.controller.struggle.rules import Race, Rules

DEFAULT = Rules.default()


def _moved(out: rules.Outcome) -> int:
    return sum(m.to - m.frm for m in out.result.moves)


def test_the_pick_does_not_spend_the_ace_on_a_token_already_arrived() -> None:
    # newcomer round 4: the pick made the ace a K (K had arrived: the die moved nothing) while the
    # ace as a 9 scores the same and moves the 9 one more space
    race = Race.of({"Q": 12, "10": 0, "9": 13}, ("J", "K"))
    hand = ("J", "K", "9", "A", "K")
    card = ("K", "10", "9", "J", "Q")
    outs = rules.outcomes(DEFAULT, race, hand)
    pick = outs[rules.hint(DEFAULT, outs, card)]
    assert all("K" not in p.aces for p in pick.plays), pick.plays
    assert _moved(pick) == max(_moved(o) for o in outs)


def test_of_equally_good_ways_the_pick_is_one_that_moves_most() -> None:
    # property over many races: when the pick moves less than another way (a die wasted), that
    # other way scores fewer points or agrees less with the card's order
    import random

    rng = random.Random(23)
    for _ in range(3000):
        arrived = tuple(rng.sample(rules.TOKENS, rng.choice([0, 1, 2])))
        race = Race.of({t: rng.randint(0, 14) for t in rules.TOKENS if t not in arrived}, arrived)
        hand = tuple(rng.choice(rules.TOKENS + (rules.ACE,)) for _ in range(5))
        outs = rules.outcomes(DEFAULT, race, hand)
        if len(outs) < 2:
            continue
        card = tuple(rng.sample(rules.TOKENS, 5))
        pick = outs[rules.hint(DEFAULT, outs, card)]
        best = rules.evaluate(DEFAULT, pick.result.race, card)
        for o in outs:
            if _moved(o) > _moved(pick):
                assert rules.evaluate(DEFAULT, o.result.race, card)[:3] < best, (race, hand, card)
