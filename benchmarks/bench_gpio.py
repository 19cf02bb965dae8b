"""gpio backend: the reed matrix scan's calls on lgpio, and its cost on mock pins; MCP3008 read cost;
the event-to-frame cost through this backend (debounced event in -> referee -> LED frame written
by the real NeoPixel library, its low-level write captured).

Calls per scan on lgpio: gpiozero's real ``LGPIOFactory`` over ``mazeboard.sim.lgpio_chip``, a
stand-in of lgpio that counts the calls that reach the kernel (one ioctl each) and lets
``sys.setprofile`` count the Python-level calls (each lgpio function counted as the real
``lgpio.py`` wrapper costs: itself, ``_u2i``/``_u2i_list``, ``u2i`` and the C call). Printed for
the 8x8 Labyrinth matrix, with lgpio groups (what the backend does) and with one gpiozero pin per
line (what it did before issue 14), then the share of a Pi Zero 2 W core at the wiring's
``scan_hz`` under the cost model below (the assumption is printed with the figures).

    python benchmarks/bench_gpio.py [--scans N] [--games N]
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import time

os.environ.setdefault("BLINKA_OS_AGNOSTIC", "1")

from gpiozero import Device  # noqa: E402
from gpiozero.pins.mock import MockFactory  # noqa: E402

from mazeboard.controller.app import build_game  # noqa: E402
from mazeboard.hal.clock import VirtualClock  # noqa: E402
from mazeboard.hal.gpio import GpioBoard  # noqa: E402
from mazeboard.hal.matrix import PinLines  # noqa: E402
from mazeboard.hal.wiring import MatrixReeds, load_wiring, reference_wiring_path  # noqa: E402
from mazeboard.sim import lgpio_chip  # noqa: E402
from mazeboard.sim.rig import open_rig_session  # noqa: E402

DIGITAL = reference_wiring_path("magic-labyrinth-digital")

#: Cost model of a Raspberry Pi Zero 2 W core (Cortex-A53 at 1 GHz, CPython 3.11): microseconds
#: per Python-level call and per lgpio call that reaches the kernel. The split is an assumption;
#: the sum is anchored on a measurement on that board: waveform80/rpi-lgpio#2 timed
#: GPIO.output + GPIO.input + GPIO.output through rpi-lgpio at 120-250 us, which by its source
#: (RPi/GPIO/__init__.py) is about 64 Python-level calls and 6 lgpio kernel calls:
#: 64 x 1.5 + 6 x 5 = 126 us, the low end of that range.
ZERO2W_US_PER_PYTHON_CALL = 1.5
ZERO2W_US_PER_KERNEL_CALL = 5.0


def _fresh() -> MockFactory:
    f = MockFactory()
    Device.pin_factory = f
    return f


def bench_scan(scans: int, diodes: bool) -> None:
    w = load_wiring(DIGITAL)
    assert isinstance(w.reeds, MatrixReeds)
    w = dataclasses.replace(w, reeds=dataclasses.replace(w.reeds, diodes=diodes))
    s = open_rig_session(w, players=("red", "blue", "green", "yellow"), factory=_fresh())
    matrix = s.board.matrix
    assert matrix is not None
    wall0, cpu0 = time.perf_counter(), time.process_time()
    for _ in range(scans):
        matrix.scan()
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    tick0 = time.perf_counter()
    for _ in range(scans):
        s.board._scan_tick()  # scan + ghost filter + debouncer feed, as the scheduler runs it
    tick = time.perf_counter() - tick0
    label = "with diodes" if diodes else "no diodes (open-drain rows, ghost filter)"
    print(f"matrix 6x6 {label}: {scans} scans (the mock rig recomputes the columns on every row change)")
    print(f"  scan only       {wall / scans * 1e6:8.1f} us wall, {cpu / scans * 1e6:8.1f} us CPU per scan"
          f"  -> at most {scans / wall:7.0f} scans/s on one core")
    print(f"  scan tick       {tick / scans * 1e6:8.1f} us per tick (incl. ghost filter and debouncer)")
    print(f"  at the wiring's {w.reeds.scan_hz} Hz: {tick / scans * w.reeds.scan_hz * 100:5.1f} % of one core")
    s.close()


def bench_scan_calls(scans: int) -> None:
    w = load_wiring(reference_wiring_path("labyrinth"))
    reeds = w.reeds
    assert isinstance(reeds, MatrixReeds)
    fake = lgpio_chip.FakeLgpio(lgpio_chip.Copper(rows=reeds.rows, columns=reeds.columns))
    factory = lgpio_chip.factory(fake)
    board = GpioBoard(w, VirtualClock(), pin_factory=factory)
    try:
        matrix = board.matrix
        assert matrix is not None and matrix.grouped
        for r, c in ((0, 0), (2, 3), (4, 4), (6, 6), (7, 7)):  # four pawns and the done button
            fake.close_reed(reeds.rows[r], reeds.columns[c], True)
        board._scan_tick()
        py_scan, k_scan = lgpio_chip.count_calls(lambda: [matrix.scan() for _ in range(scans)], fake)
        py_tick, k_tick = lgpio_chip.count_calls(lambda: [board._scan_tick() for _ in range(scans)], fake)
        board.close()
        per_pin = PinLines(factory, reeds.rows, reeds.columns, open_drain=False)  # one gpiozero pin per line
        py_pin, k_pin = lgpio_chip.count_calls(lambda: [per_pin.read() for _ in range(scans)], fake)
        per_pin.close()
    finally:
        factory.close()
        lgpio_chip.uninstall()
    hz = reeds.scan_hz

    def share(py: float, k: float) -> str:
        us = py * ZERO2W_US_PER_PYTHON_CALL + k * ZERO2W_US_PER_KERNEL_CALL
        return f"~{us:5.0f} us/scan on a Zero 2 W = {us * hz / 1e4:4.1f} % of one core at {hz} Hz"

    print(f"matrix 8x8 (wiring/labyrinth.toml) on gpiozero's LGPIOFactory over the lgpio stand-in, {scans} scans:")
    print(f"  lgpio groups, scan only    {py_scan / scans:6.0f} Python calls, {k_scan / scans:4.0f} kernel calls per scan;"
          f" {share(py_scan / scans, k_scan / scans)}")
    print(f"  lgpio groups, scan tick    {py_tick / scans:6.0f} Python calls, {k_tick / scans:4.0f} kernel calls per scan"
          f" (scan + ghost filter + debouncer feed, as the scheduler runs it); {share(py_tick / scans, k_tick / scans)}")
    print(f"  a gpiozero Pin per line    {py_pin / scans:6.0f} Python calls, {k_pin / scans:4.0f} kernel calls per scan"
          f" (each write asks the pin's mode: gpio_get_mode); {share(py_pin / scans, k_pin / scans)}")
    print(f"  target: <= 20 kernel calls and a few hundred Python calls per 8x8 scan. Zero 2 W model: "
          f"{ZERO2W_US_PER_PYTHON_CALL} us per Python call, {ZERO2W_US_PER_KERNEL_CALL} us per kernel call "
          "(assumed split; sum anchored on rpi-lgpio#2's Zero 2 W measurement, see the source)")


def bench_adc(reads: int) -> None:
    s = open_rig_session(load_wiring(reference_wiring_path()), factory=_fresh())
    tray = s.analog
    assert tray is not None
    t0 = time.perf_counter()
    for _ in range(reads):
        tray.read_v("tray-sw")
    dt = time.perf_counter() - t0
    print(f"MCP3008 on mock software SPI: {dt / reads * 1e6:.0f} us per channel read "
          f"({reads} reads); 4 channels at 200 Hz = {dt / reads * 4 * 200 * 100:.0f} % of one core "
          "(hardware SPI on a Pi does the bit-banging in the kernel)")
    s.close()


def bench_event_to_frame(games: int) -> None:
    import neopixel

    from mazeboard.hal.neopixel_leds import open_strip

    writes: list[int] = []
    neopixel.neopixel_write = lambda pin, buf: writes.append(len(buf))
    costs: list[float] = []
    frame_costs: list[float] = []
    events = 0
    for seed in range(1, games + 1):
        w = load_wiring(reference_wiring_path())
        w = dataclasses.replace(w, hall=load_wiring(DIGITAL).hall, buses=frozenset())
        assert w.leds is not None
        strip = open_strip(w.leds, "pwm")
        s = open_rig_session(w, players=("red", "blue", "green"), seed=seed, factory=_fresh(), leds=strip)
        board = s.board
        stable = board._stable
        show = board.show

        def timed_stable(key: object, level: bool, t_ms: int) -> None:
            t0 = time.perf_counter_ns()
            stable(key, level, t_ms)
            costs.append((time.perf_counter_ns() - t0) / 1000)

        def timed_show(frame: object) -> None:
            t0 = time.perf_counter_ns()
            show(frame)
            frame_costs.append((time.perf_counter_ns() - t0) / 1000)

        board.debouncer._on_stable = timed_stable
        game = build_game(s)
        game.session.board.show = timed_show
        game.run()
        events += len(costs)
        s.close()
    costs.sort()
    frame_costs.sort()

    def pct(xs: list[float], p: float) -> float:
        return xs[min(len(xs) - 1, int(len(xs) * p))]

    print(f"event to frame through the gpio backend ({games} games of simulated players, {len(costs)} sensor events, "
          f"{len(writes)} NeoPixel writes):")
    print(f"  per sensor event (referee + LED scene + NeoPixel write): p50 {pct(costs, 0.5):.0f} us, "
          f"p99 {pct(costs, 0.99):.0f} us, max {costs[-1]:.0f} us")
    print(f"  per LED frame (GpioBoard.show -> NeoPixel buffer + show()): p50 {pct(frame_costs, 0.5):.0f} us, "
          f"p99 {pct(frame_costs, 0.99):.0f} us; mean {statistics.fmean(frame_costs):.0f} us")
    print("  plus the wire: 36 LEDs x 30 us + reset = about 1.1 ms per frame on a real chain (HARDWARE.md)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scans", type=int, default=2000)
    ap.add_argument("--reads", type=int, default=300)
    ap.add_argument("--games", type=int, default=2)
    args = ap.parse_args()
    bench_scan_calls(min(args.scans, 500))
    bench_scan(args.scans, diodes=True)
    bench_scan(args.scans, diodes=False)
    bench_adc(args.reads)
    bench_event_to_frame(args.games)


if __name__ == "__main__":
    main()
