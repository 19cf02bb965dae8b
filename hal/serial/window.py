"""In order, exactly once: the receiving window over one direction's numbered lines (no I/O, no clock).

The board numbers its lines and keeps the recent ones for a resend
(``docs/protocol.md``, "Resending"). :class:`ReceiveWindow` turns whatever
arrives -- lines in order, lines after a gap, resent lines, lines twice --
into each line once, in the board's order:

* the expected line is delivered at once, with every held line that follows it;
* a line ahead of the expected one is held, and the numbers it skips are
  *missing* (a new :class:`Run` to ask the board for);
* a line already delivered or held is a duplicate, dropped and counted;
* missing lines can be given up (the caller's bounded wait ran out, or the
  board no longer keeps them): they are counted as lost and the held lines
  after them are delivered;
* a line :attr:`~ReceiveWindow.limit` or more ahead cannot be recovered from the
  board's ring: everything before it is given up at once.

Sequence numbers wrap from 65535 to 0; "ahead" and "behind" are taken modulo
65536 (serial number arithmetic, RFC 1982): a line less than half the space
ahead of the expected one is ahead, any other is behind.
At most ``limit`` lines are held, so memory stays bounded whatever arrives.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, TypeVar

from .protocol import RING_LINES, SEQ_MODULO

T = TypeVar("T")
HALF = SEQ_MODULO // 2


@dataclass(frozen=True)
class Run:
    """``count`` missing lines from ``first`` on (modulo 65536)."""

    first: int
    count: int


@dataclass
class Accepted(Generic[T]):
    """What one arriving line gives: ``deliver`` (``(seq, item)`` in order, now), ``opened``
    (numbers newly found missing, to ask for), ``lost`` (lines given up because this one was
    too far ahead), ``duplicate`` (it was dropped)."""

    deliver: list[tuple[int, T]] = field(default_factory=list)
    opened: Run | None = None
    lost: int = 0
    duplicate: bool = False


class ReceiveWindow(Generic[T]):
    """Lines numbered by the peer in, each line once and in order out.

    Counters: :attr:`gaps` (runs of missing lines found), :attr:`recovered` (missing
    lines that arrived after all), :attr:`lost` (lines given up), :attr:`repeats`
    (duplicates dropped)."""

    def __init__(self, limit: int = RING_LINES) -> None:
        if not 1 <= limit < HALF:
            raise ValueError(f"window limit {limit} is not 1-{HALF - 1}")
        self.limit = limit
        self.expected: int | None = None
        self._held: dict[int, T] = {}
        self._missing: dict[int, int] = {}  # seq -> ms it was found missing
        self._span = 0  # numbers from expected through the highest seen
        self.gaps = 0
        self.recovered = 0
        self.lost = 0
        self.repeats = 0

    def restart(self, seq: int | None = None) -> None:
        """A new conversation: expect ``seq + 1`` next (None: whatever comes first)."""
        self.expected = None if seq is None else (seq + 1) % SEQ_MODULO
        self._held.clear()
        self._missing.clear()
        self._span = 0

    @property
    def waiting(self) -> bool:
        """Lines are missing (and the held ones wait for them)."""
        return bool(self._missing)

    @property
    def held(self) -> int:
        return len(self._held)

    @property
    def next_unseen(self) -> int | None:
        """The first number after every line seen (what a resend of "whatever came next" asks)."""
        return None if self.expected is None else (self.expected + self._span) % SEQ_MODULO

    def runs(self) -> list[Run]:
        """The missing lines as runs, oldest first."""
        if self.expected is None:
            return []
        out: list[Run] = []
        for i in range(self._span):
            seq = (self.expected + i) % SEQ_MODULO
            if seq not in self._missing:
                continue
            if out and (out[-1].first + out[-1].count) % SEQ_MODULO == seq:
                out[-1] = Run(out[-1].first, out[-1].count + 1)
            else:
                out.append(Run(seq, 1))
        return out

    def missing_since(self) -> int | None:
        """When the oldest missing line was found missing (ms), None when none is."""
        if self.expected is None or self.expected not in self._missing:
            return None
        return self._missing[self.expected]

    def accept(self, seq: int, item: T, now_ms: int) -> Accepted[T]:
        """One line numbered ``seq`` arrived at ``now_ms``."""
        out: Accepted[T] = Accepted()
        if self.expected is None:
            self.expected = seq
        ahead = (seq - self.expected) % SEQ_MODULO
        if ahead >= HALF or (ahead and seq in self._held):  # delivered already, or held: a duplicate
            self.repeats += 1
            out.duplicate = True
            return out
        if ahead >= self.limit:  # further than the board keeps: everything before it is lost
            self._give_up(ahead, out)
            ahead = 0
        if ahead == 0:
            if self._missing.pop(seq, None) is not None:
                self.recovered += 1
            out.deliver.append((seq, item))
            self._step()
            self._drain(out)
            return out
        self._held[seq] = item
        if seq in self._missing:
            del self._missing[seq]
            self.recovered += 1
        elif ahead >= self._span:
            first = (self.expected + self._span) % SEQ_MODULO
            count = ahead - self._span
            for i in range(count):
                self._missing[(first + i) % SEQ_MODULO] = now_ms
            if count:
                self.gaps += 1
                out.opened = Run(first, count)
            self._span = ahead + 1
        return out

    def give_up_first(self) -> Accepted[T]:
        """Give up the oldest run of missing lines; deliver what was held after it."""
        out: Accepted[T] = Accepted()
        while self.expected is not None and self.expected in self._missing:
            del self._missing[self.expected]
            self.lost += 1
            out.lost += 1
            self._step()
        self._drain(out)
        return out

    def give_up_before(self, oldest: int) -> Accepted[T]:
        """Give up the missing lines older than ``oldest`` (the board keeps no line before it)."""
        out: Accepted[T] = Accepted()
        while self.expected is not None and self.expected in self._missing and \
                0 < (oldest - self.expected) % SEQ_MODULO < HALF:
            del self._missing[self.expected]
            self.lost += 1
            out.lost += 1
            self._step()
            self._drain(out)
        return out

    # -- inside -------------------------------------------------------------------------
    def _step(self) -> None:
        assert self.expected is not None
        self.expected = (self.expected + 1) % SEQ_MODULO
        self._span = max(0, self._span - 1)

    def _drain(self, out: Accepted[T]) -> None:
        """Deliver the held lines that now follow in order."""
        while self.expected in self._held:
            seq = self.expected
            out.deliver.append((seq, self._held.pop(seq)))
            self._step()

    def _give_up(self, ahead: int, out: Accepted[T]) -> None:
        """Give up every line before the one ``ahead`` numbers on: held ones are delivered, the
        others counted lost."""
        base = self.expected
        assert base is not None
        held = sorted(self._held.items(), key=lambda kv: (kv[0] - base) % SEQ_MODULO)
        out.deliver.extend(held)
        lost = ahead - len(held)
        self.lost += lost
        out.lost += lost
        self._held.clear()
        self._missing.clear()
        self.expected = (base + ahead) % SEQ_MODULO
        self._span = 0
