"""Cost of crash-safe games: journal appends (fsync'd and not) and replay on restart.

    .venv/bin/python benchmarks/bench_journal.py [STATE_DIR]

Plays simulated games journaled in STATE_DIR (default: a temporary directory
on the same file system as /tmp), then times replaying each whole journal
into a fresh referee, the work a restart does before READY=1. Prints the
figures; asserts nothing.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from mazeboard.controller import journal as jr
from mazeboard.controller.persist import open_game
from mazeboard.hal.board import BoardRequest


def play(state: Path, seed: int, fsync: bool) -> tuple[int, float]:
    t0 = time.perf_counter()
    pgame = open_game(BoardRequest(seed=seed, players=3), state, "sim", fsync=fsync)
    assert pgame.run() and pgame.archived is not None
    return pgame.journal.count, time.perf_counter() - t0


def replay(state: Path, archived: Path) -> float:
    lines = archived.read_bytes().splitlines(keepends=True)
    data = b"".join(lines[:-1])  # drop the "over" record: the game resumes instead of being archived
    (state / jr.CURRENT).write_bytes(data)
    t0 = time.perf_counter()
    pgame = open_game(BoardRequest(), state, "sim", fsync=False)
    elapsed = time.perf_counter() - t0
    assert pgame.resumed
    pgame.journal.close()
    (state / jr.CURRENT).unlink()
    return elapsed


def main() -> None:
    base = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="mb-journal-"))
    for fsync in (False, True):
        records, seconds = 0, 0.0
        for seed in range(1, 6):
            n, s = play(base / f"fsync-{fsync}", seed, fsync)
            records += n
            seconds += s
        print(f"play 5 three-player games, fsync={fsync}: {records} records, "
              f"{seconds / records * 1e6:.0f} us per record (game + journal)")
    archives = sorted((base / "fsync-True" / "archive").glob("game-*.jsonl"))
    times = [replay(base / "replay", a) for a in archives if (base / "replay").mkdir(exist_ok=True) is None]
    sizes = [len(a.read_bytes().splitlines()) for a in archives]
    print(f"replay a whole game on restart: median {statistics.median(times) * 1000:.1f} ms, "
          f"max {max(times) * 1000:.1f} ms ({min(sizes)}-{max(sizes)} records, journal "
          f"{max(a.stat().st_size for a in archives) / 1024:.0f} KiB at most)")


if __name__ == "__main__":
    main()
