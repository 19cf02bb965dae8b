"""Pawn tracking from debounced reed events (any square grid).

The reeds only say which cells hold a magnet. The tracker keeps where each
pawn is and turns reed changes into pawn movements:

* a pawn's cell opens: the pawn is *off* its cell (sliding in a gap, or lifted): :class:`Lifted`;
* a cell closes next to where an off pawn was (possibly over cells held by
  other pawns, whose reeds do not change): :class:`Stepped` along that path;
* a cell closes next to a resting pawn whose own cell has not opened yet (an
  overlap while sliding): the step is held until the old cell opens, or --
  when the old cell is shared and cannot open -- until the closure has held
  ``overlap_confirm_ms``; a closure that goes away first was noise;
* a cell closes far from every off pawn: :class:`Placed` (lifted and set down);
* a closure nobody can explain is a stray magnet or a long glitch: ignored
  and counted in ``ignored``.

Glitches shorter than the debounce window never get here (hal.debounce).
Movement events go to ``on_move``; the controller decides what they mean.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Callable, Iterable, Mapping, Union

from mazeboard.hal.clock import Scheduler, Timer
from mazeboard.hal.events import ReedChanged
from mazeboard.hal.grid import Cell, Grid


@dataclass(frozen=True, slots=True)
class Stepped:
    """``pawn`` moved one cell, ``frm`` -> ``to`` (orthogonally adjacent)."""

    t_ms: int
    pawn: str
    frm: Cell
    to: Cell


@dataclass(frozen=True, slots=True)
class Placed:
    """``pawn``, off the board since it left ``frm``, was set down on ``cell`` (not reachable by a step)."""

    t_ms: int
    pawn: str
    frm: Cell
    cell: Cell


@dataclass(frozen=True, slots=True)
class Lifted:
    """``pawn``'s cell ``frm`` opened: the pawn is off it (in a gap while sliding, lifted,
    or resting on a cell another pawn already closes)."""

    t_ms: int
    pawn: str
    frm: Cell


Movement = Union[Stepped, Placed, Lifted]


@dataclass
class _Pending:
    pawn: str
    frm: Cell
    to: Cell
    timer: Timer | None


class PawnTracker:
    """Where every pawn is, kept from reed events.

    ``positions``: pawn -> cell at start. ``prefer()`` names the pawn to favour
    when a change is ambiguous (the current player's). ``on_move`` receives
    :class:`Stepped` / :class:`Placed` in order.
    """

    def __init__(
        self,
        grid: Grid,
        positions: Mapping[str, Cell],
        scheduler: Scheduler,
        on_move: Callable[[Movement], None],
        prefer: Callable[[], str | None] = lambda: None,
        overlap_confirm_ms: int = 150,
    ) -> None:
        self.grid = grid
        self._scheduler = scheduler
        self._on_move = on_move
        self._prefer = prefer
        self._confirm_ms = overlap_confirm_ms
        self.at: dict[str, Cell | None] = dict(positions)
        self.last: dict[str, Cell] = dict(positions)
        self._off_since: dict[str, int] = {}
        self.closed: set[Cell] = set(positions.values())
        self._pending: dict[Cell, _Pending] = {}  # by arrival cell
        self.stray: set[Cell] = set()
        self.ignored = 0

    # -- queries ---------------------------------------------------------
    def pawns_at(self, cell: Cell) -> list[str]:
        return [p for p, c in self.at.items() if c == cell]

    def occupied(self, exclude: str | None = None) -> set[Cell]:
        """Cells where a pawn other than ``exclude`` rests."""
        return {c for p, c in self.at.items() if c is not None and p != exclude}

    def off_board(self) -> list[str]:
        return [p for p, c in self.at.items() if c is None]

    def assume(self, pawn: str, cell: Cell) -> None:
        """Set a pawn's cell from outside knowledge (a pawn set down on a cell
        already closed by another pawn cannot be seen by its reed)."""
        self.at[pawn] = cell
        self.last[pawn] = cell
        self._off_since.pop(pawn, None)

    def snapshot(self) -> dict[str, Cell | None]:
        return dict(self.at)

    # -- input -----------------------------------------------------------
    def on_reed(self, ev: ReedChanged) -> None:
        if ev.closed:
            self.closed.add(ev.cell)
            self._closed(ev.cell, ev.t_ms)
        else:
            self.closed.discard(ev.cell)
            self._opened(ev.cell, ev.t_ms)

    def _ranked(self, pawns: Iterable[str]) -> list[str]:
        preferred = self._prefer()
        # preferred pawn first, then the one most recently off, then by name
        return sorted(pawns, key=lambda p: (p != preferred, -self._off_since.get(p, -1), p))

    def _path_over_occupied(self, frm: Cell, to: Cell) -> list[Cell] | None:
        """Shortest path frm -> to whose intermediate cells are closed by other pawns."""
        if self.grid.adjacent(frm, to):
            return [frm, to]
        held = {c for c in self.occupied() if c in self.closed}
        prev: dict[Cell, Cell] = {frm: frm}
        todo = deque([frm])
        while todo:
            cell = todo.popleft()
            for n in self.grid.neighbours(cell):
                if n in prev:
                    continue
                if n == to:
                    path = [to, cell]
                    while path[-1] != frm:
                        path.append(prev[path[-1]])
                    return path[::-1]
                if n in held:
                    prev[n] = cell
                    todo.append(n)
        return None

    def _closed(self, cell: Cell, t: int) -> None:
        off = [p for p in self.at if self.at[p] is None]
        # 1. a pawn off its cell arrives by a step (possibly over occupied cells)
        paths = {p: self._path_over_occupied(self.last[p], cell) for p in off}
        stepping = [p for p in self._ranked(off) if paths[p] is not None]
        if stepping:
            best = min(stepping, key=lambda p: (len(paths[p] or ()) > 2, stepping.index(p)))
            self._walk(best, paths[best] or [], t)
            return
        # 2. overlap: a resting neighbour reaches in before its own cell opens
        near = [p for p in self.at if self.at[p] is not None and self.grid.adjacent(self.at[p], cell)]  # type: ignore[arg-type]
        near = [p for p in near if not any(pd.pawn == p for pd in self._pending.values())]
        if near:
            pawn = self._ranked(near)[0]
            frm = self.at[pawn]
            assert frm is not None
            pend = _Pending(pawn, frm, cell, None)
            pend.timer = self._scheduler.call_later(self._confirm_ms, lambda: self._overlap_timeout(cell))
            self._pending[cell] = pend
            return
        # 3. set down somewhere else
        if off:
            self._place(self._ranked(off)[0], cell, t)
            return
        self.stray.add(cell)
        self.ignored += 1

    def _opened(self, cell: Cell, t: int) -> None:
        # the old cell of a pending overlap step opened: confirm it
        for arrival, pend in list(self._pending.items()):
            if pend.frm == cell:
                self._confirm(arrival, t)
                return
        pend = self._pending.pop(cell, None)
        if pend is not None:  # the closure went away before it was a step: noise
            if pend.timer:
                pend.timer.cancel()
            self.ignored += 1
            return
        if cell in self.stray:
            self.stray.discard(cell)
            return
        here = self.pawns_at(cell)
        if not here:
            self.ignored += 1
            return
        for p in here:
            self.at[p] = None
            self.last[p] = cell
            self._off_since[p] = t
        for p in here:
            self._on_move(Lifted(t, p, cell))

    def _overlap_timeout(self, arrival: Cell) -> None:
        pend = self._pending.get(arrival)
        if pend is None:
            return
        t = self._scheduler.now_ms()
        if len(self.pawns_at(pend.frm)) > 1:
            self._confirm(arrival, t)  # a shared cell cannot open: the closure held, it is a step
            return
        # the pawn's own cell never opened: not this pawn; a lifted pawn set down, or a stray magnet
        del self._pending[arrival]
        off = self.off_board()
        if off:
            self._place(self._ranked(off)[0], arrival, t)
        else:
            self.stray.add(arrival)
            self.ignored += 1

    def _confirm(self, arrival: Cell, t: int) -> None:
        pend = self._pending.pop(arrival)
        if pend.timer:
            pend.timer.cancel()
        self._walk(pend.pawn, [pend.frm, pend.to], t)

    def _walk(self, pawn: str, path: list[Cell], t: int) -> None:
        self.at[pawn] = path[-1]
        self.last[pawn] = path[-1]
        self._off_since.pop(pawn, None)
        for a, b in zip(path, path[1:]):
            self._on_move(Stepped(t, pawn, a, b))

    def _place(self, pawn: str, cell: Cell, t: int) -> None:
        frm = self.last[pawn]
        self.at[pawn] = cell
        self.last[pawn] = cell
        self._off_since.pop(pawn, None)
        self._on_move(Placed(t, pawn, frm, cell))
