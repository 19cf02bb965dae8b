"""Always-on play: ``mazeboard play --state-dir``, ``mazeboard service run`` and ``service install``.

``play --state-dir DIR`` plays one journaled game (:mod:`.persist`): an
unfinished game in DIR resumes, ``--new`` puts it aside first.

``service run`` is what ``systemd/mazeboard.service`` starts: the lobby and
games one after another at real time (:mod:`.service`, :mod:`.lobby`), set
up by the config file (:mod:`.config`, ``--config``), games journaled in the
state directory (``$STATE_DIRECTORY``, set by the unit's ``StateDirectory=``),
``READY=1`` sent to systemd once the board is open and any saved game
restored, the watchdog pinged from the board's own event loop, ``SIGTERM``
ending the current phase cleanly (a game resumes at the next start). Events
go to the log (the journal, under systemd) and to ``--events FILE``.

``service install`` is in :mod:`.install`.
"""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

from mazeboard.hal.board import BoardRequest
from mazeboard.hal.errors import ConfigError, MazeboardError
from mazeboard.hal.events import GameEvent
from mazeboard.hal.i18n import catalogue

from mazeboard.hal import backends
from mazeboard.hal.calibration import ENV_VAR as CALIBRATION_ENV
from mazeboard.hal.wiring import WIRING_ENV, load_wiring

from . import config as cfg
from .app import Game, narrator_for
from .eventlog import JsonLinesLog
from .lobby import Lobby
from .notify import Notifier
from .persist import open_game
from .service import Service
from .struggle.instructions import tie_message

__all__ = ["Service", "play_saved", "service", "service_arguments", "service_run"]

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
            game.sinks.append(narrator_for(game, out, getattr(args, "lang", "en")))

    try:
        pgame = open_game(request, args.state_dir, args.board, new=args.new, attach=attach)
        if pgame.unapplied:
            print(f"play: not applied to the saved game, which goes on as it was: {' '.join(pgame.unapplied)} "
                  "(add --new to put it aside and start a new game with them)", file=sys.stderr)
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
    print(summary_line(ref, t_s, pgame.game.events, getattr(args, "lang", "en")), file=out)
    return 0


def result_line(ref: Any, lang: str = "en") -> str:
    """How a finished game ended, for the end of ``play``: ``Winner: red (red 30, blue 20)``; a tie
    (a referee's ``winners``, Struggle: several players with the highest total all win) as the board
    says it: ``Winners: Red and Blue tie with 30 points: both win! (red 30, blue 30)``; in ``lang``
    (``--lang``: the colours and the words in the language, docs/i18n.md)."""
    words = catalogue(lang)
    scores = words.say("narrate.list", {}).join(words.say("narrate.score", {"player": p, "score": s})
                                                for p, s in ref.scores.items())
    winners = list(getattr(ref, "winners", None) or [])
    if len(winners) > 1:
        return words.say("narrate.winners", {"tie": words.say(*tie_message(winners, ref.scores[winners[0]])),
                                             "scores": scores})
    return words.say("narrate.winner", {"winner": ref.winner, "scores": scores})


def summary_line(ref: Any, t_s: float, events: int, lang: str = "en") -> str:
    """The last line of ``play``: :func:`result_line`, the minutes of (simulated) play ``t_s`` took
    and the number of ``events`` logged, in ``lang``."""
    from babel.numbers import format_decimal  # (a German line said "nach 0.2 Minuten": an attack)

    minutes = format_decimal(round(t_s / 60, 1), format="0.0", locale=lang)
    return catalogue(lang).say("narrate.play_summary", {"result": result_line(ref, lang),
                                                        "minutes": minutes, "events": events})


# -- service run --------------------------------------------------------------------
def _log_event(event: GameEvent) -> None:
    fields = " ".join(f"{k}={v}" for k, v in event.fields.items())
    game_log.info("%s %s", event.type, fields)


