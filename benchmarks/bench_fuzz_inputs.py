"""Fuzz campaigns for every kind of input: inputs tried / internal errors / hangs (issue 12).

    .venv/bin/python benchmarks/bench_fuzz_inputs.py [--n N] [--seed S] [--limit SECONDS] [KIND ...]

Runs the cases of ``tests/fuzz/inputfuzz.py`` (the property-based tests' hostile mutators,
here by the thousand, seeded from ``--seed``): scenario, wiring and calibration files,
journals, state directories, the co-processor line stream (host side), WebSocket messages,
CLI values and environment, plus shipped scenarios with one value set to an extreme
(``scenario-extreme``: ``--n`` of the 5,000-odd, spread evenly; a value the game accepts can
run the simulation to its 8-hour limit, several seconds each). A case hangs when it runs past
``--limit`` seconds of wall time. Prints one row per kind; asserts nothing.

Columns: ``tried``; ``internal`` (an exception the command would print as an internal error,
or one escaping a game); ``hangs``; ``other`` (exit status not 0 or 2, more than one line on
stderr); ``lost`` (a readable saved game not kept); ``stuck`` (a resumed Magic Labyrinth game
that never reaches a winner); ``refused`` (exit 2: the input was refused in one line);
``no-hardware`` (``--board serial``/``gpio`` asked for on a machine without it: exit 1, one
``mazeboard: error:`` line, the documented runtime failure). Journals
of Labyrinth and Struggle games are also played on; those that get stuck after a resume are
shown apart (``stuck-other``): resuming those games on the board is issue 11's.
"""

from __future__ import annotations

import argparse
import logging
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1] / "tests" / "fuzz"),
                str(Path(__file__).resolve().parents[1] / "tests")]

import inputfuzz  # noqa: E402  (tests/fuzz, put on the path above)

DEFAULT_N = {"scenario": 3000, "wiring": 2000, "calibration": 3000, "journal": 1500, "state-dir": 600,
             "serial": 300, "websocket": 2000, "cli": 1500, "scenario-extreme": 300}


def _classify(out: inputfuzz.Outcome, tally: Counter[str]) -> None:
    tally["tried"] += 1
    stuck = [e for e in out.err if e.startswith("stuck")]
    lost = [e for e in out.err if "saved game was lost" in e]
    if out.hang:
        tally["hangs"] += 1
    elif out.internal:
        tally["internal"] += 1
    elif lost:
        tally["lost"] += 1
    elif stuck:
        tally["stuck"] += 1
    elif out.no_hardware:
        tally["no-hardware"] += 1
    elif out.code not in (0, 2) or len(out.err) > 1:
        tally["other"] += 1
    elif out.code == 2:
        tally["refused"] += 1


def campaign(kind: str, n: int, seed: int, limit_s: float, show: int = 3) -> tuple[Counter[str], list[str]]:
    tally: Counter[str] = Counter()
    bad: list[str] = []
    if kind == "scenario-extreme":  # n of them, spread evenly over the whole list
        total = len(inputfuzz.extreme_scenarios())
        picks = sorted({k * total // max(1, min(n, total)) for k in range(min(n, total))})
        cases = [lambda tmp, i=i: inputfuzz.extreme_case(i, tmp, limit_s) for i in picks]
    elif kind == "journal":
        cases = [lambda tmp, s=seed + i: inputfuzz.journal_case(random.Random(s), tmp, limit_s,
                                                                stuck_counts_for=("magic-labyrinth", "labyrinth",
                                                                                  "struggle")) for i in range(n)]
    else:
        case = inputfuzz.CASES[kind]
        cases = [lambda tmp, s=seed + i: case(random.Random(s), tmp) for i in range(n)]
    for run in cases:
        with tempfile.TemporaryDirectory(prefix="mazeboard-bench-") as d:
            out = run(Path(d))
        if kind == "journal" and any(e.startswith("stuck") for e in out.err) and "magic-labyrinth" not in out.what:
            tally["stuck-other"] += 1
            out.err = [e for e in out.err if not e.startswith("stuck")]
            out.code = 0 if not out.err else out.code
        before = sum(tally[k] for k in ("hangs", "internal", "lost", "stuck", "other"))
        _classify(out, tally)
        if sum(tally[k] for k in ("hangs", "internal", "lost", "stuck", "other")) > before and len(bad) < show:
            bad.append(str(out)[:300])
    return tally, bad


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("kinds", nargs="*", default=[*inputfuzz.CASES, "scenario-extreme"])
    p.add_argument("--n", type=int, default=None, help="inputs per kind (default: per kind, see DEFAULT_N)")
    p.add_argument("--seed", type=int, default=100_000, help="first seed (the tests use hypothesis' own)")
    p.add_argument("--limit", type=float, default=60.0, help="seconds before a case counts as a hang")
    args = p.parse_args(argv)
    logging.disable(logging.CRITICAL)  # the cases' one-line problem reports are not the figures
    cols = ("tried", "internal", "hangs", "other", "lost", "stuck", "refused", "no-hardware", "stuck-other")
    print(f"{'kind':<17}" + "".join(f"{c:>12}" for c in cols) + f"{'seconds':>9}")
    for kind in args.kinds:
        t0 = time.perf_counter()
        tally, bad = campaign(kind, args.n or DEFAULT_N.get(kind, 0), args.seed, args.limit)
        print(f"{kind:<17}" + "".join(f"{tally[c]:>12}" for c in cols) + f"{time.perf_counter() - t0:>9.0f}",
              flush=True)
        for line in bad:
            print(f"    {line}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
