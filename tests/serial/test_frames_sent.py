"""The serial backend sends a frame only when its pixels change (issue 14, defect 4): the board
bit-bangs each frame it receives with interrupts off (1.08 ms for 36 LEDs) and its 500 Hz scan
waits meanwhile, so a repeated frame is pure cost on the co-processor."""

from __future__ import annotations

from typing import Any

from mazeboard.hal.board import LedLayout
from mazeboard.hal.clock import VirtualClock
from mazeboard.hal.events import LedFrame
from mazeboard.hal.serial.board import SerialBoard
from mazeboard.hal.serial.parser import LineParser, Received
from mazeboard.hal.serial.protocol import FIRMWARE_VERSION, HOST_MESSAGES, PROTOCOL_VERSION, Ack, Frame, Hello, State, encode
from mazeboard.hal.serial.transport import SerialTransport


class Port:
    """A pyserial-like port: what the host wrote is kept; nothing arrives unless fed."""

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


def _frames(port: Port) -> list[tuple[int, Frame]]:
    items = LineParser(HOST_MESSAGES).feed(bytes(port.written))
    return [(i.seq, i.message) for i in items if isinstance(i, Received) and isinstance(i.message, Frame)]


def _board() -> tuple[SerialBoard, Port, Any]:
    port = Port()
    clock = VirtualClock()
    transport = SerialTransport("test://", opener=lambda url, baud: port)
    board = SerialBoard(transport, clock, LedLayout.row_major(("a1", "b1")))
    board._open()
    hello = Hello(PROTOCOL_VERSION, {"fw": FIRMWARE_VERSION, "board": "test", "leds": "2"})
    board.feed(encode(hello, 0) + encode(State(frozenset(), frozenset()), 1))
    assert board.connected
    return board, port, clock


def test_a_repeated_frame_is_not_sent_again() -> None:
    board, port, clock = _board()
    red = ((255, 0, 0), (0, 0, 0))
    board.show(LedFrame(0, red))
    board.show(LedFrame(10, red))
    assert len(_frames(port)) == 1
    seq = _frames(port)[0][0]
    board.feed(encode(Ack(seq), 2))
    board.show(LedFrame(20, red))
    board.show(LedFrame(30, ((0, 0, 255), (0, 0, 0))))
    assert [f.pixels[0] for _, f in _frames(port)] == [(255, 0, 0), (0, 0, 255)]


def test_a_frame_still_goes_again_after_a_reconnect_and_when_not_acked() -> None:
    board, port, clock = _board()
    red = ((255, 0, 0), (0, 0, 0))
    board.show(LedFrame(0, red))
    clock.advance(1000)  # no ack: the heartbeat sends it again
    assert len(_frames(port)) == 2
    board._lost("the board restarted")  # it fell silent: the host reopens the port and says HELLO again
    clock.advance(200)
    board.feed(encode(Hello(PROTOCOL_VERSION, {"fw": FIRMWARE_VERSION, "board": "test", "leds": "2"}), 0))
    assert len(_frames(port)) == 3
    board.close()