def service_arguments(p: argparse.ArgumentParser) -> None:
    from . import argtypes
    from . import install as installer

    sub = p.add_subparsers(dest="service_command", metavar="ACTION", required=True)
    run_p = sub.add_parser("run", help="the lobby and games back to back as a systemd service (what the unit starts)",
                           description="Show the lobby on the board, play the games people start there, back to "
                                       "back at real time, journaled in the state directory, telling systemd when "
                                       "ready and pinging its watchdog. Settings: the config file.")
    run_p.add_argument("--config", metavar="FILE", default=None,
                       help=f"the config file (default: ${cfg.ENV_VAR}, else {cfg.DEFAULT_PATH} if it exists)")
    run_p.add_argument("--game", default=None,
                       help="game kind without a wiring file (the simulated board); default: the wiring file's board, "
                            "else the config's [board] game, else magic-labyrinth")
    run_p.add_argument("--players", type=argtypes.players, default=None,
                       help="simulated board: how many simulated people sit down in the lobby, 2-4 (default 2); "
                            "on a real board the players are the pawns on the start corners")
    run_p.add_argument("--maze", type=argtypes.maze, default=None,
                       help="simulated board: easy (default), hard or a wall list (Magic Labyrinth)")
    run_p.add_argument("--edition", default=None, help="Labyrinth edition (overrides the config file)")
    run_p.add_argument("--variant", action="append", default=[], metavar="NAME",
                       help="Labyrinth rule variant, repeatable (overrides the config file)")
    run_p.add_argument("--rounds", type=argtypes.plain_int, default=None, metavar="N", help="rounds per game (Struggle; overrides the config)")
    run_p.add_argument("--board", default=None,
                       help="board backend (default: $MAZEBOARD_BOARD, else the config's [board] backend, else sim)")
    run_p.add_argument("--seed", type=argtypes.seed, default=None, help="seed of the first game (default: a random one per game)")
    run_p.add_argument("--games", type=argtypes.plain_int, default=0, metavar="N", help="stop after N games (default: never)")
    run_p.add_argument("--state-dir", metavar="DIR", default=None,
                       help=f"where games are kept (default: $STATE_DIRECTORY, else {DEFAULT_STATE_DIR})")
    run_p.add_argument("--events", metavar="FILE", default=None,
                       help="also write every event (lobby and games) as JSON lines to FILE ('-': stdout)")
    run_p.add_argument("--sit-after", type=argtypes.plain_float, default=0.0, metavar="S",
                       help="simulated board: the simulated people sit down S seconds after each lobby opens "
                            "(default 0; time to open the companion page and change options first)")
    run_p.add_argument("--virtual-time", action="store_true",
                       help="simulated board only: play in virtual time (tests; the service itself plays at real time)")
    installer.add_arguments(sub.add_parser(
        "install", help="install the systemd unit, the udev rule, the config file and the service user (needs root)",
        description="Install the systemd unit, the udev rule, a commented default config file (never over an "
                    "existing one) and the mazeboard user, then enable the service."))


def service(args: argparse.Namespace) -> int:
    from . import install as installer

    if args.service_command == "install":
        return installer.run(args)
    return service_run(args)


@dataclass(frozen=True)
class BoardChoice:
    """Which board the service drives: ``backend``, ``wiring`` and ``calibration`` files (None: the
    backend's default) and the ``game`` kind played on it."""

    backend: str
    wiring: str | None
    calibration: str | None
    game: str


