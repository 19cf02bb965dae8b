"""Messages between a page and the web server: one JSON object per WebSocket text message.

Page -> server: ``{"type": T, ...}``; an optional ``"id"`` (whole number) is
echoed in the reply to that message. :func:`parse_message` turns the text
into one frozen command with the parsers of the table being served (message
type -> parser of a :class:`Fields`), or raises :class:`BadMessage` with a
one-line reason; the server then replies ``{"type": "error", "message": ...,
"id": ...}`` (:func:`error_reply`) and changes nothing. A well-formed command
that cannot be done now raises :class:`Refused` in the table (the same reply).

Every check is bounded: at most :data:`MAX_MESSAGE_CHARS` characters, JSON
without ``NaN``/``Infinity``, nesting that exhausts the parser's recursion is
one line, unknown fields are refused. The simulator's command tables
(``mazeboard.sim.web``) and the real board's companion (:mod:`.companion`)
are built from these :class:`Fields` checks.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from mazeboard.hal.boards import MAGIC, PLAYER_COLOURS
from mazeboard.hal.errors import ProtocolError

#: Longest accepted message, in characters (the longest legal one is under 200).
MAX_MESSAGE_CHARS = 2048
SEED_MAX = 2**31 - 1


class BadMessage(ProtocolError):
    """A page message that is not JSON, not an object, of unknown type, or with bad fields.

    ``msg_id`` is the message's ``id`` when it could be read, for the reply."""

    def __init__(self, reason: str, msg_id: int | None = None) -> None:
        super().__init__(reason)
        self.msg_id = msg_id


class Refused(Exception):
    """A command that is well-formed but cannot be done now (the page shows the reason)."""


class Fields:
    """Typed access to one message's fields; every failure is a :class:`BadMessage`."""

    def __init__(self, kind: str, data: dict[str, Any], msg_id: int | None) -> None:
        self.kind = kind
        self.data = data
        self.msg_id = msg_id
        self.used = {"type", "id"}

    def fail(self, reason: str) -> BadMessage:
        return BadMessage(f"{self.kind}: {reason}", self.msg_id)

    def raw(self, key: str) -> Any:
        self.used.add(key)
        if key not in self.data:
            raise self.fail(f"missing field {key!r}")
        return self.data[key]

    def choice(self, key: str, allowed: tuple[str, ...]) -> str:
        value = self.raw(key)
        if not isinstance(value, str) or value not in allowed:
            raise self.fail(f"{key} must be one of {', '.join(allowed)}, got {_show(value)}")
        return value

    def player(self) -> str:
        return self.choice("player", PLAYER_COLOURS)

    def cell(self, key: str) -> str:
        value = self.raw(key)
        if not MAGIC.is_cell(value):
            raise self.fail(f"{key} must be a cell a1..f6, got {_show(value)}")
        return str(value)

    def flag(self, key: str) -> bool:
        value = self.raw(key)
        if not isinstance(value, bool):
            raise self.fail(f"{key} must be true or false, got {_show(value)}")
        return value

    def whole(self, key: str, lo: int, hi: int, optional: bool = False) -> int | None:
        value = self.raw(key) if not optional or key in self.data else None
        self.used.add(key)
        if value is None and optional:
            return None
        if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
            raise self.fail(f"{key} must be a whole number {lo}..{hi}, got {_show(value)}")
        return value

    def colours(self, key: str) -> tuple[str, ...]:
        value = self.raw(key)
        if not isinstance(value, list) or len(value) > len(PLAYER_COLOURS):
            raise self.fail(f"{key} must be a list of colours, got {_show(value)}")
        for v in value:
            if v not in PLAYER_COLOURS:
                raise self.fail(f"{key}: {_show(v)} is not a colour ({', '.join(PLAYER_COLOURS)})")
        if len(set(value)) != len(value):
            raise self.fail(f"{key}: a colour is listed twice")
        return tuple(value)

    def text(self, key: str, allowed: Callable[[object], bool], what: str) -> str:
        """A string field ``allowed(value)`` accepts; ``what`` names the expected values."""
        value = self.raw(key)
        if not isinstance(value, str) or not allowed(value):
            raise self.fail(f"{key} must be {what}, got {_show(value)}")
        return value

    def names(self, key: str, allowed: tuple[str, ...]) -> tuple[str, ...]:
        """A list of distinct strings, each one of ``allowed``."""
        value = self.raw(key)
        if not isinstance(value, list) or len(value) > len(allowed):
            raise self.fail(f"{key} must be a list of {', '.join(allowed)}, got {_show(value)}")
        for v in value:
            if v not in allowed:
                raise self.fail(f"{key}: {_show(v)} is not one of {', '.join(allowed)}")
        if len(set(value)) != len(value):
            raise self.fail(f"{key}: {_show(value[0])} is listed twice")
        return tuple(value)

    def done(self) -> None:
        extra = sorted(set(self.data) - self.used)
        if extra:
            raise self.fail(f"unknown field {extra[0]!r}")


