"""The co-processor line protocol (``docs/protocol.md``): framing, checksum, messages.

A line is printable ASCII ending in ``\\n``::

    <seq> <TYPE> [<field> ...]*<crc>\\n

* ``seq``: decimal 0-65535, per direction, +1 per line, wrapping to 0; each
  side restarts at 0 with its ``HELLO``;
* ``TYPE``: 1-8 upper-case letters; fields: printable ASCII without spaces
  or ``*``, separated by single spaces;
* ``crc``: CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, not reflected,
  xorout 0x0000; check value of ``b"123456789"`` is 0x29B1) over every byte
  before the ``*``, as 4 upper-case hex digits;
* at most :data:`MAX_LINE_BYTES` bytes including the ``\\n``; a ``\\r``
  before the ``\\n`` is tolerated (terminals send one).

Messages are frozen dataclasses, one class per line type, looked up through
the per-direction tables :data:`BOARD_MESSAGES` (co-processor to Pi) and
:data:`HOST_MESSAGES` (Pi to co-processor). The firmware implements the same
grammar independently (``firmware/mbfw/protocol.py``); ``firmware/vectors.json``
keeps both honest.
"""

from __future__ import annotations

import binascii

from dataclasses import dataclass, field
from typing import ClassVar, Mapping, Protocol, Sequence

from ..errors import ProtocolError
from ..events import RGB

#: Protocol version both ends announce in HELLO; a different one is refused.
#: 2: the board keeps its recent lines and resends them on ``RESEND`` (1: no resend).
PROTOCOL_VERSION = 2
#: Firmware release that speaks this protocol (``firmware/mbfw/protocol.py`` FIRMWARE_VERSION).
FIRMWARE_VERSION = "0.2.0"
#: Longest line allowed, in bytes, including the final newline.
MAX_LINE_BYTES = 1024
#: Sequence numbers count modulo this.
SEQ_MODULO = 65536
#: A peer silent for this long is taken as gone (board: heartbeat every HEARTBEAT_MS).
HEARTBEAT_MS = 500
HEARTBEAT_TIMEOUT_MS = 2000
#: The board keeps its last RING_LINES lines, in RING_BYTES bytes at most, for a resend
#: (``firmware/mbfw/ring.py``; docs/protocol.md "Resending" for the sizing).
RING_LINES = 256
RING_BYTES = 8192

_FIELD_CHARS = frozenset(range(0x21, 0x7F)) - {ord("*")}


def crc16(data: bytes, crc: int = 0xFFFF) -> int:
    """CRC-16/CCITT-FALSE of ``data`` (poly 0x1021, init 0xFFFF, no reflection, xorout 0).

    ``binascii.crc_hqx`` computes exactly this in C; the firmware has a
    table-driven version (``firmware/mbfw/protocol.py``), checked against the same vectors."""
    return binascii.crc_hqx(data, crc)


def frame_line(seq: int, words: Sequence[str]) -> bytes:
    """``seq`` and the words (type first) as one checksummed line, newline included.

    Raises :class:`ProtocolError` for a word with a space, ``*`` or non-printable
    character, or a line longer than :data:`MAX_LINE_BYTES`."""
    for w in words:
        if not w or any(ord(ch) not in _FIELD_CHARS for ch in w):
            raise ProtocolError(f"cannot send field {w!r}: fields are printable ASCII without spaces or '*'")
    body = f"{seq % SEQ_MODULO} {' '.join(words)}".encode("ascii")
    line = body + b"*%04X\n" % crc16(body)
    if len(line) > MAX_LINE_BYTES:
        raise ProtocolError(f"line of {len(line)} bytes is longer than {MAX_LINE_BYTES}")
    return line


