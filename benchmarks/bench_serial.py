"""Serial link figures: lines parsed per second on the host, event-to-frame latency over a
pseudo-terminal, and time from replug to events flowing again. Prints its figures.

    /tmp/venv/bin/python benchmarks/bench_serial.py [--quick]

Latency and replug run on real time with the real pieces: FirmwareEmulator on a pty,
pyserial, SerialBoard with its reader thread, a RealtimeClock thread.
"""

from __future__ import annotations

import logging
import statistics
import sys
import threading
import time
from typing import Callable

from mazeboard.hal.board import BoardState, LedLayout
from mazeboard.hal.clock import RealtimeClock
from mazeboard.hal.events import LedFrame, ReedChanged, SensorEvent
from mazeboard.hal.serial.parser import LineParser
from mazeboard.hal.serial.protocol import BOARD_MESSAGES, HOST_MESSAGES, Button, Frame, Hall, Heartbeat, Reed, encode
from mazeboard.hal.serial.transport import Backoff
from mazeboard.sim.link import SerialLink


def bench_parser(lines: int) -> None:
    msgs = [Reed("c3", True), Reed("c3", False), Hall("tray-sw", True), Button("roll"), Heartbeat(123456)]
    stream = b"".join(encode(msgs[i % len(msgs)], i) for i in range(lines))
    frame_line = encode(Frame(((255, 128, 0),) * 36), 1)
    cases = (("board event lines", stream, lines, BOARD_MESSAGES),
             ("36-LED frame lines (board side)", frame_line * (lines // 10), lines // 10, HOST_MESSAGES))
    for label, data, n, table in cases:
        parser = LineParser(table)
        t0 = time.perf_counter()
        for i in range(0, len(data), 4096):
            parser.feed(data[i:i + 4096])
        dt = time.perf_counter() - t0
        assert parser.good == n and parser.bad_lines == 0
        print(f"parser: {n / dt:,.0f} {label}/s ({len(data) / dt / 1e6:.1f} MB/s, {n} lines in {dt * 1000:.0f} ms)")


class FakeBoard:
    """Just enough of a SimBoard for the emulator: it emits reed events and records frames."""

    def __init__(self) -> None:
        self.layout = LedLayout.row_major(tuple(f"{f}{r}" for r in range(1, 7) for f in "abcdef"))
        self.sinks: list[Callable[[SensorEvent], None]] = []
        self.closed: set[str] = {"a1"}
        self.on_show: Callable[[LedFrame], None] = lambda f: None

    def subscribe(self, sink: Callable[[SensorEvent], None]) -> None:
        self.sinks.append(sink)

    def state(self) -> BoardState:
        return BoardState(frozenset(self.closed), frozenset())

    def show(self, frame: LedFrame) -> None:
        self.on_show(frame)

    def announce(self, event: object) -> None:
        pass

    def emit(self, cell: str, closed: bool) -> None:
        (self.closed.add if closed else self.closed.discard)(cell)
        for s in self.sinks:
            s(ReedChanged(0, cell, closed))


def bench_link(rounds: int, replugs: int) -> None:
    clock = RealtimeClock()
    board = FakeBoard()
    link = SerialLink(board, clock, backoff=Backoff(first_ms=50, max_ms=500))
    link.connect()
    stop = threading.Event()
    runner = threading.Thread(target=clock.run_forever, kwargs={"stop": stop.is_set}, daemon=True)
    runner.start()
    host = link.host
    got_event = threading.Event()

    def answer(ev: SensorEvent) -> None:  # the controller's part, cut to the bone: an event in, a frame out
        got_event.set()
        host.show(LedFrame(0, ((255 if isinstance(ev, ReedChanged) and ev.closed else 0, 0, 0),) * 36))

    host.subscribe(answer)
    shown = threading.Event()
    board.on_show = lambda frame: shown.set()

    latencies = []
    for i in range(rounds):
        shown.clear()
        t0 = [0.0]

        def fire(i: int = i) -> None:
            t0[0] = time.perf_counter()
            board.emit("c3", i % 2 == 0)

        clock.call_soon(fire)
        if not shown.wait(2):
            print("latency: a frame never came back")
            break
        latencies.append((time.perf_counter() - t0[0]) * 1000)
    if latencies:
        q = statistics.quantiles(latencies, n=20)
        print(f"event-to-frame over the pty: median {statistics.median(latencies):.2f} ms, "
              f"p95 {q[18]:.2f} ms, max {max(latencies):.2f} ms ({len(latencies)} round trips: "
              "reed line -> SerialBoard -> sink -> F line -> emulator shows it)")

    recoveries = []
    for k in range(replugs):
        done = threading.Event()

        def unplug() -> None:
            link.unplug()
            done.set()

        clock.call_soon(unplug)
        done.wait(2)
        time.sleep(0.3 + 0.1 * k)  # cable out for a while
        got_event.clear()
        plugged = threading.Event()
        t_plug = [0.0]

        def plug() -> None:
            link.plug()
            t_plug[0] = time.perf_counter()
            plugged.set()

        clock.call_soon(plug)
        plugged.wait(2)
        deadline = time.perf_counter() + 5
        n = 0
        while not got_event.is_set() and time.perf_counter() < deadline:
            clock.call_soon(lambda n=n: board.emit("d4", n % 2 == 0))  # a hand keeps moving a pawn
            n += 1
            time.sleep(0.005)
        if got_event.is_set():
            recoveries.append((time.perf_counter() - t_plug[0]) * 1000)
    if recoveries:
        print(f"replug to events flowing: median {statistics.median(recoveries):.0f} ms, "
              f"max {max(recoveries):.0f} ms over {len(recoveries)} replugs "
              f"(backoff 50 ms doubling to 500 ms; default Backoff() caps at 1000 ms)")
    stop.set()
    clock.stop()
    runner.join(timeout=2)
    link.close()


def main() -> None:
    logging.basicConfig(level=logging.ERROR)  # the replugs log warnings by design
    quick = "--quick" in sys.argv
    bench_parser(20_000 if quick else 200_000)
    bench_link(100 if quick else 500, 3 if quick else 8)


if __name__ == "__main__":
    main()
