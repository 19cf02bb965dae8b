"""Pulled plug: every game SIGKILLed at seeded random moments, resumed, followed to its end.

    python benchmarks/bench_power_loss.py [--game magic-labyrinth|labyrinth|struggle|all] [--kills N] [--seeds S]
                                          [--cards dealt|physical] [--guided-layout]

Per game: S uninterrupted reference games (``tests/service/crashy_game.py``,
journaled, on virtual time, simulated players) record the game's fingerprint
after every journal record. Then N kills: a game is SIGKILLed right after a
seeded random record K, restarted from its state directory (replay + the
board check after a restart; the simulated players put the pieces back where
the board asks), and played to its end. Prints the share of resumed games that
finished with a winner (target 100 %) and the share whose restored state equals
the reference state after record K (target 100 %), with the failures.
``--cards physical`` (Labyrinth, Struggle) and ``--guided-layout`` (Labyrinth)
play every game so: kills then also land in the guided layout and while the
board asks about a picture.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHILD = Path(__file__).resolve().parents[1] / "tests" / "service" / "crashy_game.py"
GAMES = ("magic-labyrinth", "labyrinth", "struggle")


#: flags every game of the run gets (--cards, --guided-layout)
OPTIONS: list[str] = []


def run(game: str, state: Path, witness: Path, seed: int, players: int, *extra: str) -> subprocess.CompletedProcess[str]:
    witness.parent.mkdir(parents=True, exist_ok=True)
    return subprocess.run([sys.executable, str(CHILD), str(state), str(witness), str(seed), "--game", game,
                           "--players", str(players), *OPTIONS, *extra], capture_output=True, text=True, timeout=600)


def witness(path: Path) -> tuple[dict[int, dict], tuple[int, dict] | None]:
    states: dict[int, dict] = {}
    restored = None
    for line in path.read_text().splitlines():
        parts = line.split("\t")
        if parts[0] == "restored":
            restored = (int(parts[1]), json.loads(parts[2]))
        elif len(parts) == 2:
            states[int(parts[0])] = json.loads(parts[1])
    return states, restored


def bench(game: str, kills: int, seeds: int, tmp: Path) -> None:
    t0 = time.perf_counter()
    refs: dict[int, tuple[int, dict[int, dict]]] = {}
    for s in range(seeds):
        players = 2 + s % 3
        d = tmp / f"{game}-ref{s}"
        res = run(game, d / "state", d / "witness", 100 + s, players)
        if res.returncode != 0:
            print(f"  reference game {s} did not finish: {res.stderr.strip()[-300:]}")
            continue
        refs[s] = (players, witness(d / "witness")[0])
    rng = random.Random(f"power-loss-{game}")
    finished = identical = 0
    failures: list[str] = []
    for k in range(kills):
        s = rng.choice(sorted(refs))
        players, ref = refs[s]
        at = rng.randint(1, max(ref) - 1)
        d = tmp / f"{game}-kill{k}"
        killed = run(game, d / "state", d / "w1", 100 + s, players, "--kill-at", str(at))
        if killed.returncode != -9:
            failures.append(f"kill {k} (seed {100 + s}, record {at}): not killed ({killed.returncode})")
            continue
        res = run(game, d / "state", d / "w2", 100 + s, players)
        _, restored = witness(d / "w2")
        won = res.returncode == 0 and "winner" in res.stdout and "winner None" not in res.stdout
        same = restored is not None and restored[1] == ref.get(restored[0])
        finished += won
        identical += same
        if not (won and same):
            failures.append(f"kill {k} (seed {100 + s}, {players} players, record {at}): "
                            f"{'finished' if won else 'NOT finished'}, "
                            f"{'identical' if same else 'restored state DIFFERS'}; {res.stderr.strip()[-200:]}")
    n = kills
    print(f"{game}: {n} kills over {len(refs)} reference games, {time.perf_counter() - t0:.0f} s")
    print(f"  resumed and finished with a winner: {finished}/{n} ({100 * finished / n:.1f} %)")
    print(f"  restored state identical to before the kill: {identical}/{n} ({100 * identical / n:.1f} %)")
    for line in failures[:10]:
        print("  " + line)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="all", choices=["all", *GAMES])
    p.add_argument("--kills", type=int, default=100)
    p.add_argument("--seeds", type=int, default=10)
    p.add_argument("--cards", choices=("dealt", "physical"), default=None)
    p.add_argument("--guided-layout", action="store_true")
    args = p.parse_args()
    if args.cards:
        OPTIONS.extend(["--cards", args.cards])
    if args.guided_layout:
        OPTIONS.append("--guided-layout")
    with tempfile.TemporaryDirectory(prefix="mazeboard-power-") as tmp:
        for game in (GAMES if args.game == "all" else (args.game,)):
            bench(game, args.kills, args.seeds, Path(tmp))
    return 0


if __name__ == "__main__":
    sys.exit(main())
