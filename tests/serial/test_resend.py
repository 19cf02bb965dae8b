"""The link's resend (protocol 2, issue 12): the host takes the board's lines in order, each once,
asks again for what went missing, and falls back to the state query only when the board no longer
has the lines or does not answer within the bounded wait.

First the host alone against lines fed to it (a fake port records what it sends), then the
emulated firmware and its ring, then whole scenarios over the pseudo-terminal link."""

from __future__ import annotations

import random
from typing import Any

import pytest

from mazeboard.hal.board import BoardRequest, LedLayout
from mazeboard.hal.clock import VirtualClock
from mazeboard.hal.events import LedFrame, ReedChanged
from mazeboard.hal.serial.board import QUICK_ASKS, RESEND_GIVE_UP_MS, RESEND_RETRY_MS, SerialBoard
from mazeboard.hal.serial.parser import LineParser, Received
from mazeboard.hal.serial.protocol import (
    FIRMWARE_VERSION,
    HOST_MESSAGES,
    PROTOCOL_VERSION,
    RING_BYTES,
    RING_LINES,
    Ack,
    Button,
    ErrorReport,
    Frame,
    Heartbeat,
    Hello,
    Query,
    Reed,
    Resend,
    State,
    encode,
)
from mazeboard.hal.serial.transport import SerialTransport
from mazeboard.sim.ring import LineRing

from serial_linkutil import open_game, play


class Port:
    """A pyserial-like port: what the host writes is kept; nothing arrives unless fed."""

    def __init__(self) -> None:
        self.written = bytearray()
        self.timeout: float | None = None
        self.in_waiting = 0

    def write(self, data: bytes) -> int:
        self.written += data
        return len(data)

    def read(self, n: int) -> bytes:
        return b""

    def close(self) -> None:
        pass

    def take(self) -> list[Any]:
        """The host's lines since the last take."""
        items = LineParser(HOST_MESSAGES).feed(bytes(self.written))
        self.written.clear()
        return [i.message for i in items if isinstance(i, Received)]


def host(closed: frozenset[str] = frozenset({"a1"})) -> tuple[SerialBoard, Port, VirtualClock, list[Any]]:
    port = Port()
    clock = VirtualClock()
    board = SerialBoard(SerialTransport("test://", opener=lambda url, baud: port), clock,
                        LedLayout.row_major(("a1", "a2", "a3")))
    events: list[Any] = []
    board.subscribe(events.append)
    board._open()
    board.feed(encode(Hello(PROTOCOL_VERSION, {"fw": FIRMWARE_VERSION, "leds": "3"}), 0)
               + encode(State(closed, frozenset()), 1))
    assert board.connected
    port.take()
    return board, port, clock, events


def names(events: list[Any]) -> list[str]:
    return [f"{e.cell}{int(e.closed)}" if isinstance(e, ReedChanged) else e.button for e in events]


# -- the host ---------------------------------------------------------------------------------
def test_a_gap_asks_for_the_missing_lines_and_holds_the_ones_after_it():
    board, port, clock, events = host()
    board.feed(encode(Reed("a2", True), 2) + encode(Reed("a1", False), 5))  # 3 and 4 lost
    assert names(events) == ["a21"]  # a1's opening waits for what came before it
    assert port.take() == [Resend(3, 2)]
    board.feed(encode(Button("roll"), 4) + encode(Reed("a3", True), 3))  # the resend, any order
    assert names(events) == ["a21", "a31", "roll", "a10"]
    assert board.window.recovered == 2 and board.counts["lost-lines"] == 0 and board.counts["resynced"] == 0


def test_duplicates_are_dropped_by_number():
    board, port, clock, events = host()
    lines = encode(Reed("a2", True), 2) + encode(Button("roll"), 3)
    board.feed(lines + lines + encode(Button("roll"), 3))
    assert names(events) == ["a21", "roll"] and board.window.repeats == 3


def test_a_bad_line_asks_at_once_for_everything_from_the_next_number():
    board, port, clock, events = host()
    board.feed(encode(Reed("a2", True), 2))
    bad = bytearray(encode(Button("roll"), 3))
    bad[4] ^= 0x01  # one flipped bit
    board.feed(bytes(bad))
    assert port.take() == [Resend(3)]
    board.feed(encode(Button("roll"), 3))
    assert names(events) == ["a21", "roll"]


def test_a_line_bad_every_time_is_asked_for_a_bounded_number_of_times_at_once():
    board, port, clock, events = host()
    garbage = b"3 B roll*0000\n"
    for _ in range(20):
        board.feed(garbage)
    assert port.take() == [Resend(2)] * QUICK_ASKS  # then the timer's pace: nobody asks and answers forever
    board.feed(encode(Button("roll"), 2))  # a line in order again: asking at once is allowed again
    board.feed(garbage)
    assert port.take() == [Resend(3)]


