"""Injected time: a clock and a scheduler (DESIGN.md: time is injected).

Nothing in the controller reads the wall clock or sleeps; it asks a
:class:`Scheduler` for ``now_ms()`` and ``call_later()``. Two implementations
share one timer queue:

* :class:`VirtualClock` -- simulated time that jumps from timer to timer, so
  a 30-minute game runs in milliseconds and every run is deterministic.
* :class:`RealtimeClock` -- the same queue driven by ``time.monotonic``;
  used on a real board and for watching a simulated game (``--realtime``).

On both, a callback runs at the time it was due: ``now_ms()`` inside it is
that time, and what it schedules is due from then. So a chain of timers keeps
its order with the timers scheduled before it however late a loaded machine
runs the thread (a contact's bounce re-arming the debounce window cannot fall
after the release of an 80 ms press: Labyrinth newcomer 19). On the real-time
clock only a chain that fell more than ``MAX_LAG_MS`` behind is pulled up to
that bound (:class:`RealtimeClock`).

Timers marked ``daemon`` (endless LED animations, periodic scans) do not keep
:meth:`run_until_idle` running, like daemon threads do not keep a process.
"""

from __future__ import annotations

import heapq
import itertools
import threading
import time
from typing import Callable, Protocol


#: how far the time a :class:`RealtimeClock` chained callback (one a callback scheduled) sees may lag the wall
#: clock (ms): within it a chain of
#: timers keeps its order with earlier ones however late the thread runs; past it (a stall longer than this)
#: the chain's time jumps up to it, so a chain that fell behind holds other threads' ``call_soon`` back at most
#: about this long (an attack on c4e76c2: a chain slower than its period held a web command 1 s and more)
MAX_LAG_MS = 500


class Timer:
    """Handle of a scheduled call; :meth:`cancel` is idempotent."""

    __slots__ = ("due_ms", "fn", "daemon", "cancelled", "chained")

    def __init__(self, due_ms: int, fn: Callable[[], None], daemon: bool) -> None:
        self.due_ms = due_ms
        self.fn = fn
        self.daemon = daemon
        self.cancelled = False
        #: scheduled by a (non-daemon) callback on the clock's thread: a chain that may fall behind
        self.chained = False

    def cancel(self) -> None:
        self.cancelled = True


class Scheduler(Protocol):
    """What the controller may ask of time."""

    def now_ms(self) -> int: ...

    def call_later(self, delay_ms: int, fn: Callable[[], None], *, daemon: bool = False) -> Timer: ...


class _TimerQueue:
    def __init__(self) -> None:
        self._heap: list[tuple[int, int, Timer]] = []
        self._seq = itertools.count()
        self._live = 0  # non-daemon, not cancelled (approximate until popped)

    def _push(self, due_ms: int, fn: Callable[[], None], daemon: bool) -> Timer:
        timer = Timer(due_ms, fn, daemon)
        heapq.heappush(self._heap, (due_ms, next(self._seq), timer))
        return timer

    def _drop_cancelled(self) -> None:
        while self._heap and self._heap[0][2].cancelled:
            heapq.heappop(self._heap)

    def pending(self, include_daemon: bool = False) -> int:
        """Number of timers still due (daemon timers only when asked)."""
        return sum(
            1 for _, _, t in self._heap if not t.cancelled and (include_daemon or not t.daemon)
        )

    def next_due_ms(self) -> int | None:
        self._drop_cancelled()
        return self._heap[0][0] if self._heap else None


class VirtualClock(_TimerQueue):
    """Deterministic simulated time in integer milliseconds, starting at ``start_ms``."""

    def __init__(self, start_ms: int = 0) -> None:
        super().__init__()
        self._now = start_ms

    def now_ms(self) -> int:
        return self._now

    def call_later(self, delay_ms: int, fn: Callable[[], None], *, daemon: bool = False) -> Timer:
        return self._push(self._now + max(0, int(delay_ms)), fn, daemon)

    def call_at(self, t_ms: int, fn: Callable[[], None], *, daemon: bool = False) -> Timer:
        return self._push(max(self._now, int(t_ms)), fn, daemon)

    def step(self) -> bool:
        """Run the next due timer (advancing time to it); False when none is left."""
        self._drop_cancelled()
        if not self._heap:
            return False
        due, _, timer = heapq.heappop(self._heap)
        self._now = max(self._now, due)
        timer.fn()
        return True

    def advance(self, ms: int) -> None:
        """Run every timer due within the next ``ms`` milliseconds, then stop there."""
        end = self._now + ms
        while True:
            nxt = self.next_due_ms()
            if nxt is None or nxt > end:
                break
            self.step()
        self._now = end

    def run_until_idle(self, limit_ms: int | None = None, stop: Callable[[], bool] | None = None) -> bool:
        """Run timers until no non-daemon timer is pending, ``stop()`` is true, or
        virtual time passes ``limit_ms``. Returns False when the limit was hit."""
        while self.pending() and not (stop and stop()):
            nxt = self.next_due_ms()
            if nxt is None:
                break
            if limit_ms is not None and nxt > limit_ms:
                self._now = limit_ms
                return False
            self.step()
        return True


