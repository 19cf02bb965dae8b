"""The Magic Labyrinth's page commands in the browser simulator (JSON over one WebSocket).

The message format, its checks and the error reply are the companion view's
(:mod:`mazeboard.hal.web.protocol`); these are the commands of the
simulated people's hands on The Magic Labyrinth's simulated board.

=============  ==========================================  =========================
type           fields                                      physical meaning
=============  ==========================================  =========================
``press``      ``button``: ``roll`` | ``done``             press a board button
``slide``      ``player``, ``to`` (a neighbouring cell)     slide a pawn one cell
``lift``       ``player``                                  pick the pawn up
``place``      ``player``, ``cell``                        set the lifted pawn down
``fetch-ball`` ``player``                                  fish the ball out of the tray
``reveal``     ``on``: true | false                        show the hidden walls (debug)
``new_game``   ``players`` 2-4, ``maze`` easy | hard,      end this game, start another
               ``humans`` (colours), ``seed`` (int|null)
=============  ==========================================  =========================

This table is The Magic Labyrinth's (:data:`PARSERS`); Labyrinth and
Struggle have their own (``labyrinth_table.PARSERS``, ``struggle_table.PARSERS``)
built from the same :class:`Fields` checks and passed to :func:`parse_message`.

Server -> page (built by :mod:`.table`): ``hello`` (board data, the view,
recent log, current frame and world), ``event`` (one game event plus the
view after it), ``frame`` (LED colours as ``#rrggbb`` in chain order),
``world`` (pawns, balls, tray), ``walls`` (revealed walls or null),
``error`` and ``restarting``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Union

from mazeboard.hal.web.protocol import SEED_MAX, Fields
from mazeboard.hal.web.protocol import parse_message as _parse

BUTTONS: tuple[str, ...] = ("roll", "done")
MAZES: tuple[str, ...] = ("easy", "hard")


@dataclass(frozen=True)
class Press:
    button: str
    msg_id: int | None = None


@dataclass(frozen=True)
class Slide:
    player: str
    to: str
    msg_id: int | None = None


@dataclass(frozen=True)
class Lift:
    player: str
    msg_id: int | None = None


@dataclass(frozen=True)
class Place:
    player: str
    cell: str
    msg_id: int | None = None


@dataclass(frozen=True)
class FetchBall:
    player: str
    msg_id: int | None = None


@dataclass(frozen=True)
class Reveal:
    on: bool
    msg_id: int | None = None


@dataclass(frozen=True)
class NewGame:
    players: int
    maze: str
    humans: tuple[str, ...]
    seed: int | None
    msg_id: int | None = None
    win_tokens: int | None = None  # a shorter game: this many symbols to win; None: the rules' 5


#: most symbols to win a game can ask for (the controller's config bounds: 1-24, the symbols there are)
WIN_TOKENS_MAX = 24

Command = Union[Press, Slide, Lift, Place, FetchBall, Reveal, NewGame]


def _new_game(f: Fields) -> NewGame:
    players = f.whole("players", 2, 4)
    assert players is not None
    maze = f.choice("maze", MAZES)
    humans = f.colours("humans")
    seed = f.whole("seed", 0, SEED_MAX, optional=True)
    win_tokens = f.whole("win_tokens", 1, WIN_TOKENS_MAX, optional=True)
    return NewGame(players, maze, humans, seed, f.msg_id, win_tokens)


#: message type -> parser of its fields
PARSERS: dict[str, Callable[[Fields], Command]] = {
    "press": lambda f: Press(f.choice("button", BUTTONS), f.msg_id),
    "slide": lambda f: Slide(f.player(), f.cell("to"), f.msg_id),
    "lift": lambda f: Lift(f.player(), f.msg_id),
    "place": lambda f: Place(f.player(), f.cell("cell"), f.msg_id),
    "fetch-ball": lambda f: FetchBall(f.player(), f.msg_id),
    "reveal": lambda f: Reveal(f.flag("on"), f.msg_id),
    "new_game": _new_game,
}


def parse_message(text: str | bytes, parsers: Mapping[str, Callable[[Any], Any]] | None = None) -> Any:
    """:func:`mazeboard.hal.web.protocol.parse_message` with The Magic Labyrinth's :data:`PARSERS`
    unless ``parsers`` are given; raises :class:`~mazeboard.hal.web.protocol.BadMessage`."""
    return _parse(text, PARSERS if parsers is None else parsers)
