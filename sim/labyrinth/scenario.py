"""Labyrinth scenario files (SCENARIOS.md, "Labyrinth scenario"), validated with clear errors.

Registered in :data:`mazeboard.sim.scenario.PARSERS` under ``"labyrinth"``;
:func:`parse_labyrinth` raises :class:`~mazeboard.hal.errors.ConfigError`
naming the key, the action or the cell and why (the loader adds the file
name and turns it into a ScenarioError, exit 2).

A ``layout`` must hold the edition's fixed tiles where they are printed and
exactly its loose tiles (board plus ``spare``); without ``layout`` the maze
is dealt from the seed the same way the controller deals it. Pawn positions
are followed through the actions -- including the pushes, which carry pawns
along and wrap a pawn pushed off -- so a ``slide`` from a cell the pawn is
not next to is caught before anything runs. As on the real board, an
``insert`` at the forbidden slot (or a second one before ``press done``)
does not move the maze: the hand withdraws when the controller warns.

Two actions follow what the board asks (issue 13, docs/labyrinth.md):
``answer yes|no`` -- with ``[options] cards = "physical"``, the answer to
"was the picture your card?" (Done / Rotate, once the board asks); ``lay
[N]`` -- with ``[options] guided_layout = true``, lay the next N tiles the
board names (each: lay it as named, press Done). Given without their option
they are refused (the board never asks then). With ``guided_layout`` the
simulated table starts with the fixed tiles only and the Vader pawn beside
the board (``place vader CELL`` once the pawn check asks for it).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from mazeboard.hal.boards import PLAYER_COLOURS
from mazeboard.hal import settings
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.grid import Cell
from mazeboard.hal.labyrinth import CELLS, GRID, INDEX, SLOTS, Maze, moved_index, parse_slot
from mazeboard.hal.labyrinth_editions import LABYRINTH_CORNERS, VADER, Edition, deal, edition

from ..action_words import CellWords, parse_glitch, parse_wait
from ..hands import Action
from ..world import Physics
from .hands import TileAction

KEYS = {"game", "edition", "variants", "players", "seed", "layout", "spare", "cards", "actions", "options", "sim"}
VARIANT_NAMES = ("younger", "exit-anywhere", "vader")
BUTTON_NAMES = ("done", "rotate")
ACTION_HELP = ("rotate DEG, insert SLOT, slide PAWN CELL..., lift PAWN, place PAWN CELL, press done|rotate, "
               "wait MS, glitch CELL MS, answer yes|no, lay [N]")
#: the most tiles one ``lay`` lays (a layout has 34 steps)
MAX_LAY = 34
#: [sim] keys of the Labyrinth board on top of the shared Physics ones
PUSH_KEYS = ("push_delay_ms", "hand_wraps")


@dataclass(frozen=True)
class LabyrinthScenario:
    """A validated Labyrinth scenario. ``maze`` is the forced layout (or the seeded
    deal), ``cards`` the forced decks (empty: dealt by the controller)."""

    path: str
    game: str
    edition: str
    variants: tuple[str, ...]
    players: tuple[str, ...]
    seed: int
    maze: Maze
    forced_layout: bool
    cards: Mapping[str, tuple[str, ...]]
    actions: tuple[Action, ...]
    pawns: Mapping[str, Cell]
    options: Mapping[str, Any] = field(default_factory=dict)
    physics: Physics = field(default_factory=Physics)
    push_delay_ms: int = 300
    #: False: the hand keeps a pawn pushed off the board (a ``place`` action sets it down)
    hand_wraps: bool = True


def dealt_maze(ed: Edition, seed: int, vader: bool) -> Maze:
    """The maze the controller deals for ``seed`` (same generator and seed string)."""
    return deal(ed, random.Random(f"layout-{seed}"), vader)


def parse_labyrinth(data: Mapping[str, Any], name: str = "<scenario>") -> LabyrinthScenario:
    """Validate a parsed Labyrinth scenario; raises :class:`ConfigError` (no file name)."""
    unknown = sorted(set(data) - KEYS)
    if unknown:
        raise ConfigError(f"{unknown[0]}: unknown key (known: {', '.join(sorted(KEYS))})")
    ed = edition(data.get("edition"), "edition")
    variants = data.get("variants", [])
    if not isinstance(variants, list) or any(v not in VARIANT_NAMES for v in variants):
        raise ConfigError(f"variants: give a list of {', '.join(VARIANT_NAMES)}, got {variants!r}")
    if "vader" in variants and not ed.vader_tile:
        raise ConfigError(f"variants: vader needs the star-wars edition (this is {ed.name})")
    players = _players(data.get("players"))
    seed = data.get("seed", 1)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ConfigError(f"seed: must be a whole number, got {seed!r}")
    if "layout" in data:
        if "spare" not in data:
            raise ConfigError("spare: a layout needs its spare tile")
        maze = Maze.from_rows(data["layout"], data["spare"])
        ed.check_maze(maze)
    elif "spare" in data:
        raise ConfigError("spare: give it together with a layout")
    else:
        maze = dealt_maze(ed, seed, "vader" in variants)
    cards = _cards(data.get("cards", {}), players, ed)
    options = _table(data, "options")
    sim = _table(data, "sim")
    push_delay = sim.pop("push_delay_ms", 300)
    if not isinstance(push_delay, int) or isinstance(push_delay, bool) or push_delay < 0:
        raise ConfigError(f"sim.push_delay_ms: must be a whole number of milliseconds >= 0, got {push_delay!r}")
    hand_wraps = sim.pop("hand_wraps", True)
    if not isinstance(hand_wraps, bool):
        raise ConfigError(f"sim.hand_wraps: must be true or false, got {hand_wraps!r}")
    physics = Physics.from_mapping(sim)
    pawns: dict[str, Cell] = dict(zip(players, LABYRINTH_CORNERS[len(players)]))
    if "vader" in variants:
        vader_cell = maze.cell_of(VADER)
        if vader_cell is None:
            raise ConfigError("spare: the Vader tile must lie on the board in the vader variant (its pawn starts there)")
        pawns[VADER] = vader_cell
    raw = data.get("actions", [])
    if not isinstance(raw, list):
        raise ConfigError("actions: must be a list of strings")
    actions = _actions(raw, pawns, hand_wraps, physical=options.get("cards") == "physical",
                       guided=options.get("guided_layout") is True)
    return LabyrinthScenario(name, "labyrinth", ed.name, tuple(variants), players, seed, maze, "layout" in data,
                             cards, actions, pawns, options, physics, push_delay, hand_wraps)


def _players(raw: object) -> tuple[str, ...]:
    return settings.validate_players(raw, PLAYER_COLOURS, "Labyrinth")


def _table(data: Mapping[str, Any], key: str) -> dict[str, Any]:
    raw = data.get(key, {})
    if not isinstance(raw, dict):
        raise ConfigError(f"{key}: must be a table")
    return dict(raw)


def _cards(raw: object, players: tuple[str, ...], ed: Edition) -> dict[str, tuple[str, ...]]:
    if not isinstance(raw, dict):
        raise ConfigError("cards: must be a table of player = [cards, top first]")
    if not raw:
        return {}
    out: dict[str, tuple[str, ...]] = {}
    seen: dict[str, str] = {}
    for p, deck in raw.items():
        if p not in players:
            raise ConfigError(f"cards.{p}: not a player of this scenario ({', '.join(players)})")
        if not isinstance(deck, list) or not deck:
            raise ConfigError(f"cards.{p}: give a non-empty list of cards, top first")
        for i, c in enumerate(deck):
            if c not in ed.cards:
                raise ConfigError(f"cards.{p}[{i}]: {c!r} is not a card of the {ed.name} edition")
            if c in seen:
                raise ConfigError(f"cards.{p}[{i}]: the {c} card is dealt twice ({seen[c]} has it too)")
            seen[c] = p
        out[p] = tuple(deck)
    missing = [p for p in players if p not in out]
    if missing:
        raise ConfigError(f"cards.{missing[0]}: when cards are given, give every player's deck")
    return out


@dataclass
class _Ctx(CellWords):
    where: str
    at: dict[str, Cell | None]
    state: dict[str, Any]

    def pawn(self, word: str) -> str:
        if word not in self.at:
            raise ConfigError(f"{self.where}: unknown pawn {word!r} (this game has {', '.join(self.at)})")
        return word

    def cell(self, word: str) -> Cell:
        if not GRID.is_cell(word):
            raise ConfigError(f"{self.where}: {word!r} is not a cell (a1..g7)")
        return word




def _actions(raw: list[Any], pawns: Mapping[str, Cell], hand_wraps: bool = True, physical: bool = False,
             guided: bool = False) -> tuple[Action, ...]:
    at: dict[str, Cell | None] = dict(pawns)
    if guided and VADER in at:
        at[VADER] = None  # beside the board until its tile is laid: a 'place vader CELL' sets it down
    state: dict[str, Any] = {"forbidden": None, "shifted": False, "hand_wraps": hand_wraps, "physical": physical,
                             "guided": guided}
    out = []
    for i, line in enumerate(raw):
        where = f"actions[{i}]"
        if not isinstance(line, str) or not line.split():
            raise ConfigError(f"{where}: {line!r} is not an action ({ACTION_HELP})")
        kind, *args = line.split()
        parser = _ACTION_PARSERS.get(kind)
        if parser is None:
            raise ConfigError(f"{where} {line!r}: unknown action {kind!r} (actions are {ACTION_HELP})")
        out.append(parser(_Ctx(f"{where} {line!r}", at, state), args, line, i))
    return tuple(out)


def _rotate(c: _Ctx, args: list[str], line: str, i: int) -> Action:
    c.arity(args, 1, "rotate DEG")
    try:
        deg = int(args[0])
    except ValueError:
        deg = -1
    if deg < 0 or deg % 90:
        raise ConfigError(f"{c.where}: {args[0]!r} is not a clockwise turn in degrees (0, 90, 180, 270)")
    return TileAction("rotate", degrees=deg % 360, text=line, index=i)


def _insert(c: _Ctx, args: list[str], line: str, i: int) -> Action:
    c.arity(args, 1, "insert SLOT")
    slot = parse_slot(args[0], c.where)
    if slot.name != c.state["forbidden"] and not c.state["shifted"]:  # the maze moves (the hand withdraws otherwise)
        for p, cell in c.at.items():
            if cell is not None:
                wraps = cell == slot.exit
                c.at[p] = None if wraps and not c.state["hand_wraps"] else CELLS[moved_index(INDEX[cell], slot)]
        c.state["forbidden"] = slot.opposite
        c.state["shifted"] = True
    return TileAction("insert", slot=slot.name, text=line, index=i)


def _press(c: _Ctx, args: list[str], line: str, i: int) -> Action:
    c.arity(args, 1, "press BUTTON")
    if args[0] not in BUTTON_NAMES:
        raise ConfigError(f"{c.where}: unknown button {args[0]!r} (buttons are {', '.join(BUTTON_NAMES)}; "
                          f"slots are inserted with 'insert SLOT')")
    if args[0] == "done":
        c.state["shifted"] = False
    return Action("press", button=args[0], text=line, index=i)


def _slide(c: _Ctx, args: list[str], line: str, i: int) -> Action:
    if len(args) < 2:
        raise ConfigError(f"{c.where}: expected 'slide PAWN CELL...'")
    pawn = c.pawn(args[0])
    cells = tuple(c.cell(w) for w in args[1:])
    here = c.at[pawn]
    if here is None:
        raise ConfigError(f"{c.where}: the {pawn} pawn is off the board (place it first)")
    if cells[0] == here:  # 'slide red a1 b1 b2' may name the cell it starts from (SCENARIOS.md example)
        cells = cells[1:]
        if not cells:
            raise ConfigError(f"{c.where}: expected at least one cell after {here}")
    for cell in cells:
        if not GRID.adjacent(here, cell):
            raise ConfigError(f"{c.where}: non-adjacent slide, {cell} is not next to {here} (where the {pawn} pawn is)")
        here = cell
    c.at[pawn] = here
    return Action("slide", player=pawn, cells=cells, text=line, index=i)


def _lift(c: _Ctx, args: list[str], line: str, i: int) -> Action:
    c.arity(args, 1, "lift PAWN")
    pawn = c.pawn(args[0])
    if c.at[pawn] is None:
        raise ConfigError(f"{c.where}: the {pawn} pawn is already lifted")
    c.at[pawn] = None
    return Action("lift", player=pawn, text=line, index=i)


def _place(c: _Ctx, args: list[str], line: str, i: int) -> Action:
    c.arity(args, 2, "place PAWN CELL")
    pawn = c.pawn(args[0])
    cell = c.cell(args[1])
    if c.at[pawn] is not None:
        raise ConfigError(f"{c.where}: the {pawn} pawn stands on {c.at[pawn]}, lift it first")
    c.at[pawn] = cell
    return Action("place", player=pawn, cells=(cell,), text=line, index=i)




def _answer(c: _Ctx, args: list[str], line: str, i: int) -> Action:
    c.arity(args, 1, "answer yes|no")
    if args[0] not in ("yes", "no"):
        raise ConfigError(f"{c.where}: answer yes or no, got {args[0]!r}")
    if not c.state["physical"]:
        raise ConfigError(f'{c.where}: the board asks about a picture only with cards = "physical" ([options])')
    c.state["shifted"] = False  # the answer ends the turn
    return TileAction("answer", button="done" if args[0] == "yes" else "rotate", text=line, index=i)


def _lay(c: _Ctx, args: list[str], line: str, i: int) -> Action:
    if len(args) > 1:
        raise ConfigError(f"{c.where}: expected 'lay [N]'")
    try:
        n = int(args[0]) if args else 1
    except ValueError:
        n = 0
    if not 1 <= n <= MAX_LAY:
        raise ConfigError(f"{c.where}: {args[0]!r} is not a number of tiles from 1 to {MAX_LAY}")
    if not c.state["guided"]:
        raise ConfigError(f"{c.where}: the board shows tiles to lay only with guided_layout = true ([options])")
    return TileAction("lay", count=n, follow=True, text=line, index=i)


_ACTION_PARSERS: dict[str, Callable[[_Ctx, list[str], str, int], Action]] = {
    "rotate": _rotate,
    "insert": _insert,
    "press": _press,
    "slide": _slide,
    "lift": _lift,
    "place": _place,
    "wait": parse_wait,
    "glitch": parse_glitch,
    "answer": _answer,
    "lay": _lay,
}

__all__ = ["LabyrinthScenario", "parse_labyrinth", "dealt_maze", "SLOTS"]
