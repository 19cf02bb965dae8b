"""State-directory faults (issue 12): a full disk mid-game, an unreadable or odd ``current.jsonl``,
``archive/`` broken. A saved game is never replaced or deleted because it could not be read or
put away; the game goes on; each fault is one log line.

Faults the kernel gives a root user too are made for real (a FIFO, a loop of symbolic links, a
link to /dev/zero, a folder, ``archive`` being a file, RLIMIT_FSIZE for a disk that takes no
more). Permission errors (root reads anything) and a full disk in-process are made by fakes
that fail the way the kernel does: ``open`` with EACCES, ``rename`` into a read-only folder
with EACCES, ``write`` short at the boundary and then ENOSPC (write(2): "the number of bytes
written may be less than count if ... there is insufficient space").
"""

from __future__ import annotations

import errno
import json
import logging
import os
import resource
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable

import pytest

from clirun import time_limit
from mazeboard.controller import journal as jr
from mazeboard.controller.persist import fingerprint, open_game
from mazeboard.hal.board import BoardRequest

REQUEST = BoardRequest(seed=3, players=2)


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The first 40 lines of a journaled game (a readable saved game, unfinished)."""
    d = tmp_path_factory.mktemp("full")
    pgame = open_game(REQUEST, d, "sim", fsync=False)
    assert pgame.run() and pgame.archived is not None
    return b"".join(pgame.archived.read_bytes().splitlines(keepends=True)[:40])


def _play(d: Path, **kw: Any) -> Any:
    with time_limit(60, fail=True):
        pgame = open_game(REQUEST, d, "sim", fsync=False, **kw)
        assert pgame.run() and pgame.referee.winner is not None
    return pgame


# -- current.jsonl that cannot be read ----------------------------------------------------------
def test_an_unreadable_saved_game_is_kept_aside_not_replaced(tmp_path: Path, saved: bytes,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    current = tmp_path / jr.CURRENT
    current.write_bytes(saved)
    real_open = os.open

    def no_permission(path: Any, flags: int, *args: Any, **kw: Any) -> int:
        if os.fspath(path) == os.fspath(current) and not flags & (os.O_WRONLY | os.O_RDWR):
            raise PermissionError(errno.EACCES, "Permission denied", os.fspath(path))
        return real_open(path, flags, *args, **kw)

    monkeypatch.setattr(os, "open", no_permission)
    pgame = open_game(REQUEST, tmp_path, "sim", fsync=False)
    monkeypatch.setattr(os, "open", real_open)
    assert not pgame.resumed and len(pgame.problems) == 1
    assert "Permission denied" in pgame.problems[0] and "unreadable-1.jsonl" in pgame.problems[0]
    assert (tmp_path / "unreadable-1.jsonl").read_bytes() == saved
    assert pgame.run() and pgame.referee.winner is not None


@pytest.mark.parametrize("make,kind", [
    (lambda p: os.mkfifo(p), "FIFO"),
    (lambda p: p.symlink_to(p.name), "symbolic links"),
    (lambda p: p.mkdir(), "folder"),
    (lambda p: p.symlink_to("/nonexistent/saved.jsonl"), "no such file"),
])
def test_an_odd_current_file_is_moved_aside_and_a_new_game_starts(tmp_path: Path, make: Callable[[Path], None],
                                                                  kind: str) -> None:
    make(tmp_path / jr.CURRENT)
    pgame = _play(tmp_path)
    assert not pgame.resumed and len(pgame.problems) == 1 and kind in pgame.problems[0], pgame.problems
    assert os.path.lexists(tmp_path / "unreadable-1.jsonl")


def test_a_link_to_dev_zero_is_not_read(tmp_path: Path) -> None:
    """In a child limited to 1 GiB of address space: reading /dev/zero would end in MemoryError."""
    (tmp_path / jr.CURRENT).symlink_to("/dev/zero")
    code = ("import sys\nfrom mazeboard.controller.persist import open_game\nfrom mazeboard.hal.board import "
            f"BoardRequest\np = open_game(BoardRequest(seed=3), {str(tmp_path)!r}, 'sim', fsync=False)\n"
            "print(p.problems)\n")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                       preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30)))
    assert p.returncode == 0 and "character device" in p.stdout, (p.stdout, p.stderr[-500:])
    assert os.readlink(tmp_path / "unreadable-1.jsonl") == "/dev/zero"


# -- archive/ problems never end a game ----------------------------------------------------------
def _fail_renames_into(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``folder`` read-only: renaming into it or removing from it fails with EACCES (rename(2))."""
    for name in ("rename", "replace", "unlink"):
        real = getattr(os, name)

        def guarded(*args: Any, real: Callable[..., Any] = real, **kw: Any) -> Any:
            if any(Path(os.fspath(a)).parent == folder for a in args if isinstance(a, (str, os.PathLike))):
                raise PermissionError(errno.EACCES, "Permission denied", os.fspath(args[-1]))
            return real(*args, **kw)

        monkeypatch.setattr(os, name, guarded)


