"""Round 24: a number on the command line is a plain number. ``mazeboard sim --speed 1_0`` ran at
speed 10 (Python's float and int take "1_0", " 10", "+10", "١٠"): every numeric option of every
command refuses such a value with one line and exit status 2."""

from __future__ import annotations

import argparse
from typing import Any, Iterator

import pytest

from clirun import run_cli
from mazeboard.controller.cli import build_parser

NOT_PLAIN = ["1_0", " 3", "3 ", "+3", "٣", "３", "1e1", "0x3", "nan"]


def _numeric_options() -> Iterator[tuple[str, str, Any]]:
    """(command, option, type) for each option of each command that turns "10" into a number."""
    yield from _walk(build_parser(), "")


def _walk(parser: argparse.ArgumentParser, prefix: str) -> Iterator[tuple[str, str, Any]]:
    for sub in (a for a in parser._actions if isinstance(a, argparse._SubParsersAction)):
        for name, p in sub.choices.items():
            yield from _walk(p, f"{prefix} {name}".strip())
    for action in parser._actions:
        if action.type is None or not action.option_strings:
            continue
        value = None
        for probe in ("10", "1", "3", "0.02"):
            try:
                value = action.type(probe)
                break
            except (argparse.ArgumentTypeError, ValueError, TypeError):
                continue
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            yield prefix, action.option_strings[-1], action.type


OPTIONS = list(_numeric_options())


def test_the_numeric_options_are_found() -> None:
    found = {(c, o) for c, o, _ in OPTIONS}
    assert {("sim", "--speed"), ("sim", "--seed"), ("sim", "--port"), ("play", "--seed")} <= found, sorted(found)


@pytest.mark.parametrize(("command", "option", "kind"), OPTIONS, ids=[f"{c} {o}" for c, o, _ in OPTIONS])
@pytest.mark.parametrize("value", NOT_PLAIN)
def test_a_numeric_option_takes_plain_numbers_only(command: str, option: str, kind: Any, value: str) -> None:
    with pytest.raises((argparse.ArgumentTypeError, ValueError)):
        kind(value)


def test_sim_speed_1_0_is_one_line_and_exit_2() -> None:
    out = run_cli(["sim", "--speed", "1_0", "--port", "0"], limit_s=20)
    assert out.code == 2 and not out.hang and not out.internal and len(out.err) == 1, out
    assert "--speed" in out.err[0] and "1_0" in out.err[0], out
