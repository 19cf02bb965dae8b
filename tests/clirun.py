"""``mazeboard ARGV`` run in this process, as a person would see it: exit status, stderr lines, hangs.

:func:`run_cli` calls :func:`mazeboard.controller.cli.main` with stdout discarded and
stderr captured (logging re-pointed at it), under a wall-clock limit
(:func:`time_limit`, SIGALRM in the main thread). An :class:`Outcome` is **good** when
the command exited 0 or 2, wrote at most one line on stderr and neither reported an
internal error nor hung -- the promise of the README ("bad input gets one clear line
and exit 2, or is tolerated and logged").
"""

from __future__ import annotations

import contextlib
import io
import logging
import signal
import sys
import threading
from dataclasses import dataclass, field
from typing import Any, Iterator, Sequence


class Hang(BaseException):
    """Raised in the main thread when a case runs past its time limit (not an Exception:
    nothing in mazeboard catches it)."""


@contextlib.contextmanager
def time_limit(seconds: float, fail: bool = False) -> Iterator[None]:
    """Raise :class:`Hang` in the main thread after ``seconds`` of wall time (SIGALRM);
    ``fail``: an ``AssertionError`` instead (a test failure that pytest can show; the
    interrupted frames are dropped, they are whatever ran at that moment)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def ring(signum: int, frame: Any) -> None:
        raise Hang(f"still running after {seconds:g} s")

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    except Hang as e:
        if not fail:
            raise
        raise AssertionError(f"hang: {e}") from None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@dataclass
class Outcome:
    """How one input went: ``code`` the exit status (None: hang), ``err`` the stderr lines."""

    what: str
    code: int | None
    err: list[str] = field(default_factory=list)
    hang: bool = False
    #: the command asked for real hardware (``--board serial``/``gpio``): its absence is the documented
    #: runtime failure, one line and exit 1
    hardware: bool = False

    @property
    def internal(self) -> bool:
        return any("internal error" in line or "Traceback" in line for line in self.err)

    @property
    def no_hardware(self) -> bool:
        """Exit 1 with one ``mazeboard: error:`` line for a command that asked for real hardware
        (a serial port or GPIO chip that is not there): a runtime failure, as documented."""
        return (self.hardware and self.code == 1 and len(self.err) == 1 and not self.internal
                and self.err[0].startswith("mazeboard: error:"))

    def good(self, allowed: Sequence[int] = (0, 2)) -> bool:
        if self.no_hardware:
            return True
        return not self.hang and not self.internal and self.code in allowed and len(self.err) <= 1

    def __str__(self) -> str:
        return f"{self.what}: exit {self.code}, hang={self.hang}, stderr={self.err[:3]!r}"


def run_cli(argv: Sequence[str], limit_s: float = 20.0, stdin: str = "") -> Outcome:
    """``mazeboard ARGV`` in-process (stdout discarded, stderr captured), within ``limit_s``."""
    from mazeboard.controller import cli

    err, out = io.StringIO(), io.StringIO()
    root = logging.getLogger()
    saved = root.handlers[:], root.level
    root.handlers = []  # cli.main's basicConfig then logs to the captured stderr
    code: int | None
    hang = False
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out), _stdin(stdin):
            with time_limit(limit_s):
                try:
                    code = cli.main(list(argv))
                except SystemExit as e:
                    code = e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
                    if isinstance(e.code, str):
                        print(e.code, file=sys.stderr)
    except Hang:
        code, hang = None, True
    except Exception as e:  # escaped cli.main: a traceback would have been printed
        code = 1
        err.write(f"Traceback (escaped cli.main): {type(e).__name__}: {e}\n")
    finally:
        root.handlers, lvl = saved[0], saved[1]
        root.setLevel(lvl)
    lines = [line for line in err.getvalue().splitlines() if line.strip()]
    return Outcome(" ".join(argv), code, lines, hang)


@contextlib.contextmanager
def _stdin(text: str) -> Iterator[None]:
    old = sys.stdin
    sys.stdin = io.StringIO(text)
    try:
        yield
    finally:
        sys.stdin = old
