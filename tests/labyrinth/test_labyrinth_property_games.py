"""Many seeded games of simulated players on the simulated board, through the whole sensor
path: every edition and variant, 2-4 players. Each must end with a winner and keep the
invariants: 50 tiles (49 on the board plus the spare), every picture exactly once, a card
found only on its own picture, the winner holding every card of their deck."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from mazeboard.controller.app import build_game
from mazeboard.controller.labyrinth.referee import LabyrinthReferee
from mazeboard.hal import backends
from mazeboard.hal.board import BoardRequest
from mazeboard.hal.events import GameEvent
from mazeboard.hal.labyrinth_editions import EDITIONS

CONFIGS = [
    ("classic", ()),
    ("super-mario", ()),
    ("star-wars", ()),
    ("star-wars", ("vader",)),
    ("classic", ("younger",)),
    ("super-mario", ("younger", "exit-anywhere")),
    ("star-wars", ("younger", "vader")),
]
CASES = [(ed, var, seed, 2 + seed % 3) for ed, var in CONFIGS for seed in range(6)]


def _check_invariants(ref: LabyrinthReferee, ev: GameEvent, problems: list[str]) -> None:
    maze = ref.maze
    tiles = [*maze.tiles, maze.spare]
    pictures = Counter(t.picture for t in tiles if t.picture)
    if len(tiles) != 50:
        problems.append(f"{ev.t_ms}: {len(tiles)} tiles")
    if set(pictures) != set(ref.edition.pictures) or any(n != 1 for n in pictures.values()):
        problems.append(f"{ev.t_ms}: pictures not each once: {pictures}")
    if ev.type == "card_found" and maze.tile(ev["cell"]).picture != ev["card"]:
        problems.append(f"{ev.t_ms}: {ev['card']} found on {ev['cell']} showing {maze.tile(ev['cell']).picture}")


@pytest.mark.slow
@pytest.mark.parametrize("edition,variants,seed,players", CASES,
                         ids=[f"{e}-{'+'.join(v) or 'basic'}-s{s}-p{p}" for e, v, s, p in CASES])
def test_seeded_game_ends_with_a_winner_and_keeps_the_invariants(
        edition: str, variants: tuple[str, ...], seed: int, players: int) -> None:
    session = backends.open_board("sim", BoardRequest(game="labyrinth", players=players, seed=seed,
                                                      edition=edition, variants=variants))
    game = build_game(session)
    ref = game.referee
    assert isinstance(ref, LabyrinthReferee)
    problems: list[str] = []
    counts: Counter[str] = Counter()
    decks: dict[str, list[str]] = {p: list(d) for p, d in ref.decks.items()}
    found: dict[str, list[Any]] = {p: [] for p in decks}

    def sink(ev: GameEvent) -> None:
        counts[ev.type] += 1
        if ev.type in ("shifted", "reachable", "card_found", "game_over"):
            _check_invariants(ref, ev, problems)
        if ev.type == "card_found":
            found[ev["player"]].append(ev["card"])

    game.sinks.append(sink)
    assert game.run(), "the game did not finish"
    assert problems == []
    winner = ref.winner
    assert winner is not None
    assert sorted(found[winner]) == sorted(decks[winner])
    assert counts["game_over"] == 1 and counts["shifted"] >= counts["turn_started"] - 1
    if "vader" in variants:
        assert any(c in EDITIONS["star-wars"].vader_cards for d in decks.values() for c in d)
