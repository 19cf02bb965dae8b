# Runs INSIDE MicroPython (the unix port); benchmarks/bench_firmware.py starts it and prints
# the figures. MicroPython code: no typing, no f-strings.
#
#   micropython benchmarks/firmware_on_micropython.py FIRMWARE_DIR STANDINS_DIR FRAMES_FILE
#
# FRAMES_FILE (also this process's stdin) holds a HELLO and then 36-LED frame lines, each with
# other pixels. The firmware runs on the RP2040 stand-ins for `machine` and `neopixel`
# (tests/serial/rp2040/: bitstream() records the wire and costs nothing here; on the Pico it
# keeps interrupts off for 1.08 ms per 36-LED write), with the interpreter's real `time`.
# Prints one JSON object.

import json
import sys
import time  # the real one: imported before the stand-ins' directory is on the path

FIRMWARE, STANDINS, FRAMES = sys.argv[1], sys.argv[2], sys.argv[3]
sys.path.insert(0, STANDINS)
sys.path.append(FIRMWARE)

import machine  # noqa: E402, F401  (the stand-in, before glue imports it)
from mbfw import glue  # noqa: E402
from mbfw import protocol  # noqa: E402

ticks_us, diff = time.ticks_us, time.ticks_diff


class Sink:
    def write(self, b):
        pass


def mean_us(fn, n, repeat=15):
    """The best of `repeat` means over n calls (a shared machine's noise only ever adds)."""
    best = None
    for _ in range(repeat):
        t0 = ticks_us()
        for _ in range(n):
            fn()
        us = diff(ticks_us(), t0) / n
        best = us if best is None else min(best, us)
    return best


cfg = glue.load(FIRMWARE + "/config.json")
usb = glue.Usb(stdout=Sink())
usb.write = Sink().write
fw = glue.Firmware(cfg, usb)

idle_us = mean_us(lambda: (fw.scan(), fw.link.tick()), 1000)  # a main-loop pass with no input
scan_us = mean_us(fw.scan, 1000)

with open(FRAMES, "rb") as f:
    lines = [ln + b"\n" for ln in f.read().split(b"\n") if ln]
frames = lines[1:]
frame = frames[0]
crc_us = mean_us(lambda: protocol.crc16(frame), 200)
decode_us = mean_us(lambda: protocol.decode(frame[:-1]), 200)

# reading: usb.read() on this process's stdin (the same file), as many bytes as the frames hold
total = sum(len(ln) for ln in lines)
got = [0, 0]


def read_all():
    got[0] = got[1] = 0
    while got[0] < total // 6:
        data = usb.read()
        if not data:
            break
        got[0] += len(data)
        got[1] += 1


read_us = mean_us(read_all, 1, 5) / got[0]  # per byte; five rounds take 5/6 of the file
per_pass = got[0] / got[1]

# the same reads with the C calls made cheap, as on the RP2040 (poll: a ring-buffer peek, readinto:
# a ring-buffer get; here two system calls a byte): poll() -> str(0), an in-memory stream
import io  # noqa: E402


class CheapPoll:
    pass


real_poll, real_inb = usb.poll, usb.inb
usb.poll = CheapPoll()
usb.poll.poll = str
usb.inb = io.BytesIO(b"x" * (int(per_pass + 1) * 100 * 16))  # enough for 15 rounds of 100 reads
read_interp_us = mean_us(lambda: usb.read(), 100) / per_pass
usb.poll, usb.inb = real_poll, real_inb

fw.link.feed(lines[0])  # HELLO: the link now acks frames
k = [0]


def feed_next():
    fw.link.feed(frames[k[0] % len(frames)])
    k[0] += 1


feed_us = mean_us(feed_next, len(frames))
print(json.dumps({"idle_pass_us": idle_us, "scan_us": scan_us, "crc_us": crc_us, "decode_us": decode_us,
                  "read_us_per_byte": read_us, "read_interp_us_per_byte": read_interp_us,
                  "bytes_per_read": per_pass, "feed_us": feed_us,
                  "frames": len(frames), "line_bytes": len(frame), "lines_sent": fw.link.seq,
                  "writes": machine.board.writes.get(cfg["leds"]["pin"], 0)}))
