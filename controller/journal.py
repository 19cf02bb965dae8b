"""The game journal: an fsync'd, append-only JSON-lines file that survives a pulled plug.

One file per game in progress, ``STATE_DIR/current.jsonl``. Every line is one
JSON object with a ``k`` (kind) and a ``crc`` (CRC-32 of the rest of the
object, compact JSON with sorted keys), so a torn write or a flipped bit on
the SD card is recognised rather than replayed:

* ``{"k": "setup", "version": 1, "backend": "sim", "request": {...}, "setup": {...}}``
  -- first line: the game asked for (the :data:`GAME_FIELDS` of a
  :class:`BoardRequest`) and what the backend set up (a :class:`GameSetup`);
* ``{"k": "start", "n": 1, "now": 0, "fired": 0}`` -- the referee's ``start()``;
* ``{"k": "sensor", "n": N, "now": T, "fired": F, "ev": {"type": "reed", "t": T, "cell": "a1", "closed": true}}``
  -- one debounced sensor event as the referee received it;
* ``{"k": "resume", "n": N, "now": T, "fired": F, "closed": [...], "hall": [...]}`` -- a restart:
  the reeds and Hall-effect sensors the board reported when the game resumed;
* ``{"k": "over", "n": N, "now": T, "fired": F}`` -- the game announced ``game_over`` (often from
  a timer, after the last sensor event): a replay runs up to that point too.
* ``{"k": "abandoned", "now": N, "fired": F, "by": "board", "reason": "..."}`` -- the last
  record of a game abandoned (``by`` the board, a phone, or the service when a simulated
  game could not finish); such a game is archived, never resumed.

``n`` numbers the records after the header 1, 2, 3... (journal version 2;
version 1 journals, without it, are still read), ``now`` is the referee's
logical time in milliseconds when the input was fed, ``fired`` how many of its
timers had run by then (see :mod:`mazeboard.controller.persist`). Lines are written with one ``write``
on an ``O_APPEND`` descriptor and ``fsync``'d before the input reaches the
referee (write-ahead). The file is created by write, fsync, rename, fsync of
the directory; finished games are renamed into ``STATE_DIR/archive/``.

A CRC says a line is intact, not that it makes sense, so every record is
validated before replay (:func:`decode`, :func:`check_records`): the line's
size, JSON nesting and numbers (64-bit, finite), the exact keys and types of
its kind, the header's request and setup, names the game's board has (cells,
Hall-effect sensors, buttons), and the order: ``n`` counting up by one (a
line lost, repeated or moved shows), ``start`` first and once, ``now`` and
``fired`` never going back, ``fired`` bounded (:data:`MAX_FIRED`, and at most
one LED tick per :data:`~mazeboard.controller.leds.TICK_MS` plus
:data:`FIRED_SLACK` more than the record before).

Reading (:func:`load`) never raises for bad content: a truncated last line is
dropped, a bad record ends the journal at the last good record (the original
is kept aside as ``corrupt-N.jsonl``), a bad header means a new game (the file
kept aside too), a ``current.jsonl`` that cannot be read at all (no permission,
a FIFO, a device, a folder, larger than :data:`MAX_JOURNAL_BYTES`) is moved
aside as ``unreadable-N.jsonl`` -- never replaced. Each case is reported in
:attr:`Loaded.problems` (one clear line each).
"""

from __future__ import annotations

import json
import logging
import os
import re
import zlib
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Callable, Mapping

from mazeboard.hal.board import BoardRequest, GameSetup
from mazeboard.hal.errors import ConfigError, JournalError, MazeboardError
from mazeboard.hal.events import ButtonPressed, HallChanged, ReedChanged, SensorEvent
from mazeboard.hal.inputfile import FileProblem, TomlProblem, check_toml, read_bounded
from mazeboard.hal.wiring_boards import spec_of_game

from .leds import TICK_MS

log = logging.getLogger(__name__)

