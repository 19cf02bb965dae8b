"""The browser simulator's board session: a simulated board people play on from a web page.

``open_browser_session(request)`` (the ``sim`` backend's answer to
``BoardRequest(browser=True)``) builds the simulated board on a
:class:`~mazeboard.hal.clock.RealtimeClock`, simulated players for the
colours that are not ``request.humans``, a :class:`~.table.BrowserTable`
for the people, and attaches it to a :class:`~.server.WebServer` (started
here, or the running one passed on in ``request.handover`` after a restart).

The controller attaches its referee as for any session and calls
:meth:`BrowserSession.run`, which serves until Ctrl-C or until a page asks
for a new game; then ``next_request`` holds the
:class:`~mazeboard.hal.board.BoardRequest` for that game (with the server in
``handover``) and the controller opens the next session with it. The simulator
never imports the controller.
"""

from __future__ import annotations

import dataclasses
import random
import sys
import webbrowser
from typing import IO, Any, Callable

from mazeboard.hal.board import BoardRequest, GameSetup
from mazeboard.hal.boards import MAGIC, MAGIC_CORNERS, PLAYER_COLOURS
from mazeboard.hal.clock import RealtimeClock, VirtualClock
from mazeboard.hal.errors import ConfigError

from ..session import SimSession
from ..maze import generate_walls, parse_walls
from ..players import SimPlayer
from ..world import Physics
from .protocol import NewGame
from .table import BrowserTable

#: think time of a simulated player at speed 1.0 (a person's pace), milliseconds
THINK_MS = (900, 2400)
#: how long a person's pawn may rest in the browser before the move ends by itself (ms). A
#: first-time player reads the prompt (the move's two lines and the countdown's: some 40 words,
#: 10-12 s at a slow reader's 200-250 words a minute), looks at the lit cells and picks a step:
#: the 3 s the simulated players keep (``settle_ms``) cut such moves short, and 10 s lost a slow
#: reader the rest of the roll (newcomer round 4). 20 s covers the reading and a choice; waiting
#: costs nothing else, as Done (named in the countdown) ends the move at once.
HUMAN_SETTLE_MS = 20_000
SPEED_RANGE = (0.1, 20.0)
LOOPBACK = ("127.0.0.1", "localhost", "::1")


