"""The journal on disk: empty, truncated, corrupt and foreign state files; replay exactness;
the logical scheduler; the board check after a restart (LEDs and events)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mazeboard.controller import journal as jr
from mazeboard.controller.leds import PLAYER_RGB, WARNING_RGB, blink_pair
from mazeboard.controller.persist import LogicalScheduler, ReplayError, fingerprint, open_game
from mazeboard.hal.board import BoardRequest
from mazeboard.hal.clock import VirtualClock
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.events import GameEvent, ReedChanged

REQUEST = BoardRequest(seed=3, players=2)


@pytest.fixture(scope="module")
def full_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[bytes], dict[int, dict]]:
    """A whole journaled game: its journal lines and the state after every record."""
    d = tmp_path_factory.mktemp("full")
    pgame = open_game(REQUEST, d, "sim")
    states = {pgame.journal.count: fingerprint(pgame.game)}
    pgame.on_record.append(lambda n: states.__setitem__(n, fingerprint(pgame.game)))
    assert pgame.run() and pgame.referee.winner
    assert pgame.archived is not None and not (d / jr.CURRENT).exists()
    return pgame.archived.read_bytes().splitlines(keepends=True), states


def _saved(d: Path, lines: list[bytes], extra: bytes = b"") -> Path:
    d.mkdir(parents=True, exist_ok=True)
    (d / jr.CURRENT).write_bytes(b"".join(lines) + extra)
    return d


def _finish(pgame) -> None:  # type: ignore[no-untyped-def]
    assert pgame.run() and pgame.referee.winner is not None
    assert not (Path(pgame.journal.state_dir) / jr.CURRENT).exists()


@pytest.mark.parametrize("records", [1, 2, 17, 60, 121])
def test_a_saved_game_resumes_exactly_and_plays_to_its_end(tmp_path: Path, full_game, records: int) -> None:  # type: ignore[no-untyped-def]
    lines, states = full_game
    d = _saved(tmp_path, lines[: records + 1])
    pgame = open_game(BoardRequest(seed=99), d, "sim")  # the saved game wins over the request
    assert pgame.resumed and pgame.problems == []
    assert pgame.restored == states[records]
    assert pgame.session.setup.seed == 3
    _finish(pgame)


def test_empty_state_file_starts_a_new_game(tmp_path: Path) -> None:
    d = _saved(tmp_path, [])
    pgame = open_game(REQUEST, d, "sim")
    assert not pgame.resumed and "empty saved game" in pgame.problems[0]
    _finish(pgame)


def test_truncated_last_line_is_dropped(tmp_path: Path, full_game) -> None:  # type: ignore[no-untyped-def]
    lines, states = full_game
    d = _saved(tmp_path, lines[:41], lines[41][:23])
    pgame = open_game(REQUEST, d, "sim")
    assert pgame.resumed and "dropped a truncated last line (23 bytes)" in pgame.problems[0]
    assert pgame.restored == states[40]
    # the file was cut back before appending: every line of it is a good record
    for line in (d / jr.CURRENT).read_bytes().splitlines():
        jr.decode(line)
    _finish(pgame)


def test_a_corrupt_line_falls_back_to_the_last_good_state(tmp_path: Path, full_game) -> None:  # type: ignore[no-untyped-def]
    lines, states = full_game
    bad = lines[30].replace(b'"now":', b'"now":1', 1)  # a flipped digit: the CRC no longer matches
    d = _saved(tmp_path, [*lines[:30], bad, *lines[31:60]])
    pgame = open_game(REQUEST, d, "sim")
    assert pgame.resumed and "line 31 is corrupt (checksum mismatch)" in pgame.problems[0]
    assert "last good state (record 29)" in pgame.problems[0]
    assert "corrupt-1.jsonl" in pgame.problems[0]
    assert (d / "corrupt-1.jsonl").read_bytes().count(b"\n") == 60
    assert pgame.restored == states[29]
    _finish(pgame)


@pytest.mark.parametrize("content, why", [
    (b"\x00\xff\x17garbage\n", "not JSON"),
    (b'{"k": "setup"}\n', "no crc"),
    (b"not even json", "truncated first line"),
])
def test_an_unreadable_file_starts_a_new_game_and_is_kept(tmp_path: Path, content: bytes, why: str) -> None:
    d = _saved(tmp_path, [content])
    pgame = open_game(REQUEST, d, "sim")
    assert not pgame.resumed
    assert "unusable saved game" in pgame.problems[0] and why in pgame.problems[0]
    assert (d / "corrupt-1.jsonl").read_bytes() == content
    _finish(pgame)


def test_a_journal_of_another_version_starts_a_new_game(tmp_path: Path, full_game) -> None:  # type: ignore[no-untyped-def]
    lines, _ = full_game
    header = json.loads(lines[0])
    header["version"] = 99
    d = _saved(tmp_path, [jr.encode(header), *lines[1:10]])
    pgame = open_game(REQUEST, d, "sim")
    assert not pgame.resumed and "journal version 99" in pgame.problems[0]
    _finish(pgame)


def test_a_record_that_cannot_be_replayed_ends_the_journal_there(tmp_path: Path, full_game) -> None:  # type: ignore[no-untyped-def]
    lines, states = full_game
    later = []
    for line in lines[25:40]:  # well-formed and in order, but the game never had that many timers
        rec = json.loads(line)
        rec["fired"] += 1000
        later.append(jr.encode(rec))
    d = _saved(tmp_path, [*lines[:25], *later])
    pgame = open_game(REQUEST, d, "sim")
    assert pgame.resumed and "record 25 (sensor) cannot be replayed" in pgame.problems[0]
    assert pgame.restored == states[24]
    _finish(pgame)


def test_a_saved_game_the_board_cannot_set_up_starts_a_new_game(tmp_path: Path, full_game) -> None:  # type: ignore[no-untyped-def]
    lines, _ = full_game
    header = json.loads(lines[0])
    header["request"]["game"] = "chess"
    d = _saved(tmp_path, [jr.encode(header), *lines[1:10]])
    pgame = open_game(REQUEST, d, "sim")
    assert not pgame.resumed and "cannot be resumed" in pgame.problems[0]
    assert list((d / "archive").glob("unusable-*.jsonl"))
    _finish(pgame)


def test_new_puts_the_unfinished_game_aside(tmp_path: Path, full_game) -> None:  # type: ignore[no-untyped-def]
    lines, _ = full_game
    d = _saved(tmp_path, lines[:50])
    pgame = open_game(REQUEST, d, "sim", new=True)
    assert not pgame.resumed
    assert len((d / "archive" / "abandoned-0001.jsonl").read_bytes().splitlines()) == 50
    _finish(pgame)


def test_a_finished_saved_game_is_archived_and_a_new_one_starts(tmp_path: Path, full_game) -> None:  # type: ignore[no-untyped-def]
    lines, _ = full_game
    d = _saved(tmp_path, lines)
    pgame = open_game(REQUEST, d, "sim")
    assert not pgame.resumed
    assert (d / "archive" / "game-0001.jsonl").exists()
    _finish(pgame)
    assert (d / "archive" / "game-0002.jsonl").exists()


def test_an_unwritable_state_dir_is_a_config_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(ConfigError, match="--state-dir: cannot use"):
        open_game(REQUEST, blocker / "sub", "sim")


def test_records_round_trip_and_reject_bad_shapes() -> None:
    ev = ReedChanged(1200, "c3", True)
    rec = {"k": "sensor", "now": 1210, "fired": 4, "ev": jr.sensor_record(ev)}
    back = jr.decode(jr.encode(rec).rstrip(b"\n"))
    assert jr.sensor_event(back["ev"]) == ev
    for broken in ({**rec, "ev": {"type": "reed", "t": 1, "cell": "c3"}},
                   {**rec, "ev": {"type": "laser", "t": 1}},
                   {**rec, "now": -5},
                   {**rec, "k": "dance"}):
        with pytest.raises(jr.CorruptRecord):
            jr.decode(jr.encode(broken))


# -- the logical scheduler ---------------------------------------------------------------
def test_logical_time_inside_a_timer_is_its_due_time_even_when_the_loop_is_late() -> None:
    live = VirtualClock()
    sched = LogicalScheduler()
    seen: list[tuple[str, int]] = []
    sched.go_live(live)
    sched.call_later(100, lambda: seen.append(("a", sched.now_ms())))
    sched.call_later(100, lambda: seen.append(("b", sched.now_ms())))
    sched.call_later(40, lambda: sched.call_later(60, lambda: seen.append(("c", sched.now_ms()))))
    live.call_later(500, lambda: None)
    live._now = 0  # noqa: SLF001 - the loop wakes up late: everything is due at once
    live.advance(500)
    assert seen == [("a", 100), ("b", 100), ("c", 100)]
    assert sched.fired == 4


def test_replay_runs_exactly_the_recorded_number_of_timers() -> None:
    sched = LogicalScheduler()
    ran: list[int] = []
    for due in (30, 10, 20):
        sched.call_later(due, lambda due=due: ran.append(due))
    sched.run_fired(2)
    assert ran == [10, 20] and sched.now_ms() == 20
    sched.pin(25)
    with pytest.raises(ReplayError):
        sched.pin(24)
    with pytest.raises(ReplayError):
        sched.run_fired(5)


def test_wake_up_is_daemon_only_when_every_pending_timer_is() -> None:
    live = VirtualClock()
    sched = LogicalScheduler()
    sched.go_live(live)
    sched.call_later(50, lambda: None, daemon=True)
    assert live.pending() == 0 and live.pending(include_daemon=True) == 1
    t = sched.call_later(80, lambda: None)
    assert live.pending() == 1
    t.cancel()
    assert live.run_until_idle()


# -- the board check after a restart ----------------------------------------------------------
def test_resume_guides_the_players_with_events_and_leds(tmp_path: Path, full_game) -> None:  # type: ignore[no-untyped-def]
    lines, states = full_game
    # find a saved moment with both pawns off their corners
    n = next(k for k in range(20, len(lines) - 1)
             if all(c not in (None, "a1", "f6") for c in states[k]["positions"].values())
             and states[k]["state"] in ("waiting_for_roll", "moving"))
    d = _saved(tmp_path, lines[: n + 1])
    events: list[GameEvent] = []
    pgame = open_game(REQUEST, d, "sim", attach=lambda g: g.sinks.append(events.append))
    assert [e.type for e in events] == ["game_resumed", "setup_check", "instruction"]
    assert events[2]["action"] == "check" and {r["piece"] for r in events[2]["requests"]} >= set(states[n]["positions"])
    positions = states[n]["positions"]
    assert events[0]["positions"] == positions and events[0]["state"] == states[n]["state"]
    assert events[1]["missing"] == positions and events[1]["extra"] == ["a1", "f6"]
    assert pgame.referee.state == "waiting_for_setup"
    board = pgame.session.inner.board
    for pawn, cell in positions.items():  # blinking in the pawn's colour
        assert board.led_colour(cell) in blink_pair(PLAYER_RGB[pawn])
    assert board.led_colour("a1") in (WARNING_RGB, (0, 0, 0))
    pgame.run()
    kinds = [e.type for e in events]
    restored = kinds.index("setup_restored")
    assert events[restored]["state"] == states[n]["state"]
    assert "turn_started" not in kinds[:restored] and "die_rolled" in kinds[restored:]
    assert pgame.referee.winner is not None


@pytest.mark.parametrize("game", ["struggle", "labyrinth"])
def test_every_game_can_be_journaled_and_played_as_a_service(game: str, tmp_path: Path) -> None:
    """GameSetup extras must be plain data: the journal stores them as JSON (Struggle's track once was not)."""
    import subprocess
    import sys

    p = subprocess.run([sys.executable, "-m", "mazeboard.controller.cli", "service", "run", "--game", game,
                        "--virtual-time", "--games", "1", "--state-dir", str(tmp_path)],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr[-800:]
    assert list((tmp_path / "archive").glob("game-*.jsonl"))
