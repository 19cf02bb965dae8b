# Stand-in for MicroPython's `machine` module on an RP2040, with a simulated board behind the
# pins: a diode matrix of reed switches, Hall-effect sensors (ADC and digital), buttons, and the
# LED chain's data pin. Runs under CPython (tests/serial/fake_rp2040.py) and under the real
# MicroPython unix port (tests/serial/mpy_runner.py). MicroPython-compatible on purpose.
#
# What it models as the real port does (micropython/micropython, ports/rp2):
# * Pin(id, mode, pull, value=...), value() / value(v), init(); an input reads its pull-up
#   unless something pulls it low;
# * ADC(Pin(26..28)).read_u16(): 0-65535;
# * bitstream(pin, 0, timing, buf) (ports/rp2/machine_bitstream.c): bit-bangs `buf` with
#   interrupts off; here it records the bytes on the wire per pin and advances the board's clock
#   by the time that takes: 8 bits x (high + low time) per byte, 1.25 us per bit at 800 kHz.
#   Nothing else runs meanwhile, so a scan that falls due is late by that much.


class Board:
    """What is physically there: closed reeds by (row pin, column pin), ADC values, pin levels."""

    def __init__(self):
        self.closed = set()  # (row pin, column pin) crossings whose reed (with diode) is closed
        self.adc = {}  # GPIO -> read_u16 value
        self.levels = {}  # GPIO -> level forced by the outside world (a button, a digital Hall sensor)
        self.pins = {}  # GPIO -> Pin
        self.wire = {}  # GPIO -> bytes last sent with bitstream()
        self.writes = {}  # GPIO -> number of bitstream() calls
        self.irq_off_us = []  # duration of every bitstream() call, microseconds
        self.clock = None  # an rp2clock.Clock, advanced by bitstream()

    def column(self, col):
        for (r, c) in self.closed:
            if c == col and r in self.pins and self.pins[r].driven == 0:
                return 0
        return 1


board = Board()


def reset():
    global board
    board = Board()
    return board


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    ALT = 3
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, id, mode=-1, pull=-1, value=None):
        if not isinstance(id, int) or not 0 <= id <= 29:
            raise ValueError("invalid pin")
        self.id = id
        self.mode = self.IN
        self.pull = None
        self.driven = 1
        self.init(mode, pull, value)
        board.pins[id] = self

    def init(self, mode=-1, pull=-1, value=None):
        if mode != -1:
            self.mode = mode
        if pull != -1:
            self.pull = pull
        if value is not None:
            self.driven = 1 if value else 0

    def value(self, v=None):
        if v is not None:
            self.driven = 1 if v else 0
            return None
        if self.mode == self.OUT:
            return self.driven
        if self.id in board.levels:
            return board.levels[self.id]
        return board.column(self.id)

    def __call__(self, v=None):
        return self.value(v)

    def on(self):
        self.driven = 1

    def off(self):
        self.driven = 0


class ADC:
    def __init__(self, pin):
        if isinstance(pin, Pin):
            pin = pin.id
        if pin not in (26, 27, 28, 29):
            raise ValueError("Pin doesn't have ADC capabilities")
        self.id = pin

    def read_u16(self):
        return board.adc.get(self.id, 32768)


def bitstream(pin, encoding, timing, buf):
    if encoding != 0:
        raise ValueError("encoding")
    if len(timing) != 4:
        raise ValueError("timing")
    pin.mode = Pin.OUT  # mp_hal_pin_output(pin)
    board.wire[pin.id] = bytes(buf)
    board.writes[pin.id] = board.writes.get(pin.id, 0) + 1
    bit_ns = (timing[0] + timing[1] + timing[2] + timing[3]) // 2  # a 0 and a 1 take about the same
    us = len(buf) * 8 * bit_ns // 1000
    board.irq_off_us.append(us)
    if board.clock is not None:
        board.clock.advance_us(us)
