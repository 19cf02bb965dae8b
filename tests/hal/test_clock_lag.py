"""RealtimeClock under load, after c4e76c2 (a callback sees its due time; what it schedules is due from
then): an attack on it (session 6) found a periodic scan's daemon tick and the debounce window it arms on
two time bases (a glitch shorter than the window reported as a closure), timers of one late callback run
out of order, and a chain that fell behind starving other threads' ``call_soon`` without bound.

Now a daemon callback (a matrix scan, an animation tick) runs on the wall clock, so what it arms counts
from when it really ran, as the next scan does; timers scheduled by one callback are all due from its time,
daemon or not; and the time a callback sees never lags the wall clock by more than
:data:`~mazeboard.hal.clock.MAX_LAG_MS`, which bounds how long a lagging chain holds other threads back."""

from __future__ import annotations

import threading
import time

from mazeboard.hal.clock import MAX_LAG_MS, RealtimeClock
from mazeboard.hal.debounce import Debouncer


def test_a_late_matrix_scan_never_lets_a_glitch_shorter_than_the_window_through() -> None:
    """GpioBoard._schedule and _scan_tick (250 Hz daemon scan, a 10 ms reed window), one reed: a 15 ms busy
    callback, then a 3 ms glitch as the thread frees."""
    clock = RealtimeClock()
    period, window = 4.0, 10
    glitch_until = [-1.0]
    reported: list[tuple[str, bool, int]] = []
    deb = Debouncer(clock, lambda k, lvl, t: reported.append((k, lvl, t)))
    deb.add("a1", False, window)
    state = {"t0": clock.now_ms(), "n": 0, "fed": False, "stop": False}

    def schedule() -> None:
        due = state["t0"] + round((state["n"] + 1) * period)
        clock.call_later(max(0, due - clock.now_ms()), tick, daemon=True)

    def tick() -> None:
        if state["stop"]:
            return
        state["n"] += 1
        level = time.monotonic() * 1000 < glitch_until[0]
        if level != state["fed"]:
            state["fed"] = level
            deb.raw("a1", level)
        schedule()

    def busy() -> None:
        time.sleep(0.015)
        glitch_until[0] = time.monotonic() * 1000 + 3

    schedule()
    for start in (100, 200, 300):  # three tries: a try can miss the glitch between two scans
        clock.call_later(start, busy)
    clock.call_later(400, lambda: state.update(stop=True))
    clock.run_until_idle()
    assert reported == [], f"a 3 ms glitch passed a 10 ms debounce window: {reported}"


def test_the_timers_of_one_late_callback_run_in_the_order_of_their_delays() -> None:
    clock = RealtimeClock()
    order: list[str] = []

    def late() -> None:
        clock.call_later(5, lambda: order.append("daemon 5 ms"), daemon=True)
        clock.call_later(10, lambda: order.append("timer 10 ms"))
        clock.call_later(40, lambda: None)

    clock.call_later(0, lambda: time.sleep(0.03))  # the thread busy 30 ms: the next callback runs late
    clock.call_later(1, late)
    clock.run_until_idle()
    assert order == ["daemon 5 ms", "timer 10 ms"]


def test_a_chain_that_fell_behind_holds_other_threads_back_a_bounded_time() -> None:
    clock = RealtimeClock()
    steps = {"n": 0}
    waited: list[float] = []

    def step() -> None:  # each step takes 4 ms, the next is due 2 ms later: it never catches up
        time.sleep(0.004)
        steps["n"] += 1
        if steps["n"] < 800:
            clock.call_later(2, step)

    def other_thread() -> None:  # (the chain lags 1 s by then: before the bound, the call waited 1 s)
        time.sleep(1.0)
        sent = time.monotonic()
        clock.call_soon(lambda: waited.append(time.monotonic() - sent))

    clock.call_later(0, step)
    threading.Thread(target=other_thread, daemon=True).start()
    clock.run_until_idle()
    assert waited and waited[0] * 1000 < MAX_LAG_MS + 150, f"a call_soon from another thread waited {waited[0] * 1000:.0f} ms"


def test_a_zero_delay_poll_lets_another_threads_call_in_within_the_bound() -> None:
    clock = RealtimeClock()
    flag = {"set": False, "at": 0.0}
    t0 = time.monotonic()

    def poll() -> None:
        if not flag["set"] and time.monotonic() - t0 < 3.0:
            clock.call_later(0, poll)

    def other_thread() -> None:
        time.sleep(0.02)
        clock.call_soon(lambda: flag.update(set=True, at=time.monotonic() - t0))

    clock.call_later(0, poll)
    threading.Thread(target=other_thread, daemon=True).start()
    clock.run_until_idle()
    assert flag["set"] and flag["at"] * 1000 < MAX_LAG_MS + 150, f"the other thread's call ran at {flag['at']:.2f} s"


def test_a_callback_s_time_never_goes_back_and_a_chain_never_lags_past_the_bound() -> None:
    clock = RealtimeClock()
    seen: list[tuple[int, int]] = []

    def stall() -> None:
        time.sleep((MAX_LAG_MS + 200) / 1000)
        clock.call_later(1, look)  # a chain: scheduled by a callback that ran late
        clock.call_later(2, look)

    def look() -> None:
        seen.append((clock.now_ms(), clock.wall_ms()))

    clock.call_later(0, stall)
    clock.run_until_idle()
    (a, wall_a), (b, _) = seen
    assert b >= a
    assert wall_a - a <= MAX_LAG_MS + 5, (a, wall_a)


def test_a_press_from_the_gpio_thread_during_a_long_stall_is_still_seen() -> None:
    """Attack on da33ccb (session 7): a button's edges come from gpiozero's thread through call_soon
    (hal/gpio.py). While the clock thread stalled past MAX_LAG_MS, an 80 ms press was queued; the press edge
    ran with its time pulled up to the bound, so the 20 ms window it armed fell after the release edge,
    which cancelled it: the press was lost. Another thread's call runs at its own time (it cannot have
    fallen behind: it was due when it was asked), so the window it arms keeps its order with the release."""
    for stall_s in (0.7, 1.0):
        clock = RealtimeClock()
        reported: list[tuple[bool, int]] = []
        deb = Debouncer(clock, lambda k, lvl, t: reported.append((lvl, t)))
        deb.add("done", False, 20)

        def gpio_thread() -> None:
            time.sleep(0.05)
            clock.call_soon(lambda: deb.raw("done", True))
            time.sleep(0.08)
            clock.call_soon(lambda: deb.raw("done", False))

        clock.call_later(10, lambda s=stall_s: time.sleep(s))  # a slow callback (GC, an SD card write)
        threading.Thread(target=gpio_thread, daemon=True).start()
        clock.call_later(int(stall_s * 1000) + 400, lambda: None)
        clock.run_until_idle()
        assert [lvl for lvl, _ in reported] == [True, False], f"stall {stall_s} s: {reported}"
