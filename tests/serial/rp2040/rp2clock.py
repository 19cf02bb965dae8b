# Virtual time as MicroPython's `time` module gives it on an RP2040, for the firmware's tests
# (CPython and the real MicroPython unix port). MicroPython-compatible: no typing, no f-strings.
#
# ticks_ms() wraps: on the RP2040 (32-bit words, 31-bit small ints) TICKS_PERIOD is 2**30,
# so the counter returns to 0 every 12.4 days (py/mpconfig.h: MICROPY_PY_TIME_TICKS_PERIOD =
# MP_SMALL_INT_POSITIVE_MASK + 1). ticks_diff and ticks_add are the formulas of
# extmod/modtime.c (micropython/micropython); plain `a - b` on two ticks goes wrong at the wrap,
# which docs/library/time.rst warns about. The unix port's own ticks wrap only at 2**62, which is
# why the tests bring this stand-in instead.
#
# Time is kept in microseconds: sleep_ms() and advance_us() move it (the machine stand-in's
# bitstream() advances it by the time the LED write keeps interrupts off). `start_ms` sets
# where the tick counter starts (e.g. just before the wrap).

TICKS_PERIOD = 1 << 30
TICKS_MAX = TICKS_PERIOD - 1
_HALF = TICKS_PERIOD // 2


class Clock:
    def __init__(self, start_ms=0):
        self.now_us = start_ms * 1000
        self.sleeps = []  # every sleep_ms argument, in order

    def ticks_ms(self):
        return (self.now_us // 1000) & TICKS_MAX

    def ticks_us(self):
        return self.now_us & TICKS_MAX

    def ticks_diff(self, end, start):
        return ((end - start + _HALF) & TICKS_MAX) - _HALF

    def ticks_add(self, ticks, delta):
        if not -_HALF < delta < _HALF:
            raise OverflowError("ticks interval overflow")
        return (ticks + delta) & TICKS_MAX

    def sleep_ms(self, ms):
        self.sleeps.append(ms)
        if ms > 0:
            self.now_us += ms * 1000

    def advance_us(self, us):
        self.now_us += us
