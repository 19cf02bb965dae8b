"""The host side of the co-processor link against a board that says odd things (issue 12).

* CRC-valid lines naming a cell, Hall-effect sensor or button the game's board does not
  have are logged and ignored, in any state (a pawn lifted included): the event log is
  the one of the same scenario without them.
* One garbled HELLO does not end the start-up: the host says HELLO again every 500 ms
  until the board answers (docs/protocol.md, "Handshake and liveness" 5).
* A board speaking another protocol version is refused with one line (exit 2).
"""

from __future__ import annotations

import itertools
import logging
import socket
import threading
from pathlib import Path
from typing import Any, Callable

import pytest

from clirun import run_cli
from mazeboard.controller.app import build_game
from mazeboard.hal import backends
from mazeboard.hal.board import BoardRequest, LedLayout
from mazeboard.hal.clock import VirtualClock
from mazeboard.hal.grid import MAGIC_GRID
from mazeboard.hal.serial.board import SerialBoard
from mazeboard.hal.serial.protocol import (FIRMWARE_VERSION, PROTOCOL_VERSION, Button, Hall, Hello, Message, Reed,
                                           State, encode)
from mazeboard.hal.serial.transport import SerialTransport
from mazeboard.hal.wiring_boards import spec_of_game

ROOT = Path(__file__).resolve().parents[2]
ODD: list[Message] = [Reed("z9", True), Reed("z9", False), Hall("tray-up", True), Button("self-destruct"),
                      Reed("h9", True), Hall("tray-up", False), Reed("a0", True)]


def _log(scenario: Path, inject: list[Message] | None) -> tuple[list[dict[str, Any]], Any]:
    session = backends.open_board("sim", BoardRequest(scenario=str(scenario),
                                                      sim_link="serial" if inject else "direct"))
    log: list[dict[str, Any]] = []
    game = build_game(session, [lambda e: log.append(e.to_dict())])
    if inject:  # every 37 ms of the game, whatever it is doing, one odd line from the board
        emulator, clock, lines = session.link.emulator, session.scheduler, itertools.cycle(inject)

        def tick() -> None:
            emulator._send(next(lines))  # noqa: SLF001 - a CRC-valid line the firmware could send
            clock.call_later(37, tick, daemon=True)

        clock.call_later(37, tick, daemon=True)
    try:
        game.run()
    finally:
        close = getattr(session, "close", None)
        if close:
            close()
    return log, session.board


@pytest.mark.parametrize("scenario", ["magic/scenarios/lift_after_step_50.toml", "magic/scenarios/wall_hit.toml",
                                      "labyrinth/scenarios/wrap.toml", "struggle/scenarios/three_throws.toml"])
def test_names_the_board_does_not_have_are_logged_and_ignored(scenario: str,
                                                              caplog: pytest.LogCaptureFixture) -> None:
    path = ROOT / "tests" / scenario
    direct, _ = _log(path, None)
    with caplog.at_level(logging.WARNING, logger="mazeboard.hal.serial.board"):
        served, board = _log(path, ODD)
    assert served == direct
    assert board.counts["unknown-name"] > 10
    warned = [r.getMessage() for r in caplog.records if "does not have" in r.getMessage()]
    assert any("z9" in w for w in warned) and any("self-destruct" in w for w in warned)
    assert len(warned) <= len(ODD)  # once per name, not once per line


def test_a_state_line_with_unknown_names_keeps_the_known_ones() -> None:
    clock = VirtualClock()
    board = SerialBoard(SerialTransport("loop://"), clock, LedLayout.row_major(MAGIC_GRID.cells),
                        spec=spec_of_game("magic-labyrinth"))
    seen: list[Any] = []
    board.subscribe(seen.append)
    board.feed(encode(Hello(PROTOCOL_VERSION, {"fw": FIRMWARE_VERSION}), 0) + encode(State(frozenset({"a1", "z9"}), frozenset({"tray-x"})), 1))
    assert board.state().closed_reeds == {"a1"} and board.state().hall_active == frozenset()
    board.feed(encode(State(frozenset({"b2", "zz"}), frozenset({"tray-sw"})), 2))
    assert sorted((type(e).__name__, getattr(e, "cell", getattr(e, "sensor", ""))) for e in seen) == [
        ("HallChanged", "tray-sw"), ("ReedChanged", "a1"), ("ReedChanged", "b2")]
    board.close()


