"""Scenario files (SCENARIOS.md), loaded and validated with clear errors.

:func:`load_scenario` reads a TOML file and returns a :class:`Scenario`, or
raises :class:`~mazeboard.hal.errors.ScenarioError` whose message names the
file, the key or action, and the reason (the CLI prints it and exits 2).
Pawn positions are followed through the actions while validating, so a
slide from a cell the pawn is not next to is caught before anything runs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from mazeboard.hal.boards import MAGIC, MAGIC_CORNERS, MAGIC_SYMBOLS, PLAYER_COLOURS
from mazeboard.hal import settings
from mazeboard.hal.errors import ConfigError, ScenarioError
from mazeboard.hal.grid import Cell, Edge, Grid
from mazeboard.hal.inputfile import load_toml

from .action_words import CellWords, parse_glitch, parse_wait
from .hands import Action
from .maze import parse_walls
from .labyrinth.scenario import parse_labyrinth
from .struggle.scenario import parse_struggle
from .world import Physics

MAGIC_KEYS = {"game", "players", "seed", "walls", "maze", "dice", "targets", "actions", "options", "sim"}
ACTION_HELP = "press BUTTON, slide PLAYER CELL..., lift PLAYER, place PLAYER CELL, fetch-ball PLAYER, wait MS, glitch CELL MS"


@dataclass(frozen=True)
class Scenario:
    """A validated Magic Labyrinth scenario. ``walls`` is None when the maze is
    generated from ``maze`` (``"easy"``/``"hard"``) and the seed."""

    path: str
    game: str
    players: tuple[str, ...]
    seed: int
    walls: frozenset[Edge] | None
    maze: str
    dice: tuple[int, ...]
    targets: tuple[str, ...]
    actions: tuple[Action, ...]
    corners: Mapping[str, Cell]
    options: Mapping[str, Any] = field(default_factory=dict)
    physics: Physics = field(default_factory=Physics)


def load_scenario(path: str | Path) -> Any:
    """Read and validate a scenario file; raises :class:`ScenarioError`.

    The file is read within bounds (:func:`~mazeboard.hal.inputfile.load_toml`:
    a regular file of at most 1 MiB, nesting, integer range).

    The ``game`` key picks the parser from :data:`PARSERS`; the result is that
    game's scenario object (:class:`Scenario` for The Magic Labyrinth)."""
    p = Path(path)
    data = load_toml(p, ScenarioError, "scenario")
    try:
        game = data.get("game")
        if game is None:
            raise ConfigError(f"game: missing (give one of {', '.join(PARSERS)})")
        parser = PARSERS.get(game) if isinstance(game, str) else None
        if parser is None:
            raise ConfigError(f"game: {game!r} is not one of {', '.join(PARSERS)}")
        return parser(data, str(p))
    except ConfigError as e:
        raise ScenarioError(f"{p}: {e}") from None


def parse_scenario(data: Mapping[str, Any], name: str = "<scenario>") -> Scenario:
    """Validate a parsed Magic Labyrinth scenario; raises :class:`ConfigError` (no file name)."""
    game = "magic-labyrinth"
    unknown = sorted(set(data) - MAGIC_KEYS)
    if unknown:
        raise ConfigError(f"{unknown[0]}: unknown key (known: {', '.join(sorted(MAGIC_KEYS))})")
    grid = MAGIC
    players = _players(data.get("players"))
    seed = data.get("seed", 1)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ConfigError(f"seed: must be a whole number, got {seed!r}")
    maze = data.get("maze", "easy")
    if maze not in ("easy", "hard"):
        raise ConfigError(f"maze: {maze!r} is not easy or hard")
    walls = None
    if "walls" in data:
        if not isinstance(data["walls"], list):
            raise ConfigError("walls: must be a list of edges like 'a2-a3'")
        walls = parse_walls(grid, data["walls"])
    dice = _list(data, "dice", lambda v, w: _face(v, w))
    targets = _list(data, "targets", _symbol)
    twice = sorted({t for t in targets if targets.count(t) > 1})
    if twice:
        raise ConfigError(f"targets: {twice[0]!r} is listed twice (each token is drawn once)")
    options = _table(data, "options")
    physics = Physics.from_mapping(_table(data, "sim"))
    corners = _corners(players, options.get("start_corners"), grid)
    if not isinstance(data.get("actions", []), list):
        raise ConfigError("actions: must be a list of strings")
    actions = _actions(data.get("actions", []), players, corners, grid)
    return Scenario(name, game, players, seed, walls, maze, dice, targets, actions, corners, options, physics)


def _players(raw: object) -> tuple[str, ...]:
    return settings.validate_players(raw, PLAYER_COLOURS, "The Magic Labyrinth")


