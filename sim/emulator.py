"""The co-processor firmware, emulated: the board side of the line protocol around a simulated board.

:class:`FirmwareEmulator` wraps any hal Board (a :class:`~mazeboard.sim.board.SimBoard`):
its debounced sensor events go out as ``R``/``H``/``B`` lines, ``F`` lines
from the host light its LEDs (``board.show``), and it answers ``HELLO``,
``Q``, ``RESEND`` and bad lines as ``firmware/`` does (``docs/protocol.md``).
Like the firmware it stays silent until the host's ``HELLO`` on a connection,
then sends ``HELLO``, its state and a heartbeat every 500 ms, keeps every
line it sends in the firmware's ring (:class:`~mazeboard.sim.ring.LineRing`)
and resends from it as the firmware does: :data:`RESEND_BURST` lines at once,
the rest that many per scan period (2 ms), ``E gone`` for lines no longer kept;
like the firmware it follows a sensor event, state or error line with a
heartbeat :data:`TAIL_MS` later unless another line went out meanwhile.

Bytes go through a :mod:`port <mazeboard.sim.ports>` (a pseudo-terminal or
a TCP socket). ``on_written`` lets the lock-step link deliver each line to
the host before virtual time moves on.
"""

from __future__ import annotations

import logging
from typing import Any, Callable, Protocol

from mazeboard.hal.clock import Scheduler, Timer
from mazeboard.hal.events import ButtonPressed, HallChanged, LedFrame, ReedChanged, SensorEvent
from mazeboard.hal.serial.parser import LineParser, Rejected
from mazeboard.hal.serial.protocol import (
    FIRMWARE_VERSION,
    HEARTBEAT_MS,
    HOST_MESSAGES,
    PROTOCOL_VERSION,
    Ack,
    Button,
    ErrorReport,
    Frame,
    Hall,
    Heartbeat,
    Hello,
    Message,
    Ping,
    Query,
    Reed,
    Resend,
    State,
    encode,
)

from .noise import LineNoise
from .ring import LineRing

log = logging.getLogger(__name__)

#: Lines resent per main-loop pass, and the pass (firmware/mbfw/link.py RESEND_BURST, 500 Hz scan)
RESEND_BURST = 16
PASS_MS = 2
#: A heartbeat follows these lines TAIL_MS later (firmware/mbfw/link.py TAIL_MS, TAILED)
TAIL_MS = 20
TAILED = (Reed, Hall, Button, State, ErrorReport)


class Port(Protocol):
    """A byte pipe to the host: ``connected`` while a host can hear us."""

    bytes_in: int
    bytes_out: int

    @property
    def connected(self) -> bool: ...

    def read(self, timeout_s: float) -> bytes: ...

    def write(self, data: bytes) -> None: ...


_TO_LINE: dict[type, Callable[[Any], Message]] = {
    ReedChanged: lambda e: Reed(e.cell, e.closed),
    HallChanged: lambda e: Hall(e.sensor, e.ball),
    ButtonPressed: lambda e: Button(e.button),
}


