"""Many seeded games between simulated players, through the whole sensor path.

Invariants checked on every game: it ends with a winner holding the win count,
no symbol is collected twice, scores never fall, at each turn start no two
pawns share a cell except a start corner, the controller's idea of where the
pawns are matches the physical board, every learned wall is a real wall.
"""

from __future__ import annotations

import itertools

import pytest

from mazeboard.controller.app import build_game
from mazeboard.hal import backends
from mazeboard.hal.board import BoardRequest
from mazeboard.hal.events import GameEvent
from mazeboard.hal.grid import edge_of

SEEDS = range(1, 21)
CASES = list(itertools.product((2, 3, 4), ("easy", "hard"), SEEDS))


def play(players: int, maze: str, seed: int) -> tuple[list[GameEvent], list[str]]:
    session = backends.open_board("sim", BoardRequest(players=players, seed=seed, maze=maze))
    events: list[GameEvent] = []
    problems: list[str] = []
    game = build_game(session, [events.append])
    ref = game.referee
    world = session.world
    corners = set(ref.corners.values())  # type: ignore[attr-defined]

    def at_turn_start(ev: GameEvent) -> None:
        if ev.type != "turn_started":
            return
        physical = {p: pw.cell for p, pw in world.pawns.items()}
        tracked = ref.tracker.snapshot()  # type: ignore[attr-defined]
        if physical != tracked:
            problems.append(f"t={ev.t_ms}: tracked {tracked} but pawns stand on {physical}")
        cells = [c for c in physical.values() if c is not None]
        shared = {c for c in cells if cells.count(c) > 1}
        if shared - corners:
            problems.append(f"t={ev.t_ms}: pawns share {shared}")

    game.sinks.append(at_turn_start)
    assert game.run(), f"game {players}/{maze}/{seed} did not finish"
    for e in events:
        if e.type == "wall_learned":
            a, b = e["edge"].split("-")
            if edge_of(a, b) not in session.walls:
                problems.append(f"learned {e['edge']}, which is not a wall")
    return events, problems


@pytest.mark.parametrize("players,maze,seed", CASES)
def test_seeded_game_keeps_the_invariants(players: int, maze: str, seed: int) -> None:
    events, problems = play(players, maze, seed)
    assert problems == []
    over = [e for e in events if e.type == "game_over"]
    plays = [e for e in events if e.type != "instruction"]
    assert len(over) == 1 and plays[-1].type == "game_over"
    winner, scores = over[0]["winner"], over[0]["scores"]
    assert scores[winner] == 5 == max(scores.values())
    collected = [e["symbol"] for e in events if e.type == "symbol_collected"]
    assert len(collected) == len(set(collected)) == sum(scores.values())
    last: dict[str, int] = {}
    for e in events:
        if e.type == "symbol_collected":
            assert e["score"] == last.get(e["player"], 0) + 1
            last[e["player"]] = e["score"]
    turns = [e for e in events if e.type == "turn_started"]
    assert len(turns) >= 5


def test_games_are_reproducible_from_the_seed() -> None:
    a, _ = play(3, "hard", 4)
    b, _ = play(3, "hard", 4)
    assert [e.to_json() for e in a] == [e.to_json() for e in b]
    c, _ = play(3, "hard", 5)
    assert [e.to_json() for e in a] != [e.to_json() for e in c]
