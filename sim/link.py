"""``--link serial``: a simulated session served through emulated firmware and the real serial backend.

:func:`serial_session` takes a simulated session (any game) and puts the
co-processor path between its board and the controller::

    SimBoard <-> FirmwareEmulator <-> pseudo-terminal <-> pyserial <-> SerialBoard <-> controller

The returned session's ``board`` is the hal :class:`~mazeboard.hal.serial.board.SerialBoard`
(the controller never sees the simulator); everything else is the inner
session's. Announcements, which the link does not carry, go straight to the
simulated board's watchers (the players' eyes).

Time. On a :class:`~mazeboard.hal.clock.VirtualClock` both ends share the
one virtual clock and run in lock-step: every line one side writes is read
and handled by the other before the writer goes on (counted in bytes, so
nothing is left in flight), so each sensor event reaches the referee at the
virtual millisecond it was debounced, as in the in-process run, and the
event logs are the same. On a :class:`~mazeboard.hal.clock.RealtimeClock`
each end reads in its own thread and hands bytes to the clock's thread.
"""

from __future__ import annotations

import atexit
import logging
import os
import shutil
import tempfile
import threading
from typing import Any, Callable

from mazeboard.hal.clock import VirtualClock
from mazeboard.hal.serial.board import SerialBoard
from mazeboard.hal.serial.protocol import PROTOCOL_VERSION
from mazeboard.hal.serial.transport import Backoff, SerialTransport
from mazeboard.hal.wiring_boards import BoardSpec, spec_of_game

from .emulator import FirmwareEmulator
from .noise import LineNoise
from .ports import PtyPort

log = logging.getLogger(__name__)

#: Longest wait for bytes known to be in flight (a pseudo-terminal hands them over in microseconds).
IN_FLIGHT_TIMEOUT_S = 2.0


class _LockstepTransport(SerialTransport):
    """The real pyserial transport, telling the link after every write."""

    after_write: Callable[[], None] = staticmethod(lambda: None)
    after_open: Callable[[], None] = staticmethod(lambda: None)

    def open(self) -> None:
        super().open()
        self.after_open()

    def write(self, data: bytes) -> None:
        super().write(data)
        self.after_write()


