"""``mazeboard sim`` without ``--scenario``: the browser simulator, refereed by this controller.

The command asks the ``sim`` backend for a board with a web page
(``BoardRequest(browser=True)``), attaches the referee as for any game and
runs it. When a page asks for a new game the session ends with
``next_request`` set, and the command opens the next session with it (the
backend passes its running web server along in ``request.handover``). The
controller never imports the simulator.
"""

from __future__ import annotations

import argparse
import logging
import random
import re
import sys
from dataclasses import replace

from mazeboard.hal import backends
from mazeboard.hal.board import BoardRequest
from mazeboard.hal.boards import PLAYER_COLOURS
from mazeboard.hal.errors import ConfigError, MazeboardError

from .argtypes import check_game_flags, shown, plain_float, plain_int, seed as _seed
from .app import build_game
from .config import BOUNDS
from .eventlog import JsonLinesLog

logger = logging.getLogger(__name__)

DEFAULT_PORT = 8765
LOOPBACK = ("127.0.0.1", "localhost", "::1")


def _humans(text: str) -> tuple[str, ...]:
    if text.strip().lower() in ("", "none"):
        return ()
    names = tuple(w.strip().lower() for w in text.split(",") if w.strip())
    for n in names:
        if n not in PLAYER_COLOURS:
            raise argparse.ArgumentTypeError(f"{shown(n)} is not a colour ({', '.join(PLAYER_COLOURS)}) or 'none'")
    if len(set(names)) != len(names):
        raise argparse.ArgumentTypeError("a colour is listed twice")
    return names


#: a host name or address as typed (IPv6 with or without brackets): no spaces or control characters
_HOST_RE = re.compile(r"[A-Za-z0-9._:%\[\]-]{1,253}")


def _host(text: str) -> str:
    """``--host``: an address or host name to listen on (0.0.0.0: every address of this computer)."""
    if not _HOST_RE.fullmatch(text):
        raise argparse.ArgumentTypeError(f"{shown(text)} is not an address to serve on "
                                         "(like 127.0.0.1, or 0.0.0.0 for every address of this computer)")
    return text


def _port(text: str) -> int:
    try:
        port = plain_int(text)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a TCP port number") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError("a TCP port is 0..65535 (0: any free port)")
    return port


#: symbols to win a shorter Magic Labyrinth (``--win-tokens``): the range ``mazeboard play`` and the config take
MAGIC_WIN_TOKENS = BOUNDS["magic-labyrinth"]["win_tokens"]


def _speed(text: str) -> float:
    speed = plain_float(text)  # "1_0" is not 10 (round 24)
    if not 0.1 <= speed <= 20:
        raise argparse.ArgumentTypeError("speed must be between 0.1 and 20 (1 = a person's pace)")
    return speed


def cards_each(text: str) -> int:
    """``--cards-each``: a shorter Labyrinth, 1-12 cards each (RULES.md deals all 24: 12, 8 or 6 each)."""
    # plain ASCII digits only: int() also takes "٣", "３", "+3", " 3" and "1_0"
    n = int(text) if 0 < len(text) <= 2 and text.isascii() and text.isdigit() else -1
    if not 1 <= n <= 12:
        shown = text if len(text) <= 16 else text[:15] + "…"
        raise argparse.ArgumentTypeError(f"give a number of cards each, 1 to 12 (fewer with more players), got {shown!r}")
    return n


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The browser simulator's options (``mazeboard sim`` without ``--scenario``)."""
    from .argtypes import game as _game, lang as _lang, maze as _maze, players as _players

    g = p.add_argument_group("browser simulator (without --scenario)")
    g.add_argument("--game", default="magic-labyrinth", type=_game,
                   help="game on the table: magic-labyrinth (default; or magic), labyrinth or struggle")
    g.add_argument("--edition", default=None, help="Labyrinth edition: classic, super-mario, star-wars")
    g.add_argument("--variant", action="append", default=[], metavar="NAME",
                   help="Labyrinth rule variant, repeatable: younger, exit-anywhere, vader")
    g.add_argument("--cards-each", type=cards_each, default=None, metavar="N",
                   help="Labyrinth: a shorter game, N picture cards each (1 up to 12, 8 or 6 with 2, 3 or 4 "
                        "players; default: all 24 dealt, as the rule book says)")
    g.add_argument("--win-tokens", type=plain_int, default=None, metavar="N",
                   help="The Magic Labyrinth: a shorter game, N symbols to win (1-24; default 5, as the rules)")
    g.add_argument("--rounds", type=plain_int, default=None, metavar="N", help="rounds to play (Struggle; default 1)")
    g.add_argument("--open", action="store_true", help="open the page in your web browser")
    g.add_argument("--host", type=_host, default="127.0.0.1",
                   help="address to serve on (default 127.0.0.1: this computer only)")
    g.add_argument("--port", type=_port, default=DEFAULT_PORT, help=f"TCP port (default {DEFAULT_PORT}; 0: any free port)")
    g.add_argument("--humans", type=_humans, default=("red",), metavar="COLOURS",
                   help="colours played from the page, comma-separated, or 'none' to watch (default red)")
    g.add_argument("--players", type=_players, default=2, help="number of players, 2-4 (default 2)")
    g.add_argument("--speed", type=_speed, default=1.0,
                   help="pace of the simulated players, 1 = a person's (default 1; 3 is brisk)")
    g.add_argument("--seed", type=_seed, default=None, help="seed for the maze, dice and targets (default: a random one)")
    g.add_argument("--lang", type=_lang, default="en", metavar="LANG",
                   help="the page's language: en (default), de, fa, it, pt; a page's ?lang= wins (docs/i18n.md)")
    g.add_argument("--maze", type=_maze, default="easy",
                   help="easy (19 walls), hard (24), or a wall list like 'a2-a3,c4-d4' (default easy)")


