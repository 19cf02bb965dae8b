"""RULES.md §1, rule by rule, on the pure rules module."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from mazeboard.controller.magic import rules
from mazeboard.controller.magic.rules import MagicOptions, TargetBag, TimedStep
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.grid import edge_of


def test_die_has_faces_1_2_2_3_3_4() -> None:
    assert sorted(rules.DIE_FACES) == [1, 2, 2, 3, 3, 4]
    rng = random.Random(5)
    counts = Counter(rules.roll_die(rng) for _ in range(6000))
    assert set(counts) == {1, 2, 3, 4}
    # 2 and 3 come up about twice as often as 1 and 4
    assert counts[2] > 1.6 * counts[1] and counts[3] > 1.6 * counts[4]


def test_symbol_map_has_24_symbols_none_on_corners_or_their_neighbours() -> None:
    assert len(rules.SYMBOLS) == 24 and len(set(rules.SYMBOLS.values())) == 24
    bare = {"a1", "f1", "a6", "f6", "a2", "b1", "e1", "f2", "a5", "b6", "e6", "f5"}
    assert bare.isdisjoint(rules.SYMBOLS)
    assert set(rules.SYMBOLS) | bare == set(rules.GRID.cells)


@pytest.mark.parametrize("n,corners", [(2, ["a1", "f6"]), (3, ["a1", "a6", "f6"]), (4, ["a1", "a6", "f6", "f1"])])
def test_start_corners_by_player_count(n: int, corners: list[str]) -> None:
    players = rules.PLAYER_COLOURS[:n]
    assert list(MagicOptions().corners_for(players).values()) == corners


def test_start_corners_are_an_option() -> None:
    opts = MagicOptions.from_mapping({"start_corners": ["f1", "a6"]})
    assert opts.corners_for(("red", "blue")) == {"red": "f1", "blue": "a6"}
    with pytest.raises(ConfigError, match="2 cells for 3 players"):
        opts.corners_for(("red", "blue", "green"))


def test_legal_cells_are_up_to_the_roll_including_none() -> None:
    legal = rules.legal_end_cells("a1", 2, occupied=[])
    assert legal == ["a1", "a2", "a3", "b1", "b2", "c1"]


def test_legal_cells_pass_over_but_never_end_on_other_pawns() -> None:
    legal = rules.legal_end_cells("a1", 2, occupied=["a2", "a1"])
    assert "a2" not in legal  # may pass over a2 ...
    assert "a3" in legal  # ... to reach a3
    assert "a1" in legal  # its own cell is not "occupied"


def test_legal_cells_ignore_walls_unless_known_in_assist_mode() -> None:
    wall = edge_of("a1", "b1")
    assert "b1" in rules.legal_end_cells("a1", 1, [])
    assert "b1" not in rules.legal_end_cells("a1", 1, [], walls=[wall])
    assert "b1" in rules.legal_end_cells("a1", 3, [], walls=[wall])  # around via a2-b2


def test_target_bag_draws_each_symbol_once_forced_first() -> None:
    bag = TargetBag(random.Random(1), forced=["owl", "moon"])
    drawn = [bag.draw() for _ in range(24)]
    assert drawn[:2] == ["owl", "moon"]
    assert sorted(drawn) == sorted(rules.SYMBOLS.values())  # type: ignore[type-var]
    assert bag.draw() is None


def test_target_bag_is_seeded() -> None:
    a = [TargetBag(random.Random(7)).draw() for _ in range(3)]
    b = [TargetBag(random.Random(7)).draw() for _ in range(3)]
    assert a == b


def test_unknown_forced_target_is_refused() -> None:
    with pytest.raises(ConfigError, match="unicorns"):
        TargetBag(random.Random(1), forced=["unicorns"])


def _steps(*pairs: tuple[int, str]) -> list[TimedStep]:
    out = []
    for t, edge in pairs:
        a, b = edge.split("-")
        out.append(TimedStep(t, edge_of(a, b)))
    return out


def test_wall_inference_blames_the_step_the_roll_delay_points_to() -> None:
    steps = _steps((250, "a1-b1"), (500, "b1-c1"), (750, "c1-d1"))
    # ball sensed 300 ms after the second step: the pawn is already on d1
    assert rules.infer_wall(steps, 800, (200, 400), 60) == edge_of("b1", "c1")


def test_wall_inference_rules_out_edges_known_open() -> None:
    steps = _steps((250, "a1-b1"), (450, "b1-c1"))
    # both steps fit the window; b1-c1 was crossed safely before
    assert rules.infer_wall(steps, 700, (200, 400), 60, known_open=[edge_of("b1", "c1")]) == edge_of("a1", "b1")


def test_wall_inference_says_none_when_it_cannot_tell() -> None:
    steps = _steps((400, "a1-b1"), (500, "b1-c1"))
    assert rules.infer_wall(steps, 750, (200, 400), 60) is None
    assert rules.infer_wall([], 750, (200, 400), 60) is None  # lifted pawn: no step to blame


def test_options_reject_unknown_keys_and_bad_values() -> None:
    with pytest.raises(ConfigError, match="options.win_token: unknown option"):
        MagicOptions.from_mapping({"win_token": 3})
    with pytest.raises(ConfigError, match="settle_ms"):
        MagicOptions.from_mapping({"settle_ms": "soon"})
    with pytest.raises(ConfigError, match="assist"):
        MagicOptions.from_mapping({"assist": 1})
    with pytest.raises(ConfigError, match="win_tokens"):
        MagicOptions.from_mapping({"win_tokens": 0})


def test_win_tokens_default_is_five() -> None:
    assert MagicOptions().win_tokens == 5


def test_players_are_two_to_four_known_colours() -> None:
    assert rules.validate_players(["red", "blue"]) == ("red", "blue")
    for bad in (["red"], ["red", "red"], ["red", "purple"], ["red", "blue", "green", "yellow", "red"]):
        with pytest.raises(ConfigError):
            rules.validate_players(bad)


def test_leader_breaks_ties_by_turn_order() -> None:
    assert rules.leader({"red": 2, "blue": 3, "green": 3}, ("red", "blue", "green")) == "blue"
