"""Simulated players' planning, and scenario validation messages."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from mazeboard.hal.boards import MAGIC
from mazeboard.hal.clock import VirtualClock
from mazeboard.hal.errors import ConfigError, ScenarioError
from mazeboard.hal.grid import edge_of
from mazeboard.sim.players import SimPlayer
from mazeboard.sim.scenario import load_scenario, parse_scenario
from mazeboard.sim.world import Physics, World


def player(walls=()) -> SimPlayer:  # type: ignore[no-untyped-def]
    world = World(MAGIC, walls, {"red": "a1", "blue": "b3"}, VirtualClock(), Physics(), random.Random(1),
                  lambda k, lvl: None)
    return SimPlayer("red", world, random.Random(2))


def test_plan_walks_toward_the_target_within_the_roll() -> None:
    p = player()
    path = p.plan("a1", "c3", 2, legal=["a1", "a2", "a3", "b1", "b2", "c1"])
    assert len(path) == 2 and MAGIC.distance(path[-1], "c3") == 2
    assert MAGIC.adjacent("a1", path[0]) and MAGIC.adjacent(path[0], path[1])


def test_plan_goes_round_known_walls_and_never_reads_hidden_ones() -> None:
    p = player(walls=[edge_of("a1", "a2")])  # hidden: the player does not know it
    assert p.plan("a1", "a3", 2, legal=["a2", "a3", "b1", "b2", "c1"]) == ["a2", "a3"]
    p.walls.add(edge_of("a1", "a2"))  # learned
    assert p.plan("a1", "a3", 4, legal=["a3", "b1", "b2", "b3", "c1"])[0] == "b1"


def test_plan_never_ends_on_a_cell_the_controller_did_not_light() -> None:
    p = player()
    # b3 (blue) is not legal: the player stops short at b2 rather than end on blue
    assert p.plan("a1", "b4", 3, legal=["a1", "a2", "b1", "b2"])[-1] in {"a2", "b2", "b1"}


def base(**kw: object) -> dict[str, object]:
    d: dict[str, object] = {"game": "magic-labyrinth", "players": ["red", "blue"], "walls": [], "actions": []}
    d.update(kw)
    return d


@pytest.mark.parametrize(
    "doc,message",
    [
        (base(players=["red"]), "2 to 4"),
        (base(players=["red", "pink"]), "unknown player 'pink'"),
        (base(seed="x"), "seed"),
        (base(walls="a1-a2"), "walls: must be a list"),
        (base(dice=[5]), r"dice\[0\]: 5 is not a face"),
        (base(targets=["moon", "sun", "pizza"]), r"targets\[2\]: unknown symbol 'pizza'"),
        (base(targets=["moon", "sun", "moon"]), "targets: 'moon' is listed twice"),
        (base(actions=["slide red a3"]), "non-adjacent slide, a3 is not next to a1"),
        (base(actions=["slide red a2", "slide red a1 a2 a4"]), r"actions\[1\].*a4 is not next to a2"),
        (base(actions=["lift red", "slide red a2"]), "off the board"),
        (base(actions=["place red a3"]), "lift it first"),
        (base(actions=["press start"]), "unknown button 'start'"),
        (base(actions=["wait soon"]), "'soon' is not a number"),
        (base(actions=["glitch c3"]), "glitch CELL MS"),
        (base(actions=[3]), "is not an action"),
        (base(wals=[]), "wals: unknown key"),
        (base(sim={"step_ms": "fast"}), "sim.step_ms"),
    ],
)
def test_invalid_scenarios_name_the_key_and_the_reason(doc: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        parse_scenario(doc)


def test_load_scenario_names_the_file(tmp_path: Path) -> None:
    f = tmp_path / "s.toml"
    f.write_text('game = "magic-labyrinth"\nplayers = ["red", "blue"]\nactions = ["fly"]\n')
    with pytest.raises(ScenarioError, match=r"s\.toml: actions\[0\]"):
        load_scenario(f)


def test_an_unknown_game_is_refused(tmp_path: Path) -> None:
    f = tmp_path / "s.toml"
    f.write_text('game = "chess"\nplayers = ["red", "blue"]\n')
    with pytest.raises(ScenarioError, match="game: 'chess' is not one of magic-labyrinth"):
        load_scenario(f)