def unframe_line(line: bytes) -> tuple[int, str, tuple[str, ...]]:
    """Check one line (without its ``\\n``) and split it into ``(seq, TYPE, fields)``.

    Raises :class:`ProtocolError` whose ``reason`` attribute is one of
    ``not-ascii``, ``syntax``, ``crc``, ``seq``."""
    if line.endswith(b"\r"):
        line = line[:-1]
    if any(b < 0x20 or b > 0x7E for b in line):
        raise _bad("not-ascii", "non-printable byte in line")
    body, star, crc_text = line.rpartition(b"*")
    if not star or len(crc_text) != 4:
        raise _bad("syntax", "no '*' followed by 4 hex digits")
    try:
        crc = int(crc_text, 16)
    except ValueError:
        raise _bad("syntax", f"checksum {crc_text!r} is not hex") from None
    if crc != crc16(body):
        raise _bad("crc", f"checksum {crc:04X} does not match {crc16(body):04X}")
    words = body.decode("ascii").split(" ")
    if len(words) < 2 or not all(words) or b"*" in body:
        raise _bad("syntax", "expected '<seq> <TYPE> [fields]' separated by single spaces")
    seq_text, type_, *fields = words
    if not seq_text.isdigit() or len(seq_text) > 5 or int(seq_text) >= SEQ_MODULO:
        raise _bad("seq", f"sequence number {seq_text!r} is not 0-{SEQ_MODULO - 1}")
    if not (type_.isalpha() and type_.isupper() and len(type_) <= 8):
        raise _bad("syntax", f"line type {type_!r} is not 1-8 upper-case letters")
    return int(seq_text), type_, tuple(fields)


def _bad(reason: str, text: str) -> ProtocolError:
    err = ProtocolError(text)
    err.reason = reason  # type: ignore[attr-defined]
    return err


def reason_of(error: ProtocolError) -> str:
    """The short reason code of a protocol error (``syntax`` when none was set)."""
    return getattr(error, "reason", "syntax")


class Message(Protocol):
    TYPE: ClassVar[str]

    def words(self) -> list[str]: ...


# -- field helpers ------------------------------------------------------------
def _want(fields: Sequence[str], n: int, type_: str) -> None:
    if len(fields) != n:
        raise _bad("fields", f"{type_} takes {n} field(s), got {len(fields)}")


def _flag(text: str, type_: str) -> bool:
    if text not in ("0", "1"):
        raise _bad("fields", f"{type_}: level {text!r} is not 0 or 1")
    return text == "1"


def _int(text: str, what: str, lo: int = 0, hi: int = 2**32 - 1) -> int:
    if not text.isdigit() or not lo <= int(text) <= hi:
        raise _bad("fields", f"{what} {text!r} is not a whole number {lo}-{hi}")
    return int(text)


