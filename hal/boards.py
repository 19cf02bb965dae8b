"""Physical board data shared by the controller and the simulator.

The Magic Labyrinth board (RULES.md §1 Components and Setup): a 6x6 grid,
the symbol printed on each cell, the start corners by player count, the
tray's four corner Hall-effect sensors and the two buttons.
"""

from __future__ import annotations

from .grid import MAGIC_GRID, Cell, Grid

MAGIC: Grid = MAGIC_GRID

#: Default symbol map, cell -> symbol (RULES.md §1 Components table; configurable board data).
MAGIC_SYMBOLS: dict[Cell, str] = {
    "c6": "owl", "d6": "bat",
    "b5": "frog", "c5": "spider", "d5": "snake", "e5": "cat",
    "a4": "dragon", "b4": "unicorn", "c4": "ghost", "d4": "skull", "e4": "key", "f4": "crown",
    "a3": "ring", "b3": "potion", "c3": "book", "d3": "candle", "e3": "crystal-ball", "f3": "hourglass",
    "b2": "moon", "c2": "star", "d2": "sun", "e2": "mushroom",
    "c1": "wand", "d1": "chest",
}

#: Start corners by player count, in turn order, clockwise seen from above (RULES.md §1 Setup).
MAGIC_CORNERS: dict[int, tuple[Cell, ...]] = {
    2: ("a1", "f6"),
    3: ("a1", "a6", "f6"),
    4: ("a1", "a6", "f6", "f1"),
}

#: Player colours in the order players are usually seated.
PLAYER_COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow")

#: The lobby's seats (issue 13): each start corner's colour, clockwise from a1 seen from above, per
#: game board. A pawn on a corner seats that colour. Struggle has no corners (its player count is
#: chosen with the dice buttons), so it has no seats.
SEATS: dict[str, tuple[tuple[str, Cell], ...]] = {
    "magic-labyrinth": (("red", "a1"), ("blue", "a6"), ("green", "f6"), ("yellow", "f1")),
    "labyrinth": (("red", "a1"), ("blue", "a7"), ("green", "g7"), ("yellow", "g1")),
    "struggle": (),
}

#: Wall counts of the two maze sizes (RULES.md §1 Components).
MAZE_WALLS: dict[str, int] = {"easy": 19, "hard": 24}
