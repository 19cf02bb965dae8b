"""Issue 15, round 23's Struggle leftovers: the board's pick does not waste the ace on a token
already arrived when another way scores the same and moves more; ..."""

from __future__ import annotations

import random
from typing import Iterator

from mazeboard.controller.struggle import rules
from mazeboard.controller.struggle.rules import Race, Rules

DEFAULT = Rules.default()


def _moved(out: rules.Outcome) -> int:  # net: a token swapped back counts its way back
    return sum((m.to - m.frm) * (1 - len(m.displaced)) for m in out.result.moves)


def _random_choices(seed: int, tries: int = 3000) -> Iterator[tuple[Race, tuple[str, ...], list[rules.Outcome], tuple[str, ...]]]:
    """Random races, hands and cards (``seed``): each (race, hand, its outcomes, card) with two ways or more."""
    rng = random.Random(seed)
    for _ in range(tries):
        arrived = tuple(rng.sample(rules.TOKENS, rng.choice([0, 1, 2])))
        race = Race.of({t: rng.randint(0, 14) for t in rules.TOKENS if t not in arrived}, arrived)
        hand = tuple(rng.choice(rules.TOKENS + (rules.ACE,)) for _ in range(5))
        outs = rules.outcomes(DEFAULT, race, hand)
        if len(outs) < 2:
            continue
        yield race, hand, outs, tuple(rng.sample(rules.TOKENS, 5))


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
    for race, hand, outs, card in _random_choices(23):
        pick = outs[rules.hint(DEFAULT, outs, card)]
        best = rules.evaluate(DEFAULT, pick.result.race, card)
        for o in outs:
            if _moved(o) > _moved(pick):
                assert rules.evaluate(DEFAULT, o.result.race, card)[:3] < best, (race, hand, card)


# -- tokens named as tokens: "10" and "9" read like track spaces 10 and 9 ---------------------
def test_a_request_names_the_token_as_a_token() -> None:
    from mazeboard.controller.instruction import request_fragments, say

    words = request_fragments({"piece": "10", "frm": "space 9", "to": ["space 10"], "why_id": "", "reason": "play"}, say)
    assert words["token_text"] == "token 10", words
    assert request_fragments({"piece": "", "to": ["space 10"]}, say)["token_text"] == "a token"


def test_a_play_names_every_token_it_moves_as_a_token() -> None:
    from mazeboard.controller.instruction import say
    from mazeboard.controller.struggle.rules import Play
    from mazeboard.controller.struggle.words import play_said

    assert Play((), ("K", "10", "9")).words() == "token K moves first, then token 10, then token 9"
    # Q lands on red space 5 where the 10 stands: the 10 goes back to where Q came from
    race = Race.of({"K": 0, "Q": 0, "J": 0, "10": 5, "9": 0}, ())
    hand = ("Q", "Q", "Q", "Q", "Q")
    play = rules.Play((), ("Q",))
    said = play_said(play, rules.apply(DEFAULT, race, hand, play), DEFAULT.track, hand)
    text = say(said["id"], said["args"])
    assert "sends token 10 back" in text, text


def test_the_tokens_to_check_and_where_they_belong_are_named_as_tokens() -> None:
    from mazeboard.controller.instruction import listing, phrase, say

    assert say("str.check_on", {"token": "10", "place": "space 9"}) == "token 10 on space 9"
    one = phrase("str.belong.one", tokens=listing(["9"]), where="space 10")
    assert say(one["id"], one["args"]) == "token 9 belongs on space 10"
    many = phrase("str.belong.many", tokens=listing(["10", "9"]), where="space 10")
    assert say(many["id"], many["args"]) == "tokens 10 and 9 belong on space 10"
    more = phrase("str.belong.more_one", tokens=listing(["10"]), where="space 9")
    assert say(more["id"], more["args"]) == "token 10 on space 9"


def test_every_sentence_names_a_token_with_the_word_token() -> None:
    # the board's sentences (str.*) and the Struggle page's own (page.str.*): "{token}" follows "token "
    import re

    from mazeboard.controller.i18n import page_phrases
    from mazeboard.controller.instruction import MESSAGES

    said = {**{k: v for k, v in MESSAGES.items() if k.startswith("str.")},
            **{k: v for k, v in page_phrases().items() if k.startswith("page.str.")}}
    bare = {k: v for k, v in said.items() if re.search(r"(?<!token )\{token\}", v, re.IGNORECASE)}
    assert not bare, bare


# -- the pick's reason said as the measure that set it apart (Struggle newcomer 66) -------------------------
def test_the_pick_s_reason_is_the_measure_that_set_it_apart_from_ways_of_equal_points() -> None:
    # newcomer 66: ways 3 and 4 scored the same and kept J, K, 9 in the same order; the pick (way 4) took J, the
    # card's next token, further (10, not 9), and the page said it "leaves the racing tokens more in your card's order"
    race = Race.of({"J": 6, "K": 5, "9": 4}, ("Q", "10"))
    hand = ("J", "J", "A", "K", "A")
    card = ("A", "Q", "J", "9", "K")
    outs = rules.outcomes(DEFAULT, race, hand)
    pick = rules.hint(DEFAULT, outs, card)
    assert rules.hint_reason(DEFAULT, outs, card, pick) == ("lead", "J")