def warn_if_exposed(host: str) -> None:
    """Say so when the page is served beyond this computer."""
    if host not in LOOPBACK:
        print(f"mazeboard: warning: serving on {host}: anyone who can reach this computer can open the page "
              "and move pawns (there is no password)", file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    """Serve games until Ctrl-C; each new game asked for on the page starts a new session.

    A new game that cannot be opened (the session checks first and refuses it to
    the page; should one slip through) is logged and the previous game served
    again: a message never stops the server."""
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 100_000)
    options: dict[str, int] = {}
    # another game's option is refused, as ``mazeboard play`` does (attack 16: --variant vader, --maze hard
    # or --rounds 3 for a game without them served it without a word); --maze easy is the default
    check_game_flags(argparse.Namespace(
        game=args.game, maze=None if args.maze == "easy" else args.maze, edition=args.edition,
        variant=args.variant, rounds=args.rounds, cards_each=getattr(args, "cards_each", None),
        win_tokens=getattr(args, "win_tokens", None)))
    if getattr(args, "cards_each", None) is not None:
        options["cards_each"] = args.cards_each
    if getattr(args, "win_tokens", None) is not None:  # the same name and range as ``mazeboard play``
        low, high = MAGIC_WIN_TOKENS
        if not low <= args.win_tokens <= high:
            raise ConfigError(f"--win-tokens: give {low} to {high} symbols to win, got {args.win_tokens}")
        options["win_tokens"] = args.win_tokens
    request: BoardRequest | None = BoardRequest(
        game=args.game, edition=args.edition, variants=tuple(args.variant), rounds=args.rounds, options=options,
        players=args.players, seed=seed, maze=args.maze, humans=args.humans, speed=args.speed,
        browser=True, web_host=args.host, web_port=args.port, open_browser=args.open, lang=getattr(args, "lang", "en"),
    )
    log = JsonLinesLog(args.events) if args.events else None  # one log for every game served
    served: BoardRequest | None = None  # the last game that could be opened
    try:
        while request is not None:
            try:
                session = backends.open_board("sim", request)
            except MazeboardError as e:
                if served is None:  # the command's own options: one line, exit 2
                    raise
                # a page asked for a game that cannot be opened: never stop the server for it
                logger.warning("the game asked for cannot be opened (%s): serving the previous one again", e)
                request = replace(served, handover=request.handover, open_browser=False)
                served = None
                continue
            if served is None and request.handover is None:  # listening now (a bad --host is its one line)
                warn_if_exposed(args.host)
            served = request
            game = build_game(session, [log] if log else [])
            game.run()
            # a session that serves people may hand over the next game they asked for
            request = getattr(session, "next_request", None)
            if request is not None and not isinstance(request, BoardRequest):
                raise ConfigError("the board backend asked for a new game without a valid request")
    finally:
        if log:
            log.close()
    return 0
