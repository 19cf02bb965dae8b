"""Full simulated 4-player Magic Labyrinth games per second, through the whole sensor path
(simulated hands -> raw reed/Hall/button levels with bounce -> debounce -> tracker ->
referee -> LED frames and event log) on the virtual clock.

    python benchmarks/bench_games.py [--games N] [--players 4] [--maze hard]
"""

from __future__ import annotations

import argparse
import time

from mazeboard.controller.app import build_game
from mazeboard.hal import backends
from mazeboard.hal.board import BoardRequest


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--maze", default="hard")
    args = ap.parse_args()
    events = sensor = frames = 0
    virtual_ms = 0
    t0 = time.perf_counter()
    for seed in range(1, args.games + 1):
        session = backends.open_board("sim", BoardRequest(players=args.players, seed=seed, maze=args.maze))
        counter = [0]
        session.board.subscribe(lambda e: counter.__setitem__(0, counter[0] + 1))
        game = build_game(session)
        if not game.run():
            raise SystemExit(f"game {seed} did not finish")
        events += game.events
        sensor += counter[0]
        frames += session.board.frames
        virtual_ms += session.clock.now_ms()
    wall = time.perf_counter() - t0
    n = args.games
    print(f"{n} games, {args.players} players, {args.maze} maze: {wall:.2f} s wall time")
    print(f"games per second:          {n / wall:8.1f}")
    print(f"sensor events per game:    {sensor / n:8.0f}  ({sensor / wall:,.0f} per second)")
    print(f"game events per game:      {events / n:8.0f}")
    print(f"LED frames per game:       {frames / n:8.0f}")
    print(f"virtual play time / game:  {virtual_ms / n / 60000:8.1f} min  (speed-up {virtual_ms / 1000 / wall:,.0f}x)")


if __name__ == "__main__":
    main()
