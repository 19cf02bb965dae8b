"""Cells and edges of a square board in RULES.md notation.

Cells are named like chess squares: file letter from the left (``a``...),
rank number from the bottom (``1``...). An edge between two orthogonally
adjacent cells is written with both cells in sorted order (``a2-a3``,
``c4-d4``); parsing accepts either order. This is game board data shared by
the controller and the simulator.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import cached_property
from typing import Iterable, Iterator

from .errors import ConfigError

Cell = str
Edge = tuple[str, str]  # two adjacent cells, sorted


def edge_of(a: Cell, b: Cell) -> Edge:
    """The edge between two cells, normalised to sorted order."""
    return (a, b) if a <= b else (b, a)


def format_edge(edge: Edge) -> str:
    """``("a2", "a3")`` -> ``"a2-a3"``."""
    return f"{edge[0]}-{edge[1]}"


@dataclass(frozen=True)
class Grid:
    """A ``files`` x ``ranks`` board (6x6 for The Magic Labyrinth, 7x7 for Labyrinth)."""

    files: int = 6
    ranks: int = 6

    @cached_property
    def cells(self) -> tuple[Cell, ...]:
        """All cells, rank 1 first, ``a1 b1 ... f6``."""
        return tuple(
            f"{chr(ord('a') + f)}{r + 1}" for r in range(self.ranks) for f in range(self.files)
        )

    @cached_property
    def _cell_set(self) -> frozenset[Cell]:
        return frozenset(self.cells)

    @cached_property
    def _neighbours(self) -> dict[Cell, tuple[Cell, ...]]:
        out: dict[Cell, tuple[Cell, ...]] = {}
        for cell in self.cells:
            f, r = self.coords(cell)
            near = []
            for df, dr in ((0, 1), (1, 0), (0, -1), (-1, 0)):  # N E S W
                nf, nr = f + df, r + dr
                if 0 <= nf < self.files and 0 <= nr < self.ranks:
                    near.append(self.cell_at(nf, nr))
            out[cell] = tuple(near)
        return out

    @cached_property
    def edges(self) -> tuple[Edge, ...]:
        """Every interior edge (60 on a 6x6 board), sorted."""
        return tuple(
            sorted({edge_of(c, n) for c in self.cells for n in self._neighbours[c]})
        )

    def is_cell(self, name: object) -> bool:
        return isinstance(name, str) and name in self._cell_set

    def coords(self, cell: Cell) -> tuple[int, int]:
        """Zero-based (file, rank) of a valid cell name."""
        return ord(cell[0]) - ord("a"), int(cell[1:]) - 1

    def cell_at(self, file: int, rank: int) -> Cell:
        return f"{chr(ord('a') + file)}{rank + 1}"

    def index(self, cell: Cell) -> int:
        """Row-major index, ``a1`` = 0, rank by rank."""
        f, r = self.coords(cell)
        return r * self.files + f

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        """Orthogonal neighbours in N E S W order (missing at the board's edge)."""
        return self._neighbours[cell]

    def adjacent(self, a: Cell, b: Cell) -> bool:
        return b in self._neighbours.get(a, ())

    def distance(self, a: Cell, b: Cell) -> int:
        """Manhattan distance in cells."""
        (fa, ra), (fb, rb) = self.coords(a), self.coords(b)
        return abs(fa - fb) + abs(ra - rb)

    def parse_cell(self, text: object, where: str = "cell") -> Cell:
        """Validate a cell name; raises :class:`ConfigError` naming ``where``."""
        if not self.is_cell(text):
            last = self.cell_at(self.files - 1, self.ranks - 1)
            raise ConfigError(f"{where}: {text!r} is not a cell (a1..{last})")
        return text  # type: ignore[return-value]

    def parse_edge(self, text: object, where: str = "edge") -> Edge:
        """Validate ``"c3-c4"`` (either order); raises :class:`ConfigError`."""
        if not isinstance(text, str) or text.count("-") != 1:
            raise ConfigError(f"{where}: {text!r} is not an edge like 'c3-c4'")
        a, b = (part.strip() for part in text.split("-"))
        self.parse_cell(a, where)
        self.parse_cell(b, where)
        if not self.adjacent(a, b):
            raise ConfigError(f"{where}: {text!r} joins cells that are not orthogonally adjacent")
        return edge_of(a, b)

    def reachable(self, start: Cell, walls: Iterable[Edge] = ()) -> set[Cell]:
        """Cells connected to ``start`` when ``walls`` block their edges."""
        blocked = set(walls)
        seen = {start}
        todo = deque([start])
        while todo:
            cell = todo.popleft()
            for n in self._neighbours[cell]:
                if n not in seen and edge_of(cell, n) not in blocked:
                    seen.add(n)
                    todo.append(n)
        return seen

    def is_connected(self, walls: Iterable[Edge]) -> bool:
        """True when every cell can reach every other (RULES.md §1, Walls)."""
        return len(self.reachable(self.cells[0], walls)) == len(self.cells)

    def distances(self, start: Cell, walls: Iterable[Edge] = (), avoid: Iterable[Cell] = (),
                  ends: Iterable[Cell] = ()) -> dict[Cell, int]:
        """Breadth-first step counts from ``start`` around ``walls``, never entering a cell of ``avoid``
        (``start`` itself is where the count begins, whether or not it is listed), and never going on from a cell
        of ``ends`` (entered, the way stops there: The Magic Labyrinth's target ends the move). {cell: steps}."""
        blocked, shut, stop = set(walls), set(avoid) - {start}, set(ends) - {start}
        dist = {start: 0}
        todo = deque([start])
        while todo:
            cell = todo.popleft()
            if cell in stop:
                continue
            for n in self._neighbours[cell]:
                if n not in dist and n not in shut and edge_of(cell, n) not in blocked:
                    dist[n] = dist[cell] + 1
                    todo.append(n)
        return dist

    def __iter__(self) -> Iterator[Cell]:
        return iter(self.cells)


MAGIC_GRID = Grid(6, 6)
LABYRINTH_GRID = Grid(7, 7)
