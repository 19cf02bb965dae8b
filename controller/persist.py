"""Crash-safe games: journal every input of the referee, replay it after a restart.

The rules are deterministic given the setup, the sensor events and the
times at which the referee saw them and its timers ran (DESIGN.md). So a
game is saved as its inputs (:mod:`.journal`), written ahead of the
referee, and restored by feeding them again to a fresh referee.

What makes the replay exact is :class:`LogicalScheduler`, the scheduler the
referee (and its tracker and LED driver) is given instead of the board's
clock. It keeps the referee's timers in its own queue and its own notion of
time: inside a timer callback ``now_ms()`` is the timer's due time, while a
sensor event is handled it is the time recorded for that event. The journal
stores, for each input, that time and how many timers had run before it;
replaying runs exactly those timers, in the same order, then feeds the
input. Real-time lateness of the board's loop therefore cannot change a
replayed game.

After the replay the game continues live: logical time carries on from
where the journal ended (the minutes the plug was out do not count), the
board's events are shifted onto it, and the referee's ``resume(closed,
hall)`` compares the reeds with where the pawns should be
(``waiting_for_setup``, see :mod:`.magic.referee`).

:func:`open_game` never fails on a bad journal: problems are logged and end
in the last good state or a new game.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import zlib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from mazeboard.hal import backends
from mazeboard.hal.board import Board, BoardRequest, BoardSession, BoardState, GameSetup, LedLayout
from mazeboard.hal.clock import Timer
from mazeboard.hal.errors import MazeboardError
from mazeboard.hal.events import GameEvent, LedFrame, SensorEvent

from . import journal as jr
from .app import Game, build_game, check_game

log = logging.getLogger(__name__)


class ReplayError(RuntimeError):
    """A journal record the referee cannot replay (a bug, or a journal from another version)."""


class LogicalScheduler:
    """The referee's scheduler: logical milliseconds and an own timer queue, replayed or live.

    ``fired`` counts the timer callbacks run so far. While replaying,
    :meth:`run_fired` and :meth:`pin` move time; once :meth:`go_live` is
    called the queue is driven by the board's scheduler (one wake-up timer
    on it, daemon exactly when every pending timer is), with
    ``logical = live + offset``.
    """

    def __init__(self) -> None:
        self._heap: list[tuple[int, int, Timer]] = []
        self._seq = itertools.count()
        self._now = 0
        self.fired = 0
        self.offset = 0
        self._live: Any = None
        self._wake: Timer | None = None
        self._wake_key: tuple[int, bool] | None = None

    # -- Scheduler protocol ---------------------------------------------------
    def now_ms(self) -> int:
        return self._now

    def call_later(self, delay_ms: int, fn: Callable[[], None], *, daemon: bool = False) -> Timer:
        timer = Timer(self._now + max(0, int(delay_ms)), fn, daemon)
        heapq.heappush(self._heap, (timer.due_ms, next(self._seq), timer))
        self._arm()
        return timer

    # -- driving ----------------------------------------------------------------
    def pin(self, now_ms: int) -> None:
        """Logical time becomes ``now_ms`` (an input arrives); raises :class:`ReplayError` if it went back."""
        if now_ms < self._now:
            raise ReplayError(f"time goes back from {self._now} to {now_ms} ms")
        self._now = now_ms

    def _pop_due(self, limit_ms: int | None) -> Timer | None:
        while self._heap and self._heap[0][2].cancelled:
            heapq.heappop(self._heap)
        if self._heap and (limit_ms is None or self._heap[0][0] <= limit_ms):
            return heapq.heappop(self._heap)[2]
        return None

    def _fire(self, timer: Timer) -> None:
        self._now = max(self._now, timer.due_ms)
        self.fired += 1
        timer.fn()

    def run_fired(self, fired: int) -> None:
        """Replay: run the next timers until ``fired`` have run; raises :class:`ReplayError`."""
        while self.fired < fired:
            timer = self._pop_due(None)
            if timer is None:
                raise ReplayError(f"the journal expects {fired} timers, only {self.fired} were due")
            self._fire(timer)

    def go_live(self, live: Any) -> None:
        """Continue on the board's scheduler ``live`` from the current logical time."""
        self._live = live
        self.offset = self._now - int(live.now_ms())
        self._arm()

    def live_now(self) -> int:
        """Logical time of the board's clock now (live only)."""
        return max(self._now, int(self._live.now_ms()) + self.offset)

    def _arm(self) -> None:
        if self._live is None:
            return
        pending = [t for _, _, t in self._heap if not t.cancelled]
        if not pending:
            key = None
        else:
            key = (min(t.due_ms for t in pending), all(t.daemon for t in pending))
        if key == self._wake_key and (key is None or self._wake is not None):
            return
        if self._wake is not None:
            self._wake.cancel()
            self._wake = None
        self._wake_key = key
        if key is not None:
            delay = key[0] - (int(self._live.now_ms()) + self.offset)
            self._wake = self._live.call_later(max(0, delay), self._wake_up, daemon=key[1])

    def _wake_up(self) -> None:
        self._wake = None
        self._wake_key = None
        limit = int(self._live.now_ms()) + self.offset
        while (timer := self._pop_due(limit)) is not None:
            self._fire(timer)
        self._arm()


