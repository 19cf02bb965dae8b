"""The simulated Labyrinth board: tiles that slide, pawns with magnets, slot sensors, buttons.

:class:`TileTable` is the physical maze (a :class:`~mazeboard.hal.labyrinth.Maze`
the hands change by rotating the spare and pushing it in). :class:`LabyrinthBoard`
is the hal :class:`~mazeboard.hal.board.Board`: pawns (players' and Vader's)
live in a :class:`~mazeboard.sim.world.World` without walls or balls, so the
reed switches under the 49 cells, their bounce, gaps and overlaps are the
same physics as The Magic Labyrinth's; the 12 slot sensors and the
``rotate`` / ``done`` buttons are button channels. Raw levels go through the
hal :class:`~mazeboard.hal.debounce.Debouncer` like every backend's.

A push (:meth:`LabyrinthBoard.push`) moves every pawn on the line one cell
with its tile (a slide of the magnet over ``step_ms``); a pawn pushed off is
lifted at once and set on the inserted tile by a hand ``hand_ms`` later
(RULES.md §2 A turn, 3) -- or kept in the hand when ``hand_wraps`` is False
(a player who forgets; a scenario's ``[sim] hand_wraps = false``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Callable, Mapping

from mazeboard.hal.board import BoardState
from mazeboard.hal.clock import Scheduler
from mazeboard.hal.debounce import DebounceSettings
from mazeboard.hal.events import GameEvent
from mazeboard.hal.grid import Cell
from mazeboard.hal.labyrinth import BUTTONS, CELLS, GRID, SLOTS, Maze, Tile, led_layout

from ..board import DebouncedBoard
from ..world import Physics, World


@dataclass
class TileTable:
    """The tiles as they lie: ``maze`` (its spare in the hand's current orientation)."""

    maze: Maze
    pushes: int = 0

    def rotate(self, quarters: int) -> None:
        """Turn the spare in the hand clockwise by ``quarters`` quarter turns."""
        self.maze = Maze(self.maze.tiles, self.maze.spare.turned(quarters))

    def push(self, slot: str) -> Tile:
        """Push the spare in at ``slot`` as it is turned; returns the ejected tile (the new spare)."""
        self.maze, ejected = self.maze.shifted(slot, 0)
        self.pushes += 1
        return ejected


class LabyrinthBoard(DebouncedBoard):
    """A simulated Labyrinth board on ``scheduler`` (a hal Board).

    ``pawns``: pawn (colour or ``vader``) -> start cell. ``watchers`` see the
    controller's announcements, ``frame_watchers`` its LED frames.
    """

    def __init__(
        self,
        maze: Maze,
        pawns: Mapping[str, Cell],
        scheduler: Scheduler,
        physics: Physics = Physics(),
        rng: random.Random | None = None,
        debounce: DebounceSettings = DebounceSettings(),
        push_delay_ms: int = 300,
        hand_wraps: bool = True,
    ) -> None:
        super().__init__(scheduler, led_layout(), debounce)
        self.grid = GRID
        self.table = TileTable(maze)
        self.push_delay_ms = push_delay_ms
        #: False: a pawn pushed off stays in the hand (a forgetful player; ``place`` sets it down)
        self.hand_wraps = hand_wraps
        #: called after the tiles changed (the spare turned, a line pushed): views of the board
        self.tile_watchers: list[Callable[[], None]] = []
        physics = replace(physics, lift_drops_ball=False)
        self.world = World(GRID, (), pawns, scheduler, physics, rng or random.Random(0), self.debouncer.raw,
                           buttons=BUTTONS)
        self._add_channels(self.world.levels())
        self._withdraw = False

    # -- Board interface ----------------------------------------------------
    def state(self) -> BoardState:
        closed = frozenset(c for c in CELLS if self.debouncer.stable(("reed", c)))
        return BoardState(closed, frozenset())

    def announce(self, event: GameEvent) -> None:
        if event.type == "warning" and event.get("kind") in ("forbidden_slot", "extra_shift"):
            self._withdraw = True  # the hand pulls the tile back out of the slot at once
        super().announce(event)

    def rotate(self, quarters: int) -> int:
        """Turn the spare by hand and press ``rotate`` once per quarter; returns the time taken (ms)."""
        quarters %= 4
        self.table.rotate(quarters)
        self._tiles_changed()
        gap = self.world.physics.press_ms + 60
        for k in range(quarters):
            self.scheduler.call_later(k * gap, lambda: self.world.press("rotate"))
        return quarters * gap + self.world.physics.hand_ms

    def insert(self, slot: str) -> int:
        """Put the spare into ``slot`` (its sensor fires), then push the line unless the
        controller warned meanwhile (then the hand withdraws and nothing moves)."""
        self._withdraw = False
        self.world.press(f"slot:{slot}")
        self.scheduler.call_later(self.push_delay_ms, lambda: self.push(slot))
        ph = self.world.physics
        return self.push_delay_ms + ph.step_ms + 2 * ph.hand_ms

    def push(self, slot: str) -> None:
        """Slide the line: tiles and the pawns on them move one cell; a pawn pushed off goes on the new tile."""
        if self._withdraw:
            self._withdraw = False
            return
        s = SLOTS[slot]
        world = self.world
        riders = [(p, pawn.cell) for p, pawn in world.pawns.items() if pawn.cell is not None and pawn.cell in
                  {CELLS[i] for i in s.line}]
        self.table.push(slot)
        self._tiles_changed()
        line = [CELLS[i] for i in s.line]
        wrapping = []
        for p, cell in riders:
            if cell == s.exit:
                world.lift(p)
                wrapping.append(p)
            else:
                world.slide_step(p, line[line.index(cell) + 1])
        delay = world.physics.step_ms + world.physics.hand_ms
        for p in wrapping if self.hand_wraps else ():
            self.scheduler.call_later(delay, lambda p=p: world.place(p, s.entry))

    def _tiles_changed(self) -> None:
        for w in self.tile_watchers:
            w()

    # -- views --------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        snap = self.world.snapshot()
        return {"pawns": {p: v["cell"] for p, v in snap["pawns"].items()}, "reeds": snap["reeds"],
                "layout": self.table.maze.rows(), "spare": self.table.maze.spare.notation()}