class SerialLink:
    """The emulator, its pseudo-terminal and the host board, wired either in lock-step
    (virtual time) or with reader threads (real time). :meth:`unplug` / :meth:`plug`
    pull and reconnect the simulated USB cable."""

    def __init__(self, sim_board: Any, scheduler: Any, *, proto: int | None = None,
                 backoff: Backoff = Backoff(), spec: BoardSpec | None = None,
                 noise: tuple[LineNoise | None, LineNoise | None] = (None, None)) -> None:
        self.scheduler = scheduler
        self.lockstep = isinstance(scheduler, VirtualClock)
        self.dir = tempfile.mkdtemp(prefix="mazeboard-link-")
        self.port = PtyPort(os.path.join(self.dir, "mazeboard"), full_wait_s=0.0 if self.lockstep else 1.0)
        self.port.plug()
        self.emulator = FirmwareEmulator(sim_board, scheduler, proto=PROTOCOL_VERSION if proto is None else proto,
                                         noise=noise)
        self.emulator.attach(self.port)
        transport = _LockstepTransport(self.port.link_path) if self.lockstep else SerialTransport(self.port.link_path)
        self.transport = transport
        self.host = SerialBoard(transport, scheduler, sim_board.layout, backoff=backoff,
                                announce=sim_board.announce, spec=spec)
        self._closed = False
        self._handshaking = False
        self._thread: threading.Thread | None = None
        if self.lockstep:
            self.emulator.on_written = self.to_host
            transport.after_write = self.to_board
            transport.after_open = self._opened
        else:
            self._thread = threading.Thread(target=self._emulator_reader, name="mazeboard-emulator", daemon=True)
            self._thread.start()
        atexit.register(self.close)

    def connect(self) -> None:
        """Handshake now; raises what :meth:`SerialBoard.connect` raises."""
        self._handshaking = True  # the clock does not run yet: the emulator answers from its thread
        try:
            self.host.connect()
        finally:
            self._handshaking = False
        if not self.lockstep:
            self.host.start_reader(self.scheduler.call_soon)

    # -- lock-step delivery ---------------------------------------------------------------
    _out_base = 0  # emulator bytes written before the host's port was (re)opened: flushed by pyserial
    _in_base = 0  # emulator bytes read before that

    def _opened(self) -> None:
        self._out_base = self.port.bytes_out
        self._in_base = self.port.bytes_in

    def to_host(self) -> None:
        """Let the host read and handle every byte the emulator wrote (no-op when re-entered)."""
        host, transport = self.host, self.transport
        if host.pumping:
            return
        while transport.is_open and self.port.connected and transport.bytes_in < self.port.bytes_out - self._out_base:
            if not host.pump(IN_FLIGHT_TIMEOUT_S) and transport.is_open:
                log.warning("lock-step link: %d byte(s) never reached the host",
                            self.port.bytes_out - self._out_base - transport.bytes_in)
                return

    def to_board(self) -> None:
        """Let the emulator read and handle every byte the host wrote (no-op when re-entered)."""
        emu = self.emulator
        if emu.pumping:
            return
        while self.port.connected and self.port.bytes_in - self._in_base < self.transport.bytes_out:
            if not emu.pump(IN_FLIGHT_TIMEOUT_S):
                log.warning("lock-step link: %d byte(s) never reached the board",
                            self.transport.bytes_out - self.port.bytes_in + self._in_base)
                return

    # -- real-time delivery ---------------------------------------------------------------------
    def _emulator_reader(self) -> None:
        while not self._closed:
            if not self.port.connected:
                threading.Event().wait(0.01)
                continue
            data = self.port.read(0.05)
            if data and self._handshaking:
                self.emulator.feed(data)
            elif data:
                self.scheduler.call_soon(lambda data=data: self.emulator.feed(data))

    # -- the cable ---------------------------------------------------------------------------------
    def unplug(self) -> None:
        """Pull the USB cable: the firmware loses power, the device node goes away."""
        self.emulator.detach()
        self.port.unplug()
        if self.lockstep:
            self.host.pump(0)  # the host's reader notices at once, as its thread would

    def plug(self) -> None:
        """Plug it back in: a new device behind the same name, a freshly booted firmware."""
        self.port.plug()
        self.emulator.attach(self.port)

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self.host.close()
        self.emulator.close()
        self.port.unplug()
        shutil.rmtree(self.dir, ignore_errors=True)


class LinkedSession:
    """A simulated session whose board is reached over the serial link."""

    def __init__(self, inner: Any, link: SerialLink) -> None:
        self._inner = inner
        self.link = link
        self.board = link.host
        self.setup = inner.setup

    @property
    def scheduler(self) -> Any:
        return self._inner.scheduler

    def start(self) -> None:
        self._inner.start()

    def run(self, stop: Callable[[], bool] | None = None) -> bool:
        try:
            return bool(self._inner.run(stop))
        finally:
            if not self.link.lockstep:
                self.link.close()

    def close(self) -> None:
        self.link.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


def serial_session(inner: Any, **link_options: Any) -> LinkedSession:
    """Serve ``inner`` (a simulated session) through emulated firmware on a
    pseudo-terminal; raises :class:`~mazeboard.hal.serial.transport.LinkLost` or
    :class:`~mazeboard.hal.serial.board.IncompatibleFirmware` when the handshake fails."""
    link_options.setdefault("spec", spec_of_game(inner.setup.game, inner.setup.extra))
    link = SerialLink(inner.board, inner.scheduler, **link_options)
    try:
        link.connect()
    except Exception:
        link.close()
        raise
    return LinkedSession(inner, link)