class _JournaledBoard:
    """The board as the referee sees it: events come through the journal; output can be muted."""

    def __init__(self, inner: Board) -> None:
        self.inner = inner
        self.layout: LedLayout = inner.layout
        self.muted = False
        #: the game's LED frames are kept off the board (the lobby asks on the LEDs to confirm an abandon)
        self.held = False
        self._sinks: list[Callable[[SensorEvent], None]] = []

    def subscribe(self, sink: Callable[[SensorEvent], None]) -> None:
        self._sinks.append(sink)

    def deliver(self, event: SensorEvent) -> None:
        for sink in self._sinks:
            sink(event)

    def state(self) -> BoardState:
        return self.inner.state()

    def show(self, frame: LedFrame) -> None:
        if not self.muted and not self.held:
            self.inner.show(frame)

    def announce(self, event: GameEvent) -> None:
        if not self.muted:
            self.inner.announce(event)

    def close(self) -> None:
        self.inner.close()


class _NullBoard:
    """A board with no hardware behind it, for checking a journal before the real replay.

    ``state``: what its ``state()`` reports -- the real board's levels, so that a
    referee reading them while replaying (Struggle reads the tokens at its start)
    replays here exactly as it will on the real board."""

    def __init__(self, layout: LedLayout, state: Callable[[], BoardState] | None = None) -> None:
        self.layout = layout
        self._state = state
        self._sinks: list[Callable[[SensorEvent], None]] = []

    def subscribe(self, sink: Callable[[SensorEvent], None]) -> None:
        self._sinks.append(sink)

    def deliver(self, event: SensorEvent) -> None:
        for sink in self._sinks:
            sink(event)

    def state(self) -> BoardState:
        return self._state() if self._state is not None else BoardState(frozenset(), frozenset())

    def show(self, frame: LedFrame) -> None:
        pass

    def announce(self, event: GameEvent) -> None:
        pass

    def close(self) -> None:
        pass


class JournaledSession:
    """A :class:`BoardSession` seen through the journal: same setup, the logical scheduler."""

    def __init__(self, setup: GameSetup, board: Any, clock: LogicalScheduler, inner: BoardSession | None) -> None:
        self.setup = setup
        self.board = board
        self.clock = clock
        self.inner = inner

    @property
    def scheduler(self) -> LogicalScheduler:
        return self.clock

    def start(self) -> None:
        if self.inner is not None:
            self.inner.start()

    def run(self, stop: Callable[[], bool] | None = None) -> bool:
        return self.inner.run(stop) if self.inner is not None else True


def _resume(game: Game, closed: Iterable[str], hall: Iterable[str]) -> None:
    resume = getattr(game.referee, "resume", None)
    if resume is None:
        log.warning("%s cannot check the board after a restart: play continues as saved", game.session.setup.game)
        return
    resume(frozenset(closed), frozenset(hall))