VERSION = 2
#: journal versions this mazeboard reads (1: records without ``n``)
READABLE = (1, 2)
CURRENT = "current.jsonl"
ARCHIVE = "archive"
#: finished games kept in ``archive/`` (oldest removed first)
KEEP_ARCHIVED = 50
#: largest journal read, bytes (a whole game is 30-100 KB)
MAX_JOURNAL_BYTES = 64 * 1024 * 1024
#: longest line, bytes (a Labyrinth header, the longest, is under 3 KB)
MAX_LINE_BYTES = 64 * 1024
#: deepest nesting of objects and arrays in a record (a header nests 4 deep)
MAX_DEPTH = 8
#: latest logical time a record may carry, ms (about 35 years)
MAX_NOW_MS = 2**40
#: most timers a replay may run: about three days of an endless LED animation (one tick per TICK_MS),
#: some 25 s of replay on a laptop
MAX_FIRED = 5_000_000
#: timers that may run between two records besides the LED ticks (the referee's and the tracker's)
FIRED_SLACK = 1000
#: records kept in memory while the disk is full (a whole game is a few hundred)
MAX_BACKLOG = 200_000
#: longest name list (closed reeds, Hall sensors) in a resume record, and longest string in a header
MAX_NAMES = 256
MAX_TEXT = 200

#: journal name of a sensor event type -> (class, {field: JSON type})
SENSOR_TYPES: dict[str, tuple[type, dict[str, type]]] = {
    "reed": (ReedChanged, {"cell": str, "closed": bool}),
    "hall": (HallChanged, {"sensor": str, "ball": bool}),
    "button": (ButtonPressed, {"button": str}),
}
_SENSOR_NAMES: dict[type, str] = {cls: name for name, (cls, _) in SENSOR_TYPES.items()}


