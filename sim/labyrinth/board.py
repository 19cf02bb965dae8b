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
from ..world import Physics
from .world import TileWorld


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
        self.world = TileWorld(GRID, (), pawns, scheduler, physics, rng or random.Random(0), self.debouncer.raw,
                               buttons=BUTTONS)
        self._add_channels(self.world.levels())
        self._withdraw = False
        #: the slot the spare is in while a hand pushes it (None: the spare is in a hand or on the table)
        self._inserting: str | None = None

    # -- Board interface ----------------------------------------------------
    def state(self) -> BoardState:
        closed = frozenset(c for c in CELLS if self.debouncer.stable(("reed", c)))
        return BoardState(closed, frozenset())

    def announce(self, event: GameEvent) -> None:
        if event.type == "warning" and event.get("kind") in ("forbidden_slot", "extra_shift") and self._inserting:
            self._withdraw = True  # the hand pulls the tile back out of the slot at once
        super().announce(event)

    @property
    def pushing(self) -> bool:
        """A hand holds the spare in a slot right now (its push or withdrawal is under way)."""
        return self._inserting is not None

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
        controller warned meanwhile (then the hand withdraws and nothing moves). There is one
        spare: raises ValueError while it is already in a slot (another hand is pushing)."""
        if self._inserting is not None:
            raise ValueError(f"the spare is in slot {self._inserting}: one push at a time")
        self._inserting = slot
        self._withdraw = False
        self.world.press(f"slot:{slot}")
        self.scheduler.call_later(self.push_delay_ms, lambda: self.push(slot))
        ph = self.world.physics
        return self.push_delay_ms + ph.step_ms + 2 * ph.hand_ms

    def push(self, slot: str) -> None:
        """Slide the line: tiles and the pawns on them move one cell; a pawn pushed off goes on the new tile."""
        if self._withdraw:
            self._withdraw = False
            self._inserting = None
            return
        s = SLOTS[slot]
        world = self.world
        line_cells = {CELLS[i] for i in s.line}
        landing = [world.landing_ms(p) for p, pawn in world.pawns.items() if pawn.cell in line_cells]
        if any(t is not None for t in landing):  # a hand is sliding a pawn on the row: push once it landed
            self.scheduler.call_later(max(t for t in landing if t is not None) - self.scheduler.now_ms() + 1,
                                      lambda: self.push(slot))
            return
        riders = [(p, pawn.cell) for p, pawn in world.pawns.items() if pawn.cell is not None and pawn.cell in
                  line_cells]
        self._inserting = None
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
            self.scheduler.call_later(delay, lambda p=p: self._wrap(p, s.entry))

    def put(self, pawn: str, cell: Cell) -> int:
        """A hand moves ``pawn`` onto ``cell``: lifts it (wherever it is, also mid-slide) and sets
        it down ``hand_ms`` later -- unless another hand set it down meanwhile; nothing when it
        already stands there. Returns the time taken (ms)."""
        world = self.world
        hand = world.physics.hand_ms
        here = world.pawns[pawn].cell
        if here == cell:
            return 0
        if here is not None:
            world.lift(pawn)
            self.scheduler.call_later(hand, lambda: self._set_down(pawn, cell))
            return 2 * hand
        world.place(pawn, cell)
        return hand

    def _set_down(self, pawn: str, cell: Cell) -> None:
        if self.world.pawns[pawn].cell is None:
            self.world.place(pawn, cell)

    def _wrap(self, pawn: str, entry: Cell) -> None:
        """The hand sets a pawn pushed off on the inserted tile -- unless another hand already
        set it down somewhere."""
        self._set_down(pawn, entry)

    def lay_tiles(self, rows: list[str], spare: str) -> None:
        """People lay the tiles out as ``rows`` (7 strings, rank 7 first) with ``spare`` in the
        hand, e.g. as a restarted controller's ``game_resumed`` shows the saved game."""
        self.table.maze = Maze.from_rows(rows, spare)
        self._tiles_changed()

    def _tiles_changed(self) -> None:
        for w in self.tile_watchers:
            w()

    # -- views --------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        snap = self.world.snapshot()
        return {"pawns": {p: v["cell"] for p, v in snap["pawns"].items()}, "reeds": snap["reeds"],
                "layout": self.table.maze.rows(), "spare": self.table.maze.spare.notation()}
