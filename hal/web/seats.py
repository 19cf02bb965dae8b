"""Seats: a player claims a colour and gets a private page that is nobody else's.

A phone opens the board's page, picks a free colour and claims it
(``POST /seat/COLOUR/claim``): the server makes a secret token
(:func:`secrets.token_urlsafe`, 192 bits), gives it to that browser in a
cookie (``mb-seat-COLOUR``: HttpOnly, SameSite=Strict, so page scripts and
other sites never see it) and keeps only its SHA-256 here. Every private
request -- the page ``/seat/COLOUR`` and its WebSocket -- must carry a token
whose hash matches (compared in constant time, :func:`hmac.compare_digest`);
a colour claimed by another browser, or not claimed at all, cannot be read.

Claims survive a reload (the cookie) and, given a ``path`` (the service's
state directory, ``seats.json``), a restart. The file is read with bounds (a
regular file of at most :data:`MAX_FILE_BYTES`, UTF-8 JSON, the expected
shape: ``{"version": 1, "seats": {"red": "<64 hex digits>"}}``); anything else
is renamed ``seats.json.bad`` (``.bad-2``...), logged on one line and not
trusted: everyone claims again. Writes are atomic (a temporary file, then
``os.replace``), readable by the service's user only.

An adult releases seats from the board (the lobby's release gesture, the
``seats_released`` event) or from the config file (``[web] release``); a
player may leave their own seat. Thread-safe: the web server's thread and the
board's clock thread both call it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import os
import re
import secrets
import stat
import threading
from pathlib import Path
from typing import Callable, Iterable, Mapping

from mazeboard.hal.boards import PLAYER_COLOURS

log = logging.getLogger(__name__)

FILE_NAME = "seats.json"
FILE_VERSION = 1
#: the largest seats file read (four seats take about 330 bytes)
MAX_FILE_BYTES = 4096
COOKIE_PREFIX = "mb-seat-"
#: a token as handed out (token_urlsafe(24): 32 characters); anything else is not looked at
TOKEN_RE = re.compile(r"[A-Za-z0-9_-]{20,64}")
HASH_RE = re.compile(r"[0-9a-f]{64}")


class SeatTaken(Exception):
    """The colour is claimed by another browser (or is not a seat of this board)."""


def cookie_name(colour: str) -> str:
    return COOKIE_PREFIX + colour


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("ascii")).hexdigest()


class Seats:
    """The claimed seats of one board: colour -> SHA-256 of its token (see the module doc).

    ``path``: the file they are kept in (None: in memory only, as in the
    browser simulator); ``colours``: the seats there are."""

    def __init__(self, path: Path | str | None = None, colours: Iterable[str] = PLAYER_COLOURS) -> None:
        self.path = Path(path) if path is not None else None
        self.colours = tuple(colours)
        self._lock = threading.Lock()
        self._hashes: dict[str, str] = {}
        #: called (from the thread that changed them) after every claim or release
        self.on_change: list[Callable[[], None]] = []
        if self.path is not None:
            self._hashes = self._load(self.path)

    # -- queries -------------------------------------------------------------------------
    def taken(self) -> list[str]:
        """The claimed colours, in seat order."""
        with self._lock:
            return [c for c in self.colours if c in self._hashes]

    def holds(self, colour: str, token: str | None) -> bool:
        """Whether ``token`` is the claim of ``colour`` (False for anything malformed)."""
        if colour not in self.colours or not isinstance(token, str) or not TOKEN_RE.fullmatch(token):
            return False
        with self._lock:
            want = self._hashes.get(colour)
        return want is not None and hmac.compare_digest(want, _digest(token))

    def held(self, cookies: Mapping[str, str]) -> list[str]:
        """The colours a browser holds, from its cookies."""
        return [c for c in self.colours if self.holds(c, cookies.get(cookie_name(c)))]

    # -- changes -------------------------------------------------------------------------
    def claim(self, colour: str, token: str | None = None) -> str:
        """Claim ``colour``; returns the token to hand to the browser (``token`` again when it
        already holds the seat). Raises :class:`SeatTaken` when another browser holds it or the
        colour is not a seat."""
        return self._take(colour, token, move=False)

    def move(self, colour: str, token: str | None = None) -> str:
        """Give ``colour`` to the browser holding ``token`` whichever browser held it, in one step:
        the seat is never free in between, so the screen it leaves is told it was taken elsewhere,
        not released (Labyrinth newcomer 80). Returns the browser's token (``token`` again when it
        holds the seat already); raises :class:`SeatTaken` for a colour that is not a seat."""
        return self._take(colour, token, move=True)

    def _take(self, colour: str, token: str | None, move: bool) -> str:
        if colour not in self.colours:
            raise SeatTaken(f"{colour!r} is not a seat of this board ({', '.join(self.colours)})")
        if self.holds(colour, token):
            assert token is not None
            return token
        new = secrets.token_urlsafe(24)
        with self._lock:
            if colour in self._hashes and not move:
                raise SeatTaken(f"{colour} is taken: someone else has claimed it (an adult can release it on the board)")
            self._hashes[colour] = _digest(new)
            self._save()
        if move:
            log.info("seat moved to another browser: %s", colour)
        self._changed()
        return new

    def release(self, colours: Iterable[str]) -> list[str]:
        """Free ``colours`` (unknown or free ones are ignored); returns those released."""
        with self._lock:
            freed = [c for c in self.colours if c in set(colours) and c in self._hashes]
            for c in freed:
                del self._hashes[c]
            if freed:
                self._save()
        if freed:
            log.info("seats released: %s", ", ".join(freed))
            self._changed()
        return freed

    def _changed(self) -> None:
        for fn in list(self.on_change):
            try:
                fn()
            except Exception:  # a page that cannot be told must not stop a claim
                log.exception("seat change listener failed")

    # -- the file ------------------------------------------------------------------------
    def _save(self) -> None:
        """Write the file atomically (caller holds the lock); a failure is one log line (the
        claims still hold until the next restart)."""
        if self.path is None:
            return
        data = {"version": FILE_VERSION, "seats": dict(self._hashes)}
        tmp = self.path.with_name(self.path.name + ".tmp")
        try:
            self.path.parent.mkdir(mode=0o750, parents=True, exist_ok=True)
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0), 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(data, f)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, self.path)
        except OSError as e:
            log.warning("cannot keep the seats in %s (%s): they last until the service stops", self.path,
                        e.strerror or e)

    def _load(self, path: Path) -> dict[str, str]:
        """The seats kept in ``path``; a missing file is no seats, a bad one is put aside."""
        try:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
        except FileNotFoundError:
            return {}
        except OSError as e:
            log.warning("cannot read the seats in %s (%s): everyone claims again", path, e.strerror or e)
            return {}
        try:
            st = os.fstat(fd)
            raw = os.read(fd, MAX_FILE_BYTES + 1) if stat.S_ISREG(st.st_mode) else None
        except OSError:
            raw = None
        finally:
            os.close(fd)
        why = _check(raw)
        if isinstance(why, dict):
            return why
        aside = _aside(path)
        try:
            os.replace(path, aside)
            log.warning("the seats file %s is not usable (%s): kept aside as %s; everyone claims again",
                        path, why, aside.name)
        except OSError as e:
            log.warning("the seats file %s is not usable (%s) and could not be put aside (%s): not trusted",
                        path, why, e.strerror or e)
        return {}


def _check(raw: bytes | None) -> dict[str, str] | str:
    """The seats in a file's bytes, or why they cannot be trusted."""
    if raw is None:
        return "not a regular file"
    if len(raw) > MAX_FILE_BYTES:
        return f"more than {MAX_FILE_BYTES} bytes"
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return "not UTF-8 JSON"
    if not isinstance(data, dict) or set(data) != {"version", "seats"} or data["version"] != FILE_VERSION:
        return f'not {{"version": {FILE_VERSION}, "seats": {{...}}}}'
    seats = data["seats"]
    if not isinstance(seats, dict):
        return "seats is not an object"
    for colour, digest in seats.items():
        if colour not in PLAYER_COLOURS:
            return f"{str(colour)[:20]!r} is not a colour"
        if not isinstance(digest, str) or not HASH_RE.fullmatch(digest):
            return f"the claim of {colour} is not a SHA-256"
    return dict(seats)


def _aside(path: Path) -> Path:
    """``seats.json.bad``, or ``.bad-2``, ``.bad-3``... (never over an earlier one)."""
    candidate = path.with_name(path.name + ".bad")
    n = 2
    while candidate.exists() and n < 1000:
        candidate = path.with_name(f"{path.name}.bad-{n}")
        n += 1
    return candidate