class CorruptRecord(JournalError):
    """A journal line that cannot be trusted (bad JSON, CRC mismatch, wrong shape, bounds, names, order)."""


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


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def decode(line: bytes) -> dict[str, Any]:
    """The record on one line; raises :class:`CorruptRecord` with the reason.

    Checks everything one line can tell: size, JSON, nesting, 64-bit integers,
    the CRC, the kind and its exact keys and types (not the order or the names:
    :func:`check_records`)."""
    if len(line) > MAX_LINE_BYTES:
        raise CorruptRecord(f"{len(line)} bytes, longer than the {MAX_LINE_BYTES} a record may be")
    try:
        rec = json.loads(line.decode("utf-8"), parse_constant=_reject_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as e:  # ValueError: 4300+ digit numbers too
        raise CorruptRecord(f"not JSON ({str(e).split(';')[0][:80]})") from None
    try:
        check_toml(rec, MAX_DEPTH)
    except TomlProblem as e:
        raise CorruptRecord(str(e)) from None
    if not isinstance(rec, dict) or "crc" not in rec:
        raise CorruptRecord("not a journal record (no crc)")
    crc = rec.pop("crc")
    if crc != _crc(rec):
        raise CorruptRecord("checksum mismatch")
    kind = rec.get("k")
    check = _CHECKS.get(kind) if isinstance(kind, str) else None
    if check is None:
        raise CorruptRecord(f"unknown record kind {_short(kind)}")
    check(rec)
    return rec


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _whole(value: Any, key: str, top: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= top:
        raise CorruptRecord(f"{key}: {_short(value)} is not a whole number from 0 to {top}")
    return value


def _int(rec: Mapping[str, Any], key: str) -> None:
    _whole(rec.get(key), key, MAX_NOW_MS if key == "now" else MAX_FIRED)


def _keys(rec: Mapping[str, Any], *keys: str) -> None:
    extra = sorted(set(rec) - {"k", "n", *keys})
    if extra:
        raise CorruptRecord(f"{extra[0]}: not a field of a {rec['k']} record")
    missing = [k for k in keys if k not in rec]
    if missing:
        raise CorruptRecord(f"{missing[0]}: missing")
    if "n" in rec:
        _whole(rec["n"], "n", MAX_FIRED)


def _timed(rec: Mapping[str, Any], *more: str) -> None:
    _keys(rec, "now", "fired", *more)
    _int(rec, "now")
    _int(rec, "fired")


def _text(value: Any, key: str, optional: bool = False) -> None:
    if optional and value is None:
        return
    if not isinstance(value, str) or not 0 < len(value) <= MAX_TEXT:
        raise CorruptRecord(f"{key}: {_short(value)} is not a name")


def _texts(value: Any, key: str, most: int) -> None:
    if not isinstance(value, list) or len(value) > most:
        raise CorruptRecord(f"{key}: {_short(value)} is not a list of at most {most} names")
    for i, v in enumerate(value):
        _text(v, f"{key}[{i}]")


def _scalar_table(value: Any, key: str) -> None:
    """Options: names to plain values (true/false, numbers, names, lists of them); the referee checks them."""
    if not isinstance(value, dict) or len(value) > MAX_NAMES:
        raise CorruptRecord(f"{key}: {_short(value)} is not a table of options")
    for k, v in value.items():
        items = v if isinstance(v, list) else [v]
        if len(items) > MAX_NAMES or not all(isinstance(x, (bool, int, float, str)) for x in items):
            raise CorruptRecord(f"{key}.{k}: {_short(v)} is not an option value")


def _check_request(req: Any) -> None:
    if not isinstance(req, dict):
        raise CorruptRecord("request: missing")
    for key in req:
        if key not in GAME_FIELDS:
            raise CorruptRecord(f"request.{key}: unknown")
    _text(req.get("game"), "request.game")
    players = req.get("players")
    if isinstance(players, list):
        _texts(players, "request.players", 4)
    else:
        _whole(players, "request.players", 4)
    if not isinstance(req.get("seed"), int) or isinstance(req.get("seed"), bool):
        raise CorruptRecord(f"request.seed: {_short(req.get('seed'))} is not a whole number")
    maze = req.get("maze")
    if isinstance(maze, list):
        _texts(maze, "request.maze", MAX_NAMES)
    else:
        _text(maze, "request.maze")
    _scalar_table(req.get("options"), "request.options")
    _text(req.get("edition"), "request.edition", optional=True)
    _texts(req.get("variants"), "request.variants", 8)
    if req.get("rounds") is not None:
        _whole(req.get("rounds"), "request.rounds", 1000)


def _check_setup_body(setup: Any) -> None:
    if not isinstance(setup, dict) or set(setup) != {f.name for f in fields(GameSetup)}:
        raise CorruptRecord(f"setup: {_short(setup)} is not a game setup")
    _text(setup["game"], "setup.game")
    _texts(setup["players"], "setup.players", 4)
    if not isinstance(setup["seed"], int) or isinstance(setup["seed"], bool):
        raise CorruptRecord("setup.seed: not a whole number")
    for key in ("dice", "targets"):
        if not isinstance(setup[key], list) or len(setup[key]) > 10_000:
            raise CorruptRecord(f"setup.{key}: not a list")
    _scalar_table(setup["options"], "setup.options")
    if not isinstance(setup["extra"], dict):
        raise CorruptRecord("setup.extra: not a table")
    if not isinstance(setup["source"], str):
        raise CorruptRecord("setup.source: not a name")


def _check_setup(rec: Mapping[str, Any]) -> None:
    if rec.get("version") not in READABLE:
        raise CorruptRecord(f"journal version {_short(rec.get('version'))} (this mazeboard reads "
                            f"{', '.join(map(str, READABLE))})")
    _keys(rec, "version", "backend", "request", "setup")
    if "n" in rec:
        raise CorruptRecord("n: the header has no sequence number")
    _text(rec.get("backend"), "backend")
    _check_request(rec.get("request"))
    _check_setup_body(rec.get("setup"))


def _check_sensor(rec: Mapping[str, Any]) -> None:
    _timed(rec, "ev")
    sensor_event(rec.get("ev"))


def _check_resume(rec: Mapping[str, Any]) -> None:
    _timed(rec, "closed", "hall")
    for key in ("closed", "hall"):
        v = rec.get(key)
        if not isinstance(v, list) or len(v) > MAX_NAMES or not all(isinstance(x, str) for x in v):
            raise CorruptRecord(f"{key}: not a list of names")


#: who may abandon a game, and the longest reason kept
ABANDONED_BY: tuple[str, ...] = ("board", "phone", "service")
MAX_REASON = 200


def _check_abandoned(rec: Mapping[str, Any]) -> None:
    _timed(rec, "by", "reason")
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


def check_records(header: Mapping[str, Any], records: list[dict[str, Any]]) -> tuple[int, str | None]:
    """How many of ``records`` (decoded, after ``header``) are in order and name what the board has,
    and why the next one is not (None: all are).

    Order: ``n`` is 1, 2, 3... (version 2; absent in version 1); the first
    record is ``start`` and no other is; ``now`` and ``fired`` never go back;
    ``fired`` grows by at most one LED tick per :data:`TICK_MS` of ``now``
    plus :data:`FIRED_SLACK`. Names: cells, Hall-effect sensors and buttons
    of the game's board (:func:`~mazeboard.hal.wiring_boards.spec_of_game`)."""
    setup = header["setup"]
    try:
        spec = spec_of_game(setup["game"], setup["extra"])
    except MazeboardError as e:
        return 0, f"the header names no board ({e})"
    names = {"reed": (set(spec.reeds), "cell"), "hall": (set(spec.tray), "sensor"),
             "button": (set(spec.buttons), "button")}
    numbered = header["version"] >= 2
    now = fired = 0
    for i, rec in enumerate(records, 1):
        why = _out_of_order(rec, i, numbered, now, fired) or _unknown_names(rec, names)
        if why is not None:
            return i - 1, f"record {i} ({rec['k']}) {why}"
        now, fired = rec["now"], rec["fired"]
    return len(records), None


def _out_of_order(rec: Mapping[str, Any], i: int, numbered: bool, now: int, fired: int) -> str | None:
    if numbered and rec.get("n") != i:
        return f"is numbered {_short(rec.get('n'))}: a line was lost, repeated or moved"
    if not numbered and "n" in rec:
        return "has a sequence number in a version 1 journal"
    if (rec["k"] == "start") != (i == 1):
        return "is out of place (the first record, and only it, is the game's start)"
    if rec["now"] < now or rec["fired"] < fired:
        return f"goes back in time (now {rec['now']} after {now}, fired {rec['fired']} after {fired})"
    if rec["fired"] - fired > (rec["now"] - now) // TICK_MS + FIRED_SLACK:
        return f"claims {rec['fired'] - fired} timers in {rec['now'] - now} ms"
    return None


def _unknown_names(rec: Mapping[str, Any], names: Mapping[str, tuple[set[str], str]]) -> str | None:
    if rec["k"] == "sensor":
        ev = rec["ev"]
        known, key = names[ev["type"]]
        if ev[key] not in known:
            return f"names a {ev['type']} {key} the board does not have: {_short(ev[key])}"
    elif rec["k"] == "resume":
        for kind, key in (("reed", "closed"), ("hall", "hall")):
            odd = sorted(set(rec[key]) - names[kind][0])
            if odd or len(set(rec[key])) != len(rec[key]):
                return f"lists {_short(odd[0]) if odd else 'a name twice'} in {key}"
    return None


def sensor_record(ev: SensorEvent) -> dict[str, Any]:
    """``ev`` as the ``ev`` object of a sensor record: ``{"type", "t", <fields>}``."""
    name = _SENSOR_NAMES[type(ev)]
    body: dict[str, Any] = {"type": name, "t": ev.t_ms}
    for key in SENSOR_TYPES[name][1]:
        body[key] = getattr(ev, key)
    return body


def sensor_event(obj: Any) -> SensorEvent:
    """The sensor event a journal ``ev`` object describes; raises :class:`CorruptRecord`."""
    if not isinstance(obj, dict) or not isinstance(obj.get("type"), str) or obj["type"] not in SENSOR_TYPES:
        raise CorruptRecord("ev: not a sensor event")
    cls, shape = SENSOR_TYPES[obj["type"]]
    if set(obj) != {"type", "t", *shape}:
        raise CorruptRecord(f"ev: fields {sorted(obj)} do not match a {obj['type']} event")
    t = obj["t"]
    if not isinstance(t, int) or isinstance(t, bool) or not 0 <= t <= MAX_NOW_MS:
        raise CorruptRecord(f"ev.t: {_short(t)} is not a time in milliseconds")
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


def unapplied(saved: Mapping[str, Any], asked: BoardRequest) -> list[str]:
    """The settings of ``asked`` that a resumed game (its header's ``request``, ``saved``) does not
    use, as the CLI flags that give them (``["--cards-each 3", "--players 2"]``): the fields that
    differ from both the saved game's and :class:`BoardRequest`'s defaults (a flag left alone is
    not named), and each rule option given that the saved game has otherwise."""
    default = request_record(BoardRequest())
    now = request_record(asked)
    out: list[str] = []
    for name in GAME_FIELDS:
        if name == "options":
            kept = saved.get("options")
            had: Mapping[str, Any] = kept if isinstance(kept, Mapping) else {}
            out += [_flag(key, value) for key, value in sorted(now["options"].items()) if had.get(key) != value]
        elif now[name] != default[name] and now[name] != saved.get(name):
            out.append(_flag("variant" if name == "variants" else name, now[name]))
    return out


def _flag(name: str, value: Any) -> str:
    flag = "--" + name.replace("_", "-")
    if value is True:
        return flag
    text = ",".join(map(str, value)) if isinstance(value, list) else str(value)
    return f"{flag} {text if text.isprintable() and ' ' not in text else repr(text)}"  # one line, as typed


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
    #: the file on disk is not exactly the header and the records (no room to cut it back):
    #: write them anew (:meth:`Journal.create`) before appending
    rewrite: bool = False


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _aside(state_dir: Path, stem: str) -> Path:
    """The first free ``STEM-N.jsonl`` in ``state_dir`` (a dangling link counts as taken)."""
    n = 1
    while os.path.lexists(state_dir / f"{stem}-{n}.jsonl"):
        n += 1
    return state_dir / f"{stem}-{n}.jsonl"


def _write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to a temporary file, fsync, rename over ``path``, fsync the folder; on an
    error the temporary file is removed and ``path`` is untouched."""
    tmp = path.with_name(path.name + ".tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0), 0o640)
        try:
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
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
    """Read ``current.jsonl``, repairing it on disk so that appends continue from the last good record.

    Raises :class:`ConfigError` only when ``current.jsonl`` can neither be read
    nor moved aside (the saved game is then left exactly as it is)."""
    path = state_dir / CURRENT
    try:
        data = read_bounded(path, MAX_JOURNAL_BYTES)
    except FileProblem as e:
        if e.missing and not path.is_symlink():
            return Loaded(None)
        return _unreadable(state_dir, str(e))
    if not data.strip():
        path.unlink()
        return _problem(Loaded(None), f"{path}: empty saved game: starting a new game")
    lines = data.split(b"\n")
    complete, tail = lines[:-1], lines[-1]  # tail: bytes after the last newline (a torn write)
    good: list[dict[str, Any]] = []
    sizes: list[int] = []
    bad: str | None = None
    for i, line in enumerate(complete, 1):
        try:
            good.append(decode(line))
        except CorruptRecord as e:
            bad = f"line {i} is corrupt ({e})"
            break
        sizes.append(len(line) + 1)
    result = Loaded(None)
    if not good or good[0]["k"] != "setup":
        return _unusable(state_dir, data, bad or ("its first line is not a game setup" if good
                                                  else "a truncated first line"))
    n, out_of_order = check_records(good[0], good[1:])
    if out_of_order is not None:
        if n == 0 and (not good[1:] or good[1]["k"] != "start"):
            return _unusable(state_dir, data, out_of_order)
        bad, good, sizes = out_of_order, good[: n + 1], sizes[: n + 1]
    good_bytes = sum(sizes)
    if bad is not None:
        kept = _keep_copy(state_dir, data)
        if path.exists():
            try:
                _write_atomic(path, data[:good_bytes])
            except OSError:  # no room: the journal writes the records anew (in memory till then)
                result.rewrite = True
        else:
            result.rewrite = True
        _problem(result, f"{path}: {bad}: resuming from the last good state (record {len(good) - 1}); "
                         f"the original is kept as {kept.name}")
    elif tail:
        try:
            with open(path, "r+b") as f:
                f.truncate(good_bytes)
                f.flush()
                os.fsync(f.fileno())
        except OSError:
            result.rewrite = True
        _problem(result, f"{path}: dropped a truncated last line ({len(tail)} bytes): the plug was pulled mid-write")
    result.header = good[0]
    result.records = good[1:]
    return result


def _keep_copy(state_dir: Path, data: bytes) -> Path:
    """Keep ``data`` (all of ``current.jsonl``) as ``corrupt-N.jsonl``: a copy, or, with no room for
    one, ``current.jsonl`` itself moved there (then it no longer exists)."""
    kept = _aside(state_dir, "corrupt")
    try:
        _write_atomic(kept, data)
    except OSError:
        try:
            os.rename(state_dir / CURRENT, kept)
        except OSError as e:
            raise ConfigError(f"--state-dir: cannot keep the saved game aside ({e.strerror or e})") from None
    return kept


def _unreadable(state_dir: Path, why: str) -> Loaded:
    """``current.jsonl`` cannot be read (no permission, a FIFO, a device, a folder, a loop of links, too
    large): move it aside untouched and start a new game; never replace it."""
    path = state_dir / CURRENT
    kept = _aside(state_dir, "unreadable")
    try:
        os.rename(path, kept)
    except OSError as e:
        raise ConfigError(f"--state-dir: {path} cannot be read ({why}) nor moved aside ({e.strerror or e}); "
                          "it is left as it is: move it away to start a new game") from None
    return _problem(Loaded(None), f"{path}: cannot read the saved game ({why}): starting a new game; "
                                  f"the file is kept as {kept.name}")


def _problem(result: Loaded, text: str) -> Loaded:
    log.warning("%s", text)
    result.problems.append(text)
    return result


def _unusable(state_dir: Path, data: bytes | None, why: str) -> Loaded:
    path = state_dir / CURRENT
    note = ""
    if data is not None:
        kept = _aside(state_dir, "corrupt")
        try:
            os.rename(path, kept)
        except OSError as e:
            raise ConfigError(f"--state-dir: cannot move {path} aside ({e.strerror or e})") from None
        note = f"; kept as {kept.name}"
    return _problem(Loaded(None), f"{path}: unusable saved game: {why}: starting a new game{note}")


class Journal:
    """Appends records to ``STATE_DIR/current.jsonl``, each line fsync'd before :meth:`append` returns.

    Records get their sequence number ``n`` here. ``fsync=False`` only flushes
    to the operating system (survives a killed process, not a pulled plug; for
    benchmarks).

    A write that fails (a full disk: ENOSPC, EDQUOT, EFBIG; an I/O error) never
    ends the game: the file is cut back to its last whole record (a short
    write leaves no torn line), the record waits in memory with any after it
    (at most :data:`MAX_BACKLOG`), one line is logged, and every later
    :meth:`append` tries again first; when they are written another line says
    so. Raises :class:`ConfigError` only when an existing journal cannot be
    opened for appending.
    """

    def __init__(self, state_dir: Path, fsync: bool = True) -> None:
        self.state_dir = state_dir
        self.path = state_dir / CURRENT
        self.fsync = fsync
        self.count = 0
        #: records carry ``n`` (journal version 2)
        self.numbered = True
        #: why writing fails now (None: the journal is up to date on disk)
        self.failing: str | None = None
        #: records that could not be written and were dropped (the backlog overflowed)
        self.dropped = 0
        self._fd: int | None = None
        self._header: bytes | None = None
        self._size = 0
        self._backlog: list[bytes] = []

    @classmethod
    def create(cls, state_dir: Path, header: Mapping[str, Any], fsync: bool = True) -> "Journal":
        """Start a new journal with ``header`` (write, fsync, rename, fsync the directory; in memory
        until that succeeds)."""
        journal = cls(state_dir, fsync)
        journal.numbered = header.get("version", VERSION) >= 2
        journal._header = encode({**header, "k": "setup"})
        journal._catch_up()
        return journal

    def open(self, records: int, version: int = VERSION) -> "Journal":
        """Open for appending after ``records`` records (the header not counted) of a journal of ``version``."""
        try:
            self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_CLOEXEC", 0))
            self._size = os.fstat(self._fd).st_size
        except OSError as e:
            raise ConfigError(f"--state-dir: cannot append to {self.path} ({e.strerror or e})") from None
        self.count = records
        self.numbered = version >= 2
        return self

    @property
    def is_open(self) -> bool:
        return self._fd is not None or self._header is not None

    @property
    def pending(self) -> int:
        """Records (the header counted) waiting in memory for room on the disk."""
        return len(self._backlog) + (self._header is not None)

    def append(self, record: Mapping[str, Any]) -> None:
        assert self.is_open, "journal is closed"
        rec = dict(record)
        rec.pop("n", None)
        if self.numbered:
            rec["n"] = self.count + 1
        self.count += 1
        if len(self._backlog) >= MAX_BACKLOG:
            self.dropped += 1
            return
        self._backlog.append(encode(rec))
        self._catch_up()

    def _catch_up(self) -> None:
        """Write the header and the waiting records, as many as the disk takes."""
        if self._header is not None:
            try:
                _write_atomic(self.path, self._header)
                self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_CLOEXEC", 0))
            except OSError as e:
                self._failed(e)
                return
            self._size = len(self._header)
            self._header = None
        assert self._fd is not None
        written = 0
        while self._backlog:
            line = self._backlog[0]
            try:
                _write_all(self._fd, line)
                if self.fsync:
                    os.fsync(self._fd)
            except OSError as e:
                try:
                    os.ftruncate(self._fd, self._size)  # no torn record stays behind
                except OSError:
                    pass
                self._failed(e)
                return
            self._size += len(line)
            self._backlog.pop(0)
            written += 1
        if self.failing is not None:
            log.warning("journal: %s is written again (%d record(s) caught up)", self.path, written)
            self.failing = None

    def _failed(self, e: OSError) -> None:
        if self.failing is None:
            self.failing = e.strerror or str(e)
            log.warning("journal: cannot write %s (%s): the game goes on in memory; journaling resumes "
                        "when there is room again", self.path, self.failing)

    def close(self) -> None:
        if self.is_open and self.pending:
            self._catch_up()
            if self.pending or self.dropped:
                log.warning("journal: %d record(s) could not be written to %s; the saved game resumes from "
                            "the last one on disk", self.pending + self.dropped, self.path)
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
        self._header = None
        self._backlog.clear()

    def archive(self) -> Path:
        """Move the finished game into ``archive/`` (keeping the newest :data:`KEEP_ARCHIVED`)."""
        self.close()
        return archive(self.state_dir, "game")


def _write_all(fd: int, data: bytes) -> None:
    """``os.write`` until all of ``data`` is written (a write may be short, then fail: ENOSPC)."""
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


#: names :func:`archive` gives (and counts, and prunes); anything else in ``archive/`` is left alone
ARCHIVED_NAME = re.compile(r"(game|abandoned|unusable|unreplayable)-([0-9]{1,9})\.jsonl")


def archive(state_dir: Path, stem: str) -> Path:
    """Move ``current.jsonl`` to ``archive/STEM-NNNN.jsonl``; returns the new path.

    ``archive/`` problems never lose the journal or raise: when it is not a
    folder, is read-only or refuses the file, the journal is kept in the state
    directory as ``STEM-N.jsonl`` instead (one log line). Names other than
    :data:`ARCHIVED_NAME` in ``archive/`` are ignored and never removed.
    Raises :class:`ConfigError` only when ``current.jsonl`` cannot be moved at all."""
    src = state_dir / CURRENT
    try:
        dest = _into_archive(state_dir, stem)
    except OSError as e:
        dest = _aside(state_dir, stem)
        try:
            os.rename(src, dest)
        except OSError as e2:
            raise ConfigError(f"--state-dir: cannot move {src} aside ({e2.strerror or e2})") from None
        log.warning("%s: cannot archive there (%s): the journal is kept as %s", state_dir / ARCHIVE,
                    e.strerror or e, dest)
    try:
        _fsync_dir(state_dir)
    except OSError:
        pass
    return dest


def _into_archive(state_dir: Path, stem: str) -> Path:
    folder = state_dir / ARCHIVE
    if not folder.is_dir() or folder.is_symlink():
        folder.mkdir()  # FileExistsError when a file (or a link) is in the way
    numbered: list[tuple[int, Path]] = []
    for p in folder.iterdir():
        m = ARCHIVED_NAME.fullmatch(p.name)
        if m is not None:
            numbered.append((int(m.group(2)), p))
    numbered.sort()
    n = numbered[-1][0] + 1 if numbered else 1
    while os.path.lexists(dest := folder / f"{stem}-{n:04d}.jsonl"):
        n += 1
    os.rename(state_dir / CURRENT, dest)
    for _, old in [x for x in numbered if x[1].is_file() and not x[1].is_symlink()][: max(0, len(numbered) + 1 - KEEP_ARCHIVED)]:
        try:
            old.unlink()
        except OSError as e:
            log.info("archive: cannot remove %s (%s)", old, e.strerror or e)
    return dest
