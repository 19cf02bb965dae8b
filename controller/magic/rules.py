"""The Magic Labyrinth rules as pure functions and values (RULES.md §1).

No I/O, no clock, no hardware; randomness only from an injected
``random.Random``. Every **Decision** of RULES.md §1 is a named field of
:class:`MagicOptions`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from mazeboard.hal import settings
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.boards import MAGIC_CORNERS, MAGIC_SYMBOLS, PLAYER_COLOURS
from mazeboard.hal.grid import MAGIC_GRID, Cell, Edge, Grid, edge_of

GAME = "magic-labyrinth"
GRID: Grid = MAGIC_GRID

#: The die (RULES.md §1 Components): faces 1, 2, 2, 3, 3, 4.
DIE_FACES: tuple[int, ...] = (1, 2, 2, 3, 3, 4)

#: Default symbol map, cell -> symbol (RULES.md §1 Components table).
SYMBOLS: dict[Cell, str] = MAGIC_SYMBOLS
#: Start corners by player count, clockwise seen from above (RULES.md §1 Setup).
DEFAULT_CORNERS: dict[int, tuple[Cell, ...]] = MAGIC_CORNERS


@dataclass(frozen=True)
class MagicOptions:
    """Rule options; names are the keys of a scenario's ``[options]`` table.

    * ``win_tokens`` -- tokens needed to win (RULES.md: 5).
    * ``settle_ms`` -- a pawn resting this long after its last step ends the
      move (reason ``settled``); 0 turns it off. The timer starts at the first
      step, so a player may think before moving.
    * ``start_corners`` -- start cells in turn order; empty for RULES.md's defaults.
    * ``assist`` -- young players' assist mode: the ``die_rolled`` event's legal
      cells stop at walls learned so far (**Decision**, RULES.md §1 Ball drop). The
      lit cells always do (issue 15: legal, but sure to drop the ball;
      :func:`.instructions.lit_cells`).
    * ``remember_walls`` -- keep every inferred wall for the whole game (**Decision**).
    * ``wait_for_return`` -- after a ball drop, the next turn starts only when
      the pawn stands on its start corner (which it may share) and the tray
      is empty (**Decision**).
    * ``ball_roll_ms`` -- [min, max] time a dropped ball takes to reach a tray
      sensor; used to find the step whose edge stripped it.
    * ``ball_slack_ms`` -- tolerance added on both sides of that window.
    * ``ball_grace_ms`` -- how long a move stays open after it ends, so a ball
      still rolling is counted against the move that dropped it.
    * ``overlap_confirm_ms`` -- how long a closure next to a resting pawn must
      hold, when the pawn's cell cannot open (a shared corner), to count as a step.
    * ``offboard_ms`` -- a moving pawn whose cell opened and that has not
      appeared anywhere after this long is taken to rest on a neighbouring cell
      another pawn already closes (its reed cannot change), if there is one.
    * ``warning_ms`` -- how long a warning flashes on the LEDs.
    * ``player_settle_ms`` -- ``settle_ms`` for some players only (a table
      ``{red = 8000}``): the browser simulator gives people more time to
      think than its simulated players.
    """

    win_tokens: int = 5
    settle_ms: int = 3000
    start_corners: tuple[Cell, ...] = ()
    assist: bool = False
    remember_walls: bool = True
    wait_for_return: bool = True
    ball_roll_ms: tuple[int, int] = (200, 400)
    ball_slack_ms: int = 60
    ball_grace_ms: int = 500
    overlap_confirm_ms: int = 150
    offboard_ms: int = 600
    warning_ms: int = 1500
    player_settle_ms: tuple[tuple[str, int], ...] = ()

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any], where: str = "options") -> "MagicOptions":
        """Build from a TOML table; raises :class:`ConfigError` naming the key."""
        corners = lambda v, name: (  # noqa: E731
            tuple(GRID.parse_cell(c, name) for c in v) if isinstance(v, (list, tuple))
            else _refuse(f"{name}: must be a list of cells, got {v!r}"))
        opts = settings.from_mapping(cls, raw, where, convert={"start_corners": corners,
                                                               "player_settle_ms": _player_ms})
        if opts.win_tokens < 1:
            raise ConfigError(f"{where}.win_tokens: must be at least 1")
        return opts

    def corners_for(self, players: Sequence[str]) -> dict[str, Cell]:
        """Start corner of each player (RULES.md §1 Setup); raises :class:`ConfigError`."""
        n = len(players)
        if n not in DEFAULT_CORNERS:
            raise ConfigError(f"players: The Magic Labyrinth takes 2 to 4 players, got {n}")
        corners = self.start_corners or DEFAULT_CORNERS[n]
        if len(corners) != n:
            raise ConfigError(f"options.start_corners: {len(corners)} cells for {n} players")
        if len(set(corners)) != n:
            raise ConfigError("options.start_corners: two players share a start corner")
        return dict(zip(players, corners))


def validate_players(players: Sequence[str], where: str = "players") -> tuple[str, ...]:
    """2-4 distinct colours from red, blue, green, yellow; raises :class:`ConfigError`."""
    return settings.validate_players(players, PLAYER_COLOURS, "The Magic Labyrinth", where)


def _player_ms(value: Any, name: str) -> tuple[tuple[str, int], ...]:
    """``{player: ms}`` -> sorted pairs; raises :class:`ConfigError` naming the key."""
    if not isinstance(value, Mapping):
        _refuse(f"{name}: must be a table of player = milliseconds, got {value!r}")
    out = []
    for player, ms in value.items():
        if player not in PLAYER_COLOURS:
            _refuse(f"{name}.{player}: not a player ({', '.join(PLAYER_COLOURS)})")
        if not isinstance(ms, int) or isinstance(ms, bool) or not 0 <= ms <= 600_000:
            _refuse(f"{name}.{player}: must be a whole number of milliseconds 0-600000, got {ms!r}")
        out.append((str(player), int(ms)))
    return tuple(sorted(out))


def _refuse(message: str) -> Any:
    raise ConfigError(message)


def symbol_cell(symbol: str, symbols: Mapping[Cell, str] = SYMBOLS) -> Cell:
    for cell, name in symbols.items():
        if name == symbol:
            return cell
    raise ConfigError(f"targets: unknown symbol {symbol!r}")


def roll_die(rng: random.Random) -> int:
    """One throw of the 1-2-2-3-3-4 die."""
    return rng.choice(DIE_FACES)


def legal_end_cells(
    start: Cell,
    steps: int,
    occupied: Iterable[Cell],
    walls: Iterable[Edge] = (),
    grid: Grid = GRID,
    target: Cell | None = None,
) -> list[Cell]:
    """Cells the pawn may end on after a roll of ``steps`` (RULES.md §1 A turn, 2-3).

    Up to ``steps`` orthogonal steps, none included; the pawn may pass over
    occupied cells but must end on a free one (its own start cell counts as
    free), and never passes the ``target``'s cell: entering it ends the move
    (RULES.md §1 Symbols; Magic newcomer 87 saw d1 lit past the target c1).
    ``walls`` are the walls known to the display: none by default (a
    memory game), the learned ones in assist mode. Returns sorted cells.
    """
    dist = grid.distances(start, walls, ends=() if target is None else (target,))
    taken = set(occupied) - {start}
    return sorted(c for c, d in dist.items() if d <= steps and c not in taken)


class TargetBag:
    """The 24 symbol tokens; forced draws first, then seeded random ones (RULES.md §1 Symbols)."""

    def __init__(self, rng: random.Random, forced: Sequence[str] = (), symbols: Mapping[Cell, str] = SYMBOLS):
        self._rng = rng
        self._forced = list(forced)
        self._left = sorted(symbols.values())
        for s in self._forced:
            if s not in self._left:
                raise ConfigError(f"targets: unknown symbol {s!r}")

    def __len__(self) -> int:
        return len(self._left)

    @property
    def remaining(self) -> tuple[str, ...]:
        return tuple(self._left)

    def draw(self) -> str | None:
        """Next target symbol, or None when the bag is empty."""
        while self._forced:
            s = self._forced.pop(0)
            if s in self._left:
                self._left.remove(s)
                return s
        if not self._left:
            return None
        s = self._rng.choice(self._left)
        self._left.remove(s)
        return s

    def state(self) -> dict[str, Any]:
        return {"left": list(self._left), "forced": list(self._forced)}


@dataclass(frozen=True)
class TimedStep:
    """A step of the current move: arrival time (ms) and the edge it crossed."""

    t_ms: int
    edge: Edge


def infer_wall(
    steps: Sequence[TimedStep],
    ball_t_ms: int,
    roll_ms: tuple[int, int],
    slack_ms: int,
    known_open: Iterable[Edge] = (),
) -> Edge | None:
    """The edge whose wall stripped the ball, or None when it cannot be told.

    A ball sensed at ``ball_t_ms`` left the pawn ``roll_ms`` earlier (RULES.md
    §1 Ball drop: the pawn may have slid on meanwhile). Candidates are the
    steps that arrived in ``[ball_t - max - slack, ball_t - min + slack]``;
    edges already crossed safely (``known_open``) are ruled out. One candidate
    left: that edge. Several: the one nearest the middle of the window, if it
    is clearly nearer (by half the slack) than the next; else None.
    """
    lo, hi = roll_ms
    first, last = ball_t_ms - hi - slack_ms, ball_t_ms - lo + slack_ms
    opened = set(known_open)
    cands = [s for s in steps if first <= s.t_ms <= last and s.edge not in opened]
    if not cands:
        return None
    if len(cands) == 1:
        return cands[0].edge
    middle = ball_t_ms - (lo + hi) / 2
    ranked = sorted(cands, key=lambda s: abs(s.t_ms - middle))
    if abs(ranked[1].t_ms - middle) - abs(ranked[0].t_ms - middle) >= slack_ms / 2:
        return ranked[0].edge
    return None


def path_edges(path: Sequence[Cell]) -> list[Edge]:
    return [edge_of(a, b) for a, b in zip(path, path[1:])]


def leader(scores: Mapping[str, int], order: Sequence[str]) -> str:
    """Highest score; a tie goes to the earliest player in ``order`` (used when the bag runs out)."""
    best = max(scores.values())
    return next(p for p in order if scores[p] == best)