def _pairs(fields: Sequence[str], type_: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for f in fields:
        key, eq, value = f.partition("=")
        if not eq or not key:
            raise _bad("fields", f"{type_}: field {f!r} is not key=value")
        out[key] = value
    return out


def _names(text: str) -> frozenset[str]:
    return frozenset() if text == "-" else frozenset(n for n in text.split(",") if n)


def _join(names: frozenset[str]) -> str:
    return ",".join(sorted(names)) or "-"


# -- board -> host ------------------------------------------------------------
@dataclass(frozen=True)
class Hello:
    """``HELLO proto=1 fw=0.1.0 ...``: either side introduces itself; ``info`` holds the
    other key=value fields (board: ``fw``, ``board``, ``leds``, ``reeds``; host: ``host``)."""

    TYPE: ClassVar[str] = "HELLO"
    proto: int
    info: Mapping[str, str] = field(default_factory=dict)

    def words(self) -> list[str]:
        return [self.TYPE, f"proto={self.proto}", *(f"{k}={v}" for k, v in self.info.items())]

    @classmethod
    def parse(cls, fields: Sequence[str]) -> "Hello":
        pairs = _pairs(fields, cls.TYPE)
        proto = _int(pairs.pop("proto", ""), "HELLO proto", 0, 999)
        return cls(proto, pairs)


@dataclass(frozen=True)
class Heartbeat:
    """``HB <uptime_ms>``: the board is alive; sent every :data:`HEARTBEAT_MS`. The value is the
    board's ``time.ticks_ms()``, which wraps to 0 every 2**30 ms on the RP2040."""

    TYPE: ClassVar[str] = "HB"
    uptime_ms: int

    def words(self) -> list[str]:
        return [self.TYPE, str(self.uptime_ms)]

    @classmethod
    def parse(cls, fields: Sequence[str]) -> "Heartbeat":
        _want(fields, 1, cls.TYPE)
        return cls(_int(fields[0], "uptime_ms"))


@dataclass(frozen=True)
class Reed:
    """``R <cell> <0|1>``: the debounced reed switch under ``cell`` opened (0) or closed (1)."""

    TYPE: ClassVar[str] = "R"
    cell: str
    closed: bool

    def words(self) -> list[str]:
        return [self.TYPE, self.cell, "1" if self.closed else "0"]

    @classmethod
    def parse(cls, fields: Sequence[str]) -> "Reed":
        _want(fields, 2, cls.TYPE)
        return cls(fields[0], _flag(fields[1], cls.TYPE))


@dataclass(frozen=True)
class Hall:
    """``H <sensor> <0|1>``: a Hall-effect sensor crossed its calibrated threshold
    (hysteresis applied on the board): 1 senses a ball, 0 no longer does."""

    TYPE: ClassVar[str] = "H"
    sensor: str
    ball: bool

    def words(self) -> list[str]:
        return [self.TYPE, self.sensor, "1" if self.ball else "0"]

    @classmethod
    def parse(cls, fields: Sequence[str]) -> "Hall":
        _want(fields, 2, cls.TYPE)
        return cls(fields[0], _flag(fields[1], cls.TYPE))


@dataclass(frozen=True)
class HallRaw:
    """``HR <sensor> <value>``: a raw ADC reading (0-65535, MicroPython ``read_u16``),
    sent only when the board's config asks for it (calibration)."""

    TYPE: ClassVar[str] = "HR"
    sensor: str
    value: int

    def words(self) -> list[str]:
        return [self.TYPE, self.sensor, str(self.value)]

    @classmethod
    def parse(cls, fields: Sequence[str]) -> "HallRaw":
        _want(fields, 2, cls.TYPE)
        return cls(fields[0], _int(fields[1], "HR value", 0, 65535))


@dataclass(frozen=True)
class Button:
    """``B <name>``: a debounced button press (closing edge)."""

    TYPE: ClassVar[str] = "B"
    name: str

    def words(self) -> list[str]:
        return [self.TYPE, self.name]

    @classmethod
    def parse(cls, fields: Sequence[str]) -> "Button":
        _want(fields, 1, cls.TYPE)
        return cls(fields[0])


@dataclass(frozen=True)
class State:
    """``S r=<cells> h=<sensors>``: every closed reed and every Hall sensor sensing a
    ball, comma-separated (``-`` for none). Sent after HELLO and on ``Q``."""

    TYPE: ClassVar[str] = "S"
    closed_reeds: frozenset[str]
    hall_active: frozenset[str]

    def words(self) -> list[str]:
        return [self.TYPE, f"r={_join(self.closed_reeds)}", f"h={_join(self.hall_active)}"]

    @classmethod
    def parse(cls, fields: Sequence[str]) -> "State":
        pairs = _pairs(fields, cls.TYPE)
        if set(pairs) != {"r", "h"}:
            raise _bad("fields", "S needs exactly r=... and h=...")
        return cls(_names(pairs["r"]), _names(pairs["h"]))


@dataclass(frozen=True)
class Ack:
    """``A <seq>``: the board accepted the host line numbered ``seq``."""

    TYPE: ClassVar[str] = "A"
    seq: int

    def words(self) -> list[str]:
        return [self.TYPE, str(self.seq)]

    @classmethod
    def parse(cls, fields: Sequence[str]) -> "Ack":
        _want(fields, 1, cls.TYPE)
        return cls(_int(fields[0], "A seq", 0, SEQ_MODULO - 1))


@dataclass(frozen=True)
class ErrorReport:
    """``E <code> <seq|-> [detail]``: the receiver rejected a line (codes: ``crc``,
    ``syntax``, ``too-long``, ``not-ascii``, ``unknown``, ``fields``, ``proto``), or
    ``E gone <seq> <oldest>``: the host's ``RESEND`` numbered ``seq`` asked for lines the
    board no longer keeps; ``detail`` is the oldest line it still has (:attr:`oldest`)."""

    TYPE: ClassVar[str] = "E"
    code: str
    seq: int | None = None
    detail: str = ""

    def words(self) -> list[str]:
        words = [self.TYPE, self.code, "-" if self.seq is None else str(self.seq)]
        return words + ([self.detail] if self.detail else [])

    @property
    def oldest(self) -> int | None:
        """The oldest line the board still keeps, from ``E gone`` (None for other codes)."""
        if self.code != "gone" or not self.detail.isdigit() or int(self.detail) >= SEQ_MODULO:
            return None
        return int(self.detail)

    @classmethod
    def parse(cls, fields: Sequence[str]) -> "ErrorReport":
        if len(fields) not in (2, 3):
            raise _bad("fields", "E takes a code, a seq or '-', and an optional detail")
        seq = None if fields[1] == "-" else _int(fields[1], "E seq", 0, SEQ_MODULO - 1)
        if fields[0] == "gone" and (len(fields) != 3 or seq is None):
            raise _bad("fields", "E gone takes the RESEND's seq and the oldest line kept")
        if fields[0] == "gone":
            _int(fields[2], "E gone oldest", 0, SEQ_MODULO - 1)
        return cls(fields[0], seq, fields[2] if len(fields) == 3 else "")


# -- host -> board -------------------------------------------------------------
@dataclass(frozen=True)
class Frame:
    """``F <rrggbb...>``: colours for the whole LED chain, index 0 first, 6 hex digits per
    LED (0-255 each, brightness applied on the board). Acked with ``A``."""

    TYPE: ClassVar[str] = "F"
    pixels: tuple[RGB, ...]

    def words(self) -> list[str]:
        return [self.TYPE, "".join("%02X%02X%02X" % p for p in self.pixels) or "-"]

    @classmethod
    def parse(cls, fields: Sequence[str]) -> "Frame":
        _want(fields, 1, cls.TYPE)
        text = "" if fields[0] == "-" else fields[0]
        if len(text) % 6:
            raise _bad("fields", "F: pixel data is not a multiple of 6 hex digits")
        try:
            raw = bytes.fromhex(text)
        except ValueError:
            raise _bad("fields", "F: pixel data is not hex") from None
        return cls(tuple((raw[i], raw[i + 1], raw[i + 2]) for i in range(0, len(raw), 3)))


@dataclass(frozen=True)
class Ping:
    """``P``: the host is alive (sent every :data:`HEARTBEAT_MS`); not acked."""

    TYPE: ClassVar[str] = "P"

    def words(self) -> list[str]:
        return [self.TYPE]

    @classmethod
    def parse(cls, fields: Sequence[str]) -> "Ping":
        _want(fields, 0, cls.TYPE)
        return cls()


@dataclass(frozen=True)
class Query:
    """``Q``: send a ``S`` state line now (after a sequence gap)."""

    TYPE: ClassVar[str] = "Q"

    def words(self) -> list[str]:
        return [self.TYPE]

    @classmethod
    def parse(cls, fields: Sequence[str]) -> "Query":
        _want(fields, 0, cls.TYPE)
        return cls()


@dataclass(frozen=True)
class Resend:
    """``RESEND <seq> [<count>]``: send your lines from ``seq`` again, byte for byte (``count``
    of them; None: every one up to the newest). Not acked: the lines are the answer, and
    ``E gone`` for those no longer kept."""

    TYPE: ClassVar[str] = "RESEND"
    seq: int
    count: int | None = None

    def words(self) -> list[str]:
        return [self.TYPE, str(self.seq)] + ([] if self.count is None else [str(self.count)])

    @classmethod
    def parse(cls, fields: Sequence[str]) -> "Resend":
        if len(fields) not in (1, 2):
            raise _bad("fields", "RESEND takes a seq and an optional count")
        count = _int(fields[1], "RESEND count", 1, SEQ_MODULO - 1) if len(fields) == 2 else None
        return cls(_int(fields[0], "RESEND seq", 0, SEQ_MODULO - 1), count)


#: line type -> message class, co-processor to Pi
BOARD_MESSAGES: dict[str, type] = {
    c.TYPE: c for c in (Hello, Heartbeat, Reed, Hall, HallRaw, Button, State, Ack, ErrorReport)
}
#: line type -> message class, Pi to co-processor
HOST_MESSAGES: dict[str, type] = {c.TYPE: c for c in (Hello, Frame, Ping, Query, Resend)}


def encode(message: Message, seq: int) -> bytes:
    """One message as a line numbered ``seq`` (newline included)."""
    return frame_line(seq, message.words())


def decode(line: bytes, table: Mapping[str, type]) -> tuple[int, Message]:
    """Check and decode one line (without ``\\n``) with a direction's table.

    Raises :class:`ProtocolError` (reasons as :func:`unframe_line`, plus
    ``unknown`` for a type not in ``table`` and ``fields`` for bad fields)."""
    seq, type_, fields = unframe_line(line)
    cls = table.get(type_)
    if cls is None:
        raise _bad("unknown", f"unknown line type {type_!r}")
    return seq, cls.parse(fields)  # type: ignore[attr-defined]
