"""A stand-in for the ``lgpio`` module with a simulated gpiochip and board behind it.

gpiozero's real ``LGPIOFactory`` / ``LGPIOPin`` (``gpiozero/pins/lgpio.py``) run on it
unchanged, and so does the gpio backend's matrix scan, so tests and ``benchmarks/bench_gpio.py``
see what the real library would do on a Pi. Modelled on joan2937/lg (``PY_LGPIO/lgpio_extra.py``,
``lgGpio.c``, ``lgPthAlerts.c``):

* every call below that reaches the chip is one kernel call (an ioctl on the chip or line fd):
  claims, frees, ``gpio_get_mode`` (``GPIO_V2_GET_LINEINFO_IOCTL``), ``gpio_read`` /
  ``gpio_write`` / ``group_read`` / ``group_write`` (``GPIO_V2_LINE_GET/SET_VALUES_IOCTL``);
  :attr:`FakeLgpio.kernel_calls` counts them by name;
* lines are claimed singly or as a group (first GPIO the leader); a line already held by a
  group cannot be claimed on its own (the kernel answers EBUSY: ``GPIO_BUSY``); group reads and
  writes go through the leader; ``SET_OPEN_DRAIN`` outputs only ever pull low;
* an edge on a line claimed for alerts (``gpio_claim_alert``) becomes a 16-byte report in the
  notification pipe (``.lgd-nfy*``, Linux's default 64 KiB: :data:`PIPE_REPORTS` reports);
  the library's one notification thread (``_callback_thread``) reads them and calls the
  callbacks one by one. When the pipe is full the report is dropped without a word
  (``lgPthAlerts.c``: ``EAGAIN`` ignored). :meth:`FakeLgpio.stall` stops the thread (the GIL
  held elsewhere, a slow callback) so a test can see what a backlog costs;
* ``gpio_get_mode`` returns the kernel's line flags plus lgpio's bits (input 256, output 512,
  alert 1024, group 2048).

The board behind the pins (:class:`Copper`): inputs switched to ground, and a reed matrix whose
columns are pulled low through closed reeds by rows driven low (with diodes only the reed at
the crossing; without, also sneak paths through other closed reeds).
"""

from __future__ import annotations

import sys
from collections import Counter, deque
from dataclasses import dataclass, field
from typing import Any, Callable

#: Linux's default pipe capacity / sizeof(lgGpioReport_t) (uint64 timestamp, chip, gpio, level, flags, 4 pad)
PIPE_REPORTS = 65536 // 16

SET_ACTIVE_LOW, SET_OPEN_DRAIN, SET_OPEN_SOURCE = 4, 8, 16
SET_PULL_UP, SET_PULL_DOWN, SET_PULL_NONE = 32, 64, 128
RISING_EDGE, FALLING_EDGE, BOTH_EDGES = 1, 2, 3
#: gpio_get_mode bits: kernel flags (low byte, same values as the SET_ flags) and lgpio's own
IS_KERNEL, IS_OUTPUT = 1, 2
LG_INPUT, LG_OUTPUT, LG_ALERT, LG_GROUP = 256, 512, 1024, 2048
IS_KERNEL_INPUT = 65536
GROUP_ALL = 0xFFFFFFFFFFFFFFFF


class LgpioError(Exception):
    """lgpio.error: raised for a negative status (lgpio's ``exceptions = True``)."""


@dataclass
class Line:
    gpio: int
    mode: str = "free"  # free, input, output, alert
    flags: int = 0  # SET_ flags it was claimed with
    value: int = 0  # written level (outputs)
    group: tuple[int, ...] = ()  # the group it belongs to, leader first; () for a single line
    edges: int = 0  # alert edges


@dataclass
class Copper:
    """What the pins are wired to: GPIOs switched to ground now, and a reed matrix (BCM rows and columns,
    closed crossings as (row GPIO, column GPIO))."""

    grounded: set[int] = field(default_factory=set)
    rows: tuple[int, ...] = ()
    columns: tuple[int, ...] = ()
    closed: set[tuple[int, int]] = field(default_factory=set)
    diodes: bool = True

    def low_columns(self, row_low: Callable[[int], bool]) -> set[int]:
        low_rows = {r for r in self.rows if row_low(r)}
        if self.diodes:
            return {c for (r, c) in self.closed if r in low_rows}
        cols: set[int] = set()
        rows, todo = set(low_rows), list(low_rows)
        while todo:  # sneak paths: a closed reed joins its row and column both ways
            r = todo.pop()
            for (rr, c) in self.closed:
                if rr == r and c not in cols:
                    cols.add(c)
                    for (r2, c2) in self.closed:
                        if c2 == c and r2 not in rows:
                            rows.add(r2)
                            todo.append(r2)
        return cols


