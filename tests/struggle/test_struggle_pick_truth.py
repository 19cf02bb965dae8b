"""Issue 15, an attack on the Struggle pick line (session 20): the tie-break "this one moves the tokens furthest" was
said of a way that sends a token back (9 from space 3 to 5 swapping J back from 5 to 3: a net gain of 0 beside a way
moving 9 one space on). The spaces moved are counted net: a token swapped back counts its way back."""

from __future__ import annotations

from mazeboard.controller.struggle import rules
from mazeboard.controller.struggle.rules import Race, Rules

DEFAULT = Rules.default()


def test_a_token_swapped_back_counts_its_way_back_in_the_spaces_moved() -> None:
    race = Race(spaces=(16, 11, 5, 1, 3))  # K 16, Q 11, J 5, 10 1, 9 3
    hand = ("9", "K", "A", "K", "K")
    # (a card wanting K last, not J: J swapped back stays further back, which a card wanting J last weighs before the
    # spaces moved, Struggle newcomer 94)
    card = ("J", "10", "Q", "A", "K")
    outs = rules.outcomes(DEFAULT, race, hand)
    swap = next(i for i, o in enumerate(outs) if any(m.displaced for m in o.result.moves))
    plain = next(i for i, o in enumerate(outs) if i != swap)
    assert rules.evaluate(DEFAULT, outs[swap].result.race, card) == rules.evaluate(DEFAULT, outs[plain].result.race, card)
    assert rules.moved(outs[swap].result) < rules.moved(outs[plain].result)  # 9 +2, J -2 against K +1, 9 +1
    pick = rules.hint(DEFAULT, outs, card)
    assert pick == plain
    assert rules.hint_reason(DEFAULT, outs, card, pick) == ("moves", None)


def test_the_spaces_moved_are_each_token_s_net_way_forward() -> None:
    race = Race(spaces=(16, 11, 5, 1, 3))
    for hand in [("9", "K", "A", "K", "K"), ("9", "9", "J", "10", "A"), ("Q", "J", "A", "A", "10")]:
        for o in rules.outcomes(DEFAULT, race, hand):
            before = {t: race.space(t) for t in rules.TOKENS}
            after = {t: o.result.race.space(t) for t in rules.TOKENS}
            net = 0
            for t in rules.TOKENS:
                a, b = before[t], after[t]
                if a is None:
                    continue
                if b is None:  # arrived this way: its move's own spaces (to the finish or past it)
                    net += sum(m.to - m.frm for m in o.result.moves if m.token == t)
                else:
                    net += b - a
            assert rules.moved(o.result) == net, (hand, [(m.token, m.frm, m.to, m.displaced) for m in o.result.moves])


def test_the_lead_token_named_is_one_whose_place_on_the_card_is_still_free() -> None:
    """Struggle newcomer 74 (1920x1080): the pick was "this one takes token K, the next your card wants, furthest" while
    K's place on the card, A, was taken already (an arrival is final): K could score no more. The card's next token is
    the first whose place is still free (places fill from A in order of arrival)."""
    from test_struggle_round23 import _random_choices

    named = 0
    for race, hand, outs, card in _random_choices(74, 4000):
        pick = rules.hint(DEFAULT, outs, card)
        reason, token = rules.hint_reason(DEFAULT, outs, card, pick)
        if reason == "lead" and token is not None:
            named += 1
            after = outs[pick].result.race
            assert card.index(token) >= len(after.arrived), (race, hand, card, token)
    assert named > 20, named
    # the newcomer's kind of race: J and 9 arrived at A and B, the card J K Q 10 9 (K's place B lost)
    race = Race(spaces=(14, 8, None, 4, None), arrived=("J", "9"))
    outs = rules.outcomes(DEFAULT, race, ("10", "K", "9", "A", "J"))
    card = ("J", "K", "Q", "10", "9")
    assert rules.hint_reason(DEFAULT, outs, card, rules.hint(DEFAULT, outs, card))[1] != "K"