#: record kind -> how to feed it to the game (after time was moved to the record's)
APPLY: dict[str, Callable[[Game, Any, Mapping[str, Any]], None]] = {
    "start": lambda game, board, rec: game.referee.start(),
    "sensor": lambda game, board, rec: board.deliver(jr.sensor_event(rec["ev"])),
    "resume": lambda game, board, rec: _resume(game, rec["closed"], rec["hall"]),
    "over": lambda game, board, rec: None,  # only the timers up to it
    "abandoned": lambda game, board, rec: None,  # the last record of an abandoned game (never resumed)
}


def apply(game: Game, board: Any, clock: LogicalScheduler, record: Mapping[str, Any]) -> None:
    """Replay one journal record into ``game``; raises :class:`ReplayError` (or whatever the referee raises)."""
    clock.run_fired(record["fired"])
    clock.pin(record["now"])
    APPLY[record["k"]](game, board, record)


def fingerprint(game: Game) -> dict[str, Any]:
    """The game's state as plain data, to compare a resumed game with the one before the kill:
    the referee's snapshot plus, where the referee has them, known open edges, active
    Hall-effect sensors, who must return to the start corner and any pending correction."""
    ref = game.referee
    fp = dict(ref.snapshot())
    extra: dict[str, Callable[[Any], Any]] = {
        "known_open": lambda r: sorted("-".join(sorted(e)) for e in r.known_open),
        "hall_active": lambda r: sorted(r.hall_active),
        "returner": lambda r: r.returner,
        "correction": lambda r: None if r.correction is None else
        [r.correction.player, r.correction.kind, sorted(r.correction.allowed)],
        "bag": lambda r: list(r.bag.remaining),
        "dice_rng": lambda r: zlib.crc32(repr(r.rng.getstate()).encode()),
    }
    for key, get in extra.items():
        try:
            fp[key] = get(ref)
        except AttributeError:
            pass
    return fp


def _good_prefix(setup: GameSetup, layout: LedLayout, records: list[dict[str, Any]],
                 state: Callable[[], BoardState] | None = None) -> tuple[int, str | None]:
    """How many records replay cleanly on a scratch referee, and why the next one did not
    (``state``: the real board's levels, as the real replay will see them)."""
    clock = LogicalScheduler()
    board = _NullBoard(layout, state)
    try:
        game = build_game(JournaledSession(setup, board, clock, None))
    except Exception as e:  # noqa: BLE001 - a setup the referee refuses (ConfigError) or chokes on
        return 0, f"the referee cannot set up the saved game ({type(e).__name__}: {e})"
    for i, rec in enumerate(records):
        try:
            apply(game, board, clock, rec)
        except Exception as e:  # noqa: BLE001 - any failure means: stop before this record
            return i, f"record {i + 1} ({rec.get('k')}) cannot be replayed: {type(e).__name__}: {e}"
    return len(records), None


