"""RULES.md §3 (Struggle) rule by rule, with hand-made hands and positions."""

from __future__ import annotations

import random

import pytest

from mazeboard.controller.struggle import rules
from mazeboard.controller.struggle.rules import IllegalPlay, Play, Race, Rules, StruggleOptions
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.struggle import PLACES, TOKENS, Track, load_track, parse_track

#            0        1        2         3      4        5      6        7      8
KINDS = ("start", "plain", "yellow", "red", "black", "plain", "red", "plain", "finish")
TRACK = Track(KINDS, "test")
RULES = Rules(TRACK)


def hand(text: str) -> tuple[str, ...]:
    return tuple(text.split())


def race(arrived: tuple[str, ...] = (), **at: int) -> Race:
    """Race with ``K=3, Q=1, ...`` (``T10``/``T9`` for the 10 and 9); unnamed tokens on the start."""
    names = {"K": "K", "Q": "Q", "J": "J", "T10": "10", "T9": "9"}
    spaces = {t: 0 for t in TOKENS}
    spaces.update({names[k]: v for k, v in at.items()})
    return Race.of(spaces, arrived)


def play(r: Race, h: str, order: str, ace: str = "", rules_: Rules = RULES) -> rules.Result:
    p = Play(tuple(ace.split(",")) if ace else (), tuple(order.split(",")) if order else ())
    return rules.apply(rules_, r, hand(h), p)


# -- dice and aces -------------------------------------------------------------------
def test_throw_gives_five_faces_from_the_poker_die() -> None:
    rng = random.Random(3)
    faces = {f for _ in range(200) for f in rules.throw(rng)}
    assert faces == {"9", "10", "J", "Q", "K", "A"}
    assert len(rules.throw(rng)) == 5


def test_rethrow_replaces_only_the_dice_not_held() -> None:
    assert rules.rethrow(hand("K Q Q 9 A"), {0, 1, 2}, ("J", "10")) == hand("K Q Q J 10")
    with pytest.raises(IllegalPlay):
        rules.rethrow(hand("K Q Q 9 A"), {0}, ("J",))


def test_five_aces_have_no_value() -> None:
    assert rules.is_void(hand("A A A A A"))
    assert rules.interpretations(hand("A A A A A"), Race.start()) == ()
    assert rules.outcomes(RULES, Race.start(), hand("A A A A A")) == ()
    with pytest.raises(IllegalPlay):
        rules.counts(hand("A A A A A"), ("K",) * 5)


def test_ace_takes_only_a_figure_present_among_the_other_dice() -> None:
    # The seed's example: two jacks, a ten, a nine and an ace: the ace is a J, a 10 or a 9.
    assert rules.ace_values(hand("J J 10 9 A")) == ("J", "10", "9")
    assert rules.counts(hand("J J 10 9 A"), ("10",)) == {"J": 2, "10": 2, "9": 1}
    with pytest.raises(IllegalPlay, match="not 'K'"):
        rules.counts(hand("J J 10 9 A"), ("K",))
    with pytest.raises(IllegalPlay, match="1 ace"):
        rules.counts(hand("J J 10 9 A"), ())


def test_four_aces_all_take_the_one_figure() -> None:
    plays = rules.interpretations(hand("A A Q A A"), Race.start())
    assert plays == (Play(("Q",) * 4, ("Q",)),)
    res = play(Race.start(), "A A Q A A", "Q", "Q,Q,Q,Q")
    assert res.race.space("Q") == 5


# -- interpretations and outcomes --------------------------------------------------
@pytest.mark.parametrize("h, expected", [
    ("K Q Q 9 A", 3 * 6),          # ace K, Q or 9; then 3! orders of K, Q, 9
    ("K Q A A 9", 6 * 6),          # 2 aces over 3 figures: 6 multisets; 3! orders
    ("K Q J 10 9", 120),           # no ace, five tokens: 5! orders
    ("K K K K K", 1),
    ("J J 10 9 A", 3 * 6),
])
def test_every_interpretation_once(h: str, expected: int) -> None:
    plays = rules.interpretations(hand(h), Race.start())
    assert len(plays) == expected
    assert len(set(plays)) == len(plays)
    for p in plays:  # each one is legal
        rules.apply(RULES, Race.start(), hand(h), p)


