"""The byte pipe to the co-processor: a pyserial port that can vanish and come back.

:class:`SerialTransport` opens a device path (``/dev/mazeboard``, the udev
rule's stable name) or any pyserial URL (``socket://host:port`` for the
firmware emulator on another machine, ``loop://`` in tests). It knows
nothing about lines or messages. Every way a USB cable fails (read or write
errors, the device reporting readiness but no data, the node disappearing)
surfaces as :class:`LinkLost`; the caller decides when to try again, paced
by :class:`Backoff`. pyserial is imported only when a transport is built.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any, Callable

from ..errors import HardwareError


class LinkLost(HardwareError):
    """The port failed or went away (unplugged, reset, closed by the peer)."""


@dataclass(frozen=True)
class Backoff:
    """Reconnect pacing: ``first_ms``, then doubling up to ``max_ms``."""

    first_ms: int = 100
    factor: float = 2.0
    max_ms: int = 1000

    def delay_ms(self, attempt: int) -> int:
        """Wait before attempt number ``attempt`` (0 = the first retry)."""
        return int(min(self.max_ms, self.first_ms * self.factor ** min(attempt, 30)))


def _pyserial_opener(url: str, baudrate: int) -> Any:
    import serial  # pyserial; imported only when the serial backend is used

    port = serial.serial_for_url(url, baudrate=baudrate, timeout=0.1, write_timeout=1.0, do_not_open=True)
    if hasattr(port, "exclusive") and not url.startswith(("socket://", "loop://", "spy://")):
        port.exclusive = True  # keep a second mazeboard (or a stray terminal) off the port
    port.open()
    return port


class SerialTransport:
    """A reopenable pyserial port.

    ``url``: a device path or pyserial URL. ``opener(url, baudrate)`` returns an
    open pyserial-like object (injectable for tests). Reads may run in one
    thread while writes, opens and closes run in another.
    """

    def __init__(self, url: str, baudrate: int = 115200,
                 opener: Callable[[str, int], Any] = _pyserial_opener) -> None:
        self.url = url
        self.baudrate = baudrate
        self._opener = opener
        self._port: Any = None
        self._lock = threading.Lock()
        self.bytes_in = 0
        self.bytes_out = 0
        self.opens = 0

    @property
    def is_open(self) -> bool:
        return self._port is not None

    def open(self) -> None:
        """Open the port; raises :class:`LinkLost` when it is absent or busy."""
        with self._lock:
            if self._port is not None:
                return
            try:
                self._port = self._opener(self.url, self.baudrate)
            except Exception as e:  # SerialException, OSError, ValueError from pyserial
                raise LinkLost(f"cannot open {self.url}: {_why(e)}") from None
            self.opens += 1
            self.bytes_in = self.bytes_out = 0

    def close(self) -> None:
        with self._lock:
            port, self._port = self._port, None
        if port is not None:
            try:
                if hasattr(port, "cancel_read"):
                    port.cancel_read()
                port.close()
            except Exception:  # closing a dead port may fail again; it is closed either way
                pass

    def read(self, timeout_s: float) -> bytes:
        """Whatever arrived within ``timeout_s`` (``b""`` when nothing did).

        Raises :class:`LinkLost` when the port failed or is not open."""
        port = self._port
        if port is None:
            raise LinkLost(f"{self.url} is not open")
        try:
            if port.timeout != timeout_s:  # pyserial reconfigures the port on every assignment
                port.timeout = timeout_s
            waiting = port.in_waiting
            data = port.read(waiting or 1)
            if data and not waiting:
                more = port.in_waiting
                if more:
                    data += port.read(more)
        except Exception as e:
            if self._port is not port:  # closed on purpose from another thread
                return b""
            raise LinkLost(f"{self.url}: {_why(e)}") from None
        self.bytes_in += len(data)
        return bytes(data)

    def write(self, data: bytes) -> None:
        """Send ``data``; raises :class:`LinkLost` when the port failed or is not open."""
        port = self._port
        if port is None:
            raise LinkLost(f"{self.url} is not open")
        try:
            port.write(data)
        except Exception as e:
            raise LinkLost(f"{self.url}: {_why(e)}") from None
        self.bytes_out += len(data)


def _why(error: BaseException) -> str:
    text = str(error).strip() or type(error).__name__
    return text.splitlines()[0]
