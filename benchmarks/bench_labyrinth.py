"""Labyrinth search and game speed (issue #7). Prints its figures.

1. One *sweep*: all 12 slots x 4 rotations of the spare, each with the cell set
   the pawn reaches after the push (``mazeboard.hal.labyrinth.sweep``, bitboards
   over the 49 cells) -- the search's hot path. For scale: the pure-Python engine
   of j-blue-arz/labyrinth needs about 0.9 ms per sweep and 7 us per
   reachability search on a machine like this one.
2. One reachability search alone (``reachable``), and one look a turn further for a pawn no push helps
   (``ready_for_next_turn``: 11 pushes x 12 pushes of the next turn, the card page's line for a boxed-in pawn; a
   Raspberry Pi 4 runs Python some 5-8 times slower than this laptop, so keep it under 5 ms here).
3. Whole seeded games of simulated players through the full sensor path
   (hands -> reeds, slot sensors and buttons with bounce -> debounce -> tracker
   -> referee -> LED frames and event log) on the virtual clock, per second,
   and the seeds whose game did not end with a winner (there should be none).
   ``--mixed``: seeds 0..N-1 of every edition and variant the property test
   plays, 2-4 players, instead of one player count of the classic edition.

    python benchmarks/bench_labyrinth.py [--sweeps N] [--games N] [--players P] [--mixed]
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from typing import Any

from mazeboard.controller.app import build_game
from mazeboard.hal import backends
from mazeboard.hal.board import BoardRequest
from mazeboard.hal.events import GameEvent
from mazeboard.hal.labyrinth import CELLS, INDEX, reachable, ready_for_next_turn, sweep
from mazeboard.hal.labyrinth_editions import EDITIONS, deal


def bench_ready(n: int) -> float:
    rng = random.Random(2)
    mazes = [deal(EDITIONS["classic"], rng) for _ in range(50)]
    ends = [(INDEX[rng.choice(CELLS)], INDEX[rng.choice(CELLS)]) for _ in mazes]
    runs = []
    for _ in range(3):
        t0 = time.perf_counter()
        for k in range(n):
            m = mazes[k % 50]
            ready_for_next_turn(m.openings, m.spare.mask, *ends[k % 50])
        runs.append((time.perf_counter() - t0) / n)
    return min(runs)


def bench_sweeps(n: int) -> tuple[float, float]:
    rng = random.Random(1)
    mazes = [deal(EDITIONS["classic"], rng) for _ in range(50)]
    starts = [INDEX[rng.choice(CELLS)] for _ in mazes]
    runs = []
    for _ in range(5):
        t0 = time.perf_counter()
        for k in range(n):
            m = mazes[k % 50]
            sweep(m.openings, m.spare.mask, starts[k % 50])
        runs.append((time.perf_counter() - t0) / n)
    reach_runs = []
    for _ in range(5):
        t0 = time.perf_counter()
        for k in range(n * 20):
            m = mazes[k % 50]
            reachable(m.openings, starts[k % 50])
        reach_runs.append((time.perf_counter() - t0) / (n * 20))
    return min(runs), min(reach_runs)


#: (edition, variants) as the property test plays them (tests/labyrinth/test_labyrinth_property_games.py)
MIXED = [
    ("classic", ()),
    ("super-mario", ()),
    ("star-wars", ()),
    ("star-wars", ("vader",)),
    ("classic", ("younger",)),
    ("super-mario", ("younger", "exit-anywhere")),
    ("star-wars", ("younger", "vader")),
]


def bench_games(n: int, players: int, mixed: bool = False) -> tuple[int, float, float, int, list[Any], Counter[str]]:
    """(games, games/s, turns/s, mean virtual ms per game, games without a winner, warnings by kind)."""
    if mixed:
        cases = [(ed, var, seed, 2 + (seed + k) % 3) for k, (ed, var) in enumerate(MIXED) for seed in range(n)]
    else:
        cases = [("classic", (), seed, players) for seed in range(n)]
    t0 = time.perf_counter()
    turns = 0
    virtual_ms = 0
    stuck: list[Any] = []
    warnings: Counter[str] = Counter()
    for ed, var, seed, p in cases:
        session = backends.open_board("sim", BoardRequest(game="labyrinth", players=p, seed=seed, edition=ed,
                                                          variants=var))
        game = build_game(session)
        count = {"turns": 0}

        def sink(e: GameEvent) -> None:
            count["turns"] += e.type == "turn_started"
            if e.type == "warning":
                warnings[e["kind"]] += 1

        game.sinks.append(sink)
        if not game.run() or game.referee.winner is None:
            stuck.append(seed if not mixed else (ed, "+".join(var) or "basic", p, seed))
        turns += count["turns"]
        virtual_ms += session.scheduler.now_ms()
    wall = time.perf_counter() - t0
    return len(cases), len(cases) / wall, turns / wall, virtual_ms // len(cases), stuck, warnings


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sweeps", type=int, default=2000)
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--mixed", action="store_true", help="every edition and variant, 2-4 players")
    args = p.parse_args()
    sweep_s, reach_s = bench_sweeps(args.sweeps)
    print(f"sweep (12 slots x 4 rotations + reachable set): {sweep_s * 1e6:8.1f} us "
          f"({0.9e-3 / sweep_s:.0f}x faster than 0.9 ms)")
    print(f"one reachability search:                        {reach_s * 1e6:8.2f} us (reference: 7 us)")
    print(f"one look a turn further (ready_for_next_turn):  {bench_ready(max(1, args.sweeps // 10)) * 1e3:8.2f} ms (target: under 5 ms)")
    n, games, turns, virtual, stuck, warnings = bench_games(args.games, args.players, args.mixed)
    what = "mixed (editions, variants, 2-4 players)" if args.mixed else f"{args.players}-player"
    print(f"{n} simulated {what} games: {games:8.1f} games/s, {turns:8.0f} turns/s "
          f"(mean {virtual / 60000:.1f} virtual minutes per game); without a winner: {len(stuck)} {stuck}")
    print(f"warnings: {dict(warnings) or 'none'}")


if __name__ == "__main__":
    main()
