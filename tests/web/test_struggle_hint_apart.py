"""Issue 15, Struggle newcomer 76: a ``mixed`` pick reason is said way by way, from the ``outcomes`` event's
``hint_apart`` (controller/struggle/rules.py hint_apart) carried to the card holder's page in ``hint_why.apart``;
the field is bounded as every input is (hal/web/views.py struggle_hint), and a referee's event holds it."""

from __future__ import annotations

from typing import Any

import pytest

from mazeboard.hal.web.views import struggle_hint


def test_a_mixed_hint_carries_its_ways_to_the_page() -> None:
    event = {"hint": 2, "hint_why": "mixed", "hint_token": None, "hint_apart": [[0, "moves"], [3, "first"]]}
    assert struggle_hint(event) == {"hint": 2, "hint_why": {"reason": "mixed", "token": None,
                                                             "apart": [[0, "moves"], [3, "first"]]}}
    # ...only with a mixed reason
    assert "apart" not in struggle_hint({**event, "hint_why": "moves"})["hint_why"]


@pytest.mark.parametrize("bad", [None, "moves", [], [[0, "fast"]], [[True, "moves"]], [[-1, "moves"]], [[1000, "order"]],
                                 [[0, "moves", 1]], [["0", "moves"]], [[0.5, "order"]], [[0, "order"]] * 65, {"0": "order"}])
def test_a_hint_apart_out_of_shape_is_left_out(bad: Any) -> None:
    said = struggle_hint({"hint": 1, "hint_why": "mixed", "hint_apart": bad})
    assert said == {"hint": 1, "hint_why": {"reason": "mixed", "token": None}}, said


def test_the_rules_name_the_newcomer_s_case_way_by_way() -> None:
    from mazeboard.controller.struggle import rules as R

    # (tests/web/test_struggle_pick_line_truth.py "moves_and_first": ahead of one way on the spaces moved, and of
    # another, level with it before, on the token the card wants last kept back: Struggle newcomer 94)
    race, hand, card = R.Race(spaces=(0, 0, 16, 14, 0)), ("A", "Q", "J", "J", "9"), ("A", "10", "K", "J", "9")
    rules = R.Rules.default()
    outs = R.outcomes(rules, race, hand)
    pick = R.hint(rules, outs, card)
    assert R.hint_reason(rules, outs, card, pick)[0] == "mixed"
    apart = R.hint_apart(rules, outs, card, pick)
    assert {m for _, m in apart} == {"moves", "back"}, apart


@pytest.mark.parametrize("why", ["mixed", "moves"])
def test_the_referee_s_outcomes_event_holds_the_ways_of_a_mixed_reason(monkeypatch: Any, why: str) -> None:
    from tests.struggle.test_struggle_round23b import _thrown

    from mazeboard.controller.struggle import rules as R
    from mazeboard.hal.events import ButtonPressed

    monkeypatch.setattr(R, "hint_reason", lambda *a: (why, None))
    monkeypatch.setattr(R, "hint_apart", lambda rules, outs, card, pick: [(i, "order") for i in range(len(outs)) if i != pick])
    ref, events = _thrown("K Q 9 A J")
    ref.on_sensor(ButtonPressed(20, "stop"))  # the hand kept: its ways, and the pick's reason
    said = dict([e for e in events if e.type == "outcomes"][-1].fields)
    assert said["hint_why"] == why
    if why == "mixed":
        assert said["hint_apart"] and all(isinstance(i, int) and m == "order" for i, m in said["hint_apart"]), said
        assert struggle_hint(said)["hint_why"]["apart"] == said["hint_apart"]
    else:
        assert said["hint_apart"] is None
