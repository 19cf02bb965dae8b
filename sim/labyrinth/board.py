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

For the guided layout (the controller's option ``guided_layout``) the table
starts with the fixed tiles only (:meth:`TileTable.unlaid`): the loose tiles
lie in the box and hands lay them where the board's instruction says
(:meth:`LabyrinthBoard.lay`), taking the named piece out of the box -- a
piece the box does not hold cannot be laid (ValueError), so a board that
names a wrong tile is caught. The tiles cannot be sensed: the controller
never learns what the hands laid.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterable, Mapping

from mazeboard.hal.board import BoardState
from mazeboard.hal.clock import Scheduler
from mazeboard.hal.debounce import DebounceSettings
from mazeboard.hal.events import GameEvent
from mazeboard.hal.grid import Cell
from mazeboard.hal.labyrinth import BUTTONS, CELLS, GRID, INDEX, SLOTS, Maze, Tile, led_layout, parse_tile

from ..board import DebouncedBoard
from ..world import Physics
from .world import TileWorld


#: no tile on a cell yet (the guided layout under way), and no spare in the hand
HOLE = Tile(0)


@dataclass
class TileTable:
    """The tiles as they lie: ``maze`` (its spare in the hand's current orientation).

    While a guided layout is under way ``holes`` are the cells with no tile yet (:data:`HOLE`
    in ``maze``), ``spare_missing`` says the spare is still in the box, and ``box`` holds the
    loose pieces not laid (in any orientation)."""

    maze: Maze
    pushes: int = 0
    holes: set[Cell] = field(default_factory=set)
    spare_missing: bool = False
    box: list[Tile] = field(default_factory=list)

    @classmethod
    def unlaid(cls, maze: Maze, fixed: Iterable[Cell]) -> "TileTable":
        """The board before a guided layout: ``maze``'s tiles on the ``fixed`` cells only (glued
        to the board), every other piece of it -- the spare too -- in the box."""
        keep = set(fixed)
        holes = {c for c in CELLS if c not in keep}
        box = [maze.tile(c) for c in CELLS if c in holes] + [maze.spare]
        tiles = tuple(HOLE if c in holes else maze.tile(c) for c in CELLS)
        return cls(Maze(tiles, HOLE), holes=holes, spare_missing=True, box=box)

    @property
    def complete(self) -> bool:
        return not self.holes and not self.spare_missing

    def lay(self, cell: Cell | None, tile: Tile) -> None:
        """A hand lays ``tile`` (as turned) on ``cell`` (None: keeps it aside as the spare), taking
        the piece out of the box; a tile lying there goes back into the box first. Raises
        ValueError when the box holds no such piece."""
        old = self.maze.spare if cell is None else self.maze.tile(cell)
        lying = not self.spare_missing if cell is None else cell not in self.holes
        if lying and old == tile:
            return
        box = self.box + ([old] if lying else [])
        k = next((i for i, t in enumerate(box) if t.same_piece(tile)), None)
        if k is None:
            raise ValueError(f"the box holds no {tile.notation()} piece to lay on {cell or 'the spare'}")
        del box[k]
        self.box = box
        if cell is None:
            self.maze = Maze(self.maze.tiles, tile)
            self.spare_missing = False
        else:
            tiles = list(self.maze.tiles)
            tiles[INDEX[cell]] = tile
            self.maze = Maze(tuple(tiles), self.maze.spare)
            self.holes.discard(cell)

    def fill(self, rows: list[str], spare: str) -> None:
        """Lay whatever is still missing as ``rows``/``spare`` show it (people looking at the printed
        grid or the page when the board went on without a tile; raises ValueError as :meth:`lay`)."""
        want = Maze.from_rows(rows, spare)
        for cell in sorted(self.holes):
            self.lay(cell, want.tile(cell))
        if self.spare_missing:
            self.lay(None, want.spare)

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

    ``pawns``: pawn (colour or ``vader``) -> start cell (None: beside the board). ``watchers`` see the
    controller's announcements, ``frame_watchers`` its LED frames.
    """

    def __init__(
        self,
        maze: Maze,
        pawns: Mapping[str, Cell | None],
        scheduler: Scheduler,
        physics: Physics = Physics(),
        rng: random.Random | None = None,
        debounce: DebounceSettings = DebounceSettings(),
        push_delay_ms: int = 300,
        hand_wraps: bool = True,
        fixed: Iterable[Cell] | None = None,
    ) -> None:
        super().__init__(scheduler, led_layout(), debounce)
        self.grid = GRID
        #: ``fixed``: lay out only these tiles (the fixed ones) -- a guided layout will place the rest
        self.fixed: frozenset[Cell] | None = None if fixed is None else frozenset(fixed)
        self.table = TileTable(maze) if self.fixed is None else TileTable.unlaid(maze, self.fixed)
        #: the board's latest instruction (an ``instruction`` event's fields) and how many were announced
        self.said: Mapping[str, Any] = {}
        self.said_seq = 0
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
        elif event.type == "instruction":
            self.said = event.fields
            self.said_seq += 1
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

    def lay_tiles(self, rows: list[str], spare: str, only: Iterable[Cell] | None = None) -> None:
        """People lay the tiles out as ``rows`` (7 strings, rank 7 first) with ``spare`` in the
        hand, e.g. as a restarted controller's ``game_resumed`` shows the saved game. ``only``:
        a guided layout was under way -- just these loose cells are laid yet (the fixed ones
        always are), the rest and the spare stay in the box."""
        maze = Maze.from_rows(rows, spare)
        if only is None:
            self.table.maze = maze
            self.table.holes, self.table.spare_missing, self.table.box = set(), False, []
        else:
            if self.fixed is None:
                raise ValueError("lay_tiles(only=...) needs a board set up for a guided layout (fixed=...)")
            table = TileTable.unlaid(maze, self.fixed)
            for c in sorted(set(only)):
                table.lay(c, maze.tile(c))
            table.pushes = self.table.pushes
            self.table = table
        self._tiles_changed()

    def lay(self, cell: Cell | None, tile: str) -> int:
        """A hand takes the piece ``tile`` (notation, as it must lie) out of the box and lays it on
        ``cell`` (None: keeps it aside as the spare); returns the time taken (ms). Raises
        ValueError when the box holds no such piece."""
        self.table.lay(cell, parse_tile(tile, "lay"))
        self._tiles_changed()
        return self.LAY_MS

    #: how long a hand takes to find a piece in the box, turn it and lay it (ms)
    LAY_MS = 2500

    def _tiles_changed(self) -> None:
        for w in self.tile_watchers:
            w()

    # -- views --------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        snap = self.world.snapshot()
        return {"pawns": {p: v["cell"] for p, v in snap["pawns"].items()}, "reeds": snap["reeds"],
                "layout": self.table.maze.rows(), "spare": self.table.maze.spare.notation(),
                "unlaid": sorted(self.table.holes) + (["spare"] if self.table.spare_missing else [])}
