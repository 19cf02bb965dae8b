"""One exception family for the whole project (DESIGN.md, "Errors and input").

Every error that reaches the CLI derives from :class:`MazeboardError`; the CLI
prints ``str(error)`` as one line on stderr and exits 2 for bad input or
configuration (:class:`ConfigError`, :class:`ScenarioError`) and 1 for runtime
failures. Leaves also inherit the matching builtin, as gpiozero's ``exc.py``
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


class ScenarioError(MazeboardError, ValueError):
    """A scenario file is invalid (names the key or action and why)."""

    exit_status = 2


class CalibrationError(MazeboardError, ValueError):
    """A calibration run or file is unusable (signal too close to noise, corrupt file)."""

    exit_status = 2


class ProtocolError(MazeboardError, ValueError):
    """A line on the co-processor link is malformed (bad checksum, framing, version)."""


class HardwareError(MazeboardError, RuntimeError):
    """A hardware backend cannot start or has failed (missing driver, no permission)."""
