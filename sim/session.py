"""The Magic Labyrinth's simulated board session: the board plus whoever acts on it.

:class:`SimSession` is built by the ``sim`` backend (:mod:`.backend`) for a
scenario or simulated players, and by the browser simulator
(:mod:`.web.session`) for people at a page.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from mazeboard.hal.board import GameSetup
from mazeboard.hal.boards import MAGIC, MAGIC_CORNERS
from mazeboard.hal.clock import RealtimeClock, VirtualClock
from mazeboard.hal.events import GameEvent
from mazeboard.hal.grid import Edge

from .board import SimBoard
from .hands import Action, Hands
from .players import SimPlayer
from .resume import ResumeHelper
from .world import Physics

#: Virtual time after which a simulated game counts as stuck.
GAME_LIMIT_MS = 8 * 3600 * 1000


class SimSession:
    """A simulated board plus whoever acts on it (a script or simulated players)."""

    def __init__(
        self,
        setup: GameSetup,
        walls: frozenset[Edge],
        physics: Physics,
        realtime: bool = False,
        script: tuple[Action, ...] | None = None,
        corners: dict[str, str] | None = None,
    ) -> None:
        self.setup = setup
        self.walls = walls
        self.clock: VirtualClock | RealtimeClock = RealtimeClock() if realtime else VirtualClock()
        rng = random.Random(f"sim-{setup.seed}")
        corners = corners or dict(zip(setup.players, MAGIC_CORNERS[len(setup.players)]))
        self.board = SimBoard(MAGIC, walls, corners, self.clock, physics, rng)
        self.world = self.board.world
        self.script = script
        self.hands = Hands(self.world, self.clock, where=setup.source if script is not None else None)
        self.players: list[SimPlayer] = []
        self.game_over = False
        self.board.watchers.append(self._watch)
        if script is None:
            for i, p in enumerate(setup.players):
                player = SimPlayer(p, self.world, random.Random(f"player-{setup.seed}-{i}"))
                self.players.append(player)
                self.board.watchers.append(player.watch)
            self.board.watchers.append(ResumeHelper(self.players, self.world).watch)  # after a controller restart

    @property
    def scheduler(self) -> VirtualClock | RealtimeClock:
        return self.clock

    def _watch(self, event: GameEvent) -> None:
        if event.type == "game_over":
            self.game_over = True

    def start(self) -> None:
        if self.script:
            self.hands.do(*self.script)

    @property
    def analog(self) -> Any:
        """Noisy SS49E-like tray readings for the maker commands (``sim/analog.py``)."""
        from .analog import maker_tools

        return maker_tools(self).analog

    @property
    def stagehand(self) -> Any:
        """The simulated maker's hands for ``mazeboard calibrate`` and ``diag`` (``sim/analog.py``)."""
        from .analog import maker_tools

        return maker_tools(self).stagehand

    def run(self, stop: Callable[[], bool] | None = None) -> bool:
        """Scripted: run until the script is done and no timer is pending.
        Players: run until the game is over; False if it did not finish in
        ``GAME_LIMIT_MS`` of virtual time."""
        if self.script is not None:
            return self.clock.run_until_idle(limit_ms=GAME_LIMIT_MS, stop=stop)
        done = lambda: self.game_over or bool(stop and stop())  # noqa: E731
        finished = self.clock.run_until_idle(limit_ms=GAME_LIMIT_MS, stop=done)
        return finished and (self.game_over or bool(stop and stop()))
