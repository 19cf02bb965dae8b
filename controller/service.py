"""The service loop: lobby -> game -> result -> lobby, for ever (``mazeboard service run``).

:class:`Service` opens one board session per phase, on the same board:

1. **resume** (only at start): an unfinished game in the state directory
   (``current.jsonl``) is replayed and played on (:func:`.persist.resume_game`);
2. **lobby**: a session of its own (``BoardRequest(lobby=True)``) on which the
   :class:`~.lobby.Lobby` shows the seats, reads the pawns on the start
   corners and waits for the start button (or :meth:`.Lobby.request_start`);
3. **game**: the lobby's request as a new journaled game
   (:func:`.persist.open_game`); the lobby watches its buttons for the
   abandon gesture (:attr:`.persist.PersistentGame.gate`). When it ends:
   a winner -> the result shows in the next lobby for ``lobby_after_ms``; an
   abandoned game (from the board, or a phone, confirmed on the board) is
   archived as ``archive/abandoned-N.jsonl`` with its reason, never resumed.

A game whose session ends without a winner while nobody stops the service
can only be a simulated one (the simulated players got stuck for
``GAME_LIMIT_MS``, or nothing is left to happen on virtual time; a real
board waits for people for ever): it is archived as abandoned ``by`` the
service with that reason and the lobby opens. So ``service run`` never exits
1 because of a game, and a restart never resumes a game no simulated player
can finish (issue 11's finding: a restart loop).

systemd: ``READY=1`` once the first phase is up (the saved game replayed, or
the lobby shown); ``STATUS=`` names the phase; the watchdog is pinged from
each phase's own event loop; ``stop()`` (SIGTERM) ends the phase under way
(a game stays saved and resumes at the next start; a restart in the lobby
comes back to the lobby).

Threads: everything runs on the current session's clock thread. Another
thread (the web server) reaches the lobby only through :meth:`Service.submit`.
"""

from __future__ import annotations

import logging
import os
import random
import threading
from collections import deque
from concurrent.futures import Future
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable, TypeVar

from mazeboard.hal import backends
from mazeboard.hal.board import BoardRequest, BoardSession
from mazeboard.hal.events import GameEvent

from . import journal as jr
from .app import Game
from .lobby import GameResult, Lobby
from .notify import Notifier, WatchdogPinger, watchdog_interval_ms
from .persist import PersistentGame, open_game, resume_game

log = logging.getLogger("mazeboard.service")

T = TypeVar("T")
Opener = Callable[[BoardRequest], BoardSession]


