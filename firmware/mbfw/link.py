# The firmware's side of the protocol (docs/protocol.md), hardware-free.
#
# write(bytes) sends to the host; clock has MicroPython's ticks_ms() and ticks_diff(end, start)
# (the `time` module on the board); show(bytes r,g,b,r,g,b...) takes a frame in the host's order;
# state() -> (closed reed cells, hall sensors sensing).
# Silent until the host's HELLO; then HELLO, S, events, a heartbeat every 500 ms.
# A host silent for HOST_TIMEOUT_MS is gone: back to silence and the waiting light.
#
# ticks_ms() wraps (every 2**30 ms = 12.4 days on the RP2040), so ticks are only ever compared
# through ticks_diff (MicroPython docs/library/time.rst); `a - b` stops the heartbeat at the wrap.

from . import protocol as p

HEARTBEAT_MS = 500
HOST_TIMEOUT_MS = 3000


class Link:
    def __init__(self, write, clock, show, state, info, waiting=None):
        self.write = write
        self.now_ms = clock.ticks_ms
        self.diff = clock.ticks_diff
        self.show = show
        self.state = state
        self.info = info  # [("board", "magic-6x6"), ("leds", "36"), ...]
        self.waiting = waiting
        self.reader = p.LineReader()
        self.seq = 0
        self.host = False
        self.last_rx = clock.ticks_ms()
        self.last_hb = self.last_rx
        self.errors = 0
        self.handlers = {"HELLO": self.on_hello, "F": self.on_frame, "P": self.on_ping, "Q": self.on_query}

    def send(self, words):
        if self.host:
            self.write(p.encode(self.seq, words))
            self.seq = (self.seq + 1) % p.SEQ_MODULO

    # -- from the host ---------------------------------------------------------
    def feed(self, data):
        for line in self.reader.feed(data):
            self.last_rx = self.now_ms()
            if line == b"":
                self.error("too-long", None)
                continue
            try:
                seq, type_, fields = p.decode(line)
                handler = self.handlers.get(type_)
                if handler is None:
                    raise p.BadLine("unknown", seq)
                handler(seq, fields)
            except p.BadLine as e:
                self.error(e.args[0], e.args[1] if len(e.args) > 1 else None)

    def error(self, code, seq):
        self.errors += 1
        self.send(["E", code, "-" if seq is None else str(seq)])

    def on_hello(self, seq, fields):
        proto = None
        for f in fields:
            if f.startswith("proto="):
                proto = f[6:]
        self.host = True
        self.seq = 0
        words = ["HELLO", "proto=%d" % p.PROTOCOL_VERSION, "fw=" + p.FIRMWARE_VERSION]
        for k, v in self.info:
            words.append("%s=%s" % (k, v))
        self.send(words)
        if proto != str(p.PROTOCOL_VERSION):
            self.error("proto", seq)  # the host refuses us; it names what to flash
        self.on_query(seq, [])

    def on_frame(self, seq, fields):
        if len(fields) != 1:
            raise p.BadLine("fields", seq)
        try:
            pixels = p.frame_pixels(fields[0])
        except p.BadLine:
            raise p.BadLine("fields", seq)
        self.show(pixels)
        self.send(["A", str(seq)])

    def on_ping(self, seq, fields):
        pass

    def on_query(self, seq, fields):
        reeds, hall = self.state()
        self.send(["S", "r=" + (",".join(sorted(reeds)) or "-"), "h=" + (",".join(sorted(hall)) or "-")])

    # -- to the host -------------------------------------------------------------
    def reed(self, cell, closed):
        self.send(["R", cell, "1" if closed else "0"])

    def hall(self, sensor, ball):
        self.send(["H", sensor, "1" if ball else "0"])

    def hall_raw(self, sensor, value):
        self.send(["HR", sensor, str(value)])

    def button(self, name):
        self.send(["B", name])

    def tick(self):
        """Call often: heartbeats, and dropping a host that went quiet."""
        now = self.now_ms()
        diff = self.diff
        if self.host and diff(now, self.last_rx) > HOST_TIMEOUT_MS:
            self.host = False
            if self.waiting is not None:
                self.waiting()
        if diff(now, self.last_hb) >= HEARTBEAT_MS:
            self.last_hb = now
            self.send(["HB", str(now)])
