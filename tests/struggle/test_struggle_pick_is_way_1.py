"""Issue 15, Struggle newcomers 44-47, 109, 110, 112, 113: the board's pick for the card was lit first as "way 3 of 6",
and ▶ Next way went on to 4, 5, 6 and then 1. The referee now lists the pick first: it is way 1, lit as the choice
opens, and the other ways follow in the order the rules list them, so the page, the narration and the event log all
number the ways alike and ▶ steps 1, 2, 3 … in order."""

from __future__ import annotations

from test_struggle_referee import run_for, scripted

from mazeboard.controller.struggle import rules

CARDS = {"red": ["A", "K", "Q", "J", "10"], "blue": ["9", "10", "J", "Q", "K"]}


def _said(events) -> str:
    return str([e for e in events if e.type == "instruction"][-1]["text"])


def _natural():
    """The ways of red's hand in the order the rules list them, and the pick among them for red's card."""
    ref = scripted(["K Q J 10 A"], objectives=CARDS)[1].referee
    outs = rules.outcomes(ref.rules, ref.race, ("K", "Q", "J", "10", "A"))
    return outs, rules.hint(ref.rules, outs, tuple(CARDS["red"]))


def test_the_boards_pick_is_way_1_and_the_others_follow_in_the_rules_order() -> None:
    outs, pick = _natural()
    assert pick > 0, "the hand is chosen so that the rules list the pick after other ways"
    session, game, events = scripted(["K Q J 10 A"], ["throw", "stop"], objectives=CARDS)
    run_for(session, 2000)
    event = [e for e in events if e.type == "outcomes"][-1]
    assert event["hint"] == 0 and event["selected"] == 0, (event["hint"], event["selected"])
    listed = [o["spaces"] for o in event["outcomes"]]
    natural = [o.result.race.at() for o in outs]
    assert listed == [natural[pick], *natural[:pick], *natural[pick + 1:]], (listed, natural, pick)
    assert [o["index"] for o in event["outcomes"]] == list(range(len(outs)))
    assert f"the board lights way 1 of {len(outs)}" in _said(events), _said(events)
    # the LEDs light the pick's spaces: the referee's view names it as selected
    assert game.referee.snapshot()["selected"] == 0 and game.referee.snapshot()["hint"] == 0


def test_next_way_from_the_pick_is_way_2_the_first_the_rules_list() -> None:
    outs, pick = _natural()
    session, game, events = scripted(["K Q J 10 A"], ["throw", "stop", "press throw"], objectives=CARDS)
    run_for(session, 3000)
    chosen = [e for e in events if e.type == "selected"][-1]
    assert chosen["index"] == 1, chosen
    assert f"the board lights way 2 of {len(outs)}" in _said(events), _said(events)
    turn = game.referee.turn
    assert turn is not None and turn.outcomes[1].result.race == outs[0].result.race


def test_without_a_card_the_ways_keep_the_rules_order() -> None:
    session, game, events = scripted(["K Q J 10 A"], ["throw", "stop"], objectives=CARDS, options={"hint": False})
    run_for(session, 2000)
    outs, _ = _natural()
    event = [e for e in events if e.type == "outcomes"][-1]
    assert [o["spaces"] for o in event["outcomes"]] == [o.result.race.at() for o in outs]


def test_a_scenario_s_select_n_plays_the_same_way_whether_the_pick_is_listed_first_or_not() -> None:
    """(attack 16: a scenario file with ``select 0`` and objective cards played the ace as K before the pick was
    listed first, and as 10 after; with ``hint = false`` as K again. A scenario's N is the outcome's index in the rules'
    order, the ``outcomes`` event's ``rank``: the format is extended, never broken)"""
    outs, pick = _natural()
    played = []
    for options in ({}, {"hint": False}):
        session, game, events = scripted(["K Q J 10 A"], ["throw", "stop", "select 0", "follow"], objectives=CARDS,
                                         options=options)
        run_for(session, 20000)
        played.append([e for e in events if e.type == "played"][0]["ace"])
        ranks = [o["rank"] for o in [e for e in events if e.type == "outcomes"][0]["outcomes"]]
        assert sorted(ranks) == list(range(len(outs))), ranks
    assert played[0] == played[1] == list(outs[0].plays[0].aces), played
