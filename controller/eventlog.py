"""The event log (SCENARIOS.md): one JSON object per line, ``t`` and ``type`` first."""

from __future__ import annotations

import sys
from typing import IO

from mazeboard.hal.errors import ConfigError
from mazeboard.hal.events import GameEvent


class JsonLinesLog:
    """Writes each :class:`GameEvent` as a JSON line to ``path`` (``-``: standard output).

    Lines are flushed as they are written, so a crash loses nothing already
    decided. Raises :class:`ConfigError` when the file cannot be opened.
    """

    def __init__(self, path: str) -> None:
        self.path = path
        if path == "-":
            self._out: IO[str] = sys.stdout
            self._owned = False
        else:
            try:
                self._out = open(path, "w", encoding="utf-8")
            except OSError as e:
                raise ConfigError(f"--events: cannot write {path!r} ({e.strerror or e})") from None
            self._owned = True
        self.count = 0

    def __call__(self, event: GameEvent) -> None:
        self._out.write(event.to_json() + "\n")
        self._out.flush()
        self.count += 1

    def close(self) -> None:
        if self._owned:
            self._out.close()
