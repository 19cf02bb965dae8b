"""Issue 15, Struggle newcomer 82 (1920x1080): the board's pick was a way whose notes said "⚠ a loss for your card:
... lost for good (an arrival is final)" while ways scoring as many points lost nothing. The points if the race
stopped there cannot see a place lost for good (no points change now), so the board weighs next the places on the
card still within reach (``rules.within_reach``), before the card's order: the pick never carries a loss an equal way
does not."""

from __future__ import annotations

from typing import Iterator

from test_struggle_round23 import _random_choices

from mazeboard.controller.struggle import rules
from mazeboard.controller.struggle.rules import ACE, Race, Rules

DEFAULT = Rules.default()


def _lost(before: Race, after: Race, card: tuple[str, ...]) -> int:
    """The places the page's notes call lost for good by this way's arrivals (struggle.js forCard: card_miss_both
    and card_lost_both count two, card_miss_own, card_miss_final, card_lost_own and card_lost_place one; a token on
    the ★ place loses its own place when that comes later: an attack)."""
    lost = 0
    for k in range(len(before.arrived), len(after.arrived)):
        token, want = after.arrived[k], card[k]
        j = card.index(token) if token in card else -1
        if want == token:
            continue
        lost += (j > k) + (want != ACE and want not in after.arrived[:k])
    return lost


def _with_star(seed: int, tries: int) -> Iterator[tuple[Race, tuple[str, ...], list[rules.Outcome], tuple[str, ...]]]:
    """_random_choices' races and hands with the card's ★ on a random place, as every objective card has one."""
    import random

    rng = random.Random(seed)
    for race, hand, outs, card in _random_choices(seed, tries):
        starred = list(card)
        starred[rng.randrange(5)] = ACE
        yield race, hand, outs, tuple(starred)


def test_the_places_within_reach_follow_the_arrivals() -> None:
    card = ("K", "Q", ACE, "J", "10")
    assert rules.within_reach(Race(), card) == 5
    assert rules.within_reach(Race.of({"Q": 3, "J": 3, "10": 3, "9": 3}, ("K",)), card) == 5  # K at its place A
    # Q at A: A (K's) lost, and Q's own place B lost: 3 left
    assert rules.within_reach(Race.of({"K": 3, "J": 3, "10": 3, "9": 3}, ("Q",)), card) == 3
    # 9 (not on the card) at A, then at the ★: A lost only
    assert rules.within_reach(Race.of({"K": 3, "Q": 3, "J": 3, "10": 3}, ("9",)), card) == 4
    assert rules.within_reach(Race.of({"J": 3, "10": 3, "9": 3}, ("K", "Q")), card) == 5


def test_the_pick_loses_no_place_a_way_of_as_many_points_keeps() -> None:
    checked = 0
    for race, hand, outs, card in [*_random_choices(82, 6000), *_with_star(83, 6000)]:
        pick = rules.hint(DEFAULT, outs, card)
        mine = rules.evaluate(DEFAULT, outs[pick].result.race, card)[0]
        level = [o for o in outs if rules.evaluate(DEFAULT, o.result.race, card)[0] == mine]
        least = min(_lost(race, o.result.race, card) for o in level)
        if least < max(_lost(race, o.result.race, card) for o in level):
            checked += 1
        assert _lost(race, outs[pick].result.race, card) == least, (race, hand, card, pick)
    assert checked > 40, checked


def test_the_places_lost_are_the_places_out_of_reach() -> None:
    """Each way's places lost for good, as its notes count them, are the places it takes out of reach."""
    for race, _hand, outs, card in [*_random_choices(84, 3000), *_with_star(85, 3000)]:
        for o in outs:
            assert rules.within_reach(race, card) - rules.within_reach(o.result.race, card) == _lost(race, o.result.race, card)


def test_the_pick_s_reason_is_the_places_kept() -> None:
    """The newcomer's kind of choice: ways scoring as many now, two landing 10 at place A, where the card wants K."""
    race = Race.of({"K": 4, "Q": 6, "J": 5, "10": 14, "9": 11})
    card = ("K", "Q", "J", "10", "9")
    outs = rules.outcomes(DEFAULT, race, ("K", "10", "10", "A", "A"))
    landing = [i for i, o in enumerate(outs) if "10" in o.result.race.arrived]
    assert landing and len(landing) < len(outs)
    pick = rules.hint(DEFAULT, outs, card)
    assert pick not in landing
    assert rules.hint_reason(DEFAULT, outs, card, pick) == ("reach", None)
    assert {m for _, m in rules.hint_apart(DEFAULT, outs, card, pick)} == {"reach"}