def test_asks_again_every_retry_period_then_gives_up_and_asks_for_the_state():
    board, port, clock, events = host(closed=frozenset({"a1"}))
    board.feed(encode(Reed("a1", False), 3))  # line 2 (a2 closing) lost
    assert port.take() == [Resend(2, 1)] and events == []
    clock.advance(RESEND_GIVE_UP_MS - 1)
    asks = [m for m in port.take() if isinstance(m, Resend)]
    assert len(asks) == (RESEND_GIVE_UP_MS - 1) // RESEND_RETRY_MS and all(a == Resend(2, 1) for a in asks)
    assert events == []  # the held line waits the bounded time, no longer
    clock.advance(RESEND_RETRY_MS)
    assert names(events) == ["a10"] and Query() in port.take()
    assert board.counts["lost-lines"] == 1
    board.feed(encode(State(frozenset({"a2"}), frozenset()), 4))
    assert names(events) == ["a10", "a21"] and board.counts["resynced"] == 1  # the closing, recovered


def test_lines_given_up_together_are_one_log_line_and_one_state_query(caplog):
    """Two runs missing since the same moment are given up at the same retry: the host says so in
    one line (what it lost, that it resyncs from the state) and asks for the state once."""
    board, port, clock, events = host()
    board.feed(encode(Reed("a2", True), 2) + encode(Reed("a3", True), 4) + encode(Button("roll"), 6))  # 3, 5 lost
    port.take()
    caplog.clear()
    with caplog.at_level("WARNING", logger="mazeboard.hal.serial.board"):
        clock.advance(RESEND_GIVE_UP_MS + RESEND_RETRY_MS)
    said = [r.getMessage() for r in caplog.records if "lost for good" in r.getMessage()]
    assert len(said) == 1 and "2 line(s)" in said[0] and "state" in said[0], said
    assert [m for m in port.take() if isinstance(m, Query)] == [Query()]
    assert names(events) == ["a21", "a31", "roll"] and board.counts["lost-lines"] == 2


def test_a_state_query_without_answer_is_asked_again():
    board, port, clock, events = host()
    board.feed(encode(ErrorReport("gone", 7, "10"), 12))  # lines 2..9 are no longer kept: 10, 11 come
    assert [m for m in port.take() if isinstance(m, (Query, Resend))] == [Resend(10, 2), Query()]
    clock.advance(1000)
    assert Query() in port.take()
    board.feed(encode(Reed("a2", True), 10) + encode(Reed("a3", True), 11) + encode(State(frozenset({"a1", "a2", "a3"}),
                                                                                             frozenset()), 13))
    assert names(events) == ["a21", "a31"] and board.counts["lost-lines"] == 8
    clock.advance(2000)
    assert Query() not in port.take()


def test_a_lost_button_press_the_board_no_longer_keeps_is_lost_and_counted():
    """What the state query cannot give back: a press (docs/protocol.md says so). The ring makes
    it practically never happen; here the board says the line is gone."""
    board, port, clock, events = host()
    board.feed(encode(ErrorReport("gone", 3, "3"), 3))
    board.feed(encode(State(frozenset({"a1"}), frozenset()), 4))
    assert events == [] and board.counts["lost-lines"] == 1


def test_the_board_rejecting_a_host_line_resends_the_frame_and_the_asks_at_once():
    board, port, clock, events = host()
    board.show(LedFrame(0, ((255, 0, 0), (0, 0, 0), (0, 0, 0))))
    (frame,) = port.take()
    assert isinstance(frame, Frame)
    board.feed(encode(Reed("a2", True), 3))  # 2 lost: held
    port.take()
    board.feed(encode(ErrorReport("crc", None), 4))  # ahead of the gap, still answered at once
    again = port.take()
    assert frame in again and Resend(2, 1) in again
    board.feed(encode(Ack(3), 2))
    clock.advance(2000)
    assert not any(isinstance(m, Frame) for m in port.take())  # acknowledged: not sent again


def test_a_line_further_ahead_than_the_ring_is_a_restart_of_the_count():
    board, port, clock, events = host()
    board.feed(encode(Reed("a2", True), 2 + RING_LINES + 10))
    assert names(events) == ["a21"] and Query() in port.take()
    assert board.counts["lost-lines"] == RING_LINES + 10


