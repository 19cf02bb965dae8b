"""The co-processor as a hal Board: sensor events from the link, LED frames onto it.

:class:`SerialBoard` speaks the protocol (``docs/protocol.md``) over a
:class:`~.transport.SerialTransport`:

* connect: send ``HELLO``, wait for the board's ``HELLO`` (refusing another
  protocol version with :class:`IncompatibleFirmware`) and its ``S`` state;
* connect: until the board's ``HELLO`` arrives the host says its own again
  every :data:`~.protocol.HEARTBEAT_MS` (a garbled answer costs half a second,
  not the start-up); the board answers each HELLO it hears, and a board
  ``HELLO`` beyond those answers (the board never says it unasked) is counted
  (``counts["unasked-hello"]``) and ignored, not taken as a restart of its count;
* sensor lines become :mod:`hal events <mazeboard.hal.events>` stamped with
  the host scheduler's time; a level the host already holds is not repeated;
  a cell, Hall-effect sensor or button the game's board does not have
  (``spec``) is counted (``counts["unknown-name"]``), logged once per name and
  ignored, in ``R``, ``H``, ``B`` and ``S`` lines alike;
* the board's lines are taken in its order, each once (a
  :class:`~.window.ReceiveWindow`): a line after a sequence gap is held and the
  missing ones are asked for again (``RESEND``), at once and then every
  :data:`RESEND_RETRY_MS`; a bad line asks at once for what it may have been;
  duplicates are dropped. Lines still missing after :data:`RESEND_GIVE_UP_MS`,
  or no longer kept by the board (``E gone``), are given up: the host asks for
  the board's state (``Q``, again every :data:`QUERY_RETRY_MS` until it comes)
  and the difference to what it believed becomes events (openings before
  closings, as a pawn sliding with a gap would give);
* the latest LED frame is sent at once (a repeat of the pixels already sent is
  not), again when not acknowledged within :data:`FRAME_RETRY_MS` or when the
  board reports a line of the host's it could not read (``E``), and again
  after every reconnect;
* a failed port, or no line for :data:`HEARTBEAT_TIMEOUT_MS`, means the
  board is away: watchers get a :class:`~mazeboard.hal.board.BoardStatus`,
  the port is reopened with backoff, and on return the board's state is
  reconciled as after a gap, so nothing is counted twice.

Reading runs either from :meth:`pump` (tests, the simulator's lock-step
link) or in a reader thread (:meth:`start_reader`) that hands bytes to the
scheduler's thread with ``call_soon`` (a :class:`RealtimeClock`).
"""

from __future__ import annotations

import functools
import logging
import threading
import time
from collections import Counter
from typing import Any, Callable, Mapping

