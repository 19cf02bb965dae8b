"""The guided layout: the dealt maze laid out on a real board one tile at a time (option ``guided_layout``).

Before the first turn the referee (state ``waiting_for_layout``) walks the
people through the deal: the steps are the loose tiles' cells, rank 7 first
and file a to g in each rank (the order the printed grid and ``layout`` rows
read), the 16 fixed tiles skipped (they are glued to the board), and the
spare last. For each step the cell's LED is lit (for the spare: the 12 slot
arrows) and the instruction names the tile as it must lie there -- its shape,
its open sides (N is the side of rank 7) and its picture or mark -- e.g.
"Lay a T-piece open N, S and W with the ghost on b4". ``done`` goes on to the
next step, ``rotate`` back to the previous one; ``done`` on the spare ends
the layout and the pawns are checked on their start squares (state
``waiting_for_pawns``, :mod:`.referee`).

A restart during the layout (or the pawn check) goes on where it stood:
:func:`resume` announces ``game_resumed`` with the cells laid so far and the
step, then that step's ``layout_step`` again.

Shapes: a step's ``cell`` is a cell name (``b4``) or None for the spare;
``tile`` a :class:`~mazeboard.hal.labyrinth.Tile` in the orientation to lay.
Events (docs/event-log.md): ``layout_step`` carries :func:`step_fields`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mazeboard.hal.grid import Cell
from mazeboard.hal.labyrinth import CELLS, GRID, Maze, Tile, format_sides
from mazeboard.hal.labyrinth_editions import VADER, Edition

if TYPE_CHECKING:  # pragma: no cover
    from .referee import LabyrinthReferee

#: a tile's shape in words (``Tile.shape`` -> the instruction's noun)
SHAPE_WORDS = {"straight": "a straight", "corner": "a corner", "t": "a T-piece"}


@dataclass(frozen=True)
class LayoutStep:
    """One step of the guided layout: ``index`` (0-based), the ``cell`` to lay on (None: the spare)
    and the ``tile`` as it must lie there."""

    index: int
    cell: Cell | None
    tile: Tile

    @property
    def spare(self) -> bool:
        return self.cell is None


def layout_steps(maze: Maze, ed: Edition) -> tuple[LayoutStep, ...]:
    """The steps for ``maze``: its 33 loose tiles rank 7 first, a to g, then the spare (34 steps)."""
    cells = [GRID.cell_at(f, r) for r in reversed(range(7)) for f in range(7)]
    loose = [c for c in cells if c not in ed.fixed and c in CELLS]
    steps = [LayoutStep(i, c, maze.tile(c)) for i, c in enumerate(loose)]
    steps.append(LayoutStep(len(steps), None, maze.spare))
    return tuple(steps)


def _sides_text(mask: int) -> str:
    sides = list(format_sides(mask))
    return ", ".join(sides[:-1]) + " and " + sides[-1] if len(sides) > 1 else "".join(sides)


def tile_text(tile: Tile) -> str:
    """The tile in words, as it must lie: ``a T-piece open N, S and W with the ghost``."""
    text = f"{SHAPE_WORDS.get(tile.shape, 'a tile')} open {_sides_text(tile.mask)}"
    if tile.picture:
        text += f" with the {tile.picture.replace('-', ' ')}"
    elif tile.mark == VADER:
        text += " with the Darth Vader mark"
    return text


def step_fields(step: LayoutStep, steps: int) -> dict[str, Any]:
    """The ``layout_step`` event's fields (and the instruction's facts): ``index``, ``steps``,
    ``cell`` (null: the spare), ``tile`` (notation as it must lie), ``shape``, ``sides``,
    ``picture``, ``mark``, ``spare``."""
    t = step.tile
    return {"index": step.index, "steps": steps, "cell": step.cell, "tile": t.notation(), "shape": t.shape,
            "sides": format_sides(t.mask), "picture": t.picture, "mark": t.mark, "spare": step.spare}


class LayoutGuide:
    """Where the guided layout stands: the steps and the one shown now (``index``)."""

    def __init__(self, maze: Maze, ed: Edition) -> None:
        self.steps = layout_steps(maze, ed)
        self.index = 0

    @property
    def step(self) -> LayoutStep:
        return self.steps[self.index]

    def fields(self) -> dict[str, Any]:
        return step_fields(self.step, len(self.steps))

    def forward(self) -> bool:
        """Go on to the next step; False when the last one (the spare) was done."""
        if self.index + 1 >= len(self.steps):
            return False
        self.index += 1
        return True

    def back(self) -> bool:
        """Go back one step; False at the first one."""
        if self.index == 0:
            return False
        self.index -= 1
        return True

    def laid(self) -> list[Cell]:
        """The cells laid before the step shown now (in order)."""
        return [s.cell for s in self.steps[: self.index] if s.cell is not None]


# -- the referee's side ----------------------------------------------------------------------
def lay(ref: "LabyrinthReferee", forward: bool) -> None:
    """``done``: the tile lies where the board asked, on to the next (after the spare: the pawn
    check, state ``waiting_for_pawns``); ``rotate``: back to the previous tile."""
    guide = ref.guide
    if guide is None:
        return
    moved = guide.forward() if forward else guide.back()
    if moved:
        ref._emit("layout_step", **guide.fields())
        ref._refresh()
        return
    if not forward:
        return
    ref._emit("layout_done", steps=len(guide.steps))
    ref.guide = None
    ref._go("laid")  # the pawns are checked after every input; play begins when they match


def resume(ref: "LabyrinthReferee", closed: frozenset[Cell]) -> None:
    """A restart during the guided layout or the pawn check before play: take the board's reeds,
    announce where it stands (``game_resumed`` with the tiles laid so far and the step to go on
    with) and go on: the layout with the same tile, the pawn check with the reeds as they are."""
    ref.closed = set(closed)
    ref._reeds += 1
    guide = ref.guide
    ref._emit("game_resumed", state=ref.state, player=ref.current, scores=ref.scores,
              corners=dict(ref.corners), layout=ref.maze.rows(), spare=ref.maze.spare.notation(),
              rotation=0, forbidden=None, push=None, positions=dict(ref.positions),
              found={p: list(f) for p, f in ref.found.items()},
              step=guide.index if guide is not None else None,
              laid=guide.laid() if guide is not None else None)
    for p in ref.players:
        ref._show_cards(p)
    if guide is not None:
        ref._emit("layout_step", **guide.fields())
    ref._said = None  # what the board asks is announced again: nobody heard it before the restart
    ref._refresh()
