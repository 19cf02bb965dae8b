"""Where the emulated firmware's bytes go: a pseudo-terminal or a TCP socket.

:class:`PtyPort` is a USB serial device as far as pyserial can tell: a
pseudo-terminal (``os.openpty``) whose slave the host opens by a stable
name, a symlink like the udev rule's ``/dev/mazeboard``. :meth:`PtyPort.unplug`
closes it (the host's reads fail as with a pulled cable) and removes the
name; :meth:`PtyPort.plug` makes a new pseudo-terminal behind the same name.

:class:`TcpPort` listens on a TCP port for pyserial's ``socket://host:port``;
one host at a time, a closed connection is an unplug.
"""

from __future__ import annotations

import errno
import os
import select
import socket
import threading
import tty


class PtyPort:
    """A pseudo-terminal reachable through the symlink ``link_path``.

    A write into a full pseudo-terminal (the host not reading) waits up to
    ``full_wait_s`` for room, then drops the rest, as USB CDC does when the Pi
    stops reading (counted in :attr:`dropped`). The lock-step link passes 0: there the
    host reads on the same thread, after the write, so waiting could only cost wall time."""

    def __init__(self, link_path: str, full_wait_s: float = 1.0) -> None:
        self.link_path = link_path
        self.full_wait_s = full_wait_s
        self._master: int | None = None
        self._slave: int | None = None
        self.device = ""
        self.bytes_in = 0
        self.bytes_out = 0
        self.dropped = 0
        self.plugs = 0

    @property
    def connected(self) -> bool:
        return self._master is not None

    def plug(self) -> None:
        """Create the device (a new pseudo-terminal) and point ``link_path`` at it."""
        if self._master is not None:
            return
        master, slave = os.openpty()
        tty.setraw(slave)  # no echo, no line editing: a byte pipe, as a USB CDC port is
        os.set_blocking(master, False)
        self._master, self._slave = master, slave
        self.device = os.ttyname(slave)
        self.bytes_in = self.bytes_out = 0
        tmp = f"{self.link_path}.new"
        try:
            if os.path.lexists(tmp):
                os.unlink(tmp)
            os.symlink(self.device, tmp)
            os.replace(tmp, self.link_path)
        except OSError:  # no name for it: no pseudo-terminal either (the caller says why)
            self._master = self._slave = None
            for fd in (master, slave):
                os.close(fd)
            raise
        self.plugs += 1

    def unplug(self) -> None:
        """Pull the cable: close the pseudo-terminal and remove the name."""
        master, slave = self._master, self._slave
        self._master = self._slave = None
        if os.path.lexists(self.link_path):
            os.unlink(self.link_path)
        for fd in (master, slave):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass

    def read(self, timeout_s: float) -> bytes:
        master = self._master
        if master is None:
            return b""
        try:
            ready, _, _ = select.select([master], [], [], timeout_s)
            if not ready:
                return b""
            data = os.read(master, 65536)
        except (OSError, ValueError):
            return b""
        self.bytes_in += len(data)
        return data

    def write(self, data: bytes) -> None:
        master = self._master
        if master is None:
            return
        view = memoryview(data)
        while view:
            try:
                n = os.write(master, view)
            except BlockingIOError:  # nobody reading and the buffer full: USB CDC drops too
                ready = select.select([], [master], [], self.full_wait_s)[1]
                if not ready:
                    self.dropped += len(view)
                    return
                continue
            except OSError as e:
                if e.errno in (errno.EIO, errno.EBADF):
                    return
                raise
            view = view[n:]
            self.bytes_out += n


class TcpPort:
    """A TCP listener for ``socket://HOST:PORT``; serves one host connection at a time."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0) -> None:
        self._server = socket.create_server((host, port))
        self.address = self._server.getsockname()[:2]
        self._conn: socket.socket | None = None
        self._lock = threading.Lock()
        self.bytes_in = 0
        self.bytes_out = 0
        self.accepts = 0

    @property
    def url(self) -> str:
        return f"socket://{self.address[0]}:{self.address[1]}"

    @property
    def connected(self) -> bool:
        return self._conn is not None

    def accept(self, timeout_s: float | None = None) -> bool:
        """Wait for a host; True when one connected."""
        self._server.settimeout(timeout_s)
        try:
            conn, _ = self._server.accept()
        except (socket.timeout, OSError):
            return False
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        with self._lock:
            self._conn = conn
            self.bytes_in = self.bytes_out = 0
            self.accepts += 1
        return True

    def hang_up(self) -> None:
        with self._lock:
            conn, self._conn = self._conn, None
        if conn is not None:
            conn.close()

    def read(self, timeout_s: float) -> bytes:
        conn = self._conn
        if conn is None:
            return b""
        try:
            ready, _, _ = select.select([conn], [], [], timeout_s)
            if not ready:
                return b""
            data = conn.recv(65536)
        except OSError:
            data = b""
        if not data:
            self.hang_up()
            return b""
        self.bytes_in += len(data)
        return data

    def write(self, data: bytes) -> None:
        conn = self._conn
        if conn is None:
            return
        try:
            conn.sendall(data)
            self.bytes_out += len(data)
        except OSError:
            self.hang_up()

    def close(self) -> None:
        self.hang_up()
        self._server.close()