def test_hostile_lines_never_grow_what_the_host_holds():
    board, port, clock, events = host()
    rng = random.Random(3)
    for _ in range(3000):
        board.feed(encode(Heartbeat(1), rng.randrange(65536)))
        assert board.window.held <= RING_LINES
    assert len({k for k in board.counts if k.startswith("board-error")}) <= 10
    board.feed(b"".join(encode(ErrorReport("x" * (i % 50 + 1), None), 0) for i in range(200)))
    assert len({k for k in board.counts if k.startswith("board-error")}) <= 10  # unknown codes: "other"


def test_a_hello_the_host_did_not_ask_for_does_not_restart_the_count():
    """The board says HELLO only in answer to the host's. One arriving later (a hostile board, or a
    ring replaying a stray line) is counted and ignored: taken as a restart, it would make the host
    take the lines after it again (the fuzz of tests/fuzz found the two ends asking and answering
    for ever that way)."""
    board, port, clock, events = host()
    lines = encode(Reed("a2", True), 2) + encode(Button("roll"), 3)
    board.feed(lines)
    again = encode(Hello(PROTOCOL_VERSION, {"fw": FIRMWARE_VERSION, "leds": "3"}), 0) + encode(
        State(frozenset({"a1"}), frozenset()), 1)
    board.feed(again + lines)
    assert names(events) == ["a21", "roll"]
    assert board.counts["unasked-hello"] == 1 and board.counts["connects"] == 1


def test_each_hello_the_host_sent_may_be_answered():
    """The host says HELLO again every 500 ms until the board's arrives: a board that heard two
    answers both, and counts afresh from the second one on."""
    port = Port()
    clock = VirtualClock()
    board = SerialBoard(SerialTransport("test://", opener=lambda url, baud: port), clock,
                        LedLayout.row_major(("a1", "a2", "a3")))
    events: list[Any] = []
    board.subscribe(events.append)
    board._open()
    clock.advance(500)
    assert [m for m in port.take() if isinstance(m, Hello)] == [Hello(PROTOCOL_VERSION, {"host": FIRMWARE_VERSION})] * 2
    hello = encode(Hello(PROTOCOL_VERSION, {"fw": FIRMWARE_VERSION, "leds": "3"}), 0)
    board.feed(hello + encode(State(frozenset({"a1"}), frozenset()), 1) + encode(Reed("a2", True), 2))
    board.feed(hello + encode(State(frozenset({"a1", "a2"}), frozenset()), 1) + encode(Reed("a3", True), 2))
    assert names(events) == ["a21", "a31"] and board.counts["connects"] == 2
    assert board.counts["unasked-hello"] == 0


# -- the emulated firmware's ring -------------------------------------------------------------
def test_the_emulator_keeps_what_the_firmware_keeps(vectors):
    from mbfw.ring import BYTES, LINES, Ring

    assert (LINES, BYTES) == (RING_LINES, RING_BYTES) == (vectors["ring_lines"], vectors["ring_bytes"])
    rng = random.Random(12)
    fw, emu = Ring(), LineRing()
    seq = rng.randrange(65536)
    for i in range(20_000):
        n = rng.choice([12, 18, 25, 40, 220, 1024]) if i % 997 else 900
        line = bytes([65 + i % 26]) * (n - 1) + b"\n"
        fw.keep(seq, line)
        emu.keep(seq, line)
        assert (fw.count, fw.oldest()) == (emu.count, emu.oldest())
        back = rng.randint(1, fw.count)
        probe = (seq + 1 - back) % 65536
        assert bytes(fw.get(probe)) == emu.get(probe)
        seq = (seq + 1) % 65536
    for case in vectors["ring"]:
        for ring in (Ring(), LineRing()):
            for s in range(case["lines"]):
                ring.keep(s % 65536, b"x" * (case["line_bytes"] - 1) + b"\n")
            assert (ring.count, ring.oldest()) == (case["kept"], case["oldest"]), case["note"]


def test_every_kept_line_is_the_line_sent():
    ring = LineRing()
    sent: dict[int, bytes] = {}
    rng = random.Random(5)
    for seq in range(5000):
        line = rng.randbytes(rng.randint(1, 300)) + b"\n"
        ring.keep(seq, line)
        sent[seq] = line
        assert all(ring.get(s) == sent[s] for s in range(seq + 1 - ring.count, seq + 1))
        assert ring.get(seq - ring.count) is None and ring.get(seq + 1) is None
        if seq + 1 > ring.count < RING_LINES:  # lines were pushed out for bytes: at most a line's worth
            kept = sum(len(sent[s]) for s in range(seq + 1 - ring.count, seq + 1))  # unused at the end
            assert kept > RING_BYTES - 2 * 301