from ..board import BoardState, BoardStatus, LedLayout
from ..clock import Scheduler, Timer
from ..errors import HardwareError
from ..events import ButtonPressed, GameEvent, HallChanged, LedFrame, ReedChanged, SensorEvent
from ..wiring_boards import BoardSpec
from .parser import LineParser, Received, Rejected
from .protocol import (
    BOARD_MESSAGES,
    FIRMWARE_VERSION,
    HEARTBEAT_MS,
    HEARTBEAT_TIMEOUT_MS,
    PROTOCOL_VERSION,
    Ack,
    Button,
    ErrorReport,
    Frame,
    Hall,
    HallRaw,
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
from .transport import Backoff, LinkLost, SerialTransport
from .window import Accepted, ReceiveWindow, Run

log = logging.getLogger(__name__)

#: Lines about the host's own lines, handled when they arrive, even ahead of missing ones
ANSWERS = (Ack, ErrorReport)
#: E codes counted by name (``counts["board-error-<code>"]``); any other is counted as ``other``
ERROR_CODES = frozenset({"crc", "syntax", "not-ascii", "seq", "too-long", "unknown", "fields", "proto", "gone"})

#: An LED frame not acknowledged within this time is sent again.
FRAME_RETRY_MS = 1000
#: Lines from the board still missing are asked for again this often...
RESEND_RETRY_MS = 250
#: ...and given up after this long (then the board's state is asked for). The board's ring
#: keeps far longer than this at the link's rates (docs/protocol.md "Resending").
RESEND_GIVE_UP_MS = 1500
#: Asks sent at once for bad lines or the board's E lines before a line arrives in order again
#: (then only every RESEND_RETRY_MS): a line that is bad every time it is sent cannot make the
#: two ends ask and answer forever.
QUICK_ASKS = 4
#: Missing runs asked for in one go (the rest at the next ask).
MAX_RUNS_ASKED = 8
#: A state query not answered within this time is sent again.
QUERY_RETRY_MS = 1000
#: Names logged as unknown at most (then only counted).
MAX_UNKNOWN_LOGGED = 32
#: How to flash the firmware this host speaks with (named in the refusal message).
FLASH_HINT = ("flash the firmware shipped with this mazeboard (firmware {version}): "
              "mpremote connect {port} fs cp -r firmware/mbfw firmware/main.py : + reset (docs/firmware.md)")


class IncompatibleFirmware(HardwareError):
    """The co-processor speaks another protocol version; the message says what to flash."""

    exit_status = 2


class SerialBoard:
    """A hal :class:`~mazeboard.hal.board.Board` on a co-processor link.

    ``layout``: the LED chain under the cells (checked against the board's
    ``leds=`` in HELLO). ``spec``: the game's board (reed switches, Hall-effect
    sensors, buttons); names outside it are ignored (None: every name is taken).
    ``announce`` forwards game events to whoever shows them (the link itself does
    not carry them). Counters for diagnostics: :attr:`parser` (good and bad lines
    by reason), :attr:`window` (gaps, recovered, lost, repeats), :attr:`counts`
    (connects, losses, resend asks and retries, lines lost for good, resyncs, raw
    Hall lines).
    """

    def __init__(
        self,
        transport: SerialTransport,
        scheduler: Scheduler,
        layout: LedLayout,
        *,
        backoff: Backoff = Backoff(),
        heartbeat_timeout_ms: int = HEARTBEAT_TIMEOUT_MS,
        announce: Callable[[GameEvent], None] | None = None,
        spec: BoardSpec | None = None,
    ) -> None:
        self.transport = transport
        self.known: dict[str, frozenset[str]] | None = None if spec is None else {
            "reed": frozenset(spec.reeds), "hall": frozenset(spec.tray), "button": frozenset(spec.buttons)}
        self._unknown_logged: set[tuple[str, str]] = set()
        self._connecting = False
        self.scheduler = scheduler
        self.layout = layout
        self.backoff = backoff
        self.heartbeat_timeout_ms = heartbeat_timeout_ms
        self.parser = LineParser(BOARD_MESSAGES)
        self.window: ReceiveWindow[Message] = ReceiveWindow()
        self.counts: Counter[str] = Counter()
        self.watchers: list[Callable[[GameEvent], None]] = [announce] if announce else []
        self.raw_sinks: list[Callable[[HallRaw], None]] = []
        self.board_info: Mapping[str, str] = {}
        self.incompatible: str | None = None
        self.connected = False
        self.pumping = False
        self._sinks: list[Callable[[SensorEvent], None]] = []
        self._status_sinks: list[Callable[[BoardStatus], None]] = []
        self._reeds: set[str] = set()
        self._hall: set[str] = set()
        self._tx_seq = 0
        self._frame: LedFrame | None = None
        self._frame_seq: int | None = None
        self._frame_sent_ms = 0
        self._last_rx_ms = 0
        self._opened_ms = 0
        self._attempt = 0
        self._reconnect: Timer | None = None
        self._resend_timer: Timer | None = None
        self._quick_asks = 0
        self._tail_asked: int | None = None  # a bad line asked for every line from here on
        self._query_since: int | None = None
        self._hellos_unanswered = 0  # HELLOs sent since the port opened that the board has not answered
        self._ever_connected = False
        self._closed = False
        self._reader: threading.Thread | None = None
        self._handlers: dict[type, Callable[[Any], None]] = {
            Hello: self._on_hello, State: self._on_state, Reed: self._on_reed, Hall: self._on_hall,
            Button: self._on_button, Heartbeat: lambda m: None, HallRaw: self._on_raw,
            Ack: self._on_ack, ErrorReport: self._on_error,
        }
        self._tick: Timer = scheduler.call_later(HEARTBEAT_MS, self._heartbeat, daemon=True)

    # -- Board interface ---------------------------------------------------------
    def subscribe(self, sink: Callable[[SensorEvent], None]) -> None:
        self._sinks.append(sink)

    def watch_status(self, sink: Callable[[BoardStatus], None]) -> None:
        """Tell ``sink`` when the board goes away and when it comes back."""
        self._status_sinks.append(sink)

    def state(self) -> BoardState:
        return BoardState(frozenset(self._reeds), frozenset(self._hall))

    def show(self, frame: LedFrame) -> None:
        """Send ``frame`` when its pixels differ from the last frame given: the board bit-bangs
        each frame it receives with interrupts off (1.08 ms for 36 LEDs, docs/firmware.md), so
        a repeat would only delay its scan. The latest frame still goes again when it is not
        acknowledged, and after every reconnect."""
        same = self._frame is not None and frame.pixels == self._frame.pixels
        self._frame = frame
        if self.connected and not same:
            self._send_frame()

    def announce(self, event: GameEvent) -> None:
        for w in list(self.watchers):
            w(event)

    def close(self) -> None:
        self._closed = True
        self._tick.cancel()
        if self._reconnect is not None:
            self._reconnect.cancel()
        self.connected = False
        self.transport.close()
        if self._reader is not None and self._reader is not threading.current_thread():
            self._reader.join(timeout=2)
        self._sinks.clear()

    # -- connecting ----------------------------------------------------------------
    def connect(self, timeout_s: float = 3.0) -> None:
        """Open the port and complete the handshake now (at start-up).

        Raises :class:`LinkLost` when the port cannot be opened or the board does
        not answer within ``timeout_s``, :class:`IncompatibleFirmware` when it
        speaks another protocol version."""
        self._connecting = True
        try:
            self._handshake(timeout_s)
        finally:
            self._connecting = False
        if self.incompatible is not None:
            self.transport.close()
            raise IncompatibleFirmware(self.incompatible)
        if not self.connected:
            self.transport.close()
            raise LinkLost(f"no HELLO from the board on {self.transport.url} within {timeout_s:g} s "
                           "(is the mazeboard firmware running? see docs/firmware.md)")

    def _handshake(self, timeout_s: float) -> None:
        """Open, say HELLO, and until the board's HELLO and state line arrive say HELLO (or, once
        connected, ``Q``) again every :data:`HEARTBEAT_MS` of wall time: the scheduler that
        repeats it during a game is not running yet."""
        self._open()
        start = last = time.monotonic()
        while (not self.connected or not self.counts["states"]) and self.incompatible is None:
            now = time.monotonic()
            if now - start >= timeout_s:
                return
            if now - last >= HEARTBEAT_MS / 1000:
                last = now
                if self.connected:
                    self._send(Query())
                else:
                    self.counts["hello-retries"] += 1
                    self._say_hello()
            self.pump(0.05)

    def _open(self) -> None:
        self.transport.open()
        self.parser.reset()
        self.window.restart()
        self._tx_seq = 0
        self._opened_ms = self._last_rx_ms = self.scheduler.now_ms()
        self.counts["opens"] += 1
        self._hellos_unanswered = 0
        self._say_hello()

    def _say_hello(self) -> None:
        """HELLO (again): each side restarts its count at 0 with its HELLO; the board answers each."""
        self._tx_seq = 0
        self._hellos_unanswered += 1
        self._send(Hello(PROTOCOL_VERSION, {"host": FIRMWARE_VERSION}), lead=b"\n")

    def _lost(self, why: str) -> None:
        if self._closed:
            return
        was = self.connected
        self.connected = False
        self.transport.close()
        self.parser.reset()
        self._forget_missing()
        if was:
            self.counts["losses"] += 1
            log.warning("board disconnected: %s", why)
            self._status(False, why)
        self._schedule_reconnect()

    def _schedule_reconnect(self) -> None:
        if self._closed or (self._reconnect is not None and not self._reconnect.cancelled):
            return
        delay = self.backoff.delay_ms(self._attempt)
        self._attempt += 1
        self._reconnect = self.scheduler.call_later(delay, self._try_reconnect, daemon=True)

    def _try_reconnect(self) -> None:
        self._reconnect = None
        if self._closed or self.connected:
            return
        try:
            self.transport.close()
            self._open()
        except LinkLost as e:
            log.debug("reconnect failed: %s", e)
            self.transport.close()
            self._schedule_reconnect()

    def _status(self, connected: bool, detail: str) -> None:
        status = BoardStatus(self.scheduler.now_ms(), connected, detail)
        for sink in list(self._status_sinks):
            sink(status)

    # -- receiving -------------------------------------------------------------------
    def pump(self, timeout_s: float = 0.0) -> int:
        """Read what arrives within ``timeout_s`` and handle it here; returns bytes read.
        Does nothing when called from inside itself (a handler that caused a reply)."""
        if self.pumping or not self.transport.is_open:
            return 0
        self.pumping = True
        try:
            try:
                data = self.transport.read(timeout_s)
            except LinkLost as e:
                self._lost(str(e))
                return 0
            self.feed(data)
            return len(data)
        finally:
            self.pumping = False

    def feed(self, data: bytes) -> None:
        """Handle bytes read from the port (any chunking)."""
        if not data:
            return
        self._last_rx_ms = self.scheduler.now_ms()
        for item in self.parser.feed(data):
            if isinstance(item, Rejected):
                log.info("bad line from the board (%s): %r", item.reason, item.head)
                if self.connected:
                    self._bad_line()
                continue
            self._received(item)

    def _received(self, item: Received) -> None:
        msg = item.message
        if isinstance(msg, Hello):
            if self.connected and not self._hellos_unanswered:  # the board only answers ours
                self.counts["unasked-hello"] += 1
                if self.counts["unasked-hello"] == 1:
                    log.warning("a HELLO from the board the host did not ask for: ignored (counted from now on)")
                return
            self._hellos_unanswered = max(0, self._hellos_unanswered - 1)
            self.window.restart(item.seq)
            self._forget_missing()
            self._on_hello(msg)
            return
        if not self.connected:
            self.counts["before-hello"] += 1
            return
        got = self.window.accept(item.seq, msg, self.scheduler.now_ms())
        gone = None
        if isinstance(msg, ErrorReport) and msg.oldest is not None and not got.duplicate:
            gone = self.window.give_up_before(msg.oldest)  # at once, wherever it is: those lines are not coming
        opened = got.opened
        if opened is not None:
            runs = [r for r in self.window.runs() if (r.first - opened.first) % 65536 < opened.count]
            log.info("line(s) %d..%d from the board missing: asking for them again", opened.first,
                     (opened.first + opened.count - 1) % 65536)
            self._ask(runs)
        if isinstance(msg, ANSWERS) and not got.duplicate:  # about the host's own lines: at once
            if isinstance(msg, ErrorReport):
                self._on_error(msg, asked=opened is not None)
            elif isinstance(msg, Ack):
                self._on_ack(msg)
        self._take(got)
        if gone is not None:
            self._take(gone)
        self._arm_resend()

    # -- resending: the board's lines each once, in order ---------------------------------
    def _take(self, got: Accepted[Message]) -> None:
        """Handle what the window delivers; lines given up make the host ask for the state."""
        for _, msg in got.deliver:
            self._quick_asks = 0
            if not isinstance(msg, ANSWERS):
                self._handlers[type(msg)](msg)
        if got.lost:  # never silent: one line, and the state query turns what changed into events
            self.counts["lost-lines"] += got.lost
            log.warning("%d line(s) from the board lost for good (not resent in time, or no longer kept): "
                        "resyncing from its state (levels come back; a button press among them cannot)", got.lost)
            self._query()

    def _ask(self, runs: list[Run], tail: int | None = None) -> None:
        """RESEND each missing run (and, with ``tail``, every line from ``tail`` on)."""
        for run in runs[:MAX_RUNS_ASKED]:
            self.counts["resend-asks"] += 1
            self._send(Resend(run.first, run.count))
        if tail is not None:
            self.counts["resend-asks"] += 1
            self._send(Resend(tail))

    def _bad_line(self) -> None:
        """A line from the board was damaged: it may have been any missing one or the next one;
        ask for them at once (within the quick-ask budget)."""
        if self._quick_asks >= QUICK_ASKS or self.window.expected is None:
            return
        self._quick_asks += 1
        self._tail_asked = self.window.next_unseen
        self._ask(self.window.runs(), tail=self._tail_asked)
        self._arm_resend()

    def _arm_resend(self) -> None:
        if self.window.waiting and self._resend_timer is None and not self._closed:
            self._resend_timer = self.scheduler.call_later(RESEND_RETRY_MS, self._resend_due, daemon=True)

    def _forget_missing(self) -> None:
        if self._resend_timer is not None:
            self._resend_timer.cancel()
            self._resend_timer = None
        self._quick_asks = 0
        self._query_since = None

    def _resend_due(self) -> None:
        """Every RESEND_RETRY_MS while lines are missing: give up those missing for
        RESEND_GIVE_UP_MS, ask again for the others."""
        self._resend_timer = None
        if self._closed or not self.connected:
            return
        now = self.scheduler.now_ms()
        since = self.window.missing_since()
        given_up: Accepted[Message] = Accepted()
        while since is not None and now - since >= RESEND_GIVE_UP_MS:  # one log line, one query for all
            got = self.window.give_up_first()
            given_up.deliver += got.deliver
            given_up.lost += got.lost
            since = self.window.missing_since()
        self._take(given_up)
        if self.window.waiting:
            self.counts["resend-retries"] += 1
            self._ask(self.window.runs())
            self._arm_resend()

    def _query(self) -> None:
        self._query_since = self.scheduler.now_ms()
        self._send(Query())

    def _on_hello(self, msg: Hello) -> None:
        if msg.proto != PROTOCOL_VERSION:
            fw = msg.info.get("fw", "unknown")
            self.incompatible = (
                f"the board on {self.transport.url} runs firmware {fw} speaking protocol {msg.proto}; "
                f"this mazeboard speaks protocol {PROTOCOL_VERSION}: "
                + FLASH_HINT.format(version=FIRMWARE_VERSION, port=self.transport.url)
            )
            if not self._connecting:  # at start-up the refusal is the command's one line; during a game, log it
                log.error("%s", self.incompatible)
            self.transport.close()
            self._schedule_reconnect()
            return
        self.incompatible = None
        self.board_info = dict(msg.info)
        leds = msg.info.get("leds")
        if leds is not None and leds.isdigit() and int(leds) != self.layout.count:
            log.warning("the board drives %s LEDs but the layout has %d", leds, self.layout.count)
        self.connected = True
        self._attempt = 0
        self.counts["connects"] += 1
        if self._ever_connected:
            log.warning("board connected again")
            self._status(True, f"firmware {msg.info.get('fw', '?')}")
        self._ever_connected = True
        if self._frame is not None:
            self._send_frame()

    def _known_name(self, kind: str, name: str) -> bool:
        """Whether the game's board has ``name`` (a ``reed``, ``hall`` sensor or ``button``);
        an unknown one is counted and logged (once per name)."""
        if self.known is None or name in self.known[kind]:
            return True
        self.counts["unknown-name"] += 1
        key = (kind, name)
        if key not in self._unknown_logged and len(self._unknown_logged) < MAX_UNKNOWN_LOGGED:
            self._unknown_logged.add(key)
            log.warning("the board reports a %s %r this game's board does not have: ignored", kind, name[:40])
        return False

    def _on_state(self, msg: State) -> None:
        """Reconcile the host's levels with the board's: opens first, then closes."""
        now = self.scheduler.now_ms()
        closed = {c for c in msg.closed_reeds if self._known_name("reed", c)}
        hall = {s for s in msg.hall_active if self._known_name("hall", s)}
        events: list[SensorEvent] = []
        events += [ReedChanged(now, c, False) for c in sorted(self._reeds - closed)]
        events += [HallChanged(now, s, False) for s in sorted(self._hall - hall)]
        events += [ReedChanged(now, c, True) for c in sorted(closed - self._reeds)]
        events += [HallChanged(now, s, True) for s in sorted(hall - self._hall)]
        self._reeds = closed
        self._hall = hall
        if events and self.counts["states"]:
            self.counts["resynced"] += len(events)
            log.warning("board state differs from what was heard: %d change(s) recovered", len(events))
        first = not self.counts["states"]
        self.counts["states"] += 1
        self._query_since = None
        if first:  # the levels at start-up: the controller reads them with state()
            return
        for ev in events:
            self._deliver(ev)

    def _on_reed(self, msg: Reed) -> None:
        if not self._known_name("reed", msg.cell) or (msg.cell in self._reeds) == msg.closed:
            return
        (self._reeds.add if msg.closed else self._reeds.discard)(msg.cell)
        self._deliver(ReedChanged(self.scheduler.now_ms(), msg.cell, msg.closed))

    def _on_hall(self, msg: Hall) -> None:
        if not self._known_name("hall", msg.sensor) or (msg.sensor in self._hall) == msg.ball:
            return
        (self._hall.add if msg.ball else self._hall.discard)(msg.sensor)
        self._deliver(HallChanged(self.scheduler.now_ms(), msg.sensor, msg.ball))

    def _on_button(self, msg: Button) -> None:
        if self._known_name("button", msg.name):
            self._deliver(ButtonPressed(self.scheduler.now_ms(), msg.name))

    def _on_raw(self, msg: HallRaw) -> None:
        self.counts["hall-raw"] += 1
        for sink in self.raw_sinks:
            sink(msg)

    def _on_ack(self, msg: Ack) -> None:
        if msg.seq == self._frame_seq:
            self._frame_seq = None

    def _on_error(self, msg: ErrorReport, asked: bool = False) -> None:
        """The board could not read a line of ours (``seq`` None: it could not tell which): send
        again what is outstanding: the frame not acknowledged, the asks (unless ``asked`` just
        now), the state query. Handled on arrival, ahead of missing lines (``E gone`` too, before)."""
        code = msg.code if msg.code in ERROR_CODES else "other"
        self.counts[f"board-error-{code}"] += 1
        if msg.oldest is not None:
            return
        log.info("the board rejected line %s: %s %s", msg.seq, msg.code[:20], msg.detail[:40])  # sent again below
        if self._frame_seq is not None and msg.seq in (None, self._frame_seq):
            self._send_frame()
        tail = self._tail_asked if self._tail_asked == self.window.next_unseen else None
        if self._quick_asks < QUICK_ASKS and (self.window.waiting or tail is not None or self._query_since is not None):
            self._quick_asks += 1
            if not asked:
                self._ask(self.window.runs(), tail=tail)
            if self._query_since is not None:
                self._query()

    def _deliver(self, event: SensorEvent) -> None:
        for sink in list(self._sinks):
            sink(event)

    # -- sending -----------------------------------------------------------------------
    def _send(self, message: Message, lead: bytes = b"") -> int | None:
        seq = self._tx_seq
        self._tx_seq = (self._tx_seq + 1) % 65536
        try:
            self.transport.write(lead + encode(message, seq))
        except LinkLost as e:
            self._lost(str(e))
            return None
        return seq

    def _send_frame(self) -> None:
        if self._frame is None:
            return
        self._frame_sent_ms = self.scheduler.now_ms()
        self._frame_seq = self._tx_seq  # before sending: the ack may come back within the write
        if self._send(Frame(self._frame.pixels)) is None:
            self._frame_seq = None

    def _heartbeat(self) -> None:
        if self._closed:
            return
        self._tick = self.scheduler.call_later(HEARTBEAT_MS, self._heartbeat, daemon=True)
        now = self.scheduler.now_ms()
        if self.transport.is_open and not self.connected:
            if now - self._opened_ms > self.heartbeat_timeout_ms:  # no HELLO: close, reopen later
                self._lost(f"no HELLO from the board for {now - self._opened_ms} ms")
            else:
                self._say_hello()
            return
        if self.transport.is_open and now - self._last_rx_ms > self.heartbeat_timeout_ms:
            self._lost(f"no line from the board for {now - self._last_rx_ms} ms (heartbeat timeout)")
            return
        if self.connected:
            self._send(Ping())
            if self._frame_seq is not None and now - self._frame_sent_ms >= FRAME_RETRY_MS:
                self.counts["frame-retries"] += 1
                self._send_frame()
            if self._query_since is not None and now - self._query_since >= QUERY_RETRY_MS:
                self.counts["query-retries"] += 1
                self._query()

    # -- reader thread (real time) -------------------------------------------------------
    def start_reader(self, post: Callable[[Callable[[], None]], Any]) -> None:
        """Read in a background thread; ``post(fn)`` runs ``fn`` on the scheduler's thread
        (``RealtimeClock.call_soon``)."""

        def run() -> None:
            failed_at = -1
            while not self._closed:
                if not self.transport.is_open or self.transport.opens == failed_at:
                    time.sleep(0.01)
                    continue
                try:
                    data = self.transport.read(0.05)
                except LinkLost as e:
                    failed_at = self.transport.opens
                    post(functools.partial(self._lost, str(e)))
                    continue
                if data:
                    post(functools.partial(self.feed, data))

        self._reader = threading.Thread(target=run, name="mazeboard-serial-reader", daemon=True)
        self._reader.start()
