"""The ``serial`` board backend: a real board whose sensors and LEDs hang off an RP2040 co-processor.

``mazeboard play --board serial`` (or ``MAZEBOARD_BOARD=serial``) opens the
port named by ``$MAZEBOARD_SERIAL`` (default ``/dev/mazeboard``, the name
the udev rule ``systemd/99-mazeboard.rules`` gives the Pico; any pyserial
URL works, e.g. ``socket://laptop:7777`` for the firmware emulator
``python -m mazeboard.sim.serve``), completes the handshake, then reads in a
background thread and plays on real time until the game is over.

LED frames go out in the game grid's row-major cell order (``a1``, ``b1``,
... rank by rank); the firmware's config maps that order onto its physical
chain (``docs/firmware.md``).
"""

from __future__ import annotations

import os
from typing import Any, Callable

from ..board import BoardRequest, GameSetup, LedLayout
from ..boards import PLAYER_COLOURS
from ..clock import RealtimeClock
from ..errors import ConfigError
from ..events import GameEvent
from ..grid import LABYRINTH_GRID, MAGIC_GRID, Grid
from ..wiring_boards import spec_of_game
from .board import SerialBoard
from .transport import LinkLost, SerialTransport

PORT_ENV = "MAZEBOARD_SERIAL"
DEFAULT_PORT = "/dev/mazeboard"

#: game -> the grid whose cells the LED frame covers, row-major
GRIDS: dict[str, Grid] = {"magic-labyrinth": MAGIC_GRID, "labyrinth": LABYRINTH_GRID, "struggle": MAGIC_GRID}


class SerialSession:
    """A game on a co-processor board, on real time."""

    def __init__(self, setup: GameSetup, board: SerialBoard, clock: RealtimeClock) -> None:
        self.setup = setup
        self.board = board
        self.clock = clock
        self.game_over = False
        board.watchers.append(self._watch)

    @property
    def scheduler(self) -> RealtimeClock:
        return self.clock

    def _watch(self, event: GameEvent) -> None:
        if event.type == "game_over":
            self.game_over = True

    def start(self) -> None:
        """People play; nothing to start."""

    def run(self, stop: Callable[[], bool] | None = None) -> bool:
        """Play until the game is over or ``stop()``; True when the game ended."""
        try:
            self.clock.run_forever(stop=lambda: self.game_over or bool(stop and stop()))
        finally:
            self.board.close()
        return self.game_over


def open_session(request: BoardRequest, *, port: str | None = None) -> SerialSession:
    """The ``serial`` backend (registered in :mod:`mazeboard.hal.backends`).

    Raises :class:`ConfigError` for a scenario or an unknown game,
    :class:`~.transport.LinkLost` when the port cannot be opened or the board
    does not answer, :class:`~.board.IncompatibleFirmware` for another protocol."""
    if request.scenario:
        raise ConfigError("--scenario: scenarios run on the simulated board; use --board sim (with --link serial)")
    grid = GRIDS.get(request.game)
    if grid is None:
        raise ConfigError(f"--game: {request.game!r} has no board layout for the serial backend")
    players: Any = request.players
    if isinstance(players, int):
        if not 2 <= players <= len(PLAYER_COLOURS):
            raise ConfigError(f"--players: give 2 to {len(PLAYER_COLOURS)} players, got {players}")
        players = PLAYER_COLOURS[:players]
    setup = GameSetup(request.game, tuple(players), request.seed, options=dict(request.options))
    clock = RealtimeClock()
    url = port or os.environ.get(PORT_ENV) or DEFAULT_PORT
    board = SerialBoard(SerialTransport(url), clock, LedLayout.row_major(grid.cells),
                        spec=spec_of_game(request.game))
    try:
        board.connect()
    except LinkLost as e:
        raise LinkLost(f"{e} (is the board plugged in and flashed? set ${PORT_ENV} for another port; "
                       "docs/firmware.md)") from None
    board.start_reader(clock.call_soon)
    return SerialSession(setup, board, clock)
