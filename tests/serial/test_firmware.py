"""The RP2040 firmware's logic under CPython: scanning with debounce on a simulated diode matrix,
Hall thresholds with hysteresis, buttons, LED chain mapping, the protocol against the golden
vectors, and the whole main loop with stand-ins for machine and neopixel."""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

import pytest

import mbfw.protocol as fwp
from mbfw.config import check
from mbfw.leds import LedChain
from mbfw.link import Link
from mbfw.scan import HallChannel, Key, MatrixScanner, default_cells, scans_for
from mazeboard.hal.serial.parser import LineParser, Received
from mazeboard.hal.serial.protocol import BOARD_MESSAGES, Ack, ErrorReport, Hello, Reed, State

import fake_rp2040

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware"


# -- pure pieces ------------------------------------------------------------------------
def test_key_ignores_a_glitch_shorter_than_the_window_and_collapses_bounce():
    k = Key(need=5)
    assert [k.update(v) for v in [True] * 4 + [False]] == [None] * 5  # 8 ms closure at 2 ms/scan
    seq = [True, False, True, True, True, True, True]  # bounce, then held
    out = [k.update(v) for v in seq]
    assert out.count(True) == 1 and out[-1] is True
    assert scans_for(10, 2) == 5 and scans_for(1, 2) == 1


def test_matrix_8x8_reports_each_change_once_after_debounce():
    cells = default_cells(8, 8)
    assert cells[0] == "a1" and cells[9] == "b2" and cells[63] == "h8"
    m = MatrixScanner(8, 8, cells, need=3)
    closed = {(2, 5), (7, 7)}
    read = lambda r: [(r, c) in closed for c in range(8)]  # noqa: E731
    reports = [m.scan(read) for _ in range(4)]
    assert reports[:2] == [[], []] and sorted(reports[2]) == [("f3", True), ("h8", True)] and reports[3] == []
    closed.discard((2, 5))
    assert [m.scan(read) for _ in range(3)][-1] == [("f3", False)]
    assert m.closed() == ["h8"]
    with pytest.raises(ValueError):
        MatrixScanner(9, 8, default_cells(9, 8), 1)


def test_analog_hall_threshold_has_hysteresis():
    h = HallChannel("tray-sw", need=1, on=40000, off=37000)
    seq = [32000, 40500, 38000, 39999, 37500, 36000, 38500, 40000]
    assert [h.update(v) for v in seq] == [None, True, None, None, None, False, None, True]
    falling = HallChannel("tray-se", need=1, on=20000, off=25000)  # magnet polarity reversed
    assert [falling.update(v) for v in [30000, 19000, 24000, 26000]] == [None, True, None, False]
    digital = HallChannel("tray-nw", need=2)
    assert [digital.update(v) for v in [1, 0, 0, 1, 1]] == [None, None, True, None, False]


def test_led_chain_order_brightness_and_serpentine_map():
    chain = LedChain(3, order="RGB", brightness=0.5, chain=[2, 1, 0])
    out = chain.render(bytes([200, 100, 0, 0, 0, 0, 10, 20, 30]), chain.buffer())
    # chain LED 0 shows frame pixel 2; an RGB strip takes red first off the wire
    assert out == bytes([5, 10, 15, 0, 0, 0, 100, 50, 0])
    grb = LedChain(2)
    assert grb.render(bytes([1, 2, 3]), grb.buffer()) == bytes([2, 1, 3, 0, 0, 0])  # short frame: the rest dark
    spare = LedChain(2, chain=[None, 0])
    assert spare.render(bytes([1, 2, 3]), bytearray(b"\xff" * 6)) == bytes([0, 0, 0, 2, 1, 3])
    assert grb.waiting(grb.buffer()) == bytes([0, 0, 24, 0, 0, 0])
    with pytest.raises(ValueError):
        LedChain(2, order="XYZ")


# -- the protocol, firmware side, against the golden vectors ------------------------------
def host_lines(vectors, type_):
    return [c["line"].encode() + b"\n" for c in vectors["good"] if c["dir"] == "host" and c["type"] == type_]


class Ticks:
    """ticks_ms / ticks_diff on a settable virtual millisecond (wrapping as on the RP2040)."""

    def __init__(self) -> None:
        self.clock = fake_rp2040.Clock()

    def __getitem__(self, _: int) -> int:
        return self.clock.ticks_ms()

    def __setitem__(self, _: int, ms: int) -> None:
        self.clock.now_us = ms * 1000


def make_link():
    out = bytearray()
    shown = []
    now = Ticks()
    link = Link(out.extend, now.clock, shown.append, lambda: (["a1", "f6"], []),
                [("board", "test"), ("leds", "3")])
    return link, out, shown, now


def decode_all(data: bytes):
    parser = LineParser(BOARD_MESSAGES)
    items = parser.feed(data)
    assert parser.bad_lines == 0
    return [i.message for i in items if isinstance(i, Received)]