@dataclass
class PersistentGame:
    """A game whose inputs are journaled in ``state_dir``; :meth:`run` plays it on.

    ``resumed``: it continues a saved game. ``problems``: what was wrong with
    the saved game (each already logged). ``on_record(n)`` observers are called
    after the n-th live record was journaled and fed to the referee.
    """

    game: Game
    session: BoardSession
    clock: LogicalScheduler
    journal: jr.Journal
    board: _JournaledBoard
    resumed: bool = False
    problems: list[str] = field(default_factory=list)
    on_record: list[Callable[[int], None]] = field(default_factory=list)
    archived: Path | None = None
    #: the settings asked for that the resumed game does not use (:func:`journal.unapplied`)
    unapplied: list[str] = field(default_factory=list)
    #: the resumed game's :func:`fingerprint` right after the replay (None for a new game)
    restored: dict[str, Any] | None = None
    #: sees every sensor event before the journal and the referee; False keeps it from both
    #: (the lobby's abandon gesture and confirmation, :meth:`~.lobby.Lobby.gate`)
    gate: Callable[[SensorEvent], bool] | None = None

    @property
    def referee(self) -> Any:
        return self.game.referee

    @property
    def live_scheduler(self) -> Any:
        """The board's own scheduler (its event loop), for the service watchdog."""
        return self.session.inner.scheduler

    def _on_event(self, event: SensorEvent) -> None:
        if self.gate is not None and not self.gate(event):
            return
        clock = self.clock
        clock.pin(clock.live_now())
        shifted = replace(event, t_ms=event.t_ms + clock.offset)
        if self.archived is None:
            self.journal.append({"k": "sensor", "now": clock.now_ms(), "fired": clock.fired,
                                 "ev": jr.sensor_record(shifted)})
        self.board.deliver(shifted)
        if self.archived is None:
            for hook in self.on_record:
                hook(self.journal.count)

    def _on_game_event(self, event: GameEvent) -> None:
        if event.type == "game_over" and self.archived is None and self.journal.is_open:
            self.journal.append({"k": "over", "now": self.clock.now_ms(), "fired": self.clock.fired})

    def begin(self, records: int) -> None:
        """Go live: start the game, or check the board after a restart (journaled either way)."""
        self.clock.go_live(self.live_scheduler)
        if records == 0:
            self.journal.append({"k": "start", "now": self.clock.now_ms(), "fired": self.clock.fired})
            self.game.referee.start()
        else:
            state = self.board.state()
            self.journal.append({"k": "resume", "now": self.clock.now_ms(), "fired": self.clock.fired,
                                 "closed": sorted(state.closed_reeds), "hall": sorted(state.hall_active)})
            _resume(self.game, state.closed_reeds, state.hall_active)
        for hook in self.on_record:
            hook(self.journal.count)

    def run(self, stop: Callable[[], bool] | None = None) -> bool:
        """Play on until the game is over (archived then) or ``stop()``; False when a limit stopped it."""
        self.session.start()
        finished = self.session.run(stop)
        self.finish()
        return finished

    def finish(self) -> None:
        """Archive the journal if the game is over; otherwise just close it (it resumes next time)."""
        if self.referee.winner is not None and self.archived is None:
            try:
                self.archived = self.journal.archive()
            except MazeboardError as e:  # the state directory itself went away: the game is over anyway
                log.warning("game over, but the journal could not be put away: %s", e)
                self.archived = self.journal.path
            else:
                log.info("game over: journal archived as %s", self.archived)
        else:
            self.journal.close()

    def abandon(self, by: str, reason: str) -> Path:
        """Put the unfinished game aside for good: an ``abandoned`` record (``by``: board, phone or
        service; ``reason`` in words) is journaled first, then the journal goes to
        ``archive/abandoned-N.jsonl``; it is never resumed (a journal ending in that record, as a
        pulled plug between the two steps leaves it, is archived at the next start)."""
        if self.archived is not None:
            return self.archived
        if not self.journal.is_open:
            self.journal.open(self.journal.count)
        self.journal.append({"k": "abandoned", "now": self.clock.now_ms(), "fired": self.clock.fired,
                             "by": by, "reason": reason[:jr.MAX_REASON]})
        self.journal.close()
        self.archived = jr.archive(self.journal.state_dir, "abandoned")
        log.info("game abandoned (%s): journal archived as %s", reason, self.archived)
        return self.archived


def open_game(
    request: BoardRequest,
    state_dir: str | Path,
    backend: str | None = None,
    new: bool = False,
    attach: Callable[[Game], None] | None = None,
    fsync: bool = True,
    opener: Callable[[str, BoardRequest], BoardSession] | None = None,
) -> PersistentGame:
    """Resume the unfinished game in ``state_dir``, or start ``request`` as a new one.

    ``new``: put an unfinished game aside (``archive/abandoned-N.jsonl``) and start over.
    ``attach(game)`` is called once the game is built, to add sinks (event log,
    narrator); they see only what happens from now on, not the replay.
    ``opener(backend, request)`` opens the board session (default: :func:`backends.open_board`).
    Raises :class:`~mazeboard.hal.errors.ConfigError` only for a state directory
    that cannot be written or a ``request`` that cannot be played; a bad saved
    game is logged and replaced.
    """
    pgame = _open(request, state_dir, backend, new, attach, fsync, True, opener)
    assert pgame is not None
    return pgame


