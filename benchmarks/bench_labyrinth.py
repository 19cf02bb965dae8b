"""Labyrinth search and game speed (issue #7). Prints its figures.

1. One *sweep*: all 12 slots x 4 rotations of the spare, each with the cell set
   the pawn reaches after the push (``mazeboard.hal.labyrinth.sweep``, bitboards
   over the 49 cells) -- the search's hot path. For scale: the pure-Python engine
   of j-blue-arz/labyrinth needs about 0.9 ms per sweep and 7 us per
   reachability search on a machine like this one.
2. One reachability search alone (``reachable``).
3. Whole seeded games of simulated players through the full sensor path
   (hands -> reeds, slot sensors and buttons with bounce -> debounce -> tracker
   -> referee -> LED frames and event log) on the virtual clock, per second.

    python benchmarks/bench_labyrinth.py [--sweeps N] [--games N] [--players P]
"""

from __future__ import annotations

import argparse
import random
import time

from mazeboard.controller.app import build_game
from mazeboard.hal import backends
from mazeboard.hal.board import BoardRequest
from mazeboard.hal.labyrinth import CELLS, INDEX, reachable, sweep
from mazeboard.hal.labyrinth_editions import EDITIONS, deal


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


def bench_games(n: int, players: int) -> tuple[float, float, int, list[int]]:
    t0 = time.perf_counter()
    turns = 0
    virtual_ms = 0
    stuck: list[int] = []
    for seed in range(n):
        session = backends.open_board("sim", BoardRequest(game="labyrinth", players=players, seed=seed))
        game = build_game(session)
        count = {"turns": 0}
        game.sinks.append(lambda e: count.__setitem__("turns", count["turns"] + (e.type == "turn_started")))
        if not game.run() or game.referee.winner is None:
            stuck.append(seed)
        turns += count["turns"]
        virtual_ms += session.scheduler.now_ms()
    wall = time.perf_counter() - t0
    return n / wall, turns / wall, virtual_ms // n, stuck


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sweeps", type=int, default=2000)
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--players", type=int, default=4)
    args = p.parse_args()
    sweep_s, reach_s = bench_sweeps(args.sweeps)
    print(f"sweep (12 slots x 4 rotations + reachable set): {sweep_s * 1e6:8.1f} us "
          f"({0.9e-3 / sweep_s:.0f}x faster than 0.9 ms)")
    print(f"one reachability search:                        {reach_s * 1e6:8.2f} us (reference: 7 us)")
    games, turns, virtual, stuck = bench_games(args.games, args.players)
    print(f"simulated {args.players}-player games:  {games:8.1f} games/s, {turns:8.0f} turns/s "
          f"(mean {virtual / 60000:.1f} virtual minutes per game); without a winner: {len(stuck)} {stuck}")


if __name__ == "__main__":
    main()
