# MicroPython only: `import time` in the firmware finds this module first on sys.path (the
# unix port lets a .py shadow a built-in module). One virtual RP2040 clock (rp2clock.py),
# shared with the machine stand-in, whose bitstream() advances it.
import machine
from rp2clock import Clock

clock = Clock()
machine.board.clock = clock
ticks_ms = clock.ticks_ms
ticks_us = clock.ticks_us
ticks_diff = clock.ticks_diff
ticks_add = clock.ticks_add
sleep_ms = clock.sleep_ms


def sleep_us(us):
    clock.advance_us(us)
