"""Journals that pass the CRC and are still wrong (issue 12): every record's shape, bounds,
names and order are checked before replay, and the fallback chain of docs/always-on.md holds.

Each hostile journal is a whole game's journal with one record changed and its CRC
recomputed (so only the validation can tell), a line deleted or two swapped, or a line
the JSON parser itself chokes on. Expected every time: ``open_game`` returns without an
exception and within seconds, says what it did in one problem line, the game plays on
to a winner, and the original file is kept byte for byte.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import pytest

from clirun import time_limit
from mazeboard.controller import journal as jr
from mazeboard.controller.persist import fingerprint, open_game
from mazeboard.hal.board import BoardRequest

REQUEST = BoardRequest(seed=3, players=2)


@pytest.fixture(scope="module")
def full_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[bytes], dict[int, dict]]:
    """A whole journaled Magic Labyrinth game: its journal lines and the state after every record."""
    d = tmp_path_factory.mktemp("full")
    pgame = open_game(REQUEST, d, "sim", fsync=False)
    states = {pgame.journal.count: fingerprint(pgame.game)}
    pgame.on_record.append(lambda n: states.__setitem__(n, fingerprint(pgame.game)))
    assert pgame.run() and pgame.referee.winner and pgame.archived is not None
    return pgame.archived.read_bytes().splitlines(keepends=True), states


def _rec(line: bytes) -> dict[str, Any]:
    rec = json.loads(line)
    rec.pop("crc")
    return rec


def _kept(d: Path, original: bytes) -> bool:
    """The original journal survives as a whole file, or as the start of one (a resumed game appends)."""
    return any(p.is_file() and p.read_bytes().startswith(original) for p in d.rglob("*.jsonl"))


def _open_and_play(d: Path, original: bytes) -> Any:
    with time_limit(60, fail=True):
        pgame = open_game(REQUEST, d, "sim", fsync=False)
    assert len(pgame.problems) == 1, pgame.problems
    assert _kept(d, original), sorted(p.name for p in d.rglob("*"))
    with time_limit(120, fail=True):
        assert pgame.run() and pgame.referee.winner is not None
    assert _kept(d, original)
    return pgame


def _save(d: Path, lines: list[bytes]) -> bytes:
    data = b"".join(lines)
    (d / jr.CURRENT).write_bytes(data)
    return data


# -- records that pass the CRC --------------------------------------------------------------
def _change(i: int, fn: Callable[[dict[str, Any]], None]) -> Callable[[list[bytes]], list[bytes]]:
    def edit(lines: list[bytes]) -> list[bytes]:
        rec = _rec(lines[i])
        fn(rec)
        return [*lines[:i], jr.encode(rec), *lines[i + 1:]]
    return edit


def _set_ev(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda rec: rec["ev"].__setitem__(key, value)


#: after record 32 of this game an endless LED animation is pending (a timer always due):
#: a record 33 claiming 10**9 timers used to keep the replay running them for ever
RESUMABLE = {
    "fired of 10**9": (_change(33, lambda r: r.__setitem__("fired", 10**9)), 32),
    "fired beyond int64": (_change(33, lambda r: r.__setitem__("fired", 2**70)), 32),
    "now of 10**18": (_change(33, lambda r: r.__setitem__("now", 10**18)), 32),
    "a cell the board does not have": (_change(33, _set_ev("cell", "z9")), 32),
    "a cell of the wrong type": (_change(33, _set_ev("cell", ["a1"])), 32),
    "an event time of the wrong type": (_change(33, _set_ev("t", "soon")), 32),
    "an unknown field": (_change(33, lambda r: r.__setitem__("x", 1)), 32),
    "a line deleted": (lambda lines: [*lines[:33], *lines[34:60]], 32),
    "two lines swapped": (lambda lines: [*lines[:33], lines[34], lines[33], *lines[35:60]], 32),
    "a line repeated": (lambda lines: [*lines[:34], lines[33], *lines[34:60]], 33),
    "a number of 5000 digits": (lambda lines: [*lines[:33], lines[33][:-2] + b',"x":' + b"9" * 5000 + b"}\n",
                                               *lines[34:60]], 32),
    "3000 nested lists": (lambda lines: [*lines[:33], lines[33][:-2] + b',"x":' + b"[" * 3000 + b"]" * 3000
                                         + b"}\n", *lines[34:60]], 32),
    "a second start": (lambda lines: [*lines[:33], lines[1], *lines[33:60]], 32),
}


@pytest.mark.parametrize("name", sorted(RESUMABLE))
def test_a_hostile_record_resumes_from_the_last_good_state(tmp_path: Path, full_game, name: str) -> None:  # type: ignore[no-untyped-def]
    lines, states = full_game
    edit, good = RESUMABLE[name]
    original = _save(tmp_path, edit(lines[:60]))
    pgame = _open_and_play(tmp_path, original)
    assert f"record {good})" in pgame.problems[0] or f"record {good}," in pgame.problems[0], pgame.problems
    assert pgame.restored == states[good]


NEW_GAME = {
    "options of the wrong type": _change(0, lambda r: r["request"].__setitem__("options", [1])),
    "an option value of the wrong type": _change(0, lambda r: r["setup"]["options"].__setitem__("settle_ms", [])),
    "players of the wrong type": _change(0, lambda r: r["request"].__setitem__("players", [["red"]])),
    "a game of the wrong type": _change(0, lambda r: r["request"].__setitem__("game", [])),
    "a seed beyond int64": _change(0, lambda r: r["request"].__setitem__("seed", 2**70)),
    "a setup of the wrong shape": _change(0, lambda r: r["setup"].__setitem__("players", {"red": 1})),
    "no start record": lambda lines: [lines[0], *lines[2:40]],
}


@pytest.mark.parametrize("name", sorted(NEW_GAME))
def test_a_hostile_header_starts_a_new_game_and_keeps_the_file(tmp_path: Path, full_game, name: str) -> None:  # type: ignore[no-untyped-def]
    lines, _ = full_game
    original = _save(tmp_path, NEW_GAME[name](lines[:40]))
    pgame = _open_and_play(tmp_path, original)
    assert not pgame.resumed and "new game" in pgame.problems[0], pgame.problems


def test_records_carry_their_sequence_number(full_game) -> None:  # type: ignore[no-untyped-def]
    lines, _ = full_game
    header = jr.decode(lines[0].rstrip(b"\n"))
    assert header["version"] == jr.VERSION == 2
    assert [jr.decode(line.rstrip(b"\n"))["n"] for line in lines[1:]] == list(range(1, len(lines)))


def test_a_version_1_journal_without_sequence_numbers_still_resumes(tmp_path: Path, full_game) -> None:  # type: ignore[no-untyped-def]
    lines, states = full_game
    old = []
    for line in lines[:41]:
        rec = _rec(line)
        rec.pop("n", None)
        if rec["k"] == "setup":
            rec["version"] = 1
        old.append(jr.encode(rec))
    _save(tmp_path, old)
    pgame = open_game(REQUEST, tmp_path, "sim", fsync=False)
    assert pgame.resumed and pgame.problems == [] and pgame.restored == states[40]
    assert pgame.run() and pgame.referee.winner is not None
