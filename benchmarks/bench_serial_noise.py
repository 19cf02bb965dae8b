"""Whole simulated games over a noisy serial line: stuck games, lost and duplicated sensor events.

For each game (The Magic Labyrinth, Labyrinth, Struggle; 2 simulated players, seeds 1..N) and each
rate, the game is played in-process (``--link direct``) and over ``--link serial`` with that share
of the lines damaged in both directions by the emulator's noisy cable (``sim/noise.py``, seeded:
the same damage on every run). Prints, per game and rate:

* games, stuck (no winner within the simulator's limit), lost and duplicated sensor events (what
  the simulated board sent against what the serial backend delivered to the controller, in order);
* event logs equal to the in-process one (times included), and equal once times (``t``, ``until``)
  are left out;
* lines damaged each way, resend asks, lines resent, lines lost for good (state-query fallbacks);
* the busiest 2 s of board lines (the ring must hold more than that: docs/protocol.md).

    .venv/bin/python benchmarks/bench_serial_noise.py [--games N] [--rates 0.02,0.05] [--kinds all|visible]

``--kinds visible``: only damage the receiver sees at once (no line vanishing, no newline lost).
On an older mazeboard without the noisy cable in its emulator (protocol 1, before the resend),
the same damage is put on the same lines from outside: run this script with that version first on
the path, e.g. ``git archive <commit> | tar -x -C /tmp/old`` and a ``mazeboard`` package folder
whose ``controller``, ``hal``, ``sim`` point there (``--old`` prints which one ran).
"""

from __future__ import annotations

import argparse
import importlib.util
import logging
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("magic-labyrinth", "labyrinth", "struggle")