# -- whole scenarios over the pseudo-terminal link --------------------------------------------
SCENARIO = """
game = "magic-labyrinth"
players = ["red", "blue"]
seed = 7
walls = ["e5-f5"]
dice = [4]
targets = ["owl"]
actions = ["press roll", "slide red a2 a3 a4 a5", "press done", "wait 4000"]
"""


@pytest.fixture()
def scenario(tmp_path):
    path = tmp_path / "slide.toml"
    path.write_text(SCENARIO)
    return str(path)


def _lose_on_the_wire(link: Any, match: Any, how: str) -> list[bytes]:
    """Damage (``flip``) or drop (``lose``) the first board line ``match(line)`` accepts, once."""
    real = link.port.write
    hit: list[bytes] = []

    def write(data: bytes) -> None:
        if not hit and match(data):
            hit.append(data)
            if how == "flip":
                real(data[:2] + bytes([data[2] ^ 0x04]) + data[3:])
            return
        real(data)

    link.port.write = write
    return hit


@pytest.mark.parametrize("what", [b" R a2 0", b" B done", b" R a3 1"])
def test_a_damaged_line_is_resent_at_once_and_the_log_is_unchanged(scenario, what):
    direct = play(BoardRequest(scenario=scenario))[1]
    game, log = open_game(BoardRequest(scenario=scenario, sim_link="serial"))
    hit = _lose_on_the_wire(game.session.link, lambda line: what in line, "flip")
    game.run()
    game.session.close()
    board = game.session.board
    assert hit and board.parser.bad_lines == 1 and board.counts["resend-asks"] >= 1
    assert log == direct  # the same events at the same virtual milliseconds
    assert board.counts["resynced"] == 0 and board.counts["lost-lines"] == 0


@pytest.mark.parametrize("what", [b" R a2 0", b" B done", b" R a3 1"])
def test_a_vanished_line_is_noticed_by_the_next_heartbeat_and_resent(scenario, what):
    direct = play(BoardRequest(scenario=scenario))[1]
    game, log = open_game(BoardRequest(scenario=scenario, sim_link="serial"))
    hit = _lose_on_the_wire(game.session.link, lambda line: what in line, "lose")
    game.run()
    game.session.close()
    board = game.session.board
    assert hit and board.window.gaps == 1 and board.window.recovered == 1
    assert [(e["type"], e.get("to")) for e in log] == [(e["type"], e.get("to")) for e in direct]
    late = [b["t"] - a["t"] for a, b in zip(direct, log)]
    assert 0 <= min(late) and max(late) <= 20  # noticed by the next line: at the latest the tail heartbeat
    assert board.counts["resynced"] == 0 and board.counts["lost-lines"] == 0


def test_a_line_the_ring_no_longer_has_falls_back_to_the_state_query(scenario):
    """A board whose ring keeps one line (the next line pushes the lost one out): E gone, then Q and
    the state line recover the opening, as protocol 1 did for every gap."""
    direct_game, direct = play(BoardRequest(scenario=scenario))
    game, log = open_game(BoardRequest(scenario=scenario, sim_link="serial"))
    link = game.session.link
    link.emulator.ring = LineRing(lines=1)
    hit = _lose_on_the_wire(link, lambda line: b" R a2 0" in line, "lose")
    game.run()
    game.session.close()
    board = game.session.board
    assert hit and board.counts["board-error-gone"] == 1 and board.counts["lost-lines"] == 1
    assert board.counts["resynced"] == 1
    assert [e["to"] for e in log if e["type"] == "step"] == [e["to"] for e in direct if e["type"] == "step"]
    assert game.referee.snapshot()["positions"] == direct_game.referee.snapshot()["positions"]


def test_a_board_that_never_resends_costs_the_bounded_wait_then_the_state_query(scenario):
    direct_game, direct = play(BoardRequest(scenario=scenario))
    game, log = open_game(BoardRequest(scenario=scenario, sim_link="serial"))
    link = game.session.link
    link.emulator._handlers[Resend] = lambda seq, msg: None  # noqa: SLF001 - a board that ignores RESEND
    hit = _lose_on_the_wire(link, lambda line: b" R a2 0" in line, "lose")
    game.run()
    game.session.close()
    board = game.session.board
    assert hit and board.counts["resend-retries"] >= RESEND_GIVE_UP_MS // RESEND_RETRY_MS - 1
    assert board.counts["lost-lines"] == 1 and board.counts["resynced"] == 1
    assert game.referee.snapshot()["positions"] == direct_game.referee.snapshot()["positions"]
