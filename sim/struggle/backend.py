"""Struggle sessions for the ``sim`` backend: scripted hands or simulated players.

Registered in :mod:`mazeboard.sim.backend` (``FROM_SCENARIO`` and
``FOR_PLAY`` under ``"struggle"``). A :class:`StruggleSession` holds the
simulated board, the scheduler, the :class:`~mazeboard.hal.board.GameSetup`
the controller plays (forced throws, objective cards, the track, options)
and whoever acts on the board.
"""

from __future__ import annotations

import random
from typing import Callable

from mazeboard.hal.board import BoardRequest, GameSetup
from mazeboard.hal.boards import PLAYER_COLOURS
from mazeboard.hal.clock import RealtimeClock, VirtualClock
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.events import GameEvent
from mazeboard.hal.struggle import Track, load_track, track_ref

from ..world import Physics
from .board import StruggleSimBoard
from .hands import Act, StruggleHands, TableView
from .players import StrugglePlayer
from .scenario import StruggleScenario

#: Virtual time after which a simulated game counts as stuck.
GAME_LIMIT_MS = 24 * 3600 * 1000


class StruggleSession:
    """A simulated Struggle board plus a script or simulated players."""

    def __init__(self, setup: GameSetup, track: Track, physics: Physics, realtime: bool = False,
                 script: tuple[Act, ...] | None = None, where: str = "scenario",
                 humans: tuple[str, ...] = ()) -> None:
        self.setup = setup
        self.track = track
        self.clock: VirtualClock | RealtimeClock = RealtimeClock() if realtime else VirtualClock()
        self.board = StruggleSimBoard(track, self.clock, physics, random.Random(f"sim-{setup.seed}"))
        self.world = self.board.world
        self.script = script
        self.view = TableView()
        self.board.watchers.append(self.view.watch)
        self.hands = StruggleHands(self.world, self.clock, self.view, where=where)
        self.players: list[StrugglePlayer] = []
        self.game_over = False
        self.board.watchers.append(self._watch)
        if script is None:
            physical = setup.options.get("cards") == "physical"
            for i, p in enumerate(setup.players):
                if p in humans:
                    continue
                player = StrugglePlayer(p, self.world, random.Random(f"player-{setup.seed}-{i}"),
                                        physical=physical, seed=setup.seed, index=i)
                self.players.append(player)
                self.board.watchers.append(player.watch)

    @property
    def scheduler(self) -> VirtualClock | RealtimeClock:
        return self.clock

    def _watch(self, event: GameEvent) -> None:
        if event.type == "game_over":
            self.game_over = True

    def start(self) -> None:
        if self.script:
            self.hands.do(*self.script)

    def run(self, stop: Callable[[], bool] | None = None) -> bool:
        """Scripted: until the script is done and no timer is pending. Players: until
        the game is over; False if it did not finish within ``GAME_LIMIT_MS``."""
        if self.script is not None:
            return self.clock.run_until_idle(limit_ms=GAME_LIMIT_MS, stop=stop)
        done = lambda: self.game_over or bool(stop and stop())  # noqa: E731
        finished = self.clock.run_until_idle(limit_ms=GAME_LIMIT_MS, stop=done)
        return finished and (self.game_over or bool(stop and stop()))


def from_scenario(sc: StruggleScenario, realtime: bool) -> StruggleSession:
    """A scripted session for a validated scenario."""
    extra = {"track": track_ref(sc.track), "objectives": {p: list(card) for p, card in sc.objectives.items()}}
    setup = GameSetup("struggle", sc.players, sc.seed, sc.dice, options=dict(sc.options), extra=extra, source=sc.path)
    return StruggleSession(setup, sc.track, sc.physics, realtime, script=sc.actions, where=sc.path)


def for_play(request: BoardRequest) -> StruggleSession:
    """A game between simulated players (``--players``, ``--seed``, ``--rounds``)."""
    players = request.players
    if isinstance(players, int):
        if not 2 <= players <= 4:
            raise ConfigError(f"--players: Struggle takes 2 to 4 players, got {players}")
        players = PLAYER_COLOURS[:players]
    options = dict(request.options)
    if request.rounds is not None:
        options["rounds"] = request.rounds
    track = load_track("default")
    setup = GameSetup("struggle", tuple(players), request.seed, options=options, extra={"track": track_ref(track)})
    return StruggleSession(setup, track, Physics(), request.realtime, humans=tuple(request.humans))