def test_archive_being_a_file_never_ends_a_game(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    (tmp_path / jr.ARCHIVE).write_text("not a folder")
    pgame = _play(tmp_path)
    assert pgame.archived == tmp_path / "game-1.jsonl" and jr.decode(pgame.archived.read_bytes().splitlines()[-1])
    assert (tmp_path / jr.ARCHIVE).read_text() == "not a folder"
    assert [r for r in caplog.records if "cannot archive" in r.getMessage()]
    second = _play(tmp_path)  # and the next game too
    assert second.archived == tmp_path / "game-2.jsonl"


def test_a_read_only_archive_never_ends_a_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / jr.ARCHIVE).mkdir()
    _fail_renames_into(tmp_path / jr.ARCHIVE, monkeypatch)
    pgame = _play(tmp_path)
    assert pgame.archived == tmp_path / "game-1.jsonl"


def test_odd_names_in_the_archive_are_left_alone(tmp_path: Path) -> None:
    folder = tmp_path / jr.ARCHIVE
    folder.mkdir()
    (folder / "game-\u00b2\u00b3.jsonl").write_text("superscript digits")  # str.isdigit() but not int()
    (folder / "game-0007.jsonl").mkdir()  # a folder where a journal would go
    (folder / "notes.txt").write_text("mine")
    pgame = _play(tmp_path)
    assert pgame.archived == folder / "game-0008.jsonl"
    assert (folder / "game-\u00b2\u00b3.jsonl").read_text() == "superscript digits" and (folder / "notes.txt").exists()


def test_new_with_a_broken_archive_keeps_the_unfinished_game(tmp_path: Path, saved: bytes) -> None:
    (tmp_path / jr.CURRENT).write_bytes(saved)
    (tmp_path / jr.ARCHIVE).write_text("not a folder")
    _play(tmp_path, new=True)
    assert (tmp_path / "abandoned-1.jsonl").read_bytes() == saved


# -- a full disk -----------------------------------------------------------------------------------
class FullDisk:
    """``os.write`` on the journal as on a disk with ``room`` bytes left: a write that does not fit is
    short (what fits), the next one fails with ENOSPC; :meth:`free` makes room again."""

    def __init__(self, path: Path, monkeypatch: pytest.MonkeyPatch, room: int | None = None) -> None:
        self.path = path
        self.room = room
        self.refused = 0
        self._write = os.write
        self._fds: set[int] = set()
        real_open = os.open

        def tracking_open(p: Any, flags: int, *args: Any, **kw: Any) -> int:
            fd = real_open(p, flags, *args, **kw)
            name = os.path.basename(os.fspath(p))
            if name in (jr.CURRENT, jr.CURRENT + ".tmp"):
                self._fds.add(fd)
            else:
                self._fds.discard(fd)
            return fd

        monkeypatch.setattr(os, "open", tracking_open)
        monkeypatch.setattr(os, "write", self.write)

    def fill(self, room: int = 0) -> None:
        self.room = room

    def free(self) -> None:
        self.room = None

    def write(self, fd: int, data: Any) -> int:
        if fd not in self._fds or self.room is None:
            return self._write(fd, data)
        if self.room == 0:
            self.refused += 1
            raise OSError(errno.ENOSPC, "No space left on device")
        n = self._write(fd, bytes(data)[: self.room])
        self.room -= n
        return n


def _replayed(path: Path) -> dict[str, Any]:
    """The final state of the game in the journal ``path`` (replayed in a scratch state directory)."""
    lines = path.read_bytes().splitlines(keepends=True)
    records = [jr.decode(line.rstrip(b"\n")) for line in lines]
    assert [r["n"] for r in records[1:]] == list(range(1, len(records)))
    scratch = path.parent / "replay"
    scratch.mkdir()
    (scratch / jr.CURRENT).write_bytes(b"".join(lines[:-1]))  # without "over": it resumes instead
    pgame = open_game(REQUEST, scratch, "sim", fsync=False)
    pgame.journal.close()
    assert pgame.resumed and pgame.restored is not None
    return pgame.restored


