"""The event log (SCENARIOS.md): one JSON object per line, ``t`` and ``type`` first."""

from __future__ import annotations

import errno
import os
import sys
from typing import IO

from mazeboard.hal.errors import ConfigError
from mazeboard.hal.events import GameEvent


class JsonLinesLog:
    """Writes each :class:`GameEvent` as a JSON line to ``path`` (``-``: standard output).

    Lines are flushed as they are written, so a crash loses nothing already
    decided. Raises :class:`ConfigError` when the file cannot be opened, and
    from the first event that cannot be written (a full disk, ``/dev/full``):
    the command then stops with that one line (a journaled game stays saved);
    later events and :meth:`close` write nothing more and raise nothing.
    """

    def __init__(self, path: str) -> None:
        self.path = path
        if path == "-":
            self._out: IO[str] = sys.stdout
            self._owned = False
        else:
            self._out = _open_for_writing(path)
            self._owned = True
        self.count = 0
        self.failed: str | None = None

    def __call__(self, event: GameEvent) -> None:
        if self.failed is not None:
            return
        try:
            self._out.write(event.to_json() + "\n")
            self._out.flush()
        except OSError as e:
            self.failed = f"--events: cannot write {self.path!r} ({e.strerror or e})"
            self._discard()
            raise ConfigError(self.failed) from None
        self.count += 1

    def _discard(self) -> None:
        """Close without flushing again (what is buffered could not be written)."""
        if self._owned:
            try:
                self._out.close()
            except OSError:
                pass

    def close(self) -> None:
        if self._owned and not self._out.closed:
            try:
                self._out.close()
            except OSError as e:
                if self.failed is None:
                    self.failed = f"--events: cannot write {self.path!r} ({e.strerror or e})"
                    raise ConfigError(self.failed) from None


def _open_for_writing(path: str) -> IO[str]:
    """``path`` opened for writing (created or truncated). A FIFO is opened without
    blocking: with a reader (``--events >(jq .)``) it is written as usual, without one
    it is refused (ENXIO) instead of waiting forever. Raises :class:`ConfigError`."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags, 0o666)
    except OSError as e:
        why = "a FIFO that nobody reads" if e.errno == errno.ENXIO else (e.strerror or str(e))
        raise ConfigError(f"--events: cannot write {path!r} ({why})") from None
    os.set_blocking(fd, True)  # writes wait for a slow reader, as a plain open would
    return open(fd, "w", encoding="utf-8")