def resolve_players(request: BoardRequest) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(players in turn order, human colours) of ``request``; raises :class:`ConfigError`."""
    players = request.players
    if isinstance(players, int):
        if not 2 <= players <= 4:
            raise ConfigError(f"--players: The Magic Labyrinth takes 2 to 4 players, got {players}")
        players = PLAYER_COLOURS[:players]
    for h in request.humans:
        if h not in PLAYER_COLOURS:
            raise ConfigError(f"--humans: {h!r} is not a colour ({', '.join(PLAYER_COLOURS)})")
        if h not in players:
            raise ConfigError(f"--humans: {h} does not play in a {len(players)}-player game ({', '.join(players)})")
    return tuple(players), tuple(dict.fromkeys(request.humans))


class BrowserSession:
    """A simulated Magic Labyrinth board, its simulated players and the people's table.

    ``realtime=False`` runs on a :class:`VirtualClock` (tests drive it).
    Raises :class:`ConfigError` for a bad player count, human colour, speed or maze.
    """

    def __init__(self, request: BoardRequest, realtime: bool = True) -> None:
        if request.game != "magic-labyrinth":
            raise ConfigError(f"the browser simulator plays magic-labyrinth, not {request.game!r}")
        if not SPEED_RANGE[0] <= request.speed <= SPEED_RANGE[1]:
            raise ConfigError(f"--speed: must be between {SPEED_RANGE[0]} and {SPEED_RANGE[1]}, got {request.speed}")
        players, humans = resolve_players(request)
        self.request = request
        if isinstance(request.maze, str):
            walls = generate_walls(MAGIC, request.maze, random.Random(f"maze-{request.seed}"))
            maze_label = request.maze
        else:
            walls = parse_walls(MAGIC, request.maze, "--maze")
            maze_label = f"custom ({len(walls)} walls)"
        corners = dict(zip(players, MAGIC_CORNERS[len(players)]))
        options = dict(request.options)
        if humans and "settle_ms" not in options and "player_settle_ms" not in options:
            options["player_settle_ms"] = {h: HUMAN_SETTLE_MS for h in humans}
        self.setup = GameSetup("magic-labyrinth", players, request.seed, options=options)
        self.sim = SimSession(self.setup, walls, Physics(), realtime=realtime, script=(), corners=corners)
        self.board = self.sim.board
        self.world = self.sim.world
        self.humans = humans
        think = (int(THINK_MS[0] / request.speed), int(THINK_MS[1] / request.speed))
        self.players: list[SimPlayer] = []
        for i, p in enumerate(players):
            if p in humans:
                continue
            player = SimPlayer(p, self.world, random.Random(f"player-{request.seed}-{i}"), think_ms=think)
            self.players.append(player)
            self.board.watchers.append(player.watch)
        self.table = BrowserTable(self.sim, humans, maze_label, corners, on_new_game=self._new_game)
        self.next_request: BoardRequest | None = None
        self.server: object | None = None

    @property
    def scheduler(self) -> RealtimeClock | VirtualClock:
        return self.sim.clock

    @property
    def clock(self) -> RealtimeClock | VirtualClock:
        return self.sim.clock

    def start(self) -> None:
        """Nothing to start: simulated players act on what the board announces."""

    def run(self, stop: Callable[[], bool] | None = None) -> bool:
        """Serve the game in real time until Ctrl-C, ``stop()`` or a new game is asked for.

        Returns True (a browser game has no time limit). On a virtual clock
        (tests) it runs until no timer is pending."""
        done = lambda: self.next_request is not None or bool(stop and stop())  # noqa: E731
        clock = self.sim.clock
        if isinstance(clock, RealtimeClock):
            clock.run_forever(stop=done)
        else:
            clock.run_until_idle(stop=done)
        return True

    def _new_game(self, cmd: NewGame) -> None:
        seed = cmd.seed if cmd.seed is not None else random.SystemRandom().randrange(1, 100_000)
        # the symbols to win as the dialog says them (not said: the rules' 5, not the last game's)
        options = {k: v for k, v in self.request.options.items() if k != "win_tokens"}
        if cmd.win_tokens is not None:
            options["win_tokens"] = cmd.win_tokens
        self.next_request = dataclasses.replace(
            self.request, players=cmd.players, maze=cmd.maze, humans=cmd.humans, seed=seed, options=options,
            handover=self.server, open_browser=False,
        )
        clock = self.sim.clock
        if isinstance(clock, RealtimeClock):
            clock.stop()

    def close(self) -> None:
        self.board.close()


def _labyrinth(request: BoardRequest, realtime: bool) -> Any:
    from .labyrinth_table import open_labyrinth

    return open_labyrinth(request, realtime)


def _struggle(request: BoardRequest, realtime: bool) -> Any:
    from .struggle_table import open_struggle

    return open_struggle(request, realtime)


#: game -> builder(request, realtime) of a served session (``.table``, ``.sim``, ``run``, ``next_request``)
SESSIONS: dict[str, Callable[[BoardRequest, bool], Any]] = {
    "magic-labyrinth": lambda request, realtime: BrowserSession(request, realtime),
    "labyrinth": _labyrinth,
    "struggle": _struggle,
}


def browser_session(request: BoardRequest, realtime: bool = True) -> Any:
    """The served session for ``request.game``; raises :class:`ConfigError` for a game without a page."""
    if not SPEED_RANGE[0] <= request.speed <= SPEED_RANGE[1]:
        raise ConfigError(f"--speed: must be between {SPEED_RANGE[0]} and {SPEED_RANGE[1]}, got {request.speed}")
    build = SESSIONS.get(request.game)
    if build is None:
        raise ConfigError(f"--game: the browser simulator plays {', '.join(SESSIONS)}, not {request.game!r}")
    return build(request, realtime)


def open_browser_session(request: BoardRequest, out: IO[str] | None = None) -> Any:
    """Build the session for ``request.game`` and serve it (reusing ``request.handover``'s server on a restart).

    Prints the page's addresses on ``out`` (standard output) the first time
    (for ``--host 0.0.0.0``: localhost, then this machine's addresses);
    raises :class:`ConfigError` when the address cannot be listened on."""
    from mazeboard.hal.web.server import WebServer  # aiohttp

    session = browser_session(request, realtime=True)
    server = request.handover if isinstance(request.handover, WebServer) else None
    first = server is None
    if server is None:
        # the simulator's page is the board: a seat held by a lost browser is released from it
        server = WebServer(request.web_host, request.web_port, lang=request.lang, simulator=True)
        server.start()
        if server.reachable:  # phones join at HOSTNAME.local (the page shows it with its QR code)
            from mazeboard.hal.web.join import join_url

            server.join_url = join_url(request.web_host, server.port)
    session.server = server
    server.attach(session.table, session.sim.clock)
    if first:
        stream = out or sys.stdout
        title = getattr(session.table, "TITLE", "") or "The Magic Labyrinth"
        here, *others = server.addresses
        print(f"{title} is on the table at {here.url}  (Ctrl-C to stop)", file=stream, flush=True)
        for other in others:
            print(f"  {other.where}: {other.url}", file=stream, flush=True)
        if server.reachable:
            from mazeboard.hal.web.join import join_lines

            for line in join_lines(request.web_host, server.port):
                print(line, file=stream, flush=True)
        if request.open_browser:
            webbrowser.open(here.url)
    return session
