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

from dataclasses import dataclass
from typing import Callable, Collection, Iterable, Mapping, Union

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
    """``pawn``, off the board since it left ``frm`` (at ``lifted_ms``, when known), was set
    down on ``cell`` (not reachable by a step)."""

    t_ms: int
    pawn: str
    frm: Cell
    cell: Cell
    lifted_ms: int | None = None


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
    when a change is ambiguous (the current player's); ``visited(pawn)`` the
    cells it already crossed this move, avoided when two paths over occupied
    cells are equally short. ``on_move`` receives :class:`Stepped`,
    :class:`Placed` and :class:`Lifted` in order.
    """

    def __init__(
        self,
        grid: Grid,
        positions: Mapping[str, Cell],
        scheduler: Scheduler,
        on_move: Callable[[Movement], None],
        prefer: Callable[[], str | None] = lambda: None,
        overlap_confirm_ms: int = 150,
        visited: Callable[[str], Collection[Cell]] = lambda pawn: (),
    ) -> None:
        self.grid = grid
        self._scheduler = scheduler
        self._on_move = on_move
        self._prefer = prefer
        self._visited = visited
        self._confirm_ms = overlap_confirm_ms
        self.at: dict[str, Cell | None] = dict(positions)
        self.last: dict[str, Cell] = dict(positions)
        self._off_since: dict[str, int] = {}
        self.closed: set[Cell] = set(positions.values())
        self._pending: dict[Cell, _Pending] = {}  # by arrival cell
        self.stray: set[Cell] = set()
        #: pawns assumed onto a cell another pawn already closes (their reed could not confirm)
        self.unseen: set[str] = set()
        self.ignored = 0
        #: bumped on every change of what the tracker knows (cheap cache keys for its readers)
        self.version = 0

    # -- queries ---------------------------------------------------------
    def pawns_at(self, cell: Cell) -> list[str]:
        return [p for p, c in self.at.items() if c == cell]

    def occupied(self, exclude: str | None = None) -> set[Cell]:
        """Cells where a pawn other than ``exclude`` rests."""
        return {c for p, c in self.at.items() if c is not None and p != exclude}

    def off_board(self) -> list[str]:
        return [p for p, c in self.at.items() if c is None]

    def off_since(self, pawn: str) -> int | None:
        """When ``pawn``'s cell opened, if it has been off the board since (ms)."""
        return self._off_since.get(pawn) if self.at.get(pawn) is None else None

    def assume(self, pawn: str, cell: Cell, unseen: bool = False) -> None:
        """Set a pawn's cell from outside knowledge. ``unseen``: the cell is
        already closed by another pawn, so the reed could not confirm it; while
        it is the preferred pawn, a later closure reachable over occupied cells
        is taken as it moving on from there."""
        self.version += 1
        self.at[pawn] = cell
        self.last[pawn] = cell
        self._off_since.pop(pawn, None)
        self.stray.discard(cell)
        pend = self._pending.pop(cell, None)  # a closure held as a possible overlap step: it is this pawn
        if pend is not None and pend.timer:
            pend.timer.cancel()
        if unseen:
            self.unseen.add(pawn)
        else:
            self.unseen.discard(pawn)

    def pending_cells(self) -> frozenset[Cell]:
        """Closed cells the tracker is still making sense of (an overlap step not confirmed yet)."""
        return frozenset(self._pending)

    def snapshot(self) -> dict[str, Cell | None]:
        return dict(self.at)

    def resync(self, positions: Mapping[str, Cell | None], closed: Iterable[Cell]) -> None:
        """Take ``positions`` (pawn -> cell, None: off the board) and the closed reeds
        ``closed`` as the truth, forgetting steps under way (after a restart, once the
        players have put the pawns back). Closed cells no pawn explains are strays."""
        self.version += 1
        for pend in self._pending.values():
            if pend.timer:
                pend.timer.cancel()
        self._pending.clear()
        self.closed = set(closed)
        self._off_since.clear()
        self.unseen.clear()
        for pawn in self.at:
            cell = positions.get(pawn)
            self.at[pawn] = cell
            if cell is not None:
                self.last[pawn] = cell
        self.stray = self.closed - {c for c in self.at.values() if c is not None}

    # -- input -----------------------------------------------------------
    def set_closed(self, closed: Iterable[Cell]) -> None:
        """The closed reeds as a board reports them after a restart (positions unchanged)."""
        self.version += 1
        self.closed = set(closed)

    def on_reed(self, ev: ReedChanged) -> None:
        self.version += 1
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

    def _path_over_occupied(self, pawn: str, frm: Cell, to: Cell) -> list[Cell] | None:
        """Shortest path frm -> to whose intermediate cells are closed by other pawns;
        among equally short ones, the one through the fewest cells ``pawn`` visited."""
        if self.grid.adjacent(frm, to):
            return [frm, to]
        held = {c for c in self.occupied(exclude=pawn) if c in self.closed}
        parents: dict[Cell, list[Cell]] = {frm: []}
        depth = {frm: 0}
        frontier = [frm]
        while frontier and to not in depth:
            nxt: list[Cell] = []
            for cell in frontier:
                for n in self.grid.neighbours(cell):
                    if n != to and n not in held:
                        continue
                    if n not in depth:
                        depth[n] = depth[cell] + 1
                        parents[n] = [cell]
                        nxt.append(n)
                    elif depth[n] == depth[cell] + 1:
                        parents[n].append(cell)
            frontier = nxt
        if to not in depth:
            return None
        seen = set(self._visited(pawn))

        def paths(cell: Cell) -> list[list[Cell]]:
            if cell == frm:
                return [[frm]]
            return [p + [cell] for parent in parents[cell] for p in paths(parent)]

        return min(paths(to), key=lambda p: sum(c in seen for c in p[1:-1]))

    def _closed(self, cell: Cell, t: int) -> None:
        off = [p for p in self.at if self.at[p] is None]
        preferred = self._prefer()
        hidden = [p for p in self.unseen if p == preferred and self.at[p] is not None]
        near = [p for p in self.at if self.at[p] is not None and self.grid.adjacent(self.at[p], cell)]
        near = [p for p in near if not any(pd.pawn == p for pd in self._pending.values())]
        # 1. a pawn off its cell (or unseen on an occupied one) arrives by a step,
        #    possibly over cells held by other pawns -- unless the preferred pawn rests next to the
        #    cell and is not among them: its slide overlapping two cells comes first (a pawn held in
        #    a hand must not take the mover's step; if the mover's cell does not open, the held pawn
        #    arrived after all, see _overlap_timeout)
        if not (preferred in near and preferred not in off + hidden):
            if self._arrive(off + hidden, cell, t):
                return
        # 2. overlap: a resting neighbour reaches in before its own cell opens
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

    def _arrive(self, candidates: list[str], cell: Cell, t: int) -> bool:
        """One of ``candidates`` (off the board, or unseen) steps onto ``cell``, possibly over cells
        other pawns hold; False when none can reach it by steps."""
        paths = {p: self._path_over_occupied(p, self.last[p], cell) for p in candidates}
        stepping = [p for p in self._ranked(candidates) if paths[p] is not None]
        if not stepping:
            return False
        best = min(stepping, key=lambda p: (len(paths[p] or ()) > 2, stepping.index(p)))
        self._walk(best, paths[best] or [], t)
        return True

    def _opened(self, cell: Cell, t: int) -> None:
        # the old cell of a pending overlap step opened: confirm it
        for arrival, waiting in list(self._pending.items()):
            if waiting.frm == cell:
                self._confirm(arrival, t)
                return
        pend = self._pending.pop(cell) if cell in self._pending else None
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
        self.version += 1
        t = self._scheduler.now_ms()
        if len(self.pawns_at(pend.frm)) > 1:
            self._confirm(arrival, t)  # a shared cell cannot open: the closure held, it is a step
            return
        # the pawn's own cell never opened: not this pawn; a pawn off the board arrived (by a step
        # or set down), or a stray magnet
        del self._pending[arrival]
        off = self.off_board()
        if off:
            if not self._arrive(off, arrival, t):
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
        self.unseen.discard(pawn)
        self.at[pawn] = path[-1]
        self.last[pawn] = path[-1]
        self._off_since.pop(pawn, None)
        for a, b in zip(path, path[1:]):
            self._on_move(Stepped(t, pawn, a, b))

    def _place(self, pawn: str, cell: Cell, t: int) -> None:
        self.unseen.discard(pawn)
        frm = self.last[pawn]
        self.at[pawn] = cell
        self.last[pawn] = cell
        lifted = self._off_since.pop(pawn, None)
        self._on_move(Placed(t, pawn, frm, cell, lifted))
