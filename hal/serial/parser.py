"""Bytes in, messages out: the pure receiving half of the link (no I/O, no clock).

:class:`LineParser` cuts a byte stream into lines, however it is chunked,
checks and decodes each one, and counts every line it rejects by reason.
Resynchronisation is by newline: after garbage, a cut line or an overlong
line, the next ``\\n`` starts afresh. Sequence numbers are followed by
:class:`~.window.ReceiveWindow` (in order, each line once).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Mapping

from ..errors import ProtocolError
from .protocol import BOARD_MESSAGES, MAX_LINE_BYTES, Message, decode, reason_of


@dataclass(frozen=True)
class Received:
    """One good line: its sequence number and decoded message."""

    seq: int
    message: Message


@dataclass(frozen=True)
class Rejected:
    """One bad line: the reason code (``crc``, ``syntax``, ``too-long``...) and the
    first bytes of the line, for the log."""

    reason: str
    head: bytes


class LineParser:
    """Feed bytes with :meth:`feed`; get :class:`Received` and :class:`Rejected` items.

    ``table``: line type -> message class (:data:`~.protocol.BOARD_MESSAGES` on
    the Pi, :data:`~.protocol.HOST_MESSAGES` in the board). Empty lines are
    skipped (a terminal user pressing Enter), every other bad line is counted
    in :attr:`bad` by reason. Never raises on input.
    """

    def __init__(self, table: Mapping[str, type] = BOARD_MESSAGES, max_line_bytes: int = MAX_LINE_BYTES) -> None:
        self.table = table
        self.max_line_bytes = max_line_bytes
        self._buf = bytearray()
        self._skipping = False  # inside an overlong line: drop until the next newline
        self.good = 0
        self.bad: Counter[str] = Counter()

    @property
    def bad_lines(self) -> int:
        return sum(self.bad.values())

    def reset(self) -> None:
        """Forget a partial line (after a reconnect)."""
        self._buf.clear()
        self._skipping = False

    def feed(self, data: bytes) -> list[Received | Rejected]:
        out: list[Received | Rejected] = []
        start = 0
        while True:
            nl = data.find(b"\n", start)
            if nl < 0:
                self._keep(data[start:], out)
                return out
            piece = data[start:nl]
            start = nl + 1
            if self._skipping:
                self._skipping = False
                self._buf.clear()
                continue
            if len(self._buf) + len(piece) + 1 > self.max_line_bytes:
                self._buf.clear()
                out.append(self._reject("too-long", piece[:32]))
                continue
            if self._buf:
                self._buf += piece
                line = bytes(self._buf)
                self._buf.clear()
            else:
                line = piece
            if line in (b"", b"\r"):
                continue
            out.append(self._line(line))

    def _keep(self, rest: bytes, out: list[Received | Rejected]) -> None:
        if self._skipping or not rest:
            return
        if len(self._buf) + len(rest) + 1 > self.max_line_bytes:
            out.append(self._reject("too-long", bytes(self._buf[:32] or rest[:32])))
            self._buf.clear()
            self._skipping = True
            return
        self._buf += rest

    def _line(self, line: bytes) -> Received | Rejected:
        try:
            seq, message = decode(line, self.table)
        except ProtocolError as e:
            return self._reject(reason_of(e), line[:32])
        self.good += 1
        return Received(seq, message)

    def _reject(self, reason: str, head: bytes) -> Rejected:
        self.bad[reason] += 1
        return Rejected(reason, head)
