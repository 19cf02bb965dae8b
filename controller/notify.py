"""systemd's service notification protocol (sd_notify) and the watchdog pings.

The protocol (``man sd_notify``, HARDWARE.md): newline-separated
``KEY=VALUE`` assignments sent as one datagram to the ``AF_UNIX`` socket named
in ``$NOTIFY_SOCKET``; a leading ``@`` names an abstract socket (a NUL byte
in the address). ``READY=1`` ends a ``Type=notify`` start, ``STATUS=...`` is
shown by ``systemctl status``, ``WATCHDOG=1`` resets the ``WatchdogSec=``
timer, ``STOPPING=1`` announces a clean stop. ``$WATCHDOG_USEC`` gives the
watchdog timeout in microseconds and ``$WATCHDOG_PID`` the process it is
meant for; pings go at half the timeout.

It is implemented here rather than through a library: the protocol is a
dozen lines and stable, the pure-Python ``sdnotify`` package has had no
release since 2017 and drops every error silently, and ``systemd-python`` or
``cysystemd`` need a C build (``libsystemd-dev``) on the 32-bit Raspberry Pi
OS images where no wheel exists.

Sending never raises: a missing or broken socket is logged once and the game
goes on (a board without systemd is still a board).
"""

from __future__ import annotations

import logging
import os
import socket
from typing import Any, Mapping

from mazeboard.hal.clock import Scheduler, Timer

log = logging.getLogger(__name__)


def socket_address(name: str) -> str | bytes:
    """The ``AF_UNIX`` address for ``$NOTIFY_SOCKET``: ``@name`` -> abstract (``b"\\0name"``), else the path."""
    if name.startswith("@"):
        return b"\0" + name[1:].encode()
    return name


class Notifier:
    """Sends notifications to ``address`` (``$NOTIFY_SOCKET``; None: not under systemd, sends nothing)."""

    def __init__(self, address: str | None) -> None:
        self.address = address or None
        self.sent = 0
        self._sock: socket.socket | None = None
        self._warned = False
        if self.address is not None and not self.address.startswith(("/", "@")):
            log.warning("NOTIFY_SOCKET=%r is not a unix socket this mazeboard can use: no notifications",
                        self.address)
            self.address = None

    @classmethod
    def from_env(cls, environ: Mapping[str, str] = os.environ) -> "Notifier":
        return cls(environ.get("NOTIFY_SOCKET"))

    @property
    def enabled(self) -> bool:
        return self.address is not None

    def notify(self, **fields: Any) -> bool:
        """Send ``KEY=VALUE`` lines (``notify(READY=1, STATUS="...")``); False when nothing was sent."""
        return self.send("\n".join(f"{k}={v}" for k, v in fields.items()))

    def send(self, text: str) -> bool:
        if self.address is None:
            return False
        try:
            if self._sock is None:
                self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
            self._sock.sendto(text.encode(), socket_address(self.address))
        except OSError as e:
            if not self._warned:
                log.warning("cannot notify systemd at %s (%s): going on without", self.address, e.strerror or e)
                self._warned = True
            return False
        self.sent += 1
        return True

    def close(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None


def watchdog_interval_ms(environ: Mapping[str, str] = os.environ, pid: int | None = None) -> int | None:
    """Half the ``$WATCHDOG_USEC`` timeout in milliseconds (at least 1), or None when there is no
    watchdog for this process (unset, not a positive number, or ``$WATCHDOG_PID`` names another process)."""
    usec = environ.get("WATCHDOG_USEC", "")
    owner = environ.get("WATCHDOG_PID")
    if owner and owner.strip() != str(os.getpid() if pid is None else pid):
        return None
    try:
        value = int(usec)
    except ValueError:
        return None
    if value <= 0:
        return None
    return max(1, value // 2000)


class WatchdogPinger:
    """Sends ``WATCHDOG=1`` every ``interval_ms`` from timers on ``scheduler``, the board's
    own event loop: when that loop hangs, the pings stop and systemd restarts the service.
    The timers are daemon timers, so they never keep a finished game's loop running."""

    def __init__(self, notifier: Notifier, scheduler: Scheduler, interval_ms: int) -> None:
        self.notifier = notifier
        self.scheduler = scheduler
        self.interval_ms = interval_ms
        self.pings = 0
        self._timer: Timer | None = None

    def start(self) -> None:
        self.stop()
        self._ping()

    def _ping(self) -> None:
        self.notifier.notify(WATCHDOG=1)
        self.pings += 1
        self._timer = self.scheduler.call_later(self.interval_ms, self._ping, daemon=True)

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