def test_the_pick_s_reason_over_many_races_names_the_first_measure_that_sets_it_apart() -> None:
    seen = set()
    for race, hand, outs, card in _random_choices(66):
        pick = rules.hint(DEFAULT, outs, card)
        reason, token = rules.hint_reason(DEFAULT, outs, card, pick)
        seen.add(reason)
        key = [(*rules.evaluate(DEFAULT, o.result.race, card), rules.moved(o.result)) for o in outs]
        rivals = [i for i in range(len(outs)) if i != pick and key[i][0] == key[pick][0]]
        if reason == "points":
            assert not rivals, (race, hand, card)
            continue
        assert rivals, (reason, race, hand, card)
        # each rival's first measure apart from the pick: the pick ahead there
        first = []
        for i in rivals:
            d = next((k for k in range(1, 6) if key[i][k] != key[pick][k]), None)
            assert d is None or key[i][d] < key[pick][d]
            first.append(d)
        # ("back": the next token where the card wants it last, or the token it wants last: Struggle newcomer 94)
        level = {"reach": {1}, "order": {2}, "lead": {3}, "back": {3, 4}, "moves": {5}}.get(reason, set())
        if reason == "first":  # every rival level on every measure, listed after the pick
            assert all(d is None for d in first) and all(i > pick for i in rivals), (race, hand, card)
            continue
        if reason == "mixed":  # (an attack: "more in order" said against a way as much in order)
            assert len(set(first)) > 1, (race, hand, card)
            continue
        assert len(set(first)) == 1 and set(first) <= level, (reason, first)  # true against every way named
        lead = rules.next_wanted(outs[pick].result.race, card)  # (its place still free: Struggle newcomer 74)
        if reason == "lead" and token is not None:  # named only where it is true
            assert token == lead
            for i in rivals:
                other = outs[i].result.race
                assert token not in other.arrived and (other.space(token) or 0) < (outs[pick].result.race.space(token) or 0)
        elif reason == "back" and token is not None:  # the token the card wants last, kept back (Struggle newcomer 88)
            assert token == card[-1] and (first[0] == 4 or token == lead)
            for i in rivals:
                other = outs[i].result.race
                assert token in other.arrived or (other.space(token) or 0) > (outs[pick].result.race.space(token) or 0)
        elif reason not in ("lead", "back"):
            assert token is None
    assert {"points", "reach", "order", "lead", "moves", "mixed"} <= seen, seen


def test_a_pick_of_ways_of_as_many_points_listed_before_it_is_not_said_first_in_the_list() -> None:
    """Struggle newcomer 70: way 4 picked, ways 1-3 scoring as many, and the page said "they are as good in every way:
    this one comes first in the list"."""
    for race, hand, outs, card in _random_choices(70):
        pick = rules.hint(DEFAULT, outs, card)
        if rules.hint_reason(DEFAULT, outs, card, pick)[0] != "first":
            continue
        points = rules.evaluate(DEFAULT, outs[pick].result.race, card)[0]
        assert not any(rules.evaluate(DEFAULT, outs[i].result.race, card)[0] == points for i in range(pick)), (race, hand)


def test_the_pick_s_lead_token_is_not_named_when_another_way_takes_it_further() -> None:
    # an attack: way 0 takes K to arrival place B, the pick K 13 -> 16; evaluate's progress counts each way's own next
    # racing token (Q where K arrived), and the page said the pick "takes token K, the next your card wants, furthest"
    race = Race(spaces=(13, 15, 11, 0, None), arrived=("9",))
    hand = ("10", "K", "K", "A", "A")
    card = ("K", "10", "Q", "A", "J")
    outs = rules.outcomes(DEFAULT, race, hand)
    pick = rules.hint(DEFAULT, outs, card)
    assert any("K" in o.result.race.arrived for o in outs)
    assert rules.hint_reason(DEFAULT, outs, card, pick) != ("lead", "K")


def test_hint_apart_names_each_way_of_as_many_points_with_the_measure_it_is_behind_on() -> None:
    """Struggle newcomer 76: a ``mixed`` reason said way by way (rules.hint_apart), each way named true."""
    mixed = 0
    for race, hand, outs, card in _random_choices(76):
        pick = rules.hint(DEFAULT, outs, card)
        apart = rules.hint_apart(DEFAULT, outs, card, pick)
        key = [(*rules.evaluate(DEFAULT, o.result.race, card), rules.moved(o.result)) for o in outs]
        rivals = [i for i in range(len(outs)) if i != pick and key[i][0] == key[pick][0]]
        assert [i for i, _ in apart] == rivals
        lead = rules.next_wanted(outs[pick].result.race, card)
        for i, measure in apart:
            level = rules.APART.index(measure) + 1
            # ("back" also where the next token is the one the card wants last: its measure keeps it back)
            if measure == "back" and lead is not None and rules.wanted_last(card, lead) and key[i][3] != key[pick][3]:
                level = 3
            assert all(key[i][k] == key[pick][k] for k in range(1, level)), (i, measure)
            if measure == "first":
                assert key[i][1:] == key[pick][1:] and i > pick
            else:
                assert key[i][level] < key[pick][level], (i, measure)
        mixed += rules.hint_reason(DEFAULT, outs, card, pick)[0] == "mixed"
        if rules.hint_reason(DEFAULT, outs, card, pick)[0] == "mixed":
            assert len({m for _, m in apart}) > 1
    assert mixed, "no mixed reason met"