def test_a_full_disk_mid_game_keeps_the_game_in_memory_and_catches_up(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    disk = FullDisk(tmp_path / jr.CURRENT, monkeypatch)
    pgame = open_game(REQUEST, tmp_path, "sim", fsync=False)
    states: dict[int, dict[str, Any]] = {}

    def weather(n: int) -> None:
        states[n] = fingerprint(pgame.game)
        if n == 30:
            disk.fill(room=37)  # the next record is cut short, then ENOSPC
        if n == 90:
            disk.free()

    pgame.on_record.append(weather)
    caplog.set_level(logging.WARNING)
    with time_limit(60, fail=True):
        assert pgame.run() and pgame.referee.winner is not None
    assert disk.refused > 10
    warnings = [r.getMessage() for r in caplog.records if r.name == "mazeboard.controller.journal"]
    assert len(warnings) == 2, warnings
    assert "No space left on device" in warnings[0] and "game goes on in memory" in warnings[0]
    assert "written again" in warnings[1]
    assert pgame.archived is not None
    assert _replayed(pgame.archived) == states[max(states)]  # every record made it to the disk, in order


def test_a_full_disk_before_the_first_record_still_plays_and_saves(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    disk = FullDisk(tmp_path / jr.CURRENT, monkeypatch, room=0)
    pgame = open_game(REQUEST, tmp_path, "sim", fsync=False)
    assert not (tmp_path / jr.CURRENT).exists() and not (tmp_path / (jr.CURRENT + ".tmp")).exists()
    pgame.on_record.append(lambda n: disk.free() if n == 20 else None)
    assert pgame.run() and pgame.referee.winner is not None
    assert pgame.archived is not None and len(pgame.archived.read_bytes().splitlines()) == pgame.journal.count + 1


def test_a_journal_that_stops_growing_for_real_keeps_the_game_going(tmp_path: Path) -> None:
    """RLIMIT_FSIZE: the kernel refuses to grow files past the limit (a short write, then EFBIG; SIGXFSZ
    ignored), as a full disk refuses with ENOSPC. The child plays a whole game with the limit set
    low, lifts it half way, and the archived journal must hold every record."""
    code = f"""
import json, resource, signal, sys
from mazeboard.controller.persist import open_game
from mazeboard.hal.board import BoardRequest
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
resource.setrlimit(resource.RLIMIT_FSIZE, (6000, hard))
p = open_game(BoardRequest(seed=3), {str(tmp_path)!r}, "sim", fsync=False)
p.on_record.append(lambda n: resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard)) if n == 120 else None)
ok = p.run()
print(json.dumps({{"ok": ok, "winner": p.referee.winner, "count": p.journal.count, "archived": str(p.archived)}}))
"""
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr[-1500:]
    out = json.loads(p.stdout.splitlines()[-1])
    assert out["ok"] and out["winner"]
    assert "File too large" in p.stderr and "written again" in p.stderr
    lines = Path(out["archived"]).read_bytes().splitlines()
    assert len(lines) == out["count"] + 1
    assert [jr.decode(line)["n"] for line in lines[1:]] == list(range(1, out["count"] + 1))


def test_a_corrupt_line_on_a_full_disk_keeps_the_original_and_resumes(
        tmp_path: Path, saved: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = saved.splitlines(keepends=True)
    bad = lines[30].replace(b'"now":', b'"now":1', 1)  # the CRC no longer matches
    original = b"".join([*lines[:30], bad, *lines[31:]])
    (tmp_path / jr.CURRENT).write_bytes(original)
    disk = FullDisk(tmp_path / jr.CURRENT, monkeypatch, room=0)
    real_open = os.open

    def no_room_for_copies(p: Any, flags: int, *args: Any, **kw: Any) -> int:
        if flags & os.O_CREAT and os.path.basename(os.fspath(p)).startswith("corrupt-"):
            raise OSError(errno.ENOSPC, "No space left on device", os.fspath(p))
        return real_open(p, flags, *args, **kw)

    monkeypatch.setattr(os, "open", no_room_for_copies)
    pgame = open_game(REQUEST, tmp_path, "sim", fsync=False)
    assert pgame.resumed and "record 29" in pgame.problems[0]
    assert (tmp_path / "corrupt-1.jsonl").read_bytes() == original  # moved, not copied: no room
    pgame.on_record.append(lambda n: disk.free() if n == 45 else None)
    assert pgame.run() and pgame.referee.winner is not None
    assert pgame.archived is not None
    kept = pgame.archived.read_bytes().splitlines(keepends=True)
    assert b"".join(kept[:30]) == b"".join(lines[:30]) and len(kept) == pgame.journal.count + 1
