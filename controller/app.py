"""Wiring one game: a board session, the game's referee, the event log, announcers.

This is the composition root for every command that plays: it never names a
backend (``mazeboard.hal.backends`` picks it by name) and never imports the
simulator. Games are registered by name in :data:`GAMES`.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import IO, Any, Callable, Protocol

from mazeboard.hal.board import BoardSession, GameSetup
from mazeboard.hal.boards import MAGIC, MAGIC_SYMBOLS
from mazeboard.hal.errors import ConfigError, MazeboardError
from mazeboard.hal.events import GameEvent, LedFrame, SensorEvent

from .magic.referee import MagicReferee
from .narrate import Narrator


class Referee(Protocol):
    winner: str | None
    scores: dict[str, int]

    def start(self) -> None: ...

    def on_sensor(self, event: SensorEvent) -> None: ...

    def snapshot(self) -> dict[str, Any]: ...


def _magic(session: BoardSession, emit: Callable[[GameEvent], None], show: Callable[[LedFrame], None]) -> MagicReferee:
    return MagicReferee(session.setup, session.scheduler, session.board.layout, emit, show)


#: game name -> referee factory(session, emit, show)
GAMES: dict[str, Callable[[BoardSession, Callable[[GameEvent], None], Callable[[LedFrame], None]], Referee]] = {
    "magic-labyrinth": _magic,
}


@dataclass
class Game:
    """A referee attached to a board session, with its sinks."""

    session: BoardSession
    referee: Referee = field(init=False)
    sinks: list[Callable[[GameEvent], None]] = field(default_factory=list)
    frame_sinks: list[Callable[[LedFrame], None]] = field(default_factory=list)
    events: int = 0

    def emit(self, event: GameEvent) -> None:
        self.events += 1
        for sink in self.sinks:
            sink(event)
        self.session.board.announce(event)

    def show(self, frame: LedFrame) -> None:
        for sink in self.frame_sinks:
            sink(frame)
        self.session.board.show(frame)

    def run(self) -> bool:
        self.referee.start()
        self.session.start()
        return self.session.run()


def build_game(session: BoardSession, sinks: list[Callable[[GameEvent], None]] | None = None) -> Game:
    """Attach the referee for ``session.setup.game``; raises :class:`ConfigError` for an unknown game."""
    factory = GAMES.get(session.setup.game)
    if factory is None:
        raise ConfigError(f"game: {session.setup.game!r} is not available (choose from {', '.join(GAMES)})")
    game = Game(session, sinks=list(sinks or []))
    game.referee = factory(session, game.emit, game.show)
    session.board.subscribe(game.referee.on_sensor)
    return game


def narrator_for(game: Game, out: IO[str] = sys.stdout) -> Narrator:
    """A terminal narrator following ``game`` (Magic Labyrinth board)."""
    ref = game.referee
    narrator = Narrator(out, MAGIC, game.session.board.layout, lambda: ref.snapshot()["positions"], MAGIC_SYMBOLS)
    game.frame_sinks.append(narrator.on_frame)
    return narrator
