"""Property-based fuzzing of every kind of input mazeboard takes (issue 12).

For each kind -- scenario files, wiring files, calibration files, saved games' journals,
state directories, the co-processor's line stream (host side), the browser's WebSocket
messages, CLI values and the environment -- hypothesis draws the seed of the hostile
mutators of ``inputfuzz.py`` and the case
is run the way mazeboard runs it. Every case must hold the README's promise:

* no internal error, no hang (a wall-clock limit per case);
* exit status 0 or 2 (a refusal is a :class:`~mazeboard.hal.errors.MazeboardError` of the
  kind's own type, rendered as one line), at most one line on stderr -- except a command that
  asked for real hardware (``--board serial``/``gpio``) on this machine without it: the
  documented runtime failure, one line and exit 1;
* journals and state directories: a readable saved game is never lost (its complete lines
  survive as the start of some file there), and a Magic Labyrinth game opened there plays
  to a winner.

Derandomized (the same examples on every run and machine) and bounded: the whole file takes
some tens of seconds. ``benchmarks/bench_fuzz_inputs.py`` runs the same cases by the thousand.
"""

from __future__ import annotations

import logging
import os
import random
import tempfile
from pathlib import Path
from typing import Callable, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import inputfuzz
from fuzzkit import FUZZ
from inputfuzz import Outcome

#: a seeded generator per example: the mutators then draw as freely as in the benchmark's campaigns
#: (hypothesis' own ``st.randoms()`` starts from all-zero draws and barely mutates anything)
RANDOMS = st.integers(0, 2**32 - 1).map(random.Random)
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True, scope="module")
def _nothing_written_outside() -> Iterator[None]:
    """A fuzzed path must never make mazeboard write outside the case's temporary folder: the
    file system's root and the checkout look the same after the module as before."""
    before = (sorted(os.listdir("/")), sorted(os.listdir(ROOT)))
    yield
    assert (sorted(os.listdir("/")), sorted(os.listdir(ROOT))) == before


def _check(case: Callable[[random.Random, Path], Outcome], rng: random.Random) -> None:
    logging.disable(logging.CRITICAL)  # journals and serial lines log one line per problem: not what is checked
    try:
        with tempfile.TemporaryDirectory(prefix="mazeboard-fuzz-") as d:
            out = case(rng, Path(d))
    finally:
        logging.disable(logging.NOTSET)
    assert not out.hang, f"hang: {out}"
    assert not out.internal, str(out)
    if out.no_hardware:  # --board serial/gpio with no such hardware here: the documented exit 1, one line
        return
    assert out.code in (0, 2), str(out)
    assert len(out.err) <= 1, str(out)


@settings(FUZZ, max_examples=300)
@given(RANDOMS)
def test_scenario_files(rng: random.Random) -> None:
    _check(inputfuzz.scenario_case, rng)


@settings(FUZZ, max_examples=200)
@given(RANDOMS)
def test_wiring_files(rng: random.Random) -> None:
    _check(inputfuzz.wiring_case, rng)


@settings(FUZZ, max_examples=300)
@given(RANDOMS)
def test_calibration_files(rng: random.Random) -> None:
    _check(inputfuzz.calibration_case, rng)


@settings(FUZZ, max_examples=150)
@given(RANDOMS)
def test_journals(rng: random.Random) -> None:
    _check(inputfuzz.journal_case, rng)


@settings(FUZZ, max_examples=100)
@given(RANDOMS)
def test_state_directories(rng: random.Random) -> None:
    _check(inputfuzz.state_dir_case, rng)


@settings(FUZZ, max_examples=80)
@given(RANDOMS)
def test_serial_line_stream_host_side(rng: random.Random) -> None:
    _check(inputfuzz.serial_case, rng)


@settings(FUZZ, max_examples=200)
@given(RANDOMS)
def test_websocket_messages(rng: random.Random) -> None:
    _check(inputfuzz.ws_case, rng)


@settings(FUZZ, max_examples=200)
@given(RANDOMS)
def test_cli_values_and_environment(rng: random.Random) -> None:
    _check(inputfuzz.cli_case, rng)


@pytest.mark.parametrize("kind", sorted(inputfuzz.CASES))
def test_every_case_can_fail(kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The harness sees a failure when there is one: an exception inside the code under test
    is reported as an internal error (not swallowed as a refusal)."""
    from mazeboard.controller import cli

    def broken(*args: object, **kw: object) -> object:
        raise KeyError("planted")

    for target, name in [(cli, "main"), ("mazeboard.controller.persist.open_game", None),
                         ("mazeboard.hal.calibration.load_calibration", None),
                         ("mazeboard.controller.app.build_game", None),
                         ("mazeboard.sim.web.protocol.parse_message", None)]:
        if name is None:
            monkeypatch.setattr(str(target), broken)
        else:
            monkeypatch.setattr(target, name, lambda argv: broken())
    bad = 0
    for seed in range(6):
        with tempfile.TemporaryDirectory(prefix="mazeboard-fuzz-") as d:
            out = inputfuzz.CASES[kind](random.Random(seed), Path(d))
        bad += out.internal or not out.good()
    assert bad, f"{kind}: a planted KeyError went unnoticed"