def test_outcomes_are_distinct_and_cover_every_play() -> None:
    r = race(K=1, Q=3, J=5)
    h = hand("K K Q A 9")
    outs = rules.outcomes(RULES, r, h)
    assert len({o.result.race for o in outs}) == len(outs)
    plays = [p for o in outs for p in o.plays]
    assert sorted(plays, key=repr) == sorted(rules.interpretations(h, r), key=repr)
    for o in outs:
        for p in o.plays:
            assert rules.apply(RULES, r, h, p).race == o.result.race


def test_order_changes_collisions() -> None:
    # K (1) and Q (0) both aim at the yellow space 2: who goes first gets it.
    r = race(K=1, Q=0, J=5, T10=5, T9=5)
    first_k = play(r, "K Q Q J 10", "K,Q,J,10")
    first_q = play(r, "K Q Q J 10", "Q,K,J,10")
    assert first_k.moves[0].result == "moved" and first_k.moves[1].result == "impasse"
    assert first_q.moves[0].result == "moved" and first_q.moves[1].result == "impasse"
    assert first_k.race != first_q.race
    assert len(rules.outcomes(RULES, r, hand("K Q Q J 10"))) >= 2


def test_a_play_must_move_every_token_with_figures() -> None:
    with pytest.raises(IllegalPlay, match="tokens to move"):
        play(Race.start(), "K Q Q 9 A", "K,Q", "Q")
    with pytest.raises(IllegalPlay):
        play(Race.start(), "K Q Q 9 A", "K,Q,9,J", "Q")


def test_figures_of_arrived_tokens_move_nothing() -> None:
    r = race(arrived=("K",), Q=1, J=1, T10=1, T9=1)
    assert rules.interpretations(hand("K K K K K"), r) == (Play((), ()),)
    res = play(r, "K K K K K", "")
    assert res.race == r and res.moves == ()


# -- moving and the colours ------------------------------------------------------------
def test_a_token_moves_its_figures_as_one_move_passing_black_spaces() -> None:
    # Q on 3 with two figures passes the black 4 and stops on 5; only 5 is judged.
    res = play(race(Q=3), "Q Q K J 10", "Q,K,J,10")
    assert res.moves[0] == rules.Move("Q", 3, 5, "moved")


def test_black_space_cannot_end_a_move() -> None:
    res = play(race(Q=3), "Q K J 10 9", "Q,K,J,10,9")
    assert res.moves[0] == rules.Move("Q", 3, 3, "impasse")
    assert res.race.space("Q") == 3


def test_yellow_space_occupied_is_an_impasse() -> None:
    res = play(race(K=1, Q=2), "K Q Q J 9", "K,Q,J,9")
    assert res.moves[0] == rules.Move("K", 1, 1, "impasse")


def test_yellow_space_free_is_taken() -> None:
    res = play(race(K=1), "K Q Q J 9", "K,Q,J,9")
    assert res.moves[0] == rules.Move("K", 1, 2, "moved")


def test_red_space_occupied_swaps_back_to_the_movers_origin() -> None:
    res = play(race(K=1, Q=3), "K K J 10 9", "K,J,10,9")
    assert res.moves[0] == rules.Move("K", 1, 3, "swapped", ("Q",))
    assert res.race.space("K") == 3 and res.race.space("Q") == 1


def test_red_swap_back_to_a_crowded_start() -> None:
    # "even if several tokens stand there": Q joins J, 10 and 9 on the start.
    res = play(race(Q=3, J=0), "K K K J J", "K,J")
    assert res.moves[0] == rules.Move("K", 0, 3, "swapped", ("Q",))
    assert res.race.space("Q") == 0


def test_token_moved_back_is_not_judged_again() -> None:
    # Plain sharing off: the origin 1 still holds J, yet the displaced Q is put there.
    strict = Rules(TRACK, share_plain=False)
    res = play(race(K=1, J=1, Q=3), "K K 10 10 9", "K,10,9", rules_=strict)
    assert res.moves[0].result == "swapped"
    assert res.race.occupants(1) == ("Q", "J")


def test_red_space_free_is_taken() -> None:
    res = play(race(K=1), "K K J 10 9", "K,J,10,9")
    assert res.moves[0] == rules.Move("K", 1, 3, "moved")


