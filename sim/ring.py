"""The firmware's ring of recent lines, for the emulator: what it keeps is what the board keeps.

The same layout as ``firmware/mbfw/ring.py`` (the firmware is not importable
from here: it is MicroPython, deployed on its own), so the emulated board
forgets a line exactly when the real one would: lines back to back in
:data:`~mazeboard.hal.serial.protocol.RING_BYTES` bytes, wrapping to the start
when a line does not fit before the end, at most
:data:`~mazeboard.hal.serial.protocol.RING_LINES` of them, the oldest making
room. ``tests/serial/test_resend.py`` runs both on the same lines and
compares what each keeps.
"""

from __future__ import annotations

from mazeboard.hal.serial.protocol import RING_BYTES, RING_LINES, SEQ_MODULO


class LineRing:
    """The last lines sent, by sequence number, in ``size`` bytes and ``lines`` slots."""

    def __init__(self, lines: int = RING_LINES, size: int = RING_BYTES) -> None:
        self.lines = lines
        self.size = size
        self._slot: list[tuple[int, bytes]] = [(0, b"")] * lines  # offset, line
        self.count = 0
        self.next = 0
        self.head = 0

    def clear(self) -> None:
        self.count = 0
        self.next = 0
        self.head = 0

    def oldest(self) -> int:
        return (self.next - self.count) % SEQ_MODULO

    def behind(self, seq: int) -> int:
        """1 for the newest line kept, ``count`` for the oldest (as the firmware's)."""
        return (self.next - seq) % SEQ_MODULO

    def keep(self, seq: int, line: bytes) -> None:
        n = len(line)
        if self.count and seq != self.next:
            self.count = 0
        if n > self.size:
            self.count = 0
            self.next = (seq + 1) % SEQ_MODULO
            return
        h = self.head
        if h + n > self.size:
            while self.count and self._slot[self.oldest() % self.lines][0] >= h:
                self.count -= 1
            h = 0
        while self.count:
            at, old = self._slot[self.oldest() % self.lines]
            if self.count < self.lines and (at >= h + n or at + len(old) <= h):
                break
            self.count -= 1
        self._slot[seq % self.lines] = (h, bytes(line))
        self.head = h + n
        self.count += 1
        self.next = (seq + 1) % SEQ_MODULO

    def get(self, seq: int) -> bytes | None:
        if not 1 <= self.behind(seq) <= self.count:
            return None
        return self._slot[seq % self.lines][1]