def _face(v: object, where: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or v not in (1, 2, 3, 4):
        raise ConfigError(f"{where}: {v!r} is not a face of the die (1, 2, 3, 4)")
    return v


def _symbol(v: object, where: str) -> str:
    if v not in MAGIC_SYMBOLS.values():
        raise ConfigError(f"{where}: unknown symbol {v!r}")
    return v  # type: ignore[return-value]


def _list(data: Mapping[str, Any], key: str, check: Callable[[object, str], Any]) -> tuple[Any, ...]:
    raw = data.get(key, [])
    if not isinstance(raw, list):
        raise ConfigError(f"{key}: must be a list")
    return tuple(check(v, f"{key}[{i}]") for i, v in enumerate(raw))


def _table(data: Mapping[str, Any], key: str) -> dict[str, Any]:
    raw = data.get(key, {})
    if not isinstance(raw, dict):
        raise ConfigError(f"{key}: must be a table")
    return dict(raw)


def _corners(players: tuple[str, ...], raw: object, grid: Grid) -> dict[str, Cell]:
    if raw is None:
        return dict(zip(players, MAGIC_CORNERS[len(players)]))
    if not isinstance(raw, list) or len(raw) != len(players):
        raise ConfigError(f"options.start_corners: give one cell per player, got {raw!r}")
    cells = [grid.parse_cell(c, "options.start_corners") for c in raw]
    if len(set(cells)) != len(cells):
        raise ConfigError("options.start_corners: two players share a start corner")
    return dict(zip(players, cells))


def _actions(raw: list[Any], players: tuple[str, ...], corners: Mapping[str, Cell], grid: Grid) -> tuple[Action, ...]:
    at: dict[str, Cell | None] = dict(corners)
    out = []
    for i, line in enumerate(raw):
        where = f"actions[{i}]"
        if not isinstance(line, str) or not line.split():
            raise ConfigError(f"{where}: {line!r} is not an action ({ACTION_HELP})")
        words = line.split()
        kind, args = words[0], words[1:]
        parser = _ACTION_PARSERS.get(kind)
        if parser is None:
            raise ConfigError(f"{where} {line!r}: unknown action {kind!r} (actions are {ACTION_HELP})")
        ctx = _Ctx(where=f"{where} {line!r}", players=players, at=at, grid=grid)
        out.append(parser(ctx, args, line, i))
    return tuple(out)


@dataclass
class _Ctx(CellWords):
    where: str
    players: tuple[str, ...]
    at: dict[str, Cell | None]
    grid: Grid

    def player(self, word: str) -> str:
        if word not in self.players:
            raise ConfigError(f"{self.where}: unknown player {word!r} (this game has {', '.join(self.players)})")
        return word

    def cell(self, word: str) -> Cell:
        if not self.grid.is_cell(word):
            raise ConfigError(f"{self.where}: {word!r} is not a cell (a1..f6)")
        return word




def _press(c: _Ctx, args: list[str], line: str, i: int) -> Action:
    c.arity(args, 1, "press BUTTON")
    if args[0] not in ("roll", "done"):
        raise ConfigError(f"{c.where}: unknown button {args[0]!r} (buttons are roll, done)")
    return Action("press", button=args[0], text=line, index=i)


def _slide(c: _Ctx, args: list[str], line: str, i: int) -> Action:
    if len(args) < 2:
        raise ConfigError(f"{c.where}: expected 'slide PLAYER CELL...'")
    player = c.player(args[0])
    cells = tuple(c.cell(w) for w in args[1:])
    here = c.at[player]
    if here is None:
        raise ConfigError(f"{c.where}: {player}'s pawn is off the board (place it first)")
    for cell in cells:
        if not c.grid.adjacent(here, cell):
            raise ConfigError(f"{c.where}: non-adjacent slide, {cell} is not next to {here}")
        here = cell
    c.at[player] = here
    return Action("slide", player=player, cells=cells, text=line, index=i)


def _lift(c: _Ctx, args: list[str], line: str, i: int) -> Action:
    c.arity(args, 1, "lift PLAYER")
    player = c.player(args[0])
    if c.at[player] is None:
        raise ConfigError(f"{c.where}: {player}'s pawn is already lifted")
    c.at[player] = None
    return Action("lift", player=player, text=line, index=i)


def _place(c: _Ctx, args: list[str], line: str, i: int) -> Action:
    c.arity(args, 2, "place PLAYER CELL")
    player = c.player(args[0])
    cell = c.cell(args[1])
    if c.at[player] is not None:
        raise ConfigError(f"{c.where}: {player}'s pawn stands on {c.at[player]}, lift it first")
    c.at[player] = cell
    return Action("place", player=player, cells=(cell,), text=line, index=i)


def _fetch(c: _Ctx, args: list[str], line: str, i: int) -> Action:
    c.arity(args, 1, "fetch-ball PLAYER")
    return Action("fetch-ball", player=c.player(args[0]), text=line, index=i)




_ACTION_PARSERS: dict[str, Callable[[_Ctx, list[str], str, int], Action]] = {
    "press": _press,
    "slide": _slide,
    "lift": _lift,
    "place": _place,
    "fetch-ball": _fetch,
    "wait": parse_wait,
    "glitch": parse_glitch,
}


#: game name -> parser(toml data, file name) -> that game's scenario object.
#: Other games register theirs here (their modules live beside this one).
PARSERS: dict[str, Callable[[Mapping[str, Any], str], Any]] = {
    "magic-labyrinth": parse_scenario,
    "struggle": parse_struggle,
    "labyrinth": parse_labyrinth,
}
