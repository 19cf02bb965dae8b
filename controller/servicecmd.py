"""Always-on play: ``mazeboard play --state-dir``, ``mazeboard service run`` and ``service install``.

``play --state-dir DIR`` plays one journaled game (:mod:`.persist`): an
unfinished game in DIR resumes, ``--new`` puts it aside first.

``service run`` is what ``systemd/mazeboard.service`` starts: games one
after another at real time, each journaled in the state directory
(``$STATE_DIRECTORY``, set by the unit's ``StateDirectory=``), ``READY=1``
sent to systemd once the board is open and any saved game restored, the
watchdog pinged from the board's own event loop, ``SIGTERM`` ending the
current game cleanly (it resumes at the next start). Game events go to the
log (the journal, under systemd).

``service install`` is in :mod:`.install`.
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import signal
import sys
from dataclasses import replace
from typing import Any, Callable

from mazeboard.hal.board import BoardRequest
from mazeboard.hal.errors import ConfigError, MazeboardError
from mazeboard.hal.events import GameEvent

from .app import Game, narrator_for
from .eventlog import JsonLinesLog
from .notify import Notifier, WatchdogPinger, watchdog_interval_ms
from .persist import PersistentGame, open_game

log = logging.getLogger("mazeboard.service")
game_log = logging.getLogger("mazeboard.game")

#: state directory when neither --state-dir nor $STATE_DIRECTORY says
DEFAULT_STATE_DIR = "/var/lib/mazeboard"


class RuntimeFailure(MazeboardError):
    """A game that could not be played to its end."""


def play_saved(args: argparse.Namespace, request: BoardRequest) -> int:
    """``mazeboard play --state-dir DIR [--new]``: one journaled game, resumed if one is saved."""
    if not args.state_dir:
        raise ConfigError("--new: needs --state-dir DIR (where the saved game is)")
    out = sys.stderr if args.events == "-" else sys.stdout
    log_file = JsonLinesLog(args.events) if args.events else None

    def attach(game: Game) -> None:
        if log_file:
            game.sinks.append(log_file)
        if not args.quiet:
            game.sinks.append(narrator_for(game, out))

    try:
        pgame = open_game(request, args.state_dir, args.board, new=args.new, attach=attach)
        if pgame.resumed and not args.quiet:
            snap = pgame.referee.snapshot()
            print(f"Resumed the saved game: {snap['current']} to play, scores "
                  + ", ".join(f"{p} {s}" for p, s in snap["scores"].items()), file=out)
        finished = pgame.run()
    finally:
        if log_file:
            log_file.close()
    ref = pgame.referee
    if not finished or ref.winner is None:
        raise RuntimeFailure("the game did not reach a winner (the simulated players got stuck); it stays saved")
    t_s = pgame.clock.now_ms() / 1000
    scores = ", ".join(f"{p} {s}" for p, s in ref.scores.items())
    print(f"Winner: {ref.winner} ({scores}) after {t_s / 60:.1f} minutes of play, {pgame.game.events} events.",
          file=out)
    return 0


# -- service run --------------------------------------------------------------------
def _log_event(event: GameEvent) -> None:
    fields = " ".join(f"{k}={v}" for k, v in event.fields.items())
    game_log.info("%s %s", event.type, fields)


class Service:
    """Plays games back to back for ``service run``; :meth:`stop` (SIGTERM) ends after the current step."""

    def __init__(self, request: BoardRequest, state_dir: str, board: str | None, notifier: Notifier,
                 games: int = 0, seed: int | None = None, environ: Any = os.environ) -> None:
        self.request = request
        self.state_dir = state_dir
        self.board = board
        self.notifier = notifier
        self.games = games
        self.seed = seed
        self.environ = environ
        self.stopping = False
        self.played = 0
        self.ready = False
        self.current: PersistentGame | None = None
        self.watchdog: WatchdogPinger | None = None

    def stop(self) -> None:
        self.stopping = True

    def _next_request(self) -> BoardRequest:
        seed = self.seed + self.played if self.seed is not None else random.SystemRandom().randrange(1, 2**31)
        return replace(self.request, seed=seed)

    def run(self, on_ready: Callable[[PersistentGame], None] | None = None) -> int:
        interval = watchdog_interval_ms(self.environ)
        while not self.stopping:
            pgame = open_game(self._next_request(), self.state_dir, self.board, attach=lambda g: g.sinks.append(_log_event))
            self.current = pgame
            for problem in pgame.problems:
                self.notifier.notify(STATUS=problem[:200])
            if interval is not None:
                self.watchdog = WatchdogPinger(self.notifier, pgame.live_scheduler, interval)
                self.watchdog.start()
            snap = pgame.referee.snapshot()
            status = ("resumed the saved game" if pgame.resumed else "new game") + f", seed {pgame.session.setup.seed}"
            log.info("%s: %s to play", status, snap.get("current"))
            if not self.ready:
                self.notifier.notify(READY=1, STATUS=status)
                self.ready = True
                if on_ready is not None:
                    on_ready(pgame)
            else:
                self.notifier.notify(STATUS=status)
            pgame.run(stop=lambda: self.stopping)
            if self.watchdog is not None:
                self.watchdog.stop()
            if pgame.referee.winner is None:
                if not self.stopping:
                    raise RuntimeFailure("the game stopped without a winner; it stays saved and resumes at the next start")
                break
            self.played += 1
            log.info("game over: %s wins (%d games played)", pgame.referee.winner, self.played)
            if self.games and self.played >= self.games:
                break
        self.notifier.notify(STOPPING=1, STATUS="stopped; an unfinished game resumes at the next start")
        return 0


def service_arguments(p: argparse.ArgumentParser) -> None:
    from . import commands
    from . import install as installer

    sub = p.add_subparsers(dest="service_command", metavar="ACTION", required=True)
    run_p = sub.add_parser("run", help="play games back to back as a systemd service (what the unit starts)",
                           description="Play games back to back at real time, journaled in the state directory, "
                                       "telling systemd when ready and pinging its watchdog.")
    run_p.add_argument("--game", default="magic-labyrinth", help="game to play (default: magic-labyrinth)")
    run_p.add_argument("--players", type=commands._players, default=2, help="number of players, 2-4 (default 2)")
    run_p.add_argument("--maze", type=commands._maze, default=None,
                       help="simulated board: easy (default), hard or a wall list (Magic Labyrinth)")
    run_p.add_argument("--edition", default=None, help="Labyrinth edition: classic, super-mario, star-wars")
    run_p.add_argument("--variant", action="append", default=[], metavar="NAME",
                       help="rule variant, repeatable (Labyrinth: younger, exit-anywhere, vader)")
    run_p.add_argument("--rounds", type=int, default=None, metavar="N", help="rounds per game (Struggle)")
    run_p.add_argument("--board", default=None, help="board backend (default: $MAZEBOARD_BOARD or sim)")
    run_p.add_argument("--seed", type=int, default=None, help="seed of the first game (default: a random one per game)")
    run_p.add_argument("--games", type=int, default=0, metavar="N", help="stop after N games (default: never)")
    run_p.add_argument("--state-dir", metavar="DIR", default=None,
                       help=f"where games are kept (default: $STATE_DIRECTORY, else {DEFAULT_STATE_DIR})")
    run_p.add_argument("--virtual-time", action="store_true",
                       help="simulated board only: play in virtual time (tests; the service itself plays at real time)")
    installer.add_arguments(sub.add_parser(
        "install", help="install the systemd unit, the udev rule and the service user (needs root)",
        description="Install the systemd unit, the udev rule and the mazeboard user, then enable the service."))


def service(args: argparse.Namespace) -> int:
    from . import install as installer

    if args.service_command == "install":
        return installer.run(args)
    return service_run(args)


def service_run(args: argparse.Namespace) -> int:
    logging.getLogger("mazeboard").setLevel(logging.DEBUG if args.debug else logging.INFO)
    state_dir = args.state_dir or os.environ.get("STATE_DIRECTORY", "").split(":")[0] or DEFAULT_STATE_DIR
    if args.games < 0:
        raise ConfigError("--games: must be 0 (never stop) or more")
    from .commands import check_rounds

    check_rounds(args.rounds)
    from .commands import check_game_flags

    check_game_flags(args)
    request = BoardRequest(game=args.game, players=args.players, maze=args.maze or "easy",
                           realtime=not args.virtual_time, edition=args.edition, variants=tuple(args.variant),
                           rounds=args.rounds)
    notifier = Notifier.from_env()
    svc = Service(request, state_dir, args.board, notifier, games=args.games, seed=args.seed)
    previous = signal.signal(signal.SIGTERM, lambda signum, frame: svc.stop())
    try:
        return svc.run()
    finally:
        signal.signal(signal.SIGTERM, previous)
        notifier.close()
