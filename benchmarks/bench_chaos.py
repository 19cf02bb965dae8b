"""Chaos games: people who do not follow the rules, with and without a table-mate who follows the board.

    python benchmarks/bench_chaos.py [--game magic-labyrinth|labyrinth|struggle|all] [--games N] [--from I]
                                     [--cards dealt|physical] [--guided-layout]

For each game, plays N seeded chaotic games (:mod:`mazeboard.sim.chaos`:
2-4 players, up to a dozen chaotic acts in the first minutes: wrong pawns
slid, pawns lifted and set down anywhere, buttons pressed out of turn, reed
glitches, balls fished out early) twice: with the simulated players alone,
and with a table-mate who, once the chaos is over, does what the board's
``instruction`` events ask when nobody else does. Prints per game: the share
that end with a winner each way, the longest wait with no instruction anybody
could act on (target 0), events per game, warnings per game, and the
unfinished games (with the table-mate) for follow-up. ``--cards`` plays
every game of the batch with dealt or the box's own (physical) cards
(Labyrinth, Struggle; default: the batch's own mix), ``--guided-layout``
every Labyrinth game with the guided layout first.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "fuzz"))

from chaoskit import play_chaos  # noqa: E402
from mazeboard.sim.chaos import MODULES, module  # noqa: E402


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="all", choices=["all", *MODULES])
    p.add_argument("--games", type=int, default=500)
    p.add_argument("--from", dest="first", type=int, default=0)
    p.add_argument("--cards", choices=("dealt", "physical"), default=None)
    p.add_argument("--guided-layout", action="store_true")
    args = p.parse_args()
    forced: dict[str, object] = {}
    if args.cards:
        forced["cards"] = args.cards
    if args.guided_layout:
        forced["guided_layout"] = True
    games = list(MODULES) if args.game == "all" else [args.game]
    for game in games:
        mod = module(game)
        alone = mate = 0
        silent = 0
        events: list[int] = []
        warnings: list[int] = []
        stuck: list[str] = []
        t0 = time.perf_counter()
        for i in range(args.first, args.first + args.games):
            chaos = mod.seeded(i)
            if forced:
                options = {**chaos.request.options, **{k: v for k, v in forced.items()
                                                        if k == "cards" or game == "labyrinth"}}
                chaos = dataclasses.replace(chaos, request=dataclasses.replace(chaos.request, options=options))
            a = play_chaos(game, chaos, mate=False)
            m = play_chaos(game, chaos, mate=True)
            alone += a.finished
            mate += m.finished
            silent = max(silent, a.silent_ms, m.silent_ms)
            events.append(len(m.events))
            warnings.append(m.warnings)
            if not m.finished:
                stuck.append(f"  game {i}: {m.detail[:300]}")
        n = args.games
        print(f"{game}: {n} chaotic games (seeded {args.first}..{args.first + n - 1}), "
              f"{time.perf_counter() - t0:.0f} s")
        print(f"  players alone:      {alone}/{n} finished ({100 * alone / n:.1f} %)")
        print(f"  with a table-mate:  {mate}/{n} finished ({100 * mate / n:.1f} %)")
        print(f"  longest wait with no actionable instruction: {silent} ms")
        print(f"  events per game: median {statistics.median(events):.0f}, max {max(events)}; "
              f"warnings per game: median {statistics.median(warnings):.0f}, max {max(warnings)}")
        for line in stuck[:10]:
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
