"""Input files read with bounds: a regular file, at most so many bytes, UTF-8, TOML within limits.

Every file a person or a disk hands mazeboard goes through :func:`read_bounded`
(scenarios, wiring and calibration files, the Struggle data files, the game
journal), every TOML one through :func:`load_toml`, so no file can hang a read
(a FIFO: opened with ``O_NONBLOCK`` and refused, as is any device such as
``/dev/zero``), fill memory (a size cap, checked while reading) or reach the
parser's own limits:

* Python refuses to turn a string of more than 4300 digits into an ``int``
  (``sys.get_int_max_str_digits()``, CVE-2020-10735) and ``tomllib`` lets that
  ``ValueError`` through; a few thousand nested arrays or inline tables exhaust
  the recursion limit (``RecursionError``). Both become one line here.
* After parsing, :func:`check_toml` walks the result (iteratively): at most
  :data:`MAX_DEPTH` levels of tables and arrays, integers within TOML 1.0's
  64-bit range (the spec: "an error must be thrown" for what cannot be
  represented losslessly), floats finite (``nan`` and ``inf`` are valid TOML
  but no mazeboard value means them).

Errors are raised as the caller's kind of input error (``error=``: a
:class:`~mazeboard.hal.errors.ScenarioError`, :class:`~mazeboard.hal.errors.WiringError`,
:class:`~mazeboard.hal.errors.CalibrationError`...) with one line naming the
file, the key and the reason, e.g. ``wiring.toml: leds.count: 99999999999999999999
is outside TOML's 64-bit integers``.
"""

from __future__ import annotations

import math
import os
import stat
import tomllib
from pathlib import Path
from typing import Any

from .errors import MazeboardError

#: largest TOML file read, bytes (a scenario of 20,000 actions is under 600 KB)
MAX_TOML_BYTES = 1 << 20
#: deepest nesting of tables and arrays in a TOML file (mazeboard's formats use at most 4)
MAX_DEPTH = 16
#: TOML 1.0 integers: 64-bit signed
INT_MIN, INT_MAX = -(2**63), 2**63 - 1


class FileProblem(Exception):
    """Why a file could not be read (no file name: the caller adds it). ``missing``: it does not exist."""

    def __init__(self, reason: str, missing: bool = False) -> None:
        super().__init__(reason)
        self.missing = missing


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


def read_bounded(path: str | os.PathLike[str], max_bytes: int) -> bytes:
    """The bytes of the regular file ``path`` (symbolic links followed), at most ``max_bytes``.

    Opens with ``O_NONBLOCK`` so that a FIFO cannot block the open, then
    refuses anything but a regular file (``fstat`` on the open descriptor, so
    the file checked is the file read). Raises :class:`FileProblem`."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise FileProblem("no such file", missing=True) from None
    except OSError as e:
        raise FileProblem(e.strerror or str(e)) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise FileProblem(f"{_kind(st.st_mode)}, not a regular file")
        if st.st_size > max_bytes:
            raise FileProblem(f"{st.st_size} bytes, more than the {max_bytes} allowed")
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, min(1 << 16, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > max_bytes:  # grew while being read
                raise FileProblem(f"more than the {max_bytes} bytes allowed")
        return b"".join(chunks)
    except OSError as e:
        raise FileProblem(e.strerror or str(e)) from None
    finally:
        os.close(fd)


class TomlProblem(Exception):
    """Why a TOML text is refused; ``key`` is where (``""``: the syntax, no key)."""

    def __init__(self, reason: str, key: str = "") -> None:
        super().__init__(f"{key}: {reason}" if key else reason)
        self.key = key


def parse_toml(text: str) -> dict[str, Any]:
    """``tomllib.loads`` within bounds; raises :class:`TomlProblem` (syntax errors say ``not valid TOML``)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise TomlProblem(f"not valid TOML: {e}") from None
    except RecursionError:
        raise TomlProblem(f"not valid TOML: arrays or inline tables nested too deeply (at most {MAX_DEPTH} levels)") \
            from None
    except ValueError as e:  # int() of more than sys.get_int_max_str_digits() digits
        raise TomlProblem(f"not valid TOML: a number too long ({str(e).split(';')[0]})") from None
    check_toml(data)
    return data


def _name(path: tuple[str | int, ...]) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top level)"


def check_toml(data: Any, max_depth: int = MAX_DEPTH) -> None:
    """Depth, integer range and finite floats of parsed TOML (or JSON); raises :class:`TomlProblem` naming the key."""
    stack: list[tuple[tuple[str | int, ...], Any]] = [((), data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, (dict, list)):
            if len(path) >= max_depth:
                raise TomlProblem(f"nested deeper than {max_depth} levels", _name(path))
            items = value.items() if isinstance(value, dict) else enumerate(value)
            stack.extend((path + (k,), v) for k, v in items)
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int):
            if not INT_MIN <= value <= INT_MAX:
                raise TomlProblem(f"{_short(value)} is outside TOML's 64-bit integers", _name(path))
        elif isinstance(value, float) and not math.isfinite(value):
            raise TomlProblem(f"{value} is not a usable number", _name(path))


def _short(value: int) -> str:
    text = str(value) if abs(value) < 10**30 else f"{str(value)[:12]}... ({len(str(abs(value)))} digits)"
    return text


def load_toml(path: str | os.PathLike[str], error: type[MazeboardError], what: str,
              max_bytes: int = MAX_TOML_BYTES) -> dict[str, Any]:
    """Read and parse the TOML file ``path`` within bounds; raises ``error`` as
    ``"PATH: cannot read the WHAT (reason)"``, ``"PATH: not a UTF-8 text file"``,
    ``"PATH: not valid TOML: ..."`` or ``"PATH: KEY: reason"``."""
    p = Path(path)
    try:
        raw = read_bounded(p, max_bytes)
    except FileProblem as e:
        raise error(f"{p}: cannot read the {what} ({e})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise error(f"{p}: not a UTF-8 text file") from None
    try:
        return parse_toml(text)
    except TomlProblem as e:
        raise error(f"{p}: {e}") from None
