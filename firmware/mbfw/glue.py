# Board glue: the only module that touches the RP2040 (machine, USB serial).
# Everything it decides is in scan.py, leds.py and link.py.

import json
import sys
import time

import machine

try:
    import select
except ImportError:  # MicroPython ports name it uselect
    import uselect as select

from .config import check
from .leds import TIMING_NS, LedChain
from .link import Link
from .scan import ButtonChannel, HallChannel, MatrixScanner, scans_for


class Matrix:
    """Rows as open-drain outputs (driven low one at a time), columns as inputs with pull-ups;
    a closed reed (with its diode) pulls its column low while its row is driven."""

    def __init__(self, rows, cols):
        self.rows = [machine.Pin(r, machine.Pin.OPEN_DRAIN, value=1) for r in rows]
        self.cols = [machine.Pin(c, machine.Pin.IN, machine.Pin.PULL_UP) for c in cols]

    def read_row(self, r):
        row = self.rows[r]
        row.value(0)
        levels = [not c.value() for c in self.cols]
        row.value(1)
        return levels


class Usb:
    """The USB CDC serial port (MicroPython's stdin/stdout), read without blocking.

    rp2's stdin has no "whatever has arrived" read: read(n) waits until all n bytes are in
    (shared/runtime/sys_stdio_mphal.c, stdio_buffer_read: one mp_hal_stdin_rx_chr per byte), so
    a byte is taken only while poll says one is waiting. A pass takes at most READ_LIMIT bytes
    into a buffer allocated once; the rest waits in the USB buffers (TinyUSB's CDC FIFO and
    MicroPython's stdin ring buffer; when both are full the endpoint NAKs the host, nothing is
    lost: shared/tinyusb/mp_usbd_cdc.c). A 36-LED frame line (~230 bytes) arrives over 4 passes."""

    READ_LIMIT = 64

    def __init__(self, stdin=None, stdout=None, limit=READ_LIMIT):
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        self.poll = select.poll()
        self.poll.register(self.stdin, select.POLLIN)
        self.inb = getattr(self.stdin, "buffer", self.stdin)
        self.outb = getattr(self.stdout, "buffer", self.stdout)
        self.buf = bytearray(limit)
        self.one = bytearray(1)

    def read(self):
        ready = self.poll.poll
        readinto = self.inb.readinto
        one = self.one
        buf = self.buf
        n = 0
        limit = len(buf)
        while n < limit and ready(0):
            if not readinto(one):
                break
            buf[n] = one[0]
            n += 1
        return buf[:n] if n else b""

    def write(self, data):
        self.outb.write(data)


class Leds:
    """The LED chain's data pin, driven with machine.bitstream (the bit-bang neopixel uses).

    A write keeps interrupts off for 24 bits x 1.25 us per LED (1.08 ms for 36 LEDs;
    ports/rp2/machine_bitstream.c: mp_hal_quiet_timing_enter), so nothing is written when a
    frame leaves the bytes as they are (a host's retry, a repeated frame)."""

    def __init__(self, pin, chain):
        self.pin = machine.Pin(pin, machine.Pin.OUT, value=0)
        self.chain = chain
        self.shown = chain.buffer()
        self.next = chain.buffer()
        self.writes = 0

    def _write(self):
        if self.writes and self.next == self.shown:
            return
        self.shown, self.next = self.next, self.shown
        machine.bitstream(self.pin, 0, TIMING_NS, self.shown)
        self.writes += 1

    def show(self, pixels):
        self.chain.render(pixels, self.next)
        self._write()

    def show_waiting(self):
        self.chain.waiting(self.next)
        self._write()


class Firmware:
    def __init__(self, cfg, usb):
        self.cfg = cfg
        period_ms = max(1, 1000 // cfg["scan_hz"])
        self.period_ms = period_ms
        deb = cfg["debounce_ms"]
        m = cfg.get("matrix")
        self.matrix = None
        if m is not None:
            self.matrix_pins = Matrix(m["rows"], m["cols"])
            self.matrix = MatrixScanner(len(m["rows"]), len(m["cols"]), m["cells"],
                                        scans_for(deb["reed"], period_ms))
        self.hall = []
        for h in cfg["hall"]:
            ch = HallChannel(h["name"], scans_for(deb["hall"], period_ms), h.get("on"), h.get("off"))
            if "adc" in h:
                dev = machine.ADC(machine.Pin(h["adc"]))
                read = dev.read_u16
            else:
                pin = machine.Pin(h["pin"], machine.Pin.IN, machine.Pin.PULL_UP)
                read = pin.value
            self.hall.append((ch, read))
        self.buttons = []
        for b in cfg["buttons"]:
            pin = machine.Pin(b["pin"], machine.Pin.IN, machine.Pin.PULL_UP)
            self.buttons.append((ButtonChannel(b["name"], scans_for(deb["button"], period_ms)), pin.value))
        leds = cfg["leds"]
        self.leds = None
        if leds is not None:
            self.leds = Leds(leds["pin"], LedChain(leds["count"], leds.get("order", "GRB"),
                                                   leds.get("brightness", 0.3), leds.get("chain")))
        info = [("board", cfg["board"]), ("leds", str(leds["count"] if leds else 0))]
        if self.matrix is not None:
            info.append(("reeds", str(len([c for c in self.matrix.cells if c]))))
        self.usb = usb
        self.link = Link(usb.write, time, self.show, self.state, info, self.show_waiting)
        self.raw_every = cfg["report_raw_hall_ms"]
        self.last_raw = time.ticks_ms()
        self.show_waiting()

    def show(self, pixels):
        if self.leds is not None:
            self.leds.show(pixels)

    def show_waiting(self):
        if self.leds is not None:
            self.leds.show_waiting()

    def state(self):
        reeds = self.matrix.closed() if self.matrix is not None else []
        hall = [ch.name for ch, _ in self.hall if ch.key.stable]
        return reeds, hall

    def scan(self):
        link = self.link
        if self.matrix is not None:
            for cell, closed in self.matrix.scan(self.matrix_pins.read_row):
                link.reed(cell, closed)
        for ch, read in self.hall:
            level = ch.update(read())
            if level is not None:
                link.hall(ch.name, level)
        for ch, read in self.buttons:
            if ch.update(read()):
                link.button(ch.name)
        if self.raw_every and time.ticks_diff(time.ticks_ms(), self.last_raw) >= self.raw_every:
            self.last_raw = time.ticks_ms()
            for ch, read in self.hall:
                if ch.analog:
                    link.hall_raw(ch.name, read())

    def step(self):
        """One pass of the main loop: read the host, scan, heartbeat."""
        data = self.usb.read()
        if data:
            self.link.feed(data)
        self.scan()
        self.link.tick()


def load(path="config.json"):
    with open(path) as f:
        return check(json.load(f))


def main(path="config.json", loops=None, usb=None):
    """Run the firmware; `loops` bounds the passes (tests), None runs forever."""
    fw = Firmware(load(path), usb or Usb())
    n = 0
    next_ms = time.ticks_ms()
    while loops is None or n < loops:
        fw.step()
        n += 1
        next_ms = time.ticks_add(next_ms, fw.period_ms)
        wait = time.ticks_diff(next_ms, time.ticks_ms())
        if wait > 0:
            time.sleep_ms(wait)
        elif wait < -50:  # fell behind (a long frame): do not try to catch up
            next_ms = time.ticks_ms()
    return fw