class FirmwareEmulator:
    """The firmware's protocol behaviour around ``board`` on ``scheduler``.

    ``proto``/``fw`` are what HELLO announces (tests use another ``proto`` to
    check the host's refusal). ``board_name`` and the LED count go in HELLO too.
    ``noise``: a noisy cable, as (lines to the host, lines from the host)
    :class:`~mazeboard.sim.noise.LineNoise` (either None for a clean direction).
    """

    def __init__(self, board: Any, scheduler: Scheduler, *, proto: int = PROTOCOL_VERSION,
                 fw: str = FIRMWARE_VERSION, board_name: str = "sim",
                 noise: tuple[LineNoise | None, LineNoise | None] = (None, None)) -> None:
        self.board = board
        self.scheduler = scheduler
        self.proto = proto
        self.fw = fw
        self.board_name = board_name
        self.noise_out, self.noise_in = noise
        self.port: Port | None = None
        self.parser = LineParser(HOST_MESSAGES)
        self.on_written: Callable[[], None] | None = None
        #: told after each host HELLO (the standalone server starts its script then)
        self.on_host_hello: Callable[[], None] | None = None
        self.host_ready = False
        self.pumping = False
        self.frames = 0
        self.sent_events = 0
        self._tx_seq = 0
        self.ring = LineRing()
        self.resent = 0
        self._resend_seq = 0
        self._resend_left = 0
        self._resend_timer: Timer | None = None
        self._tail_timer: Timer | None = None
        self._last_tx_ms = 0
        self._handlers: dict[type, Callable[[int, Any], None]] = {
            Hello: self._on_hello, Frame: self._on_frame, Ping: lambda s, m: None, Query: self._on_query,
            Resend: self._on_resend,
        }
        board.subscribe(self._on_event)
        self._tick: Timer = scheduler.call_later(HEARTBEAT_MS, self._heartbeat, daemon=True)

    # -- connection ------------------------------------------------------------------
    def attach(self, port: Port) -> None:
        """A (new) connection: a freshly booted firmware, silent until the host's HELLO."""
        self.port = port
        self.parser.reset()
        if self.noise_in is not None:
            self.noise_in.reset()
        self.host_ready = False
        self._tx_seq = 0

    def detach(self) -> None:
        self.port = None
        self.host_ready = False

    # -- bytes from the host -----------------------------------------------------------
    def pump(self, timeout_s: float = 0.0) -> int:
        """Read and handle what the host sent within ``timeout_s``; returns bytes read."""
        port = self.port
        if self.pumping or port is None or not port.connected:
            return 0
        self.pumping = True
        try:
            data = port.read(timeout_s)
            self.feed(data)
            return len(data)
        finally:
            self.pumping = False

    def feed(self, data: bytes) -> None:
        if self.noise_in is not None:
            data = self.noise_in.stream(data)
        for item in self.parser.feed(data):
            if isinstance(item, Rejected):
                self._send(ErrorReport(item.reason, None))
                continue
            self._handlers[type(item.message)](item.seq, item.message)

    def _on_hello(self, seq: int, msg: Hello) -> None:
        self._tx_seq = 0
        self.ring.clear()
        self._resend_left = 0
        self.host_ready = True
        leds = getattr(getattr(self.board, "layout", None), "count", 0)
        self._send(Hello(self.proto, {"fw": self.fw, "board": self.board_name, "leds": str(leds)}))
        self._on_query(seq, Query())
        if self.on_host_hello is not None:
            self.on_host_hello()

    def _on_frame(self, seq: int, msg: Frame) -> None:
        self.frames += 1
        self.board.show(LedFrame(self.scheduler.now_ms(), msg.pixels))
        self._send(Ack(seq))

    def _on_query(self, seq: int, msg: Query) -> None:
        st = self.board.state()
        self._send(State(st.closed_reeds, st.hall_active))

    def _on_resend(self, seq: int, msg: Resend) -> None:
        ring = self.ring
        first, count = msg.seq, 65536 if msg.count is None else msg.count
        back = ring.behind(first)
        if back == 0 or back > 32768:
            return  # not sent yet
        gone = back > ring.count
        if gone:
            count -= back - ring.count
            first, back = ring.oldest(), ring.count
        self._resend_seq = first
        self._resend_left = min(count, back) if count > 0 else 0
        self._resend_some()
        if gone:  # after the first burst, as the firmware does
            self._send(ErrorReport("gone", seq, str(first)))

    def _resend_some(self) -> None:
        """Up to RESEND_BURST lines of the resend under way now, the rest a pass later."""
        self._resend_timer = None
        for _ in range(min(self._resend_left, RESEND_BURST)):
            line = self.ring.get(self._resend_seq)
            if line is None or not self.host_ready:
                self._resend_left = 0
                return
            self.resent += 1
            self._resend_seq = (self._resend_seq + 1) % 65536
            self._resend_left -= 1
            self._write(line)
        if self._resend_left and self._resend_timer is None:
            self._resend_timer = self.scheduler.call_later(PASS_MS, self._resend_some, daemon=True)

    # -- towards the host ----------------------------------------------------------------
    def _on_event(self, event: SensorEvent) -> None:
        to_line = _TO_LINE.get(type(event))
        if to_line is not None and self.host_ready:
            self.sent_events += 1
            self._send(to_line(event))

    def _heartbeat(self) -> None:
        self._tick = self.scheduler.call_later(HEARTBEAT_MS, self._heartbeat, daemon=True)
        if self.host_ready:
            self._send(Heartbeat(self.scheduler.now_ms()))

    def _send(self, message: Message) -> None:
        port = self.port
        if port is None or not port.connected or not self.host_ready:
            return
        line = encode(message, self._tx_seq)
        self.ring.keep(self._tx_seq, line)
        self._tx_seq = (self._tx_seq + 1) % 65536
        self._last_tx_ms = self.scheduler.now_ms()
        tail = isinstance(message, TAILED)
        if self._tail_timer is not None and not tail:
            self._tail_timer.cancel()
            self._tail_timer = None
        if tail and self._tail_timer is None:
            self._tail_timer = self.scheduler.call_later(TAIL_MS, self._tail, daemon=True)
        self._write(line)

    def _tail(self) -> None:
        """TAIL_MS after a sensor event, state or error line with nothing sent since: a heartbeat."""
        self._tail_timer = None
        wait = self._last_tx_ms + TAIL_MS - self.scheduler.now_ms()
        if wait > 0:  # another tailed line went out meanwhile: TAIL_MS after that one
            self._tail_timer = self.scheduler.call_later(wait, self._tail, daemon=True)
        elif self.host_ready:  # and, as on the board, the next periodic one HEARTBEAT_MS after this one
            self._tick.cancel()
            self._tick = self.scheduler.call_later(HEARTBEAT_MS, self._heartbeat, daemon=True)
            self._send(Heartbeat(self.scheduler.now_ms()))

    def _write(self, line: bytes) -> None:
        """One line onto the cable (through the noise, when there is some)."""
        port = self.port
        if port is None:
            return
        if self.noise_out is not None:
            line = self.noise_out.line(line)
        port.write(line)
        if self.on_written is not None:
            self.on_written()

    def close(self) -> None:
        self._tick.cancel()
        for timer in (self._tail_timer, self._resend_timer):
            if timer is not None:
                timer.cancel()
        self.detach()