#: At most this many tip names in one ``tips_read`` message, and kept per guide by the server (the latest read).
TIPS_MAX = 64
#: the first-game guides of the game pages (notice.js ``NOTICE.guide``: board.js, labyrinth.js, struggle.js)
GUIDES = ("magic-labyrinth", "labyrinth", "struggle")
_TIP_NAME = re.compile(r"[a-z][a-z0-9_]{0,39}\Z")


@dataclass(frozen=True)
class TipsRead:
    """``{"type": "tips_read", "game": "magic-labyrinth", "tips": ["roll", "move"]}``: first-game tips read on a
    board page (its guide's name, notice.js ``NOTICE.guide``; each tip's name). The server keeps them per guide
    for as long as it runs and tells every board page, so a tip read on one screen is not shown again on another
    screen of the same table (issue 15, Magic newcomers 64 and 66). Not a table's command: the web server answers it."""

    game: str
    tips: tuple[str, ...]
    msg_id: int | None = None


def parse_tips_read(f: Fields) -> TipsRead:
    """A :class:`TipsRead` from its fields: ``game`` one of :data:`GUIDES`, ``tips`` a list of 1 to :data:`TIPS_MAX`
    tip names (``[a-z][a-z0-9_]{0,39}``), repeats dropped; else :class:`BadMessage`."""
    game = f.choice("game", GUIDES)
    tips = f.raw("tips")
    if not isinstance(tips, list) or not 0 < len(tips) <= TIPS_MAX \
            or not all(isinstance(t, str) and _TIP_NAME.match(t) for t in tips):
        raise f.fail(f'tips must be a list of 1 to {TIPS_MAX} tip names like "roll", got {_show(tips)}')
    return TipsRead(game, tuple(dict.fromkeys(tips)), f.msg_id)


def _show(value: object) -> str:
    text = json.dumps(value) if _jsonable(value) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _jsonable(value: object) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return False
    return True


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


def parse_message(text: str | bytes, parsers: Mapping[str, Callable[[Any], Any]]) -> Any:
    """One page message -> a command; raises :class:`BadMessage` (never anything else).

    ``parsers`` (message type -> parser of a :class:`Fields`) is the table being served."""
    table = parsers
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise BadMessage("not UTF-8 text") from None
    if len(text) > MAX_MESSAGE_CHARS:
        raise BadMessage(f"message too long ({len(text)} characters, at most {MAX_MESSAGE_CHARS})")
    try:
        data = json.loads(text, parse_constant=_reject_constant)
    except (ValueError, RecursionError) as e:
        raise BadMessage(f"not JSON ({str(e).splitlines()[0][:80]})") from None
    if not isinstance(data, dict):
        raise BadMessage("a message must be a JSON object like {\"type\": \"press\", \"button\": \"roll\"}")
    raw_id = data.get("id")
    msg_id = raw_id if isinstance(raw_id, int) and not isinstance(raw_id, bool) and abs(raw_id) < 2**53 else None
    if "id" in data and msg_id is None:
        raise BadMessage("id must be a whole number")
    kind = data.get("type")
    parser = table.get(kind) if isinstance(kind, str) else None
    if parser is None:
        raise BadMessage(f"unknown message type {_show(kind)} (known: {', '.join(table)})", msg_id)
    fields = Fields(kind, data, msg_id)  # type: ignore[arg-type]
    command = parser(fields)
    fields.done()
    return command


def error_reply(message: str, msg_id: int | None = None) -> dict[str, Any]:
    """The ``error`` message the page shows (one line)."""
    reply: dict[str, Any] = {"type": "error", "message": message}
    if msg_id is not None:
        reply["id"] = msg_id
    return reply


def ok_reply(msg_id: int) -> dict[str, Any]:
    """The ``ok`` message: the command ``msg_id`` was taken (its hand acts next). Each command
    with an ``id`` gets one answer, ``ok`` or ``error``, in the order sent; a page that moves a
    piece ahead of the board keeps its own plan until every command it sent is answered (a
    ``world`` message sent before an answer may not show that command yet)."""
    return {"type": "ok", "id": msg_id}