def _noise_module() -> Any:
    """sim/noise.py of this checkout (an older mazeboard on the path may not have it)."""
    spec = importlib.util.spec_from_file_location("bench_line_noise", ROOT / "sim" / "noise.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


NOISE = _noise_module()


def sensor_key(event: Any) -> tuple[str, str, Any]:
    name = getattr(event, "cell", None) or getattr(event, "sensor", None) or getattr(event, "button", "")
    return type(event).__name__, name, getattr(event, "closed", getattr(event, "ball", None))


def play(game: str, seed: int, rate: float | None, kinds: tuple[str, ...]) -> dict[str, Any]:
    from mazeboard.controller.app import build_game
    from mazeboard.hal.board import BoardRequest
    from mazeboard.sim.backend import open_session

    inner = open_session(BoardRequest(game=game, players=2, seed=seed))
    out: dict[str, Any] = {"sent": [], "got": [], "log": [], "tx": []}
    session = inner
    if rate is not None:
        from mazeboard.sim.link import serial_session

        to_host = NOISE.LineNoise(rate, f"{seed}-to-host", kinds)
        to_board = NOISE.LineNoise(rate, f"{seed}-to-board", kinds)
        inner.board.subscribe(lambda e: out["sent"].append(sensor_key(e)))
        try:
            session = serial_session(inner, noise=(to_host, to_board))
        except TypeError:  # an emulator without the noisy cable: the same damage from outside
            session = serial_session(inner)
            link = session.link
            write, feed = link.port.write, link.emulator.feed
            link.port.write = lambda data: write(to_host.line(data))  # one line per write
            link.emulator.feed = lambda data: feed(to_board.stream(data))
        ring = getattr(session.link.emulator, "ring", None)
        if ring is not None:
            keep = ring.keep

            def kept(seq: int, line: bytes) -> None:
                out["tx"].append((inner.scheduler.now_ms(), len(line)))
                keep(seq, line)

            ring.keep = kept
        out["noise"] = (to_host, to_board)
    game_ = build_game(session, [lambda e: out["log"].append(e.to_dict())])
    if rate is not None:
        session.board.subscribe(lambda e: out["got"].append(sensor_key(e)))
    try:
        game_.run()
    finally:
        close = getattr(session, "close", None)
        if close:
            close()
    out["finished"] = any(e["type"] == "game_over" for e in out["log"])
    out["board"] = session.board
    out["emulator"] = getattr(getattr(session, "link", None), "emulator", None)
    return out


def _untimed(event: dict[str, Any]) -> dict[str, Any]:
    """An event-log entry without its times (``t``, an instruction's ``until`` deadline)."""
    return {k: v for k, v in event.items() if k not in ("t", "until")}


def busiest(tx: list[tuple[int, int]], window_ms: int = 2000) -> tuple[int, int]:
    """(lines, bytes) of the busiest ``window_ms`` of board lines."""
    best = (0, 0)
    j = 0
    total = 0
    for i, (t, n) in enumerate(tx):
        total += n
        while tx[j][0] <= t - window_ms:
            total -= tx[j][1]
            j += 1
        best = max(best, (i - j + 1, total))
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=30, help="games per game and rate (seeds 1..N)")
    ap.add_argument("--rates", default="0.02,0.05")
    ap.add_argument("--kinds", choices=("all", "visible"), default="all")
    ap.add_argument("--old", action="store_true", help="say which mazeboard ran (an older one on the path)")
    args = ap.parse_args()
    logging.disable(logging.CRITICAL)
    kinds = NOISE.ALL if args.kinds == "all" else NOISE.VISIBLE
    rates = [float(r) for r in args.rates.split(",")]
    import mazeboard.hal.serial.protocol as proto

    print(f"mazeboard protocol {proto.PROTOCOL_VERSION} ({Path(proto.__file__).resolve().parents[2]}); "
          f"damage kinds: {', '.join(kinds)}; {args.games} games per game and rate, seeds 1..{args.games}")
    header = (f"{'game':16} {'rate':>5} {'games':>5} {'stuck':>5} {'lost':>5} {'dup':>5} {'log=':>5} {'~log=':>5} "
              f"{'dmg>host':>8} {'dmg>brd':>7} {'asks':>6} {'resent':>6} {'gaveup':>6} {'s':>6}")
    print(header)
    totals: Counter[str] = Counter()
    peak = (0, 0)
    for rate in rates:
        for game in GAMES:
            row: Counter[str] = Counter()
            t0 = time.perf_counter()
            for seed in range(1, args.games + 1):
                direct = play(game, seed, None, kinds)["log"]
                run = play(game, seed, rate, kinds)
                row["games"] += 1
                row["stuck"] += not run["finished"]
                sent, got = Counter(run["sent"]), Counter(run["got"])
                row["lost"] += sum((sent - got).values())
                row["dup"] += sum((got - sent).values())
                row["order"] += run["sent"] != run["got"] and sent == got
                row["log="] += run["log"] == direct
                untimed = [_untimed(e) for e in run["log"]]
                row["~log="] += untimed == [_untimed(e) for e in direct]
                to_host, to_board = run["noise"]
                row["dmg>host"] += sum(to_host.damaged.values())
                row["dmg>brd"] += sum(to_board.damaged.values())
                counts = run["board"].counts
                row["asks"] += counts["resend-asks"]
                row["gaveup"] += counts["lost-lines"]
                row["resent"] += getattr(run["emulator"], "resent", 0)
                peak = max(peak, busiest(run["tx"]))
            dt = time.perf_counter() - t0
            print(f"{game:16} {rate:5.0%} {row['games']:5} {row['stuck']:5} {row['lost']:5} {row['dup']:5} "
                  f"{row['log=']:5} {row['~log=']:5} {row['dmg>host']:8} {row['dmg>brd']:7} {row['asks']:6} "
                  f"{row['resent']:6} {row['gaveup']:6} {dt:6.1f}" + (f"  (out of order: {row['order']})"
                                                                     if row["order"] else ""))
            totals.update(row)
    print(f"{'all':16} {'':5} {totals['games']:5} {totals['stuck']:5} {totals['lost']:5} {totals['dup']:5} "
          f"{totals['log=']:5} {totals['~log=']:5}")
    if peak[0]:
        print(f"busiest 2 s of board lines in these games: {peak[0]} lines, {peak[1]} bytes "
              f"(the ring keeps {proto.RING_LINES} lines in {proto.RING_BYTES} bytes)")
    if args.old:
        print(f"ran: {sys.modules['mazeboard.hal.serial.protocol'].__file__}")


if __name__ == "__main__":
    main()
