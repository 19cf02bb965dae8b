"""The game journal: an fsync'd, append-only JSON-lines file that survives a pulled plug.

One file per game in progress, ``STATE_DIR/current.jsonl``. Every line is one
JSON object with a ``k`` (kind) and a ``crc`` (CRC-32 of the rest of the
object, compact JSON with sorted keys), so a torn write or a flipped bit on
the SD card is recognised rather than replayed:

* ``{"k": "setup", "version": 1, "backend": "sim", "request": {...}, "setup": {...}}``
  -- first line: the game asked for (the :data:`GAME_FIELDS` of a
  :class:`BoardRequest`) and what the backend set up (a :class:`GameSetup`);
* ``{"k": "start", "now": 0, "fired": 0}`` -- the referee's ``start()``;
* ``{"k": "sensor", "now": N, "fired": F, "ev": {"type": "reed", "t": T, "cell": "a1", "closed": true}}``
  -- one debounced sensor event as the referee received it;
* ``{"k": "resume", "now": N, "fired": F, "closed": [...], "hall": [...]}`` -- a restart:
  the reeds and Hall-effect sensors the board reported when the game resumed;
* ``{"k": "over", "now": N, "fired": F}`` -- the game announced ``game_over`` (often from
  a timer, after the last sensor event): a replay runs up to that point too.
* ``{"k": "abandoned", "now": N, "fired": F, "by": "board", "reason": "..."}`` -- the last
  record of a game abandoned (``by`` the board, a phone, or the service when a simulated
  game could not finish); such a game is archived, never resumed.

``now`` is the referee's logical time in milliseconds when the input was fed,
``fired`` how many of its timers had run by then (see
:mod:`mazeboard.controller.persist`). Lines are written with one ``write``
on an ``O_APPEND`` descriptor and ``fsync``'d before the input reaches the
referee (write-ahead). The file is created by write, fsync, rename, fsync of
the directory; finished games are renamed into ``STATE_DIR/archive/``.

Reading (:func:`load`) never raises for bad content: a truncated last line is
dropped, a corrupt line ends the journal at the last good record (the rest is
kept aside as ``corrupt-N.jsonl``), an unreadable header means a new game.
Each case is reported in :attr:`Loaded.problems` (one clear line each).
"""

from __future__ import annotations

import json
import logging
import os
import zlib
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Callable, Mapping

from mazeboard.hal.board import BoardRequest, GameSetup
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.events import ButtonPressed, HallChanged, ReedChanged, SensorEvent

log = logging.getLogger(__name__)

VERSION = 1
CURRENT = "current.jsonl"
ARCHIVE = "archive"
#: finished games kept in ``archive/`` (oldest removed first)
KEEP_ARCHIVED = 50

#: journal name of a sensor event type -> (class, {field: JSON type})
SENSOR_TYPES: dict[str, tuple[type, dict[str, type]]] = {
    "reed": (ReedChanged, {"cell": str, "closed": bool}),
    "hall": (HallChanged, {"sensor": str, "ball": bool}),
    "button": (ButtonPressed, {"button": str}),
}
_SENSOR_NAMES: dict[type, str] = {cls: name for name, (cls, _) in SENSOR_TYPES.items()}


class CorruptRecord(ValueError):
    """A journal line that cannot be trusted (bad JSON, CRC mismatch, wrong shape)."""


# -- records --------------------------------------------------------------------
def _crc(obj: Mapping[str, Any]) -> int:
    body = json.dumps(obj, sort_keys=True, separators=(",", ":"))
    return zlib.crc32(body.encode("utf-8"))


def encode(record: Mapping[str, Any]) -> bytes:
    """One journal line (with its CRC and the newline) for ``record``."""
    rec = dict(record)
    rec.pop("crc", None)
    rec["crc"] = _crc(rec)
    return (json.dumps(rec, separators=(",", ":")) + "\n").encode("utf-8")


def decode(line: bytes) -> dict[str, Any]:
    """The record on one line; raises :class:`CorruptRecord` with the reason."""
    try:
        rec = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise CorruptRecord(f"not JSON ({e})") from None
    if not isinstance(rec, dict) or "crc" not in rec:
        raise CorruptRecord("not a journal record (no crc)")
    crc = rec.pop("crc")
    if crc != _crc(rec):
        raise CorruptRecord("checksum mismatch")
    kind = rec.get("k")
    check = _CHECKS.get(kind) if isinstance(kind, str) else None
    if check is None:
        raise CorruptRecord(f"unknown record kind {kind!r}")
    check(rec)
    return rec


def _int(rec: Mapping[str, Any], key: str) -> None:
    v = rec.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or v < 0:
        raise CorruptRecord(f"{key}: not a whole number >= 0")


def _timed(rec: Mapping[str, Any]) -> None:
    _int(rec, "now")
    _int(rec, "fired")