class _Callback:
    def __init__(self, owner: "FakeLgpio", gpio: int, edge: int, func: Callable[..., Any]) -> None:
        self.owner, self.gpio, self.edge, self.func = owner, gpio, edge, func

    def cancel(self) -> None:
        if self in self.owner.callbacks:
            self.owner.callbacks.remove(self)


class FakeLgpio:
    """The ``lgpio`` module's functions gpiozero and the gpio backend use, on one simulated chip."""

    SET_ACTIVE_LOW, SET_OPEN_DRAIN, SET_OPEN_SOURCE = SET_ACTIVE_LOW, SET_OPEN_DRAIN, SET_OPEN_SOURCE
    SET_PULL_UP, SET_PULL_DOWN, SET_PULL_NONE = SET_PULL_UP, SET_PULL_DOWN, SET_PULL_NONE
    SET_BIAS_PULL_UP, SET_BIAS_PULL_DOWN, SET_BIAS_DISABLE = SET_PULL_UP, SET_PULL_DOWN, SET_PULL_NONE
    RISING_EDGE, FALLING_EDGE, BOTH_EDGES = RISING_EDGE, FALLING_EDGE, BOTH_EDGES
    GROUP_ALL = GROUP_ALL
    error = LgpioError

    def __init__(self, copper: Copper | None = None, lines: int = 54) -> None:
        self.copper = copper or Copper()
        self.lines = {g: Line(g) for g in range(lines)}
        self.kernel_calls: Counter[str] = Counter()
        self.callbacks: list[_Callback] = []
        self.pipe: deque[tuple[int, int, int]] = deque()  # (gpio, level, tick ns)
        self.dropped = 0
        self.reports = 0
        self.stalled = False
        self.tick_ns = 0
        self.handle_open = False
        self._levels = self._compute()

    # -- the chip ----------------------------------------------------------------------
    def _k(self, name: str) -> None:
        self.kernel_calls[name] += 1

    def _line(self, gpio: int) -> Line:
        if gpio not in self.lines:
            raise LgpioError("'bad GPIO number'")
        return self.lines[gpio]

    def _level(self, line: Line, low_cols: set[int]) -> int:
        if line.mode == "output":
            if line.flags & SET_OPEN_DRAIN and line.value:
                pass  # released: the pull or the outside decides, as for an input
            else:
                return line.value
        if line.gpio in self.copper.grounded or line.gpio in low_cols:
            return 0
        return 0 if line.flags & SET_PULL_DOWN else 1

    def _compute(self) -> dict[int, int]:
        def row_low(g: int) -> bool:
            line = self.lines[g]
            return line.mode == "output" and not line.value

        low_cols = self.copper.low_columns(row_low) if self.copper.rows else set()
        return {g: self._level(line, low_cols) for g, line in self.lines.items()}

    def settle(self) -> None:
        """Recompute every level after a change (a write, a claim, the outside world); an edge on an
        alert line goes into the notification pipe, or is dropped when the pipe is full."""
        old, self._levels = self._levels, self._compute()
        self.tick_ns += 1000
        for g, level in self._levels.items():
            line = self.lines[g]
            if level == old[g] or line.mode != "alert":
                continue
            if not line.edges & (RISING_EDGE if level else FALLING_EDGE):
                continue
            self.reports += 1
            if len(self.pipe) >= PIPE_REPORTS:
                self.dropped += 1
            else:
                self.pipe.append((g, level, self.tick_ns))
        self.deliver()

    def stall(self, stalled: bool = True) -> None:
        """Stop (or restart) the notification thread; restarting delivers the backlog."""
        self.stalled = stalled
        self.deliver()

    def deliver(self) -> None:
        """The notification thread: every report in the pipe to the callbacks of its GPIO, in order."""
        while self.pipe and not self.stalled:
            gpio, level, tick = self.pipe.popleft()
            for cb in list(self.callbacks):
                if cb.gpio == gpio:
                    cb.func(0, gpio, level, tick)

    # -- the world ---------------------------------------------------------------------
    def ground(self, gpio: int, closed: bool) -> None:
        """A switch from ``gpio`` to ground closes (True) or opens."""
        (self.copper.grounded.add if closed else self.copper.grounded.discard)(gpio)
        self.settle()

    def close_reed(self, row_gpio: int, column_gpio: int, closed: bool) -> None:
        (self.copper.closed.add if closed else self.copper.closed.discard)((row_gpio, column_gpio))
        self.settle()

    # -- lgpio's API ---------------------------------------------------------------------
    def gpiochip_open(self, chip: int) -> int:
        self._k("gpiochip_open")
        self.handle_open = True
        return 0

    def gpiochip_close(self, handle: int) -> int:
        self._k("gpiochip_close")
        self.handle_open = False
        return 0

    def _claim(self, gpios: list[int], mode: str, flags: int, levels: list[int] | None = None) -> None:
        group = tuple(gpios) if len(gpios) > 1 else ()
        for g in gpios:
            line = self._line(g)
            if line.group and line.group != group:
                raise LgpioError("'GPIO busy'")  # held by another line request: EBUSY
        for i, g in enumerate(gpios):
            line = self.lines[g]
            line.mode, line.flags, line.group, line.edges = mode, flags, group, 0
            if levels is not None:
                line.value = 1 if levels[i] else 0
        self.settle()

    def gpio_claim_input(self, handle: int, gpio: int, lFlags: int = 0) -> int:  # noqa: N803 - lgpio's names
        self._k("gpio_claim_input")
        self._claim([gpio], "input", lFlags)
        return 0

    def gpio_claim_output(self, handle: int, gpio: int, level: int = 0, lFlags: int = 0) -> int:  # noqa: N803
        self._k("gpio_claim_output")
        self._claim([gpio], "output", lFlags, [level])
        return 0

    def gpio_claim_alert(self, handle: int, gpio: int, eFlags: int, lFlags: int = 0,  # noqa: N803
                         notify_handle: int | None = None) -> int:
        self._k("gpio_claim_alert")
        self._claim([gpio], "alert", lFlags)
        self.lines[gpio].edges = eFlags
        return 0

    def gpio_free(self, handle: int, gpio: int) -> int:
        self._k("gpio_free")
        line = self._line(gpio)
        if line.group:
            raise LgpioError("'not the group leader'" if line.group[0] != gpio else "'use group_free'")
        line.mode, line.flags = "free", 0
        self.settle()
        return 0

    def group_claim_input(self, handle: int, gpio: list[int], lFlags: int = 0) -> int:  # noqa: N803
        self._k("group_claim_input")
        self._claim(list(gpio), "input", lFlags)
        return 0

    def group_claim_output(self, handle: int, gpio: list[int], levels: list[int] | None = None,
                           lFlags: int = 0) -> int:  # noqa: N803
        self._k("group_claim_output")
        levels = list(levels or [0]) + [0] * max(0, len(gpio) - len(levels or [0]))
        self._claim(list(gpio), "output", lFlags, levels)
        return 0

    def group_free(self, handle: int, gpio: int) -> int:
        self._k("group_free")
        line = self._line(gpio)
        if line.group and line.group[0] != gpio:
            raise LgpioError("'not the group leader'")
        for g in line.group or (gpio,):
            self.lines[g].mode, self.lines[g].flags, self.lines[g].group = "free", 0, ()
        self.settle()
        return 0

    def gpio_get_mode(self, handle: int, gpio: int) -> int:
        self._k("gpio_get_mode")
        line = self._line(gpio)
        if line.mode == "free":
            return 0
        kernel = IS_KERNEL | (line.flags & 0xFC) | (IS_OUTPUT if line.mode == "output" else IS_KERNEL_INPUT)
        lg = {"input": LG_INPUT, "output": LG_OUTPUT, "alert": LG_INPUT | LG_ALERT}[line.mode]
        return kernel | lg | (LG_GROUP if line.group else 0)

    def gpio_read(self, handle: int, gpio: int) -> int:
        self._k("gpio_read")
        line = self._line(gpio)
        if line.mode == "free":
            raise LgpioError("'GPIO not allocated'")
        return line.value if line.mode == "output" else self._levels[gpio]

    def gpio_write(self, handle: int, gpio: int, level: int) -> int:
        self._k("gpio_write")
        line = self._line(gpio)
        if line.mode != "output":
            raise LgpioError("'GPIO not an output'")
        line.value = 1 if level else 0
        self.settle()
        return 0

    def group_read(self, handle: int, gpio: int) -> list[int]:
        self._k("group_read")
        line = self._line(gpio)
        group = line.group or (gpio,)
        if group[0] != gpio:
            raise LgpioError("'not the group leader'")
        bits = 0
        for i, g in enumerate(group):
            member = self.lines[g]
            if member.value if member.mode == "output" else self._levels[g]:
                bits |= 1 << i
        return [len(group), bits]

    def group_write(self, handle: int, gpio: int, group_bits: int, group_mask: int = GROUP_ALL) -> int:
        self._k("group_write")
        line = self._line(gpio)
        group = line.group or (gpio,)
        if group[0] != gpio:
            raise LgpioError("'not the group leader'")
        if line.mode != "output":
            raise LgpioError("'GPIO not an output'")
        for i, g in enumerate(group):
            if group_mask >> i & 1:
                self.lines[g].value = group_bits >> i & 1
        self.settle()
        return len(group)

    def gpio_set_debounce_micros(self, handle: int, gpio: int, debounce_micros: int) -> int:
        self._k("gpio_set_debounce_micros")
        return 0

    def callback(self, handle: int, gpio: int, edge: int = RISING_EDGE, func: Callable[..., Any] | None = None) -> _Callback:
        # lgpio.callback registers with the notification thread: no kernel call
        cb = _Callback(self, gpio, edge, func or (lambda *a: None))
        self.callbacks.append(cb)
        return cb

    def tx_pwm(self, *args: Any) -> int:
        raise LgpioError("'PWM is not simulated'")


