"""The board session of a simulated Labyrinth or Struggle game served to pages.

:class:`ServedSession` is what the ``sim`` backend returns for
``BoardRequest(browser=True, game=...)``: the simulated session on a
real-time clock, its table (:mod:`.labyrinth_table`, :mod:`.struggle_table`,
on :class:`mazeboard.hal.web.served.ServedTable`), and the restart hand-over
(``next_request``).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable

from mazeboard.hal.board import BoardRequest
from mazeboard.hal.clock import RealtimeClock, VirtualClock
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.web.served import ServedTable
from mazeboard.hal.web.protocol import Refused


class ServedSession:
    """A simulated game (``sim``: board, setup, clock) served by ``table`` until Ctrl-C or a new game."""

    def __init__(self, request: BoardRequest, sim: Any, table: ServedTable,
                 check: Callable[[BoardRequest], Any] | None = None) -> None:
        #: ``check(request)`` raises :class:`ConfigError` for a game that cannot be opened (the
        #: game's own session builder on a virtual clock), before this one is ended for it
        self.check = check
        self.request = request
        self.sim = sim
        self.board = sim.board
        self.setup = sim.setup
        self.table = table
        table.on_new_game = self._new_game
        self.next_request: BoardRequest | None = None
        self.server: object | None = None

    @property
    def scheduler(self) -> RealtimeClock | VirtualClock:
        clock: RealtimeClock | VirtualClock = self.sim.clock
        return clock

    @property
    def clock(self) -> RealtimeClock | VirtualClock:
        return self.scheduler

    def start(self) -> None:
        """Nothing to start: simulated players act on what the board announces."""

    def run(self, stop: Callable[[], bool] | None = None) -> bool:
        """Serve in real time until Ctrl-C, ``stop()`` or a new game; on a virtual clock
        (tests) until no timer is pending. Returns True (a browser game has no time limit)."""
        done = lambda: self.next_request is not None or bool(stop and stop())  # noqa: E731
        clock = self.clock
        if isinstance(clock, RealtimeClock):
            clock.run_forever(stop=done)
        else:
            clock.run_until_idle(stop=done)
        return True

    def _new_game(self, changes: dict[str, Any]) -> None:
        import random

        seed = changes.get("seed")
        changes = dict(changes, seed=seed if seed is not None else random.SystemRandom().randrange(1, 100_000))
        request = dataclasses.replace(self.request, handover=self.server, open_browser=False, **changes)
        if self.check is not None:
            try:
                self.check(dataclasses.replace(request, handover=None, realtime=False))
            except ConfigError as e:
                raise Refused(f"that game cannot be played: {e}") from None
        self.next_request = request
        if isinstance(self.clock, RealtimeClock):
            self.clock.stop()

    def close(self) -> None:
        self.board.close()