def _check_setup(rec: Mapping[str, Any]) -> None:
    if rec.get("version") != VERSION:
        raise CorruptRecord(f"journal version {rec.get('version')!r} (this mazeboard reads {VERSION})")
    for key in ("request", "setup"):
        if not isinstance(rec.get(key), dict):
            raise CorruptRecord(f"{key}: missing")
    if not isinstance(rec.get("backend"), str):
        raise CorruptRecord("backend: missing")


def _check_sensor(rec: Mapping[str, Any]) -> None:
    _timed(rec)
    sensor_event(rec.get("ev"))


def _check_resume(rec: Mapping[str, Any]) -> None:
    _timed(rec)
    for key in ("closed", "hall"):
        v = rec.get(key)
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            raise CorruptRecord(f"{key}: not a list of names")


#: who may abandon a game, and the longest reason kept
ABANDONED_BY: tuple[str, ...] = ("board", "phone", "service")
MAX_REASON = 200


def _check_abandoned(rec: Mapping[str, Any]) -> None:
    _timed(rec)
    if rec.get("by") not in ABANDONED_BY:
        raise CorruptRecord(f"by: not one of {', '.join(ABANDONED_BY)}")
    reason = rec.get("reason")
    if not isinstance(reason, str) or len(reason) > MAX_REASON:
        raise CorruptRecord(f"reason: not a string of at most {MAX_REASON} characters")


_CHECKS: dict[str, Callable[[Mapping[str, Any]], None]] = {
    "setup": _check_setup,
    "start": _timed,
    "sensor": _check_sensor,
    "resume": _check_resume,
    "over": _timed,
    "abandoned": _check_abandoned,
}


def sensor_record(ev: SensorEvent) -> dict[str, Any]:
    """``ev`` as the ``ev`` object of a sensor record: ``{"type", "t", <fields>}``."""
    name = _SENSOR_NAMES[type(ev)]
    body: dict[str, Any] = {"type": name, "t": ev.t_ms}
    for key in SENSOR_TYPES[name][1]:
        body[key] = getattr(ev, key)
    return body


def sensor_event(obj: Any) -> SensorEvent:
    """The sensor event a journal ``ev`` object describes; raises :class:`CorruptRecord`."""
    if not isinstance(obj, dict) or obj.get("type") not in SENSOR_TYPES:
        raise CorruptRecord("ev: not a sensor event")
    cls, shape = SENSOR_TYPES[obj["type"]]
    if set(obj) != {"type", "t", *shape}:
        raise CorruptRecord(f"ev: fields {sorted(obj)} do not match a {obj['type']} event")
    t = obj["t"]
    if not isinstance(t, int) or isinstance(t, bool):
        raise CorruptRecord("ev.t: not a whole number of milliseconds")
    for key, typ in shape.items():
        if not isinstance(obj[key], typ):
            raise CorruptRecord(f"ev.{key}: not a {typ.__name__}")
    return cls(t, *(obj[k] for k in shape))


