"""Many seeded games of simulated players on the simulated board, through the whole sensor
path: every edition and variant, 2-4 players, seeds 0-59 of each (420 games, every one of
them must pass). Each must end with a winner and keep the invariants: 50 tiles (49 on the
board plus the spare), every picture exactly once, a card found only on its own picture,
the winner holding every card of their deck, and -- at the end of every turn -- the
referee's idea of where each pawn stands equal to where it stands on the simulated board
(reeds cannot count pawns on a shared tile: the referee must not lose one)."""

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
SEEDS = range(60)
#: the player count turns with the seed, shifted per configuration (the editions without variants
#: deal the same layout for a seed: the same seed with another player count is another game)
CASES = [(ed, var, seed, 2 + (seed + k) % 3) for k, (ed, var) in enumerate(CONFIGS) for seed in SEEDS]


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

    world = session.board.world  # type: ignore[attr-defined]

    def sink(ev: GameEvent) -> None:
        counts[ev.type] += 1
        if ev.type == "turn_ended":
            believed = ref.snapshot()["positions"]
            actual = {p: pawn.cell for p, pawn in world.pawns.items()}
            if believed != actual:
                problems.append(f"{ev.t_ms}: the referee has the pawns on {believed}, the board on {actual}")
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
