"""Numbers as a person types them on a command line, shared by the controller's commands
(controller/argtypes.py) and the simulator's own (sim/serve.py), which import hal, never each other.

Python's int() and float() also take "1_0", " 10", "+10", "١٠", "1e1", "nan" and "inf" (round 24:
``--speed 1_0`` ran at 10): a plain number is ASCII digits, a leading minus, a decimal point."""

from __future__ import annotations

import argparse
import re

_PLAIN_INT = re.compile(r"-?[0-9]+")
_PLAIN_FLOAT = re.compile(r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")


def shown(text: str) -> str:
    """``text`` quoted for a one-line refusal, at most 32 characters of it."""
    return repr(text if len(text) <= 32 else text[:31] + "…")


def plain_int(text: str) -> int:
    """A whole number typed plainly (``--seed 7``, ``--rounds 3``): refused otherwise, naming the value
    (at most 32 characters of it: Python's int() refuses 4,301 digits or more with its own words)."""
    if len(text) > 32 or not _PLAIN_INT.fullmatch(text):
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a whole number (digits only, like 7)")
    return int(text)


def plain_float(text: str) -> float:
    """A number typed plainly (``--speed 2.5``): refused otherwise, naming the value."""
    if not _PLAIN_FLOAT.fullmatch(text) or len(text) > 32:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a number (digits and a point only, like 2.5)")
    return float(text)
