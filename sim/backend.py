"""The ``sim`` board backend: a simulated board with scripted hands or simulated players.

``open_session(request)`` (registered in :mod:`mazeboard.hal.backends`)
builds the world from a scenario file (``request.scenario``) or from the
request's player count, seed and maze, and returns a :class:`SimSession`:
the board, the scheduler (virtual time, or real time when
``request.realtime``), the :class:`~mazeboard.hal.board.GameSetup` the
controller should play, and ``run()``.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Callable

from mazeboard.hal.board import BoardRequest, GameSetup
from mazeboard.hal.boards import MAGIC, PLAYER_COLOURS
from mazeboard.hal.errors import ConfigError

from .maze import generate_walls, parse_walls
from .scenario import Scenario, load_scenario
from .session import SimSession
from .labyrinth import session as labyrinth
from .struggle import backend as struggle
from .world import Physics

def open_session(request: BoardRequest) -> Any:
    """Build a simulated session for a scenario file or a game of simulated players.

    Dispatches on the game name through :data:`FROM_SCENARIO` and
    :data:`FOR_PLAY`; raises ScenarioError/ConfigError for bad input.
    ``request.sim_link`` other than ``direct`` puts a link between the
    simulated board and the controller (:data:`LINKS`)."""
    if request.sim_link != "direct":
        link = LINKS.get(request.sim_link)
        if link is None:
            raise ConfigError(f"--link: {request.sim_link!r} is unknown (choose from direct, {', '.join(LINKS)})")
        return link(open_session(replace(request, sim_link="direct")), request)
    if request.lobby:
        from .lobby import open_lobby_session  # the board between games (service run)

        return open_lobby_session(request)
    if request.browser and not request.scenario:
        from .web.session import open_browser_session  # aiohttp only when the page is wanted

        return open_browser_session(request)
    if request.scenario:
        scenario = load_scenario(request.scenario)
        return FROM_SCENARIO[scenario.game](scenario, request.realtime)
    builder = FOR_PLAY.get(request.game)
    if builder is None:
        raise ConfigError(f"--game: {request.game!r} is not available (choose from {', '.join(FOR_PLAY)})")
    return builder(request)


def _magic_play(request: BoardRequest) -> SimSession:
    players = request.players
    if isinstance(players, int):
        if not 2 <= players <= 4:
            raise ConfigError(f"--players: The Magic Labyrinth takes 2 to 4 players, got {players}")
        players = PLAYER_COLOURS[:players]
    rng = random.Random(f"maze-{request.seed}")
    if isinstance(request.maze, str):
        walls = generate_walls(MAGIC, request.maze, rng)
    else:
        walls = parse_walls(MAGIC, request.maze, "--maze")
    setup = GameSetup("magic-labyrinth", tuple(players), request.seed, options=dict(request.options))
    return SimSession(setup, walls, Physics(), realtime=request.realtime)


def _from_scenario(sc: Scenario, realtime: bool) -> SimSession:
    walls = sc.walls
    if walls is None:
        walls = generate_walls(MAGIC, sc.maze, random.Random(f"maze-{sc.seed}"))
    setup = GameSetup(sc.game, sc.players, sc.seed, sc.dice, sc.targets, sc.options, source=sc.path)
    return SimSession(setup, walls, sc.physics, realtime=realtime, script=sc.actions, corners=dict(sc.corners))


#: game name -> builder(scenario, realtime) -> session
FROM_SCENARIO: dict[str, Callable[[Any, bool], Any]] = {"magic-labyrinth": _from_scenario,
                                                         "struggle": struggle.from_scenario,
                                                         "labyrinth": labyrinth.from_scenario}
#: game name -> builder(request) -> session (simulated players)
FOR_PLAY: dict[str, Callable[[BoardRequest], Any]] = {"magic-labyrinth": _magic_play,
                                                      "struggle": struggle.for_play,
                                                      "labyrinth": labyrinth.for_play}


def _serial_link(session: Any, request: BoardRequest) -> Any:
    from .link import serial_session  # pseudo-terminals and pyserial only when asked for
    from .noise import LineNoise

    if not request.link_noise:
        return serial_session(session)
    seed = session.setup.seed
    return serial_session(session, noise=(LineNoise(request.link_noise, f"{seed}-to-host"),
                                          LineNoise(request.link_noise, f"{seed}-to-board")))


#: link name -> wraps a simulated session (``--link``; ``direct`` is no wrapping), given the request
LINKS: dict[str, Callable[[Any, BoardRequest], Any]] = {"serial": _serial_link}