def test_plain_space_is_shared_by_default() -> None:
    res = play(race(K=0, Q=1), "K Q Q Q Q", "K,Q")
    assert res.moves[0] == rules.Move("K", 0, 1, "moved")
    assert res.race.space("K") == 1


def test_plain_space_sharing_can_be_switched_off() -> None:
    strict = Rules(TRACK, share_plain=False)
    res = play(race(K=0, Q=1, J=5, T10=5, T9=5), "K 10 10 10 10", "K,10", rules_=strict)
    assert res.moves[0] == rules.Move("K", 0, 0, "impasse")


def test_chain_of_swaps_depends_on_the_order() -> None:
    r = race(K=1, Q=3, J=6, T10=5, T9=5)
    # K first: K 1->3 sends Q back to 1; then Q 1->3 (two figures) sends K back to 1.
    k_first = play(r, "K K Q Q 9", "K,Q,9")
    assert [m.result for m in k_first.moves[:2]] == ["swapped", "swapped"]
    assert k_first.race.space("K") == 1 and k_first.race.space("Q") == 3
    # Q first: Q 3->5 shares with 10 and 9... then K 1->3 takes the free red space.
    q_first = play(r, "K K Q Q 9", "Q,K,9")
    assert q_first.moves[0] == rules.Move("Q", 3, 5, "moved")
    assert q_first.moves[1] == rules.Move("K", 1, 3, "moved")
    # 9 on 5 moves one to the red 6 held by J: J goes back to 5.
    assert q_first.moves[2] == rules.Move("9", 5, 6, "swapped", ("J",))
    assert q_first.race.space("J") == 5


def test_swap_chain_through_two_red_spaces() -> None:
    two_reds = Rules(Track(("start", "plain", "red", "red", "plain", "plain", "finish")))
    r = race(K=1, Q=2, J=3)
    res = play(r, "K Q Q 9 9", "K,Q,9", rules_=two_reds)
    assert res.moves == (
        rules.Move("K", 1, 2, "swapped", ("Q",)),   # Q back to 1
        rules.Move("Q", 1, 3, "swapped", ("J",)),   # from there onto J's red space: J back to 1
        rules.Move("9", 0, 2, "swapped", ("K",)),   # and the 9 sends K back to the start
    )
    assert res.race.at() == {"K": 0, "Q": 3, "J": 1, "10": 0, "9": 2}


# -- arrival and scoring ----------------------------------------------------------------
def test_reaching_or_passing_the_finish_is_arrival_in_order() -> None:
    r = race(K=7, Q=6, J=1, T10=1, T9=1)
    res = play(r, "K Q Q Q J", "Q,K,J")
    assert res.arrivals == (("Q", "A"), ("K", "B"))
    assert res.moves[0] == rules.Move("Q", 6, 8, "moved", place="A")
    assert res.race.arrived == ("Q", "K")
    assert res.race.space("Q") is None


def test_fourth_arrival_sends_the_fifth_to_the_last_place_and_ends_the_round() -> None:
    r = race(arrived=("K", "Q", "J"), T10=7, T9=1)
    res = play(r, "10 9 A A A", "10,9", "10,10,10")
    assert res.arrivals == (("10", "D"), ("9", "E"))
    assert res.race.over and res.race.arrived == ("K", "Q", "J", "10", "9")
    assert len(res.moves) == 1  # the 9's move is not played: the round is over


def test_points_ten_per_token_in_its_cards_place() -> None:
    order = ("K", "Q", "J", "10", "9")
    assert rules.points(("K", "Q", "J", "10", "9"), order) == 50
    assert rules.points(("9", "10", "J", "Q", "K"), order) == 10
    assert rules.points(("A", "K", "Q", "J", "10"), order) == 10  # only the joker place
    assert rules.points(("K", "A", "9", "10", "J"), order) == 30


def test_leaders_and_shared_wins() -> None:
    assert rules.leaders({"red": 30, "blue": 20}) == ["red"]
    assert rules.leaders({"red": 30, "blue": 30, "green": 0}) == ["red", "blue"]


def test_the_objective_deck_holds_twenty_valid_different_cards() -> None:
    deck = rules.load_objectives()
    assert len(deck) == 20 and len(set(deck)) == 20
    for card in deck:
        assert len(card) == 5 and card.count("A") == 1


