"""A noisy cable for the emulated co-processor: a seeded share of the lines, damaged on the way.

:class:`LineNoise` damages one direction's lines. The emulator runs one on
what it sends (board to Pi) and one on what it reads (Pi to board), so a
simulated game can be played over a line as bad as wanted, the same way on
every run of a seed.

Kinds of damage, each what a real serial line does to a line of text:

* ``flip``: one bit of one byte inverted (electrical noise on a UART);
* ``byte``: one byte replaced by another (which may be a newline: the line
  then arrives as two bad pieces);
* ``cut``: the line ends early, its newline kept (a reset or overrun mid-line);
* ``drop``: one byte missing (a receiver overrun);
* ``insert``: one to three stray bytes (not newlines) added;
* ``join``: the newline is lost, so the line runs into the next one and both
  arrive as one bad line;
* ``lose``: the whole line vanishes (a buffer overflowing on a busy host).

The first five are *visible*: the receiver gets a bad line at the moment the
good one was due. ``join`` and ``lose`` are *silent*: nothing tells the
receiver until the next line arrives. :data:`VISIBLE` and :data:`ALL` name
the two mixes.
"""

from __future__ import annotations

import random
from collections import Counter

VISIBLE = ("flip", "byte", "cut", "drop", "insert")
SILENT = ("join", "lose")
ALL = VISIBLE + SILENT


class LineNoise:
    """Damage ``rate`` (0.0-1.0) of the lines passing one way, with the kinds in ``kinds``,
    drawn from a :class:`random.Random` seeded with ``seed``.

    :meth:`line` takes one whole line (newline included) and returns what arrives;
    :meth:`stream` takes bytes in any chunking, cuts them into lines and returns what
    arrives of the complete ones (a partial line waits for its newline). Empty lines (a
    lone newline) pass untouched. :attr:`lines` counts the lines seen, :attr:`damaged`
    the damaged ones by kind. Raises ValueError for a rate outside 0-1 or an unknown kind.
    """

    def __init__(self, rate: float, seed: int | str = 0, kinds: tuple[str, ...] = ALL) -> None:
        if not 0.0 <= rate <= 1.0:
            raise ValueError(f"noise rate {rate!r} is not 0.0-1.0")
        unknown = [k for k in kinds if k not in ALL]
        if unknown or not kinds:
            raise ValueError(f"noise kinds {unknown or kinds!r}: choose from {', '.join(ALL)}")
        self.rate = rate
        self.kinds = tuple(kinds)
        self.rng = random.Random(f"line-noise-{seed}")
        self.lines = 0
        self.damaged: Counter[str] = Counter()
        self._partial = bytearray()

    def line(self, line: bytes) -> bytes:
        """What arrives of one line (``line`` ends in its newline)."""
        body = line[:-1] if line.endswith(b"\n") else line
        if not body:
            return line
        self.lines += 1
        if self.rng.random() >= self.rate:
            return line
        kind = self.rng.choice(self.kinds)
        self.damaged[kind] += 1
        return self._damage(kind, bytearray(body))

    def _damage(self, kind: str, body: bytearray) -> bytes:
        rng = self.rng
        at = rng.randrange(len(body))
        if kind == "flip":
            body[at] ^= 1 << rng.randrange(8)
        elif kind == "byte":
            body[at] = (body[at] + rng.randrange(1, 256)) % 256
        elif kind == "cut":  # at least one byte stays: a lone newline would be no line at all
            del body[max(at, 1):]
        elif kind == "drop":
            del body[at]
        elif kind == "insert":
            body[at:at] = rng.randbytes(rng.randint(1, 3)).replace(b"\n", b"~")  # a stray newline would only add a line
        elif kind == "join":
            return bytes(body)
        else:  # lose
            return b""
        return bytes(body) + b"\n"

    def stream(self, data: bytes) -> bytes:
        """What arrives of ``data``: its complete lines, each perhaps damaged; the bytes
        after the last newline are held until their line is complete."""
        self._partial += data
        end = self._partial.rfind(b"\n")
        if end < 0:
            return b""
        whole = bytes(self._partial[:end + 1])
        del self._partial[:end + 1]
        return b"".join(self.line(ln + b"\n") for ln in whole[:-1].split(b"\n"))

    def reset(self) -> None:
        """Forget a partial line (a new connection)."""
        self._partial.clear()