# -- setup and request as plain data ----------------------------------------------
def _plain(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def setup_record(setup: GameSetup) -> dict[str, Any]:
    return {f.name: _plain(getattr(setup, f.name)) for f in fields(GameSetup)}


#: the BoardRequest fields that define the game (saved); the others say how to run it
#: (realtime, browser view, link...) and are taken from the command that resumes
GAME_FIELDS: tuple[str, ...] = ("game", "players", "seed", "maze", "options", "edition", "variants", "rounds")


def request_record(request: BoardRequest) -> dict[str, Any]:
    return {name: _plain(getattr(request, name)) for name in GAME_FIELDS}


def request_from(data: Mapping[str, Any], current: BoardRequest) -> BoardRequest:
    """``current`` with the saved game's fields; raises :class:`CorruptRecord` when they do not fit."""
    kwargs: dict[str, Any] = {}
    for key, value in data.items():
        if key not in GAME_FIELDS:
            raise CorruptRecord(f"request.{key}: unknown")
        kwargs[key] = tuple(value) if isinstance(value, list) else value
    try:
        return replace(current, scenario=None, **kwargs)
    except TypeError as e:
        raise CorruptRecord(f"request: {e}") from None


# -- the file -----------------------------------------------------------------------
@dataclass
class Loaded:
    """What :func:`load` found: the header (None: start a new game), the records after it,
    and one line per problem met (already logged)."""

    header: dict[str, Any] | None
    records: list[dict[str, Any]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _aside(state_dir: Path, stem: str) -> Path:
    n = 1
    while (state_dir / f"{stem}-{n}.jsonl").exists():
        n += 1
    return state_dir / f"{stem}-{n}.jsonl"


def _write_atomic(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o640)
    try:
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, path)
    _fsync_dir(path.parent)


def prepare_dir(state_dir: str | os.PathLike[str]) -> Path:
    """Create ``state_dir`` if needed; raises :class:`ConfigError` when it is not a writable directory."""
    path = Path(state_dir)
    try:
        path.mkdir(parents=True, exist_ok=True)
        probe = path / ".write-test"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as e:
        raise ConfigError(f"--state-dir: cannot use {str(path)!r} ({e.strerror or e})") from None
    return path


def load(state_dir: Path) -> Loaded:
    """Read ``current.jsonl``, repairing it on disk so that appends continue from the last good record."""
    path = state_dir / CURRENT
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return Loaded(None)
    except OSError as e:
        return _unusable(state_dir, data=None, why=f"cannot read {path} ({e.strerror or e})")
    if not data.strip():
        path.unlink()
        return _problem(Loaded(None), f"{path}: empty saved game: starting a new game")
    lines = data.split(b"\n")
    complete, tail = lines[:-1], lines[-1]  # tail: bytes after the last newline (a torn write)
    good: list[dict[str, Any]] = []
    good_bytes = 0
    bad: str | None = None
    for i, line in enumerate(complete, 1):
        try:
            good.append(decode(line))
        except CorruptRecord as e:
            bad = f"line {i} is corrupt ({e})"
            break
        good_bytes += len(line) + 1
    result = Loaded(None)
    if not good or good[0]["k"] != "setup":
        why = bad or ("its first line is not a game setup" if good else "a truncated first line")
        return _unusable(state_dir, data, why)
    if bad is not None:
        kept = _aside(state_dir, "corrupt")
        kept.write_bytes(data)
        _write_atomic(path, data[:good_bytes])
        _problem(result, f"{path}: {bad}: resuming from the last good state (record {len(good) - 1}); "
                         f"the original is kept as {kept.name}")
    elif tail:
        with open(path, "r+b") as f:
            f.truncate(good_bytes)
            f.flush()
            os.fsync(f.fileno())
        _problem(result, f"{path}: dropped a truncated last line ({len(tail)} bytes): the plug was pulled mid-write")
    result.header = good[0]
    result.records = good[1:]
    return result


def _problem(result: Loaded, text: str) -> Loaded:
    log.warning("%s", text)
    result.problems.append(text)
    return result


def _unusable(state_dir: Path, data: bytes | None, why: str) -> Loaded:
    path = state_dir / CURRENT
    note = ""
    if data is not None:
        kept = _aside(state_dir, "corrupt")
        os.replace(path, kept)
        note = f"; kept as {kept.name}"
    return _problem(Loaded(None), f"{path}: unusable saved game: {why}: starting a new game{note}")


class Journal:
    """Appends records to ``STATE_DIR/current.jsonl``, each line fsync'd before :meth:`append` returns.

    ``fsync=False`` only flushes to the operating system (survives a killed
    process, not a pulled plug; for benchmarks). Raises :class:`ConfigError`
    when the file cannot be written.
    """

    def __init__(self, state_dir: Path, fsync: bool = True) -> None:
        self.state_dir = state_dir
        self.path = state_dir / CURRENT
        self.fsync = fsync
        self.count = 0
        self._fd: int | None = None

    @classmethod
    def create(cls, state_dir: Path, header: Mapping[str, Any], fsync: bool = True) -> "Journal":
        """Start a new journal with ``header`` (write, fsync, rename, fsync the directory)."""
        try:
            _write_atomic(state_dir / CURRENT, encode({"k": "setup", **header}))
        except OSError as e:
            raise ConfigError(f"--state-dir: cannot write {state_dir / CURRENT} ({e.strerror or e})") from None
        return cls(state_dir, fsync).open(records=0)

    def open(self, records: int) -> "Journal":
        """Open for appending after ``records`` records (the header not counted)."""
        try:
            self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        except OSError as e:
            raise ConfigError(f"--state-dir: cannot append to {self.path} ({e.strerror or e})") from None
        self.count = records
        return self

    @property
    def is_open(self) -> bool:
        return self._fd is not None

    def append(self, record: Mapping[str, Any]) -> None:
        assert self._fd is not None, "journal is closed"
        os.write(self._fd, encode(record))
        if self.fsync:
            os.fsync(self._fd)
        self.count += 1

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def archive(self) -> Path:
        """Move the finished game into ``archive/`` (keeping the newest :data:`KEEP_ARCHIVED`)."""
        self.close()
        return archive(self.state_dir, "game")


def archive(state_dir: Path, stem: str) -> Path:
    """Move ``current.jsonl`` to ``archive/STEM-NNNN.jsonl``; returns the new path."""
    folder = state_dir / ARCHIVE
    folder.mkdir(exist_ok=True)
    numbered = sorted((int(p.stem.rsplit("-", 1)[1]), p) for p in folder.glob("*-*.jsonl")
                      if p.stem.rsplit("-", 1)[1].isdigit())
    n = numbered[-1][0] + 1 if numbered else 1
    dest = folder / f"{stem}-{n:04d}.jsonl"
    os.replace(state_dir / CURRENT, dest)
    _fsync_dir(state_dir)
    for _, old in numbered[: max(0, len(numbered) + 1 - KEEP_ARCHIVED)]:
        old.unlink()
    return dest
