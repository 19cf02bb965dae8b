"""One exception family for the whole project (DESIGN.md, "Errors and input").

Every error that reaches the CLI derives from :class:`MazeboardError`; the CLI
prints ``str(error)`` as one line on stderr and exits 2 for bad input or
configuration and 1 for runtime failures. One error type per kind of input:
options and CLI values :class:`ConfigError`, wiring files :class:`WiringError`,
scenarios :class:`ScenarioError`, calibration files :class:`CalibrationError`,
journal lines :class:`JournalError`, co-processor lines and browser messages
:class:`ProtocolError`; each message names the file (or message), the key and
the reason. Leaves also inherit the matching builtin, as gpiozero's ``exc.py``
does, so ``except ValueError`` keeps working for callers who expect it.
"""

from __future__ import annotations


class MazeboardError(Exception):
    """Root of every mazeboard error."""

    #: exit status the CLI uses for this family (2: bad input, 1: runtime)
    exit_status = 1


class ConfigError(MazeboardError, ValueError):
    """A configuration, option or wiring value is invalid (names file, key, reason)."""

    exit_status = 2


class WiringError(ConfigError):
    """A wiring file is invalid (names the file, the key and why)."""


class ScenarioError(MazeboardError, ValueError):
    """A scenario file is invalid (names the key or action and why)."""

    exit_status = 2


class CalibrationError(MazeboardError, ValueError):
    """A calibration run or file is unusable (signal too close to noise, corrupt file)."""

    exit_status = 2


class JournalError(MazeboardError, ValueError):
    """A saved game's journal line cannot be trusted (bad JSON, checksum, shape, bounds or order).

    Never reaches the CLI: the journal's reader falls back to the last good
    state or keeps the file aside (docs/always-on.md)."""


class ProtocolError(MazeboardError, ValueError):
    """A line on the co-processor link is malformed (bad checksum, framing, version)."""


class HardwareError(MazeboardError, RuntimeError):
    """A hardware backend cannot start or has failed (missing driver, no permission)."""