def resume_game(
    request: BoardRequest,
    state_dir: str | Path,
    backend: str | None = None,
    attach: Callable[[Game], None] | None = None,
    fsync: bool = True,
    opener: Callable[[str, BoardRequest], BoardSession] | None = None,
) -> PersistentGame | None:
    """The unfinished game in ``state_dir``, replayed and live; None when there is none that can be
    resumed (a bad one is kept aside and logged, as :func:`open_game` does). ``request`` gives
    how to run it (real time, wiring...); the game itself is the saved one."""
    return _open(request, state_dir, backend, False, attach, fsync, False, opener)


def _open(request: BoardRequest, state_dir: str | Path, backend: str | None, new: bool,
          attach: Callable[[Game], None] | None, fsync: bool, start: bool,
          opener: Callable[[str, BoardRequest], BoardSession] | None) -> PersistentGame | None:
    path = jr.prepare_dir(state_dir)
    name = backends.backend_name(backend)
    opener = opener or backends.open_board
    problems: list[str] = []
    if new:  # the unfinished game goes aside only once the new one is set up (a refused value keeps it)
        return _start_new(path, request, name, attach, fsync, problems, opener, _put_aside_for_new)
    for _ in range(4):  # a saved game that ends over is archived (or cut back, once), then a new one starts
        loaded = jr.load(path)
        problems += loaded.problems
        if loaded.header is not None:
            pgame = _resume_saved(path, loaded, name, request, attach, fsync, problems, opener)
            if pgame is not None:
                return pgame
            continue
        if not start:
            return None
        return _start_new(path, request, name, attach, fsync, problems, opener)
    dest = jr.archive(path, "unusable")  # pragma: no cover - a saved game that never settles
    problems.append(f"saved game could not be settled; kept as {dest}: starting a new game")
    log.warning("%s", problems[-1])
    if not start:
        return None
    return _start_new(path, request, name, attach, fsync, problems, opener)


def _put_aside_for_new(path: Path) -> None:
    if (path / jr.CURRENT).exists():
        log.warning("--new: the unfinished game was put aside as %s", jr.archive(path, "abandoned"))


def _start_new(path: Path, request: BoardRequest, backend: str, attach: Callable[[Game], None] | None,
               fsync: bool, problems: list[str],
               opener: Callable[[str, BoardRequest], BoardSession] = backends.open_board,
               before: Callable[[Path], None] | None = None) -> PersistentGame:
    """Start ``request`` as the state directory's game; ``before(path)`` runs once the board and the
    referee accept it, right before its journal is written (nothing is written for a refused game)."""
    inner = opener(backend, request)
    try:
        check_game(inner)
    except BaseException:
        inner.board.close()
        raise
    if before is not None:
        before(path)
    header = {"version": jr.VERSION, "backend": backend, "request": jr.request_record(request),
              "setup": jr.setup_record(inner.setup)}
    journal = jr.Journal.create(path, header, fsync)
    pgame = _assemble(inner, journal, attach)
    pgame.problems = problems
    pgame.begin(records=0)
    return pgame


def _assemble(inner: BoardSession, journal: jr.Journal, attach: Callable[[Game], None] | None) -> PersistentGame:
    clock = LogicalScheduler()
    board = _JournaledBoard(inner.board)
    session = JournaledSession(inner.setup, board, clock, inner)
    game = build_game(session)
    if attach is not None:
        attach(game)
    pgame = PersistentGame(game, session, clock, journal, board)
    game.sinks.append(pgame._on_game_event)
    inner.board.subscribe(pgame._on_event)
    return pgame