_saved: list[Any] = []


def install(fake: FakeLgpio) -> Any:
    """Put ``fake`` where ``import lgpio`` and gpiozero's lgpio pin factory find it (undo with
    :func:`uninstall`); returns gpiozero's ``LGPIOFactory`` class."""
    if not _saved:
        _saved.append(sys.modules.get("lgpio"))
    sys.modules["lgpio"] = fake  # type: ignore[assignment]
    import gpiozero.pins.lgpio as gl

    gl.lgpio = fake
    return gl.LGPIOFactory


def uninstall() -> None:
    """Give ``import lgpio`` (and gpiozero) back the real module, when there is one."""
    real = _saved.pop() if _saved else None
    if real is None:
        sys.modules.pop("lgpio", None)
        return
    sys.modules["lgpio"] = real
    import gpiozero.pins.lgpio as gl

    gl.lgpio = real


def factory(fake: FakeLgpio, revision: int = 0x902120) -> Any:
    """gpiozero's real ``LGPIOFactory`` on ``fake``, as on a Pi with board ``revision``
    (default 0x902120: a Zero 2 W; gpiozero reads it from /proc/device-tree on a Pi)."""
    cls = install(fake)

    class SimulatedPiLGPIOFactory(cls):  # type: ignore[misc, valid-type]
        def _get_revision(self) -> int:
            return revision

    return SimulatedPiLGPIOFactory()