def test_firmware_is_silent_until_hello_then_answers_with_hello_and_state(vectors):
    link, out, shown, now = make_link()
    link.reed("a2", True)
    now[0] = 600
    link.tick()
    assert out == b""
    link.feed(host_lines(vectors, "HELLO")[0])
    msgs = decode_all(bytes(out))
    assert msgs[0] == Hello(fwp.PROTOCOL_VERSION, {"fw": fwp.FIRMWARE_VERSION, "board": "test", "leds": "3"})
    assert msgs[1] == State(frozenset({"a1", "f6"}), frozenset())
    assert out.startswith(b"0 HELLO ")


def test_firmware_shows_the_vector_frame_and_acks_it(vectors):
    link, out, shown, _ = make_link()
    link.feed(host_lines(vectors, "HELLO")[0])
    out.clear()
    frame = host_lines(vectors, "F")[0]
    link.feed(frame[:7])  # arrives in two pieces
    link.feed(frame[7:])
    assert shown == [bytes([255, 0, 0, 0, 0, 0, 16, 32, 48])]
    assert decode_all(bytes(out)) == [Ack(int(frame.split(b" ")[0]))]


def test_firmware_reports_bad_vector_lines_as_errors(vectors):
    link, out, _, _ = make_link()
    link.feed(host_lines(vectors, "HELLO")[0])
    out.clear()
    for case in vectors["bad"]:
        link.feed(case["line"].encode("utf-8") + b"\n")
    link.feed(b"Z" * 2000 + b"\n")
    errors = [m for m in decode_all(bytes(out)) if isinstance(m, ErrorReport)]
    assert [e.code for e in errors] == [c["reason"] for c in vectors["bad"]] + ["too-long"]


def test_firmware_forgets_a_silent_host():
    link, out, _, now = make_link()
    waited = []
    link.waiting = lambda: waited.append(now[0])
    link.feed(fwp.encode(0, ["HELLO", "proto=2"]))
    now[0] = 3500
    link.tick()
    assert waited == [3500] and not link.host


# -- resending (protocol 2) ---------------------------------------------------------------------
def hello_link(vectors):
    link, out, shown, now = make_link()
    link.feed(host_lines(vectors, "HELLO")[0])
    out.clear()
    return link, out, now


def host_line(seq: int, *words: str) -> bytes:
    return fwp.encode(seq, list(words))


def test_firmware_resends_the_lines_asked_for_byte_for_byte(vectors):
    link, out, now = hello_link(vectors)
    for cell in ("a2", "a3", "a4", "a5"):
        link.reed(cell, True)  # lines 2..5
    sent = bytes(out).split(b"\n")
    out.clear()
    link.feed(host_line(1, "RESEND", "3", "2"))
    assert bytes(out) == sent[1] + b"\n" + sent[2] + b"\n"  # lines 3 and 4, as they were
    out.clear()
    link.feed(host_line(2, "RESEND", "4"))  # from 4 to the newest
    assert decode_all(bytes(out)) == [Reed("a4", True), Reed("a5", True)]
    out.clear()
    link.feed(host_line(3, "RESEND", "6") + host_line(4, "RESEND", "30000"))  # not sent yet: nothing
    assert out == b""


def test_firmware_answers_lines_it_no_longer_keeps_with_e_gone_then_resends_the_rest(vectors):
    link, out, now = hello_link(vectors)
    for i in range(300):  # lines 2..301: the ring keeps the last 256, 46..301
        link.reed("c3", i % 2 == 0)
    out.clear()
    link.feed(host_line(7, "RESEND", "40", "10"))
    got = decode_all(bytes(out))
    assert len(got) == 4 + 1 and got[-1] == ErrorReport("gone", 7, "46")  # 46..49 of 40..49, then E gone
    assert bytes(out).split(b"\n")[0].startswith(b"46 R c3 ")