def _put_away(path: Path, stem: str) -> Path | str:
    """Archive ``current.jsonl`` as ``STEM-N``; when it is already gone (moved aside as
    ``corrupt-N.jsonl`` for want of room to copy it), say that."""
    if not (path / jr.CURRENT).exists():
        return "corrupt-N.jsonl (see above)"
    return jr.archive(path, stem)


def _resume_saved(path: Path, loaded: jr.Loaded, backend: str, request: BoardRequest,
                  attach: Callable[[Game], None] | None, fsync: bool,
                  problems: list[str],
                  opener: Callable[[str, BoardRequest], BoardSession] = backends.open_board) -> PersistentGame | None:
    """The saved game, replayed and live; None when it was over or unusable (it is then moved away,
    or cut back to the records that replay and tried again)."""
    header = loaded.header
    assert header is not None
    records = loaded.records
    if records and records[-1]["k"] == "abandoned":  # abandoned, but the plug was pulled before the rename
        log.info("the saved game was abandoned: archived as %s", jr.archive(path, "abandoned"))
        return None
    try:
        saved = jr.request_from(header["request"], request)
        inner = opener(backend, saved)
        if jr.setup_record(inner.setup) != header["setup"]:
            raise jr.CorruptRecord("the board sets up a different game than the one saved")
    except (jr.CorruptRecord, MazeboardError, TypeError, ValueError) as e:  # types the journal's checks let by
        dest = _put_away(path, "unusable")
        problems.append(f"saved game cannot be resumed ({e}); kept as {dest}: starting a new game")
        log.warning("%s", problems[-1])
        return None
    rewrite = loaded.rewrite
    good, why = _good_prefix(inner.setup, inner.board.layout, records, inner.board.state)
    if why is not None:
        kept = _put_away(path, "unreplayable")
        if good == 0:
            problems.append(f"saved game: {why}; kept as {kept}: starting a new game")
            log.warning("%s", problems[-1])
            inner.board.close()
            return None
        problems.append(f"saved game: {why}; resuming from the last good state (record {good}), "
                        f"the original is kept as {kept}")
        log.warning("%s", problems[-1])
        records = records[:good]
        rewrite = True
    if rewrite:  # the file holds more (or less) than these records: write them anew
        journal = jr.Journal.create(path, {**header, "version": jr.VERSION}, fsync)
        for rec in records:
            journal.append(rec)
    else:
        journal = jr.Journal(path, fsync).open(len(records), version=header["version"])
    pgame = _assemble(inner, journal, attach)
    pgame.problems = problems
    pgame.unapplied = jr.unapplied(header["request"], request)
    game = pgame.game
    live_sinks, live_frames = game.sinks, game.frame_sinks
    game.sinks, game.frame_sinks = [], []
    pgame.board.muted = True
    for i, rec in enumerate(records):
        try:
            apply(game, pgame.board, pgame.clock, rec)
        except Exception as e:  # noqa: BLE001 - the scratch replay passed, this one did not: never crash
            journal.close()
            kept = _put_away(path, "unreplayable")
            journal = jr.Journal.create(path, {**header, "version": jr.VERSION}, fsync)
            for good_rec in records[:i]:
                journal.append(good_rec)
            journal.close()
            problems.append(f"saved game: record {i + 1} ({rec.get('k')}) cannot be replayed: {type(e).__name__}: "
                            f"{e}; resuming from the last good state (record {i}), the original is kept as {kept}")
            log.warning("%s", problems[-1])
            inner.board.close()
            return None
    pgame.board.muted = False
    game.sinks, game.frame_sinks = live_sinks, live_frames
    if pgame.referee.winner is not None or not records:
        if records:
            journal.archive()
            log.info("the saved game was already over: archived")
            return None
        pgame.begin(records=0)  # only the header was saved: start it now
        return pgame
    pgame.resumed = True
    pgame.restored = fingerprint(game)
    log.info("resuming the saved game after %d records", len(records))
    pgame.begin(records=len(records))
    return pgame