def test_dealing_gives_each_player_a_different_card_and_keeps_forced_ones() -> None:
    deck = rules.load_objectives()
    forced = {"blue": ("9", "10", "J", "Q", "K")}
    cards = rules.deal(random.Random(1), ["red", "blue", "green"], deck, forced)
    assert cards["blue"] == forced["blue"]
    assert len(set(cards.values())) == 3


@pytest.mark.parametrize("card, why", [
    (["K", "Q", "J", "10"], "5 tokens"),
    (["K", "K", "J", "10", "9"], "twice"),
    (["K", "Q", "J", "10", "X"], "not a token"),
])
def test_bad_cards_are_refused(card: list[str], why: str) -> None:
    with pytest.raises(ConfigError, match=why):
        rules.check_card(card, "objectives.red")


# -- hints -------------------------------------------------------------------------------
def test_hint_prefers_the_outcome_that_scores_for_the_card() -> None:
    # K can arrive first if the ace is a K; the card wants K in place A.
    r = race(K=6, Q=1, J=1, T10=1, T9=1)
    h = hand("K A Q J 10")
    outs = rules.outcomes(RULES, r, h)
    best = outs[rules.hint(RULES, outs, ("K", "Q", "J", "10", "9"))]
    assert best.result.race.arrived == ("K",)
    worst_card = ("9", "10", "J", "Q", "K")  # wants K last: keep it back
    other = outs[rules.hint(RULES, outs, worst_card)]
    assert other.result.race.arrived == ()


def test_hint_without_a_card_is_the_first_outcome() -> None:
    outs = rules.outcomes(RULES, Race.start(), hand("K Q J 10 9"))
    assert rules.hint(RULES, outs, None) == 0


# -- data and options --------------------------------------------------------------------
def test_default_track_is_data_with_start_and_finish() -> None:
    t = load_track("default")
    assert t.kinds[0] == "start" and t.kinds[-1] == "finish"
    assert len(t.sensors()) == len(t.kinds) + len(PLACES)
    assert parse_track(["start", "red", "finish"]).finish == 2


@pytest.mark.parametrize("raw, why", [
    ("nowhere", "not a known track"),
    (["plain", "finish"], "at least three"),
    (["start", "purple", "finish"], "purple"),
    (["start", "plain", "plain"], "last 'finish'"),
    (["start", "black", "black", "finish"], "black"),
    (["start", "finish", "plain", "finish"], "only be the first or last"),
])
def test_bad_tracks_are_refused(raw: object, why: str) -> None:
    with pytest.raises(ConfigError, match=why):
        parse_track(raw)


def test_options_are_validated() -> None:
    assert StruggleOptions.from_mapping({"rounds": 3, "share_plain": False}).rounds == 3
    with pytest.raises(ConfigError, match="options.speed: unknown"):
        StruggleOptions.from_mapping({"speed": 2})
    with pytest.raises(ConfigError, match="true or false"):
        StruggleOptions.from_mapping({"share_plain": 1})
    with pytest.raises(ConfigError, match="at most 3"):
        StruggleOptions.from_mapping({"throws": 4})


def test_a_blocked_move_says_where_it_would_end_and_why() -> None:
    # the page said "blocked (a yellow space ahead is taken)" for every blocked move, also onto black
    black = play(race(Q=3), "Q K J 10 9", "Q,K,J,10,9").moves[0].to_dict()
    assert black["result"] == "impasse" and black["target"] == 4 and black["blocked"] == "black"
    yellow = play(race(K=1, Q=2), "K Q Q J 9", "K,Q,J,9").moves[0].to_dict()
    assert yellow["target"] == 2 and yellow["blocked"] == "yellow"
    assert "blocked" not in play(race(K=1), "K Q Q J 9", "K,Q,J,9").moves[0].to_dict()


def test_a_play_in_words_names_tokens_so_10_is_not_a_count() -> None:
    # seed 80369: "(10 moves; the aces count as 10 and 10 and 10 and 10)" read as "ten moves"
    four = Play(("10", "10", "10", "10"), ("10",)).words()
    assert four == "token 10 moves; four aces counted as 10", four
    assert Play(("Q",), ("K", "Q", "9")).words() == "token K moves first, then token Q, then token 9; the ace counts as a Q"
    assert Play(("Q", "K"), ("K", "Q")).words() == "token K moves first, then token Q; the aces count as a Q and a K"