class Service:
    """Plays lobby and games on one board for ``service run`` (see the module doc).

    ``lobby``: the board's lobby (its game kind and options); ``template``: how
    to open sessions (``realtime``, ``wiring``, ``calibration``; the game fields
    come from the lobby); ``board``: the backend name; ``seaters``: simulated
    people who sit down in the lobby (simulated board only); ``games``: stop
    after that many games (0: never); ``seed``: the first game's seed (then +1
    per game; None: random); ``sinks``: every event (lobby and games);
    ``opener``: opens a board session for a request (default: the backend);
    ``board_taps``: called with each phase's board once it is open (the
    companion page follows its frames and sensors; a failing tap is logged
    and ignored); ``sit_after_ms``: simulated board only, how long the
    simulated people wait before they sit down in each lobby."""

    def __init__(self, lobby: Lobby, template: BoardRequest, state_dir: str, board: str | None, notifier: Notifier,
                 games: int = 0, seed: int | None = None, seaters: int = 2, environ: Any = os.environ,
                 sinks: list[Callable[[GameEvent], None]] | None = None, opener: Opener | None = None,
                 board_taps: list[Callable[[Any], None]] | None = None, sit_after_ms: int = 0) -> None:
        self.lobby = lobby
        self.template = template
        self.state_dir = state_dir
        self.board = backends.backend_name(board)
        self.notifier = notifier
        self.games = games
        self.seed = seed
        self.seaters = seaters
        self.environ = environ
        self.sinks = list(sinks or [])
        self.board_taps = list(board_taps or [])
        self.sit_after_ms = sit_after_ms
        self.opener: Opener = opener or (lambda request: backends.open_board(self.board, request))
        self.stopping = False
        self.played = 0
        self.ready = False
        self.phase = ""
        self.current: PersistentGame | None = None
        self.watchdog: WatchdogPinger | None = None
        self._interval = watchdog_interval_ms(environ)
        self._lock = threading.Lock()
        self._queue: deque[tuple[Callable[[], Any], Future[Any]]] = deque()
        self._clock: Any = None
        self._seed_rng = random.SystemRandom()

    # -- from other threads ------------------------------------------------------------------
    def stop(self) -> None:
        """End the phase under way and then the service (SIGTERM; any thread)."""
        self.stopping = True

    def submit(self, fn: Callable[[], T]) -> "Future[T]":
        """Run ``fn()`` on the board session's clock thread (where the lobby and the game live) as
        soon as it can, from any thread; its result or exception comes in the returned
        :class:`concurrent.futures.Future` (``asyncio.wrap_future`` it in a web handler). Between
        phases the call waits for the next one. On a virtual clock (tests) call it from the
        thread that runs the clock."""
        fut: Future[T] = Future()
        with self._lock:
            self._queue.append((fn, fut))
            clock = self._clock
        if clock is not None:
            self._poke(clock)
        return fut

    def _poke(self, clock: Any) -> None:
        call_soon = getattr(clock, "call_soon", None)
        if call_soon is not None:
            call_soon(self._drain)
        else:
            clock.call_later(0, self._drain)

    def _drain(self) -> None:
        while True:
            with self._lock:
                if not self._queue:
                    return
                fn, fut = self._queue.popleft()
            if not fut.set_running_or_notify_cancel():
                continue
            try:
                fut.set_result(fn())
            except BaseException as e:  # noqa: BLE001 - handed to the caller
                fut.set_exception(e)

    # -- phases --------------------------------------------------------------------------------
    def _begin(self, scheduler: Any, status: str) -> None:
        """A phase is up on ``scheduler``: watchdog, notifications, queued calls."""
        with self._lock:
            self._clock = scheduler
            pending = bool(self._queue)
        if pending:
            self._poke(scheduler)
        if self._interval is not None:
            self.watchdog = WatchdogPinger(self.notifier, scheduler, self._interval)
            self.watchdog.start()
        log.info("%s", status)
        if not self.ready:
            self.notifier.notify(READY=1, STATUS=status)
            self.ready = True
        else:
            self.notifier.notify(STATUS=status)

    def _end(self) -> None:
        with self._lock:
            self._clock = None
        if self.watchdog is not None:
            self.watchdog.stop()
            self.watchdog = None

    def _next_seed(self) -> int:
        return self.seed + self.played if self.seed is not None else self._seed_rng.randrange(1, 2**31)

    def _emit(self, board: Any) -> Callable[[GameEvent], None]:
        def emit(event: GameEvent) -> None:
            for sink in self.sinks:
                sink(event)
            board.announce(event)

        return emit

    def run(self) -> int:
        """Phases until :meth:`stop` (or ``games`` games); returns 0."""
        saved = (Path(self.state_dir) / jr.CURRENT).exists()  # (service_run refused a path the kernel cannot look up)
        while not self.stopping:
            if saved:
                saved = False
                pgame = resume_game(self.template, self.state_dir, self.board, attach=self._attach,
                                    opener=lambda name, r: self.opener(r))
                if pgame is not None:
                    self._play(pgame)
                    if self.games and self.played >= self.games:
                        break
                    continue
            request = self._seat()
            if request is None:
                break
            pgame = open_game(request, self.state_dir, self.board, attach=self._attach,
                              opener=lambda name, r: self.opener(r))
            self._play(pgame)
            if self.games and self.played >= self.games:
                break
        self.notifier.notify(STOPPING=1, STATUS="stopped; an unfinished game resumes at the next start")
        return 0

    def _attach(self, game: Game) -> None:
        game.sinks.extend(self.sinks)

    def _tap(self, board: Any) -> None:
        for tap in self.board_taps:
            try:
                tap(board)
            except Exception:  # a watcher of the board never stops the board
                log.exception("a board watcher failed (the game goes on)")

    def _seat(self) -> BoardRequest | None:
        """The lobby phase; the next game's request, or None when the service stops."""
        seed = self._next_seed()
        options = {"sit_after_ms": self.sit_after_ms} if self.sit_after_ms else {}
        session = self.opener(replace(self.template, game=self.lobby.game, players=self.seaters, seed=seed,
                                      lobby=True, options=options))
        board = session.board
        lobby = self.lobby
        self.phase = "lobby"
        self._tap(board)
        try:
            lobby.enter_lobby(session.scheduler, board.layout, board.show, self._emit(board),
                              board.state().closed_reeds)
            board.subscribe(lobby.on_sensor)
            session.start()
            self._begin(session.scheduler, "lobby: waiting for players")
            session.run(stop=lambda: self.stopping or lobby.state == "playing")
        finally:
            lobby.leave_lobby()
            self._end()
            board.close()
        if lobby.state != "playing":
            if not self.stopping:  # only on virtual time: nothing is left to happen
                log.warning("the lobby ended with no game started (nobody sat down); stopping")
                self.stopping = True
            return None
        return replace(lobby.game_request(seed), realtime=self.template.realtime, wiring=self.template.wiring,
                       calibration=self.template.calibration)

    def _play(self, pgame: PersistentGame) -> None:
        """The game phase: play ``pgame`` on until it ends; archive it as the lobby decides."""
        self.current = pgame
        self.phase = "game"
        lobby = self.lobby
        inner = pgame.session.inner
        assert inner is not None
        board = inner.board
        ref = pgame.referee

        def hold(on: bool) -> None:
            pgame.board.held = on
            last = getattr(getattr(ref, "leds", None), "last", None)
            if not on and last is not None:
                board.show(last)

        for problem in pgame.problems:
            self.notifier.notify(STATUS=problem[:200])
        players = tuple(pgame.session.setup.players)
        self._tap(board)
        lobby.enter_game(pgame.live_scheduler, pgame.clock.live_now, board.layout, board.show, pgame.game.emit,
                         hold, ref.instruction, players)
        pgame.gate = lobby.gate
        status = ("resumed the saved game" if pgame.resumed else "new game") + f", seed {pgame.session.setup.seed}"
        self._begin(pgame.live_scheduler, status)
        try:
            pgame.run(stop=lambda: self.stopping or lobby.abandoned is not None)
        finally:
            self._end()
            self.current = None
        if lobby.abandoned is not None:
            pgame.abandon(lobby.abandoned, f"asked from the {lobby.abandoned}, confirmed on the board")
            result = GameResult(abandoned=lobby.abandoned)
        elif ref.winner is not None:
            winners = tuple(getattr(ref, "winners", None) or (ref.winner,))  # Struggle: a tie is a shared win
            result = GameResult(ref.winner, dict(ref.scores), winners=winners)
            log.info("game over: %s win%s (%d games played)", " and ".join(winners),
                     "" if len(winners) > 1 else "s", self.played + 1)
        elif self.stopping:
            lobby.leave_game(GameResult())  # it stays saved: resumed at the next start
            return
        else:
            why = "no winner: the simulated players could not finish it"
            log.warning("the game ended without a winner (%s): archived, back to the lobby", why)
            lobby.given_up(why)
            pgame.abandon("service", why)
            result = GameResult(abandoned="service")
        lobby.leave_game(result)
        self.played += 1