def choose_board(config: cfg.Config, args: argparse.Namespace, environ: Mapping[str, str] = os.environ) -> BoardChoice:
    """Command line, then the environment (``/etc/default/mazeboard``), then the config file's
    ``[board]``. The game kind is the wiring file's board when there is a wiring file; a
    ``--game`` or ``[board] game`` that differs is an error. Raises :class:`ConfigError`."""
    where = config.path or "config"
    backend = backends.backend_name(args.board or environ.get(backends.ENV_VAR) or config.board.backend or None)
    wiring = environ.get(WIRING_ENV) or config.board.wiring or None
    calibration = environ.get(CALIBRATION_ENV) or config.board.calibration or None
    if wiring is not None:
        game = load_wiring(wiring).spec.game
        for given, name in ((args.game, "--game"), (config.board.game, f"{where}: board.game")):
            if given and given != game:
                raise ConfigError(f"{name}: {given!r}, but the wiring file {wiring} wires a {game} board")
    else:
        game = args.game or config.board.game or "magic-labyrinth"
        if game not in cfg.GAMES:
            raise ConfigError(f"--game: {game!r} is not available (choose from {', '.join(cfg.GAMES)})")
    return BoardChoice(backend, wiring, calibration, game)


def _overrides(config: cfg.Config, game: str, args: argparse.Namespace) -> cfg.Config:
    """The config with the command line's game options (kept for MAZEBOARD_ARGS of older installs)."""
    given: list[tuple[str, str, object]] = []
    if args.maze is not None and isinstance(args.maze, str):
        given.append(("--maze", "maze", args.maze))
    if args.edition is not None:
        given.append(("--edition", "edition", args.edition))
    if args.variant:
        given.append(("--variant", "variants", list(args.variant)))
    if args.rounds is not None:
        given.append(("--rounds", "rounds", args.rounds))
    for flag, key, value in given:
        try:
            config = config.with_option(game, key, value)
        except ConfigError as e:
            raise ConfigError(f"{flag}: {e}") from None
    return config


def service_run(args: argparse.Namespace) -> int:
    logging.getLogger("mazeboard").setLevel(logging.DEBUG if args.debug else logging.INFO)
    state_dir = args.state_dir or os.environ.get("STATE_DIRECTORY", "").split(":")[0] or DEFAULT_STATE_DIR
    try:
        Path(state_dir).exists()
    except OSError as e:  # a path the kernel refuses to look up (ENAMETOOLONG): one line, before any game
        raise ConfigError(f"--state-dir: cannot use {state_dir[:80]!r} ({e.strerror or e})") from None
    if args.games < 0:
        raise ConfigError("--games: must be 0 (never stop) or more")
    from .argtypes import check_rounds

    check_rounds(args.rounds)
    if not 0 <= args.sit_after <= 3600:
        raise ConfigError(f"--sit-after: 0 to 3600 seconds, got {args.sit_after:g}")
    config = cfg.load_config(args.config)
    choice = choose_board(config, args)
    args.game = choice.game
    from .argtypes import check_game_flags

    check_game_flags(args)
    if args.maze is not None and not isinstance(args.maze, str):
        raise ConfigError("--maze: the service takes easy or hard (a wall list is for `mazeboard play`)")
    config = _overrides(config, choice.game, args)
    if args.players is not None and choice.backend != "sim":
        log.warning("--players %d: ignored on a real board: the players are the pawns on the start corners",
                    args.players)
    template = BoardRequest(game=choice.game, realtime=not args.virtual_time, wiring=choice.wiring,
                            calibration=choice.calibration)
    log_file = JsonLinesLog(args.events) if args.events else None
    notifier = Notifier.from_env()
    sinks: list[Callable[[GameEvent], None]] = [_log_event]
    if log_file:
        sinks.append(log_file)
    svc = Service(Lobby(choice.game, config), template, state_dir, choice.backend, notifier, games=args.games,
                  seed=args.seed, seaters=args.players or 2, sinks=sinks, sit_after_ms=int(args.sit_after * 1000))
    from .webview import start_companion

    server = start_companion(config, choice.game, choice.wiring, state_dir, svc)
    previous = signal.signal(signal.SIGTERM, lambda signum, frame: svc.stop())
    try:
        return svc.run()
    finally:
        signal.signal(signal.SIGTERM, previous)
        if server is not None:
            server.close()
        notifier.close()
        if log_file:
            log_file.close()