# -- a fake board on a TCP socket (pyserial's socket:// URL) ------------------------------------
class FakeBoard:
    """Answers each host HELLO with the next of ``replies`` (raw bytes), then stays quiet."""

    def __init__(self, replies: list[bytes]) -> None:
        self.replies = list(replies)
        self.hellos = 0
        self.server = socket.create_server(("127.0.0.1", 0))
        self.url = f"socket://127.0.0.1:{self.server.getsockname()[1]}"
        self._stop = False
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        self.server.settimeout(0.2)
        while not self._stop:
            try:
                conn, _ = self.server.accept()
            except OSError:
                continue
            conn.settimeout(0.2)
            buf = b""
            while not self._stop:
                try:
                    data = conn.recv(4096)
                except socket.timeout:
                    continue
                except OSError:
                    break
                if not data:
                    break
                buf += data
                while b"\n" in buf:
                    line, buf = buf.split(b"\n", 1)
                    if b" HELLO " in line:
                        self.hellos += 1
                        if self.replies:
                            conn.sendall(self.replies.pop(0))
            conn.close()

    def close(self) -> None:
        self._stop = True
        self.server.close()
        self.thread.join(timeout=2)


def _good(proto: int = PROTOCOL_VERSION, fw: str = FIRMWARE_VERSION) -> bytes:
    return (encode(Hello(proto, {"fw": fw, "board": "fake", "leds": "36"}), 0)
            + encode(State(frozenset(), frozenset()), 1))


def _garbled() -> bytes:
    line = bytearray(encode(Hello(PROTOCOL_VERSION, {"fw": FIRMWARE_VERSION, "board": "fake", "leds": "36"}), 0))
    line[5] ^= 0x20  # one flipped bit: the CRC no longer matches
    return bytes(line)


def _board(url: str) -> SerialBoard:
    return SerialBoard(SerialTransport(url), VirtualClock(), LedLayout.row_major(MAGIC_GRID.cells))


def _with_fake(replies: list[bytes], body: Callable[[FakeBoard], None]) -> None:
    fake = FakeBoard(replies)
    try:
        body(fake)
    finally:
        fake.close()


def test_one_garbled_hello_is_answered_by_another_hello() -> None:
    def body(fake: FakeBoard) -> None:
        board = _board(fake.url)
        try:
            board.connect(timeout_s=3.0)
            assert board.connected and fake.hellos == 2
        finally:
            board.close()

    _with_fake([_garbled(), _good()], body)


def test_a_board_of_another_protocol_is_one_line_exit_2(monkeypatch: pytest.MonkeyPatch) -> None:
    """A board still running protocol 1 (firmware 0.1.0, before the resend) is refused in one line
    that names the firmware to flash and how."""
    def body(fake: FakeBoard) -> None:
        monkeypatch.setenv("MAZEBOARD_SERIAL", fake.url)
        out = run_cli(["play", "--board", "serial"], limit_s=20)
        assert out.code == 2 and len(out.err) == 1 and not out.internal, out
        assert "firmware 0.1.0 speaking protocol 1" in out.err[0] and "speaks protocol 2" in out.err[0]
        assert f"flash the firmware shipped with this mazeboard (firmware {FIRMWARE_VERSION})" in out.err[0]
        assert "mpremote connect" in out.err[0]

    _with_fake([_good(proto=1, fw="0.1.0")] * 5, body)
