"""Labyrinth editions as data: the 16 fixed tiles, the 34 loose tiles, the 24 pictures (RULES.md §2).

Every edition has the same board: the fixed tiles' shapes follow RULES.md's
table (the four corners are the start squares), the loose mix is stated per
edition (**Decision**, RULES.md §2 Components: default 12 straight / 16
corner / 6 T, 6 corners and all 6 T pieces with a picture). Editions rename
the 24 pictures. The Star Wars edition adds the Vader mark on one loose
straight tile and on four cards (seed 004: General Grievous, Darth Maul,
Darth Sidious, Count Dooku).

**Decision** (``picture names``): the classic names are RULES.md's; the
original rule texts do not list the Super Mario and Star Wars pictures, so
their names here are our own (lower-case, hyphenated), one per classic
picture in the same places.

:func:`deal` lays out a seeded random maze (loose tiles shuffled into the
free cells with random orientations, the leftover is the spare; RULES.md §2
Setup). It lives here because a real board's controller and the simulator
both deal the same way.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cached_property
from typing import Mapping

from .errors import ConfigError
from .grid import Cell
from .labyrinth import CELLS, GRID, INDEX, Maze, Tile, parse_sides

#: Fixed tiles of the classic edition: cell -> (open sides, picture or "" for a start square).
CLASSIC_FIXED: dict[Cell, tuple[str, str]] = {
    "a7": ("ES", ""), "c7": ("ESW", "book"), "e7": ("ESW", "money"), "g7": ("SW", ""),
    "a5": ("NES", "map"), "c5": ("NES", "crown"), "e5": ("ESW", "keys"), "g5": ("NSW", "skull"),
    "a3": ("NES", "ring"), "c3": ("NEW", "chest"), "e3": ("NSW", "emerald"), "g3": ("NSW", "sword"),
    "a1": ("NE", ""), "c1": ("NEW", "candle"), "e1": ("NEW", "helmet"), "g1": ("NW", ""),
}
#: Pictures on loose corners and on loose T pieces (classic).
CLASSIC_CORNER_PICTURES = ("spider", "moth", "owl", "mouse", "lizard", "beetle")
CLASSIC_T_PICTURES = ("ghost", "sorceress", "pig", "genie", "bat", "dragon")
CLASSIC_PICTURES: tuple[str, ...] = (
    tuple(p for _, p in CLASSIC_FIXED.values() if p) + CLASSIC_CORNER_PICTURES + CLASSIC_T_PICTURES
)

#: Start squares (the four fixed corner tiles).
START_CELLS: tuple[Cell, ...] = ("a1", "a7", "g7", "g1")

#: Start corners by player count in turn order, clockwise (RULES.md §2 Setup).
LABYRINTH_CORNERS: dict[int, tuple[Cell, ...]] = {
    2: ("a1", "g7"),
    3: ("a1", "a7", "g7"),
    4: ("a1", "a7", "g7", "g1"),
}

VADER = "vader"


@dataclass(frozen=True)
class LooseMix:
    """How many loose straight, corner and T pieces an edition has (34 in all)."""

    straight: int = 12
    corner: int = 16
    t: int = 6


@dataclass(frozen=True)
class Edition:
    """One edition: ``name``, its 24 ``pictures`` in the classic order (12 fixed
    tiles a7..g1 row by row, 6 loose corners, 6 loose T pieces), the loose
    ``mix``, and the cards bearing the Vader mark (empty but for Star Wars)."""

    name: str
    title: str
    pictures: tuple[str, ...]
    mix: LooseMix = LooseMix()
    vader_cards: frozenset[str] = frozenset()
    vader_tile: bool = False

    def __post_init__(self) -> None:
        if len(self.pictures) != 24 or len(set(self.pictures)) != 24:
            raise ConfigError(f"edition {self.name}: needs 24 different pictures")
        if self.mix.straight + self.mix.corner + self.mix.t != 34:
            raise ConfigError(f"edition {self.name}: the loose mix must add up to 34 tiles")
        if not self.vader_cards <= set(self.pictures):
            raise ConfigError(f"edition {self.name}: a Vader card is not one of its pictures")

    @cached_property
    def rename(self) -> dict[str, str]:
        return dict(zip(CLASSIC_PICTURES, self.pictures))

    @cached_property
    def fixed(self) -> dict[Cell, Tile]:
        """Cell -> the fixed tile there (in its only orientation)."""
        return {c: Tile(parse_sides(s), self.rename[p] if p else None) for c, (s, p) in CLASSIC_FIXED.items()}

    @cached_property
    def loose(self) -> tuple[Tile, ...]:
        """The 34 loose tiles in a canonical orientation (straight ``NS``, corner ``NE``, T ``NES``)."""
        corners = [Tile(3, self.rename[p]) for p in CLASSIC_CORNER_PICTURES]
        corners += [Tile(3)] * (self.mix.corner - len(corners))
        ts = [Tile(7, self.rename[p]) for p in CLASSIC_T_PICTURES]
        ts += [Tile(7)] * (self.mix.t - len(ts))
        straights = [Tile(5)] * self.mix.straight
        if self.vader_tile:
            straights[0] = Tile(5, None, VADER)
        return tuple(straights + corners + ts)

    @property
    def cards(self) -> tuple[str, ...]:
        """The 24 picture cards (one per picture)."""
        return self.pictures

    def check_maze(self, maze: Maze, where: str = "layout") -> None:
        """Raise :class:`ConfigError` naming the cell and why unless ``maze`` is a
        legal layout of this edition: its fixed tiles on their cells as printed,
        and the loose tiles on the board plus the spare exactly its loose set."""
        for cell, tile in self.fixed.items():
            got = maze.tile(cell)
            if got != tile:
                raise ConfigError(f"{where} {cell}: must be the fixed tile {tile.notation()}, got {got.notation()}")
        want: dict[tuple[str, str | None, str | None], int] = {}
        for t in self.loose:
            key = (t.shape, t.picture, t.mark)
            want[key] = want.get(key, 0) + 1
        placed = [(c, maze.tile(c)) for c in CELLS if c not in self.fixed] + [("spare", maze.spare)]
        for cell, t in placed:
            key = (t.shape, t.picture, t.mark)
            where_cell = f"{where} {cell}" if cell != "spare" else "spare"
            if not want.get(key):
                label = t.picture or t.mark
                if label and label not in self.pictures and label != VADER:
                    raise ConfigError(f"{where_cell}: {t.notation()}: {label!r} is not a picture of the {self.name} edition")
                if label and label in (x.picture for x in self.fixed.values()):
                    raise ConfigError(f"{where_cell}: {t.notation()}: the {label} is on a fixed tile")
                if label and any(c != cell and (x.picture or x.mark) == label for c, x in placed):
                    raise ConfigError(f"{where_cell}: {t.notation()}: the {label} appears twice")
                if label and any(k[1:] == key[1:] for k in want):
                    raise ConfigError(f"{where_cell}: {t.notation()}: the {label} is on a {_shape_name(want, key)} "
                                      f"in the {self.name} edition, not a {t.shape} piece")
                raise ConfigError(f"{where_cell}: {t.notation()}: one {t.shape} piece"
                                  f"{' with the ' + label if label else ' without a picture'} too many for the {self.name} edition")
            want[key] -= 1


def _shape_name(want: Mapping[tuple[str, str | None, str | None], int], key: tuple[str, str | None, str | None]) -> str:
    for k in want:
        if k[1:] == key[1:]:
            return {"t": "T piece", "corner": "corner", "straight": "straight"}[k[0]]
    return "different piece"


EDITIONS: dict[str, Edition] = {
    "classic": Edition("classic", "Labyrinth", CLASSIC_PICTURES),
    "super-mario": Edition(
        "super-mario", "Super Mario Labyrinth",
        ("mario", "luigi", "peach", "toad", "yoshi", "bowser", "bowser-jr", "daisy", "wario", "waluigi", "rosalina",
         "koopa-troopa", "goomba", "boo", "shy-guy", "lakitu", "piranha-plant", "bullet-bill",
         "chain-chomp", "blooper", "hammer-bro", "dry-bones", "wiggler", "king-boo"),
    ),
    "star-wars": Edition(
        "star-wars", "Star Wars Labyrinth",
        ("luke", "yoda", "r2-d2", "c-3po", "leia", "han-solo", "chewbacca", "obi-wan", "general-grievous",
         "darth-maul", "jabba", "lando", "darth-sidious", "padme", "anakin", "mace-windu", "count-dooku",
         "boba-fett", "qui-gon", "jar-jar", "stormtrooper", "death-star", "x-wing", "millennium-falcon"),
        vader_cards=frozenset({"general-grievous", "darth-maul", "darth-sidious", "count-dooku"}),
        vader_tile=True,
    ),
}
DEFAULT_EDITION = "classic"


def edition(name: object, where: str = "edition") -> Edition:
    """The edition called ``name`` (None: classic); raises :class:`ConfigError` (for any other type too)."""
    ed = EDITIONS.get(name or DEFAULT_EDITION) if name is None or isinstance(name, str) else None
    if ed is None:
        raise ConfigError(f"{where}: {name!r} is not an edition ({', '.join(EDITIONS)})")
    return ed


def deal(ed: Edition, rng: random.Random, vader_on_board: bool = False) -> Maze:
    """A random layout (RULES.md §2 Setup): loose tiles shuffled into the 33 free
    cells in random orientations, the leftover is the spare. With
    ``vader_on_board`` (Darth Vader variant) the Vader tile is never the spare:
    it trades places with the tile on a random free cell (**Decision**: the
    Vader pawn needs its tile on the board, seed 004)."""
    loose = list(ed.loose)
    rng.shuffle(loose)
    turned = [t.turned(rng.randrange(4)) for t in loose]
    free = [c for c in CELLS if c not in ed.fixed]
    spare = turned.pop()
    if vader_on_board and spare.mark == VADER:
        k = rng.randrange(len(turned))
        turned[k], spare = spare, turned[k]
    tiles: list[Tile] = [Tile(0)] * 49
    for c, t in ed.fixed.items():
        tiles[INDEX[c]] = t
    for c, t in zip(free, turned):
        tiles[INDEX[c]] = t
    return Maze(tuple(tiles), spare)


__all__ = ["EDITIONS", "Edition", "LABYRINTH_CORNERS", "START_CELLS", "VADER", "deal", "edition", "GRID"]
