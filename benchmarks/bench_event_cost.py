"""Controller cost per sensor event (event in -> LED frame out), p50 and p99 in microseconds
on the real clock.

A seeded 4-player game is played once on the simulated board and its debounced sensor
events are recorded. They are then replayed straight into fresh referees (no simulator,
no debouncer): the virtual clock is advanced to each event's time (running the
controller's own timers), and only the call ``referee.on_sensor(event)`` -- tracking,
rules, the state machine, the event log and LED rendering it triggers -- is timed with
``time.perf_counter_ns``.

    python benchmarks/bench_event_cost.py [--games N] [--repeat R] [--game magic-labyrinth|labyrinth]
"""

from __future__ import annotations

import argparse
import statistics
import time

from mazeboard.controller.labyrinth.referee import LabyrinthReferee
from mazeboard.controller.magic.referee import MagicReferee
from mazeboard.controller.app import build_game
from mazeboard.hal import backends
from mazeboard.hal.board import BoardRequest
from mazeboard.hal.clock import VirtualClock
from mazeboard.hal.events import SensorEvent


#: game -> (the referee, the seeded 4-player game whose sensor events are replayed)
GAMES = {
    "magic-labyrinth": (MagicReferee, lambda seed: BoardRequest(players=4, seed=seed, maze="hard")),
    "labyrinth": (LabyrinthReferee, lambda seed: BoardRequest(game="labyrinth", players=4, seed=seed)),
}


def record(seed: int, game: str = "magic-labyrinth") -> tuple[object, list[SensorEvent]]:
    session = backends.open_board("sim", GAMES[game][1](seed))
    seen: list[SensorEvent] = []
    session.board.subscribe(seen.append)
    build_game(session).run()
    return session, seen


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--game", choices=list(GAMES), default="magic-labyrinth")
    args = ap.parse_args()
    make = GAMES[args.game][0]
    costs_ns: list[int] = []
    frames = 0
    for seed in range(1, args.games + 1):
        session, stream = record(seed, args.game)
        for _ in range(args.repeat):
            clock = VirtualClock()
            sent = [0]
            ref = make(session.setup, clock, session.board.layout,  # type: ignore[attr-defined]
                       lambda e: None, lambda f: sent.__setitem__(0, sent[0] + 1))
            ref.start()
            for ev in stream:
                clock.advance(ev.t_ms - clock.now_ms())
                t0 = time.perf_counter_ns()
                ref.on_sensor(ev)
                costs_ns.append(time.perf_counter_ns() - t0)
            clock.run_until_idle()  # the last move closes after the ball grace
            assert ref.winner is not None, "the replay must reach the same end"
            frames += sent[0]
    costs_us = sorted(c / 1000 for c in costs_ns)
    q = statistics.quantiles(costs_us, n=100)
    print(f"{args.game}: {len(costs_us)} sensor events replayed ({args.games} games x {args.repeat})")
    print(f"controller cost per sensor event: p50 {q[49]:.1f} us, p99 {q[98]:.1f} us, max {costs_us[-1]:.1f} us")
    print(f"LED frames sent: {frames} ({frames / len(costs_us):.2f} per sensor event, timers included)")


if __name__ == "__main__":
    main()
