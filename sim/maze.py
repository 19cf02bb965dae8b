"""Hidden mazes: explicit wall lists (validated) or seeded generation.

A maze must keep every cell reachable from every other (RULES.md §1
Components); a wall list that closes off any cell is invalid input.
"""

from __future__ import annotations

import random
from typing import Iterable

from mazeboard.hal.boards import MAZE_WALLS
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.grid import Edge, Grid


def parse_walls(grid: Grid, texts: Iterable[object], where: str = "walls") -> frozenset[Edge]:
    """Validate ``["a2-a3", ...]``; raises :class:`ConfigError` for a bad edge,
    a duplicate, or a closed maze (naming unreachable cells)."""
    walls: set[Edge] = set()
    for i, text in enumerate(texts):
        edge = grid.parse_edge(text, f"{where}[{i}]")
        if edge in walls:
            raise ConfigError(f"{where}[{i}]: wall {text!r} is listed twice")
        walls.add(edge)
    check_connected(grid, walls, where)
    return frozenset(walls)


def check_connected(grid: Grid, walls: Iterable[Edge], where: str = "walls") -> None:
    reach = grid.reachable(grid.cells[0], walls)
    if len(reach) != len(grid.cells):
        cut = sorted(set(grid.cells) - reach)
        shown = " ".join(cut[:6]) + (" ..." if len(cut) > 6 else "")
        raise ConfigError(
            f"{where}: the maze is closed: {shown} cannot be reached from {grid.cells[0]} (every cell must stay reachable)"
        )


def generate_walls(grid: Grid, count: int | str, rng: random.Random) -> frozenset[Edge]:
    """A seeded connected maze of ``count`` walls (or ``"easy"`` 19 / ``"hard"`` 24).

    Edges are tried in a seeded order and kept as walls only while the board
    stays connected; raises :class:`ConfigError` for an impossible count.
    """
    if isinstance(count, str):
        if count not in MAZE_WALLS:
            raise ConfigError(f"maze: {count!r} is not easy, hard or a wall list")
        n = MAZE_WALLS[count]
    else:
        n = count
    max_walls = len(grid.edges) - (len(grid.cells) - 1)
    if not 0 <= n <= max_walls:
        raise ConfigError(f"maze: {n} walls cannot keep a {grid.files}x{grid.ranks} board connected (0..{max_walls})")
    edges = list(grid.edges)
    rng.shuffle(edges)
    walls: set[Edge] = set()
    for edge in edges:
        if len(walls) == n:
            break
        walls.add(edge)
        if not grid.is_connected(walls):
            walls.discard(edge)
    return frozenset(walls)