class RealtimeClock(_TimerQueue):
    """The same timer queue on the monotonic clock; thread-safe ``call_soon``.

    ``now_ms()`` counts from construction. Callbacks run in the thread that
    calls :meth:`run_until_idle` (or :meth:`run_forever`), one at a time.

    Time as the running callback sees it is the time it was due, as on the
    :class:`VirtualClock`: in that thread, while a callback runs, ``now_ms()``
    is its due time and every timer it schedules (daemon or not) is due from
    then -- however late the thread got to it. A timer another thread (or
    code outside the callbacks) scheduled runs at its due time exactly: it was
    due when it was asked, and the press edge a GPIO thread queued during a
    stall must arm its debounce window before the release edge queued after it
    runs (an attack on da33ccb: a clamped press edge armed its window after the
    release, which cancelled it, and a press was lost after a 700 ms stall). A
    timer a callback scheduled (a chain) sees a time at most :data:`MAX_LAG_MS`
    behind the wall clock. A chain of timers (a contact's bounce, the debounce
    window it re-arms, the hand's next step) thus keeps its order with timers
    scheduled earlier (the release of the press), and catches up with the
    wall clock by running what is overdue at once. A daemon timer's callback
    (an animation tick, a matrix scan) runs on the wall clock instead: a
    periodic one never runs in a burst to catch up, and what it arms (the
    debounce window of a level a scan read) counts from when it really ran,
    as its next run does (an attack on c4e76c2: a late scan's window, due from
    the scan's due time, ran out before the next scan looked, and a 3 ms
    glitch passed a 10 ms window). Elsewhere (other threads: a GPIO callback,
    a web request; between callbacks) time is the wall clock's; so a time read
    on another thread and one read in a later callback are not ordered.
    """

    def __init__(self, speed: float = 1.0) -> None:
        super().__init__()
        self._t0 = time.monotonic()
        self._speed = speed
        self._cond = threading.Condition()
        self._stopped = False
        #: (thread, due time) of the callback running now; None between callbacks
        self._running: tuple[int, int] | None = None
        #: the latest due time a callback ran at (the time callbacks see never goes back)
        self._ran_ms = 0

    def wall_ms(self) -> int:
        """The wall clock's time (what ``now_ms()`` is outside the callbacks)."""
        return int((time.monotonic() - self._t0) * 1000 * self._speed)

    def now_ms(self) -> int:
        running = self._running
        if running is not None and running[0] == threading.get_ident():
            return running[1]
        return self.wall_ms()

    def call_later(self, delay_ms: int, fn: Callable[[], None], *, daemon: bool = False) -> Timer:
        with self._cond:
            running = self._running
            base = self.now_ms()
            timer = self._push(base + max(0, int(delay_ms)), fn, daemon)
            timer.chained = running is not None and running[0] == threading.get_ident()
            self._cond.notify()
        return timer

    def call_soon(self, fn: Callable[[], None]) -> Timer:
        """Schedule ``fn`` from any thread (a GPIO callback, a web request)."""
        return self.call_later(0, fn)

    def stop(self) -> None:
        with self._cond:
            self._stopped = True
            self._cond.notify()

    def _run(self, until_idle: bool, stop: Callable[[], bool] | None) -> None:
        while True:
            with self._cond:
                if self._stopped or (stop and stop()):
                    return
                if until_idle and not self.pending():
                    return
                nxt = self.next_due_ms()
                now = self.wall_ms()
                if nxt is None or nxt > now:
                    wait_s = 0.5 if nxt is None else (nxt - now) / 1000 / self._speed
                    self._cond.wait(timeout=min(wait_s, 0.5))
                    continue
                _, _, timer = heapq.heappop(self._heap)
            if timer.cancelled:
                continue
            if timer.daemon:  # on the wall clock (class docstring)
                self._running = None
            else:
                # only a chain can fall behind: another thread's call (a GPIO edge) was due when it was
                # asked, and runs at that time, so what it arms keeps its order with the next edge (class docstring)
                floor = self.wall_ms() - MAX_LAG_MS if timer.chained else 0
                self._ran_ms = max(self._ran_ms, timer.due_ms, floor)
                self._running = (threading.get_ident(), self._ran_ms)
            try:
                timer.fn()
            finally:
                self._running = None

    def run_until_idle(self, limit_ms: int | None = None, stop: Callable[[], bool] | None = None) -> bool:
        def stop_or_limit() -> bool:
            return bool((stop and stop()) or (limit_ms is not None and self.wall_ms() > limit_ms))

        self._run(until_idle=True, stop=stop_or_limit)
        return limit_ms is None or self.wall_ms() <= limit_ms

    def run_forever(self, stop: Callable[[], bool] | None = None) -> None:
        self._run(until_idle=False, stop=stop)
