# The firmware's side of the protocol (docs/protocol.md), hardware-free.
#
# write(bytes) sends to the host; clock has MicroPython's ticks_ms() and ticks_diff(end, start)
# (the `time` module on the board); show(bytes r,g,b,r,g,b...) takes a frame in the host's order;
# state() -> (closed reed cells, hall sensors sensing).
# Silent until the host's HELLO; then HELLO, S, events, a heartbeat every 500 ms.
# A host silent for HOST_TIMEOUT_MS is gone: back to silence and the waiting light.
# Every line sent is kept in a ring (ring.py) and sent again, byte for byte, when the host asks
# with RESEND <seq> [<count>]: RESEND_BURST lines at once, the rest RESEND_BURST a pass, so a
# long resend never holds up a scan; lines no longer kept are answered with E gone.
# A sensor event, state or error line is followed by a heartbeat TAIL_MS later unless another
# line went out meanwhile: a line lost without a trace is then noticed by the host (a gap in the
# numbers) within TAIL_MS, not at the next 500 ms heartbeat.
#
# ticks_ms() wraps (every 2**30 ms = 12.4 days on the RP2040), so ticks are only ever compared
# through ticks_diff (MicroPython docs/library/time.rst); `a - b` stops the heartbeat at the wrap.

from . import protocol as p
from .ring import Ring

HEARTBEAT_MS = 500
HOST_TIMEOUT_MS = 3000
RESEND_BURST = 16  # lines resent per main-loop pass (~500 bytes at most: well under a 2 ms scan)
TAIL_MS = 20
TAILED = ("R", "H", "B", "S", "E")  # the lines a heartbeat follows
HALF = p.SEQ_MODULO // 2


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
        self.tail = False  # a heartbeat is due TAIL_MS after last_tx
        self.last_tx = self.last_rx
        self.errors = 0
        self.ring = Ring()
        self.resend_seq = 0  # the next line to resend
        self.resend_left = 0  # lines still to resend
        self.resent = 0
        self.handlers = {"HELLO": self.on_hello, "F": self.on_frame, "P": self.on_ping, "Q": self.on_query,
                         "RESEND": self.on_resend}

    def send(self, words):
        if self.host:
            line = p.encode(self.seq, words)
            self.write(line)
            self.ring.keep(self.seq, line)
            self.seq = (self.seq + 1) % p.SEQ_MODULO
            self.tail = words[0] in TAILED
            if self.tail:
                self.last_tx = self.now_ms()

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
        self.ring.clear()
        self.resend_left = 0
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

    def on_resend(self, seq, fields):
        """RESEND <first> [<count>]: the lines from `first` again (count of them, or all up to the
        newest); the part no longer kept is answered with E gone <seq> <oldest kept>."""
        if not 1 <= len(fields) <= 2:
            raise p.BadLine("fields", seq)
        first = p.number(fields[0], 0, p.SEQ_MODULO - 1, seq)
        count = p.number(fields[1], 1, p.SEQ_MODULO - 1, seq) if len(fields) == 2 else p.SEQ_MODULO
        ring = self.ring
        back = ring.behind(first)
        if back == 0 or back > HALF:
            return  # not sent yet: nothing to send
        gone = back > ring.count  # the oldest asked for are no longer kept
        if gone:
            count -= back - ring.count
            first = ring.oldest()
            back = ring.count
        self.resend_seq = first
        self.resend_left = min(count, back) if count > 0 else 0
        self.resend_some()
        if gone:  # after the first burst: this new line may push the oldest kept out
            self.send(["E", "gone", str(seq), str(first)])

    def resend_some(self):
        n = self.resend_left if self.resend_left < RESEND_BURST else RESEND_BURST
        ring, write = self.ring, self.write
        while n > 0:
            line = ring.get(self.resend_seq)
            if line is None:  # pushed out meanwhile: the host will ask again
                self.resend_left = 0
                return
            write(line)
            self.resent += 1
            self.resend_seq = (self.resend_seq + 1) % p.SEQ_MODULO
            self.resend_left -= 1
            n -= 1

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
        """Call often: heartbeats, the rest of a resend, and dropping a host that went quiet."""
        now = self.now_ms()
        diff = self.diff
        if self.resend_left and self.host:
            self.resend_some()
        if self.host and diff(now, self.last_rx) > HOST_TIMEOUT_MS:
            self.host = False
            self.resend_left = 0
            if self.waiting is not None:
                self.waiting()
        if diff(now, self.last_hb) >= HEARTBEAT_MS or (self.tail and diff(now, self.last_tx) >= TAIL_MS):
            self.last_hb = now
            self.send(["HB", str(now)])