def test_a_long_resend_goes_out_a_burst_a_pass(vectors):
    from mbfw.link import RESEND_BURST

    link, out, now = hello_link(vectors)
    for i in range(100):
        link.reed("c3", i % 2 == 0)
    out.clear()
    link.feed(host_line(1, "RESEND", "2"))
    assert len(decode_all(bytes(out))) == RESEND_BURST
    passes = 0
    while link.resend_left:
        link.tick()
        passes += 1
    assert passes == -(-100 // RESEND_BURST) - 1 and link.resent == 100


def test_resend_field_errors_are_answered_with_e_fields(vectors):
    link, out, now = hello_link(vectors)
    for case in vectors["bad_fields"]:
        if case["dir"] == "host":
            link.feed(case["line"].encode() + b"\n")
    errors = decode_all(bytes(out))
    assert [(e.code, e.seq) for e in errors] == [("fields", int(c["line"].split()[0]))
                                                  for c in vectors["bad_fields"] if c["dir"] == "host"]


def test_a_heartbeat_follows_an_event_line_20_ms_later(vectors):
    from mbfw.link import TAIL_MS

    link, out, now = hello_link(vectors)
    now[0] = 100
    link.tick()  # the tail of HELLO's state line
    out.clear()
    now[0] = 300
    link.reed("b2", True)
    now[0] = 300 + TAIL_MS - 1
    link.tick()
    assert decode_all(bytes(out)) == [Reed("b2", True)]
    now[0] = 300 + TAIL_MS
    link.tick()
    assert [type(m).__name__ for m in decode_all(bytes(out))] == ["Reed", "Heartbeat"]
    out.clear()
    link.feed(host_lines(vectors, "F")[0])  # an ack is not followed by one
    now[0] = 500
    link.tick()
    assert [type(m).__name__ for m in decode_all(bytes(out))] == ["Ack"]


def test_the_ring_is_cleared_by_a_new_hello(vectors):
    link, out, now = hello_link(vectors)
    link.reed("b2", True)
    link.feed(host_lines(vectors, "HELLO")[0])
    out.clear()
    link.feed(host_line(1, "RESEND", "2"))  # line 2 of the new conversation is not sent yet
    assert out == b""
    assert link.ring.count == 2  # the new HELLO and state lines


def test_config_checks_name_the_key():
    raw = json.loads((FIRMWARE / "config.json").read_text())
    cfg = check(raw)
    assert len(cfg["matrix"]["cells"]) == 36 and cfg["matrix"]["cells"][35] == "f6"
    for bad, key in [({"scan_hz": 100}, "scan_hz"), ({"hall": [{"name": "x", "adc": 5, "on": 1, "off": 1}]}, "hall.x.adc"),
                     ({"matrix": {"rows": [1, 2], "cols": [3], "cells": ["a1"]}}, "matrix.cells"),
                     ({"colour": 1}, "colour")]:
        with pytest.raises(ValueError, match=key.replace(".", r"\.")):
            check(bad)


# -- the whole firmware with stand-ins for machine and neopixel -----------------------------
@pytest.fixture()
def rp2040(monkeypatch):
    clock = fake_rp2040.Clock()
    modules = fake_rp2040.make_modules(clock)
    for name, module in modules.items():
        monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.delitem(sys.modules, "mbfw.glue", raising=False)
    glue = importlib.import_module("mbfw.glue")
    monkeypatch.setattr(glue, "time", clock)
    return modules["machine"].board, glue, clock


def test_main_loop_scans_the_matrix_and_drives_the_leds(rp2040, vectors):
    board, glue, clock = rp2040
    usb = fake_rp2040.Usb()
    cfg_path = str(FIRMWARE / "config.json")
    fw = glue.main(cfg_path, loops=10, usb=usb)
    assert fake_rp2040.leds_on_wire(board.wire[22])[0] == (0, 0, 7)  # waiting light: no host yet (dim blue x 0.3)
    assert usb.take() == b""
    usb.to_board += host_lines(vectors, "HELLO")[0]
    board.closed.add((2, 8))  # a pawn on a1: row pin 2 (rank 1), column pin 8 (file a)
    board.adc[26] = 45000  # a ball at tray-sw
    board.levels[16] = 0  # roll held down
    start_ms, loops = clock.ticks_ms(), 500
    for _ in range(loops):
        fw.step()
        clock.sleep_ms(fw.period_ms)
    scans_per_s = loops * 1000 / (clock.ticks_ms() - start_ms)
    assert scans_per_s >= 200
    msgs = decode_all(usb.take())
    assert isinstance(msgs[0], Hello) and msgs[1] == State(frozenset(), frozenset())
    events = [m for m in msgs if not isinstance(m, (Hello, State)) and type(m).__name__ != "Heartbeat"]
    assert Reed("a1", True) in events
    assert [type(m).__name__ for m in events].count("Button") == 1
    assert any(type(m).__name__ == "Hall" and m.sensor == "tray-sw" and m.ball for m in events)
    # a frame from the host lands on the strip, in GRB order with brightness 0.3
    frame = b"".join(fwp.encode(1, ["F", "FF0000" + "00FF00" + "000000" * 34]).split(b"\n")) + b"\n"
    usb.to_board += frame
    fw.step()
    shown = fake_rp2040.leds_on_wire(board.wire[22])
    assert shown[0] == (75, 0, 0) and shown[1] == (0, 75, 0) and shown[2] == (0, 0, 0)
    assert decode_all(usb.take())[-1] == Ack(1)


def test_a_short_glitch_on_the_matrix_is_never_reported(rp2040, vectors):
    board, glue, clock = rp2040
    usb = fake_rp2040.Usb()
    fw = glue.main(str(FIRMWARE / "config.json"), loops=1, usb=usb)
    usb.to_board += host_lines(vectors, "HELLO")[0]
    fw.step()
    usb.take()
    board.closed.add((4, 10))  # c3, 4 ms: shorter than the 10 ms window
    for _ in range(2):
        fw.step()
        clock.sleep_ms(fw.period_ms)
    board.closed.clear()
    for _ in range(20):
        fw.step()
        clock.sleep_ms(fw.period_ms)
    assert not any(isinstance(m, Reed) for m in decode_all(usb.take()))


def test_firmware_does_not_import_the_pi_side():
    import ast

    for path in FIRMWARE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            assert not any(n.split(".")[0] in ("mazeboard", "serial", "hal", "sim", "controller") for n in names), path
