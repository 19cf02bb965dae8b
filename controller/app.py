"""Wiring one game: a board session, the game's referee, the event log, announcers.

This is the composition root for every command that plays: it never names a
backend (``mazeboard.hal.backends`` picks it by name) and never imports the
simulator. Games are registered by name in :data:`GAMES`.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import IO, Any, Callable, Mapping, Protocol

from mazeboard.hal.board import BoardSession, BoardStatus
from mazeboard.hal.boards import MAGIC, MAGIC_SYMBOLS
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.events import GameEvent, LedFrame, SensorEvent

from .magic.referee import MagicReferee
from .labyrinth.narrate import LabyrinthNarrator
from .labyrinth.referee import LabyrinthReferee
from .struggle.narrate import StruggleNarrator
from .struggle.referee import StruggleReferee
from .narrate import Narrator


class Referee(Protocol):
    """What the composition root needs of any game's referee."""

    @property
    def winner(self) -> str | None: ...

    @property
    def scores(self) -> Mapping[str, int]: ...

    def start(self) -> None: ...

    def on_sensor(self, event: SensorEvent) -> None: ...

    def snapshot(self) -> dict[str, Any]: ...


Emit = Callable[[GameEvent], None]
Show = Callable[[LedFrame], None]


@dataclass(frozen=True)
class GameSpec:
    """How to referee and narrate one game.

    ``referee(session, emit, show)`` builds the referee; ``narrator(game, out, lang)``
    returns a sink that prints the game readably in language ``lang`` (for ``mazeboard play``)."""

    referee: Callable[[BoardSession, Emit, Show], Referee]
    narrator: Callable[["Game", IO[str], str], Emit]


def _magic(session: BoardSession, emit: Emit, show: Show) -> MagicReferee:
    return MagicReferee(session.setup, session.scheduler, session.board.layout, emit, show)


def _magic_narrator(game: "Game", out: IO[str], lang: str) -> Emit:
    ref = game.referee
    narrator = Narrator(out, MAGIC, game.session.board.layout, lambda: ref.snapshot()["positions"], MAGIC_SYMBOLS,
                        lang=lang)
    game.frame_sinks.append(narrator.on_frame)
    return narrator


def _struggle(session: BoardSession, emit: Emit, show: Show) -> StruggleReferee:
    return StruggleReferee(session.setup, session.scheduler, session.board.layout, emit, show, session.board.state)


def _struggle_narrator(game: "Game", out: IO[str], lang: str) -> Emit:
    return StruggleNarrator(out, lang=lang)


def _labyrinth(session: BoardSession, emit: Emit, show: Show) -> LabyrinthReferee:
    return LabyrinthReferee(session.setup, session.scheduler, session.board.layout, emit, show)


def _labyrinth_narrator(game: "Game", out: IO[str], lang: str) -> Emit:
    ref = game.referee
    return LabyrinthNarrator(out, ref.snapshot, lang=lang)


#: game name -> how to referee and narrate it. Other games register here.
GAMES: dict[str, GameSpec] = {
    "magic-labyrinth": GameSpec(_magic, _magic_narrator),
    "struggle": GameSpec(_struggle, _struggle_narrator),
    "labyrinth": GameSpec(_labyrinth, _labyrinth_narrator),
}


@dataclass
class Game:
    """A referee attached to a board session, with its sinks."""

    session: BoardSession
    referee: Referee = field(init=False)
    sinks: list[Callable[[GameEvent], None]] = field(default_factory=list)
    frame_sinks: list[Callable[[LedFrame], None]] = field(default_factory=list)
    events: int = 0
    #: False while the board's link is away (serial co-processor unplugged or silent)
    board_connected: bool = True

    def on_board_status(self, status: BoardStatus) -> None:
        """The board went away or came back: the game carries on; note it in the log."""
        self.board_connected = status.connected
        kind = "board_connected" if status.connected else "board_disconnected"
        self.emit(GameEvent(status.t_ms, kind, {"detail": status.detail}))

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
        try:
            return self.session.run()
        except ConfigError as e:  # found only in play (a forced throw's faces): the file named too (attack 16)
            raise _named(self.session, e) from None


def _named(session: BoardSession, e: ConfigError) -> ConfigError:
    """``e`` naming the scenario file first, as the simulator's own errors do."""
    source = session.setup.source
    return ConfigError(f"{source}: {e}") if source and not str(e).startswith(source) else e


def build_game(session: BoardSession, sinks: list[Callable[[GameEvent], None]] | None = None) -> Game:
    """Attach the referee for ``session.setup.game``; raises :class:`ConfigError` for an unknown game."""
    spec = GAMES.get(session.setup.game)
    if spec is None:
        raise ConfigError(f"game: {session.setup.game!r} is not available (choose from {', '.join(GAMES)})")
    game = Game(session, sinks=list(sinks or []))
    try:
        game.referee = spec.referee(session, game.emit, game.show)
    except ConfigError as e:  # name the scenario file, as the simulator's own errors do
        raise _named(session, e) from None
    session.board.subscribe(game.referee.on_sensor)
    watch_status = getattr(session.board, "watch_status", None)  # boards with a link that can drop
    if watch_status is not None:
        watch_status(game.on_board_status)
    return game


def check_game(session: BoardSession) -> None:
    """Raise :class:`ConfigError` when ``session``'s game cannot be set up (an unknown game, an
    option its referee refuses), as :func:`build_game` would; builds a referee that is thrown away
    (nothing subscribed, nothing emitted)."""
    spec = GAMES.get(session.setup.game)
    if spec is None:
        raise ConfigError(f"game: {session.setup.game!r} is not available (choose from {', '.join(GAMES)})")
    spec.referee(session, lambda event: None, lambda frame: None)


def narrator_for(game: Game, out: IO[str] = sys.stdout, lang: str = "en") -> Emit:
    """A terminal narrator following ``game``, saying the board's words in ``lang`` (docs/i18n.md)."""
    return GAMES[game.session.setup.game].narrator(game, out, lang)