#: what one lgpio function costs in Python-level calls beyond its own: lgpio.py wraps each
#: C function in a Python function that passes the status through _u2i / _u2i_list (which
#: calls u2i), e.g. ``group_read -> _lgpio._group_read (C) -> _u2i_list -> u2i`` (lgpio_extra.py)
LGPIO_EXTRA_CALLS = 3


def count_calls(fn: Callable[[], Any], fake: FakeLgpio) -> tuple[int, int]:
    """(Python-level calls, lgpio kernel calls) made by ``fn()``.

    Python-level calls are what ``sys.setprofile`` reports as ``call`` (a Python function, a
    generator resumed) or ``c_call`` (a builtin), outside this stand-in; each lgpio function
    called counts 1 + :data:`LGPIO_EXTRA_CALLS`, as the real library's would. Calls made by the
    notification thread's callbacks are included (they take the same core)."""
    here = __file__
    calls = 0
    before = sum(fake.kernel_calls.values())

    def profile(frame: Any, event: str, arg: Any) -> None:
        nonlocal calls
        if event not in ("call", "c_call"):
            return
        if frame.f_code.co_filename == here:  # the stand-in's own work is the chip's, not Python's
            if event == "call" and frame.f_back is not None and frame.f_back.f_code.co_filename != here:
                calls += 1 + LGPIO_EXTRA_CALLS  # an lgpio function entered from outside
            return
        calls += 1  # including the callbacks deliver() runs (the notification thread's work)

    sys.setprofile(profile)
    try:
        fn()
    finally:
        sys.setprofile(None)
    return calls, sum(fake.kernel_calls.values()) - before

