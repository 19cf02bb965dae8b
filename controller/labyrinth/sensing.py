"""Where the Labyrinth pawns stand, from reed switches that cannot count (RULES.md §2 A turn, 4).

A reed switch under a cell says only "a magnet is here". In Labyrinth pawns
may share a tile and pass over each other, so a pawn that ends its move on
a tile another pawn already closes leaves no trace, and neither does a pawn
that leaves a shared tile. A general pawn tracker guesses identities from
the order of reed changes; in Labyrinth the referee knows much more, and
this module uses it instead of guessing:

* during a move only the mover may move (the own pawn, or Vader for a Vader
  card; with younger + vader the first of the two that moves): every other
  pawn is *fixed* where the last push left it, so a fixed pawn's cell that
  opens is a pawn moved out of turn, never the mover;
* the closed cells no fixed pawn explains (``extra``) are the mover's: one
  such cell is where the mover stands (a step, or a pawn set down); none
  means the mover is in the air or on a cell it shares with a fixed pawn;
* a slide crosses cells along open tile sides, and a slide over an empty
  cell closes that reed, so a mover that vanished from cell ``L`` and
  closed nothing is on a fixed pawn's cell joined to ``L`` through fixed
  pawns' cells only (:func:`hidden_options`); when that leaves more than
  one cell the referee asks the player (see the referee's ``ambiguous``
  warning) instead of guessing;
* after a push it knows exactly where every pawn must be
  (:func:`mazeboard.controller.labyrinth.rules.apply_shift`).

:class:`MoveWatch` follows one turn's move; it is fed the set of closed
reeds after every debounced reed change and answers with what it saw.
Pure: no clock, no I/O.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Mapping, Sequence

from mazeboard.hal.grid import Cell
from mazeboard.hal.labyrinth import CELLS, GRID, INDEX, Openings, links


@dataclass(frozen=True)
class Moved:
    """The mover ``pawn`` was seen arriving: ``path`` runs from the cell it was last
    known on to the cell whose reed closed (inner cells: fixed pawns' cells it
    slid over; two cells when it was set down or stepped once)."""

    pawn: str
    path: tuple[Cell, ...]

    @property
    def to(self) -> Cell:
        return self.path[-1]


@dataclass(frozen=True)
class Disturbed:
    """Cells of pawns that may not move now are open: ``pawns`` (those believed
    there) were moved out of turn; ``cells`` sorted."""

    cells: tuple[Cell, ...]
    pawns: tuple[str, ...]


Seen = Moved | Disturbed


def path_over(op: Openings, frm: Cell, to: Cell, held: frozenset[Cell] | set[Cell]) -> list[Cell] | None:
    """Shortest path ``frm`` -> ``to`` along open tile sides whose inner cells all lie
    in ``held`` (cells closed by other pawns: a slide over them changes no reed);
    None when there is none."""
    lk = _steps(op)
    prev = {frm: frm}
    todo = deque([frm])
    while todo:
        c = todo.popleft()
        if c == to:
            out = [c]
            while c != frm:
                c = prev[c]
                out.append(c)
            return out[::-1]
        if c != frm and c not in held:
            continue
        for n in lk[c]:
            if n not in prev:
                prev[n] = c
                todo.append(n)
    return None


def _steps(op: Openings) -> dict[Cell, list[Cell]]:
    up, rt, dn, lf = links(op)
    out: dict[Cell, list[Cell]] = {}
    for i, c in enumerate(CELLS):
        bit = 1 << i
        out[c] = [CELLS[j] for ok, j in ((up & bit, i + 7), (rt & bit, i + 1), (dn & bit, i - 7), (lf & bit, i - 1)) if ok]
    return out


def hidden_options(op: Openings, origin: Cell, on_origin: bool, held: frozenset[Cell] | set[Cell],
                   reach: int) -> tuple[list[Cell], list[Cell]]:
    """Where an unseen mover may stand: ``(by_slide, by_hand)``, each nearest first.

    ``origin``: the cell it was last known on; ``on_origin``: it may still be
    there (it shares that cell, so leaving it opened nothing). ``held``: cells
    fixed pawns close; ``reach``: bit set of the cells the mover may end on.
    ``by_slide``: cells of ``held`` within ``reach`` that a slide from
    ``origin`` reaches crossing only ``held`` cells (``origin`` first when
    ``on_origin``); ``by_hand``: the other cells of ``held`` within
    ``reach`` (a hand may set the pawn down anywhere)."""
    lk = _steps(op)
    slide: list[Cell] = [origin] if on_origin and (reach >> INDEX[origin]) & 1 else []
    seen = {origin}
    todo = deque([origin])
    while todo:
        c = todo.popleft()
        for n in lk[c]:
            if n in seen or n not in held or not (reach >> INDEX[n]) & 1:
                continue
            seen.add(n)
            slide.append(n)
            todo.append(n)
    hand = sorted((c for c in held if (reach >> INDEX[c]) & 1 and c not in slide),
                  key=lambda c: (GRID.distance(origin, c), c))
    return slide, hand


@dataclass
class MoveWatch:
    """One turn's move, followed from the set of closed reeds.

    ``positions``: every pawn's cell when the move began (exact: the push
    before set them). ``movers``: the pawns that may move this turn, preferred
    first (the own pawn before Vader). ``reach``: pawn -> bit set of the cells
    it may end on. ``op``: the maze's openings (for slide paths).
    """

    positions: Mapping[str, Cell]
    movers: tuple[str, ...]
    reach: Mapping[str, int]
    op: Openings
    #: the pawn that moved (None until one of several possible movers did)
    mover: str | None = None
    #: each possible mover's cell: None while unseen (off the cell it was last seen on)
    at: dict[str, Cell | None] = field(default_factory=dict)
    #: each possible mover's last known cell
    last: dict[str, Cell] = field(default_factory=dict)
    #: the mover was chosen among two pawns that the reeds could not tell apart
    identity_unsure: bool = False

    def __post_init__(self) -> None:
        for p in self.movers:
            self.at.setdefault(p, self.positions[p])
            self.last.setdefault(p, self.positions[p])
        if len(self.movers) == 1:
            self.mover = self.movers[0]

    # -- views ---------------------------------------------------------------
    def candidates(self) -> tuple[str, ...]:
        """Pawns that may still be the mover."""
        return (self.mover,) if self.mover is not None else self.movers

    def fixed(self) -> dict[str, Cell]:
        """Pawns that may not move now, and their cells."""
        moving = self.candidates()
        return {p: c for p, c in self.positions.items() if p not in moving}

    def held(self) -> frozenset[Cell]:
        return frozenset(self.fixed().values())

    def disturbed(self, closed: set[Cell] | frozenset[Cell]) -> Disturbed | None:
        fixed = self.fixed()
        missing = sorted(set(fixed.values()) - set(closed))
        if not missing:
            return None
        return Disturbed(tuple(missing), tuple(p for p, c in fixed.items() if c in missing))

    def visible(self, pawn: str) -> bool:
        """``pawn`` stands on a cell only it closes (its reed confirms it)."""
        c = self.at.get(pawn)
        return c is not None and c not in self.held()

    def positions_now(self) -> dict[str, Cell | None]:
        out: dict[str, Cell | None] = dict(self.positions)
        out.update(self.at)
        return out

    # -- input -----------------------------------------------------------------
    def update(self, closed: set[Cell] | frozenset[Cell]) -> list[Seen]:
        """Take the closed reeds after a change; returns what that shows."""
        if self.mover is None:
            self._choose(closed, final=False)
        bad = self.disturbed(closed)
        if bad is not None:
            return [bad]
        if self.mover is None:
            return []
        return self._follow(self.mover, closed)

    def _follow(self, m: str, closed: set[Cell] | frozenset[Cell]) -> list[Seen]:
        held = self.held()
        extra = set(closed) - held
        cur = self.at[m]
        if cur is not None and cur not in held:
            if cur in extra:
                return []  # still there; another closure is a step under way (overlap) or a stray
            self.at[m] = None  # its cell opened: lifted, in a gap, or on a shared cell
            self.last[m] = cur
        if len(extra) != 1:
            return []  # in the air / on a shared cell, or several closures to sort out first
        x = next(iter(extra))
        frm = self.last[m]
        self.at[m] = x
        self.last[m] = x
        if x == frm:
            return []
        if GRID.adjacent(frm, x):
            path = [frm, x]
        else:
            path = path_over(self.op, frm, x, held) or [frm, x]
        return [Moved(m, tuple(path))]

    def _evident(self, m: str, closed: set[Cell] | frozenset[Cell]) -> tuple[bool, set[Cell]]:
        """Whether the reeds show that ``m`` (and only it) moved, and the closures it explains."""
        others = {c for p, c in self.positions.items() if p != m}
        if others - set(closed):
            return False, set()
        extra = set(closed) - others
        start = self.positions[m]
        if start in extra:
            return False, extra  # still closed by it alone: not evidently moved
        return (start not in closed or bool(extra)), extra

    def _choose(self, closed: set[Cell] | frozenset[Cell], final: bool) -> None:
        """Several possible movers (younger + vader): the first that evidently moved is the mover."""
        evident = [m for m in self.movers if self._evident(m, closed)[0]]
        if not evident:
            return
        if len(evident) == 1 and not final:
            m = evident[0]
            _, extra = self._evident(m, closed)
            for o in self.movers:  # another pawn reaching into a new cell before its own opens?
                start = self.positions[o]
                others = {c for p, c in self.positions.items() if p != o}
                if o != m and start in closed and start not in self.held() and not others - set(closed) and any(
                        GRID.adjacent(start, x) for x in extra):
                    return  # wait until one of the two cells opens
        if len(evident) > 1:
            _, extra = self._evident(evident[0], closed)
            fits = [m for m in evident if all((self.reach.get(m, 0) >> INDEX[x]) & 1 for x in extra)]
            evident = fits or evident
            self.identity_unsure = len(evident) > 1
        self.mover = evident[0]

    # -- the end of the move -------------------------------------------------------
    def options(self, closed: set[Cell] | frozenset[Cell]) -> tuple[list[tuple[str, Cell]], bool]:
        """Where the mover may stand when the move ends: ``(options, sure)``.

        ``options``: (pawn, cell) pairs, best guess first; several when the
        reeds cannot tell them apart (the referee asks). ``sure`` is False when
        the options include a pawn set down by hand (not a slide). Empty
        options: the mover is in the air."""
        if self.mover is None:
            self._choose(closed, final=True)
            if self.mover is None:
                return self._nobody_moved(closed), True
            self._follow(self.mover, closed)  # its steps so far: the referee reports them as one
        m = self.mover
        held = self.held()
        opts: list[tuple[str, Cell]]
        cur = self.at[m]
        if cur is not None and cur not in held:
            opts = [(m, cur)]
        else:
            origin = cur if cur is not None else self.last[m]
            slide, hand = hidden_options(self.op, origin, cur is not None, held, self.reach.get(m, 0))
            if slide:
                opts = [(m, c) for c in slide]
            else:
                return [(m, c) for c in hand], False
        if self.identity_unsure and len(opts) == 1:
            (_, cell), = opts
            for o in self.movers:
                if o != m and self.positions[o] == self.positions[m] and (self.reach.get(o, 0) >> INDEX[cell]) & 1:
                    opts.append((o, cell))
        return opts, True

    def _nobody_moved(self, closed: set[Cell] | frozenset[Cell]) -> list[tuple[str, Cell]]:
        """No reed showed a move: each possible mover still on its cell, or -- hidden on a
        shared cell -- slid over shared cells only."""
        opts: list[tuple[str, Cell]] = [(self.movers[0], self.positions[self.movers[0]])]
        for p in self.movers:
            others = frozenset(c for q, c in self.positions.items() if q != p)
            start = self.positions[p]
            if start not in others:
                continue  # alone on its cell: it would have opened that reed
            slide, _ = hidden_options(self.op, start, True, others, self.reach.get(p, 0))
            opts += [(p, c) for c in slide if c != start]
        return opts


def order_options(options: Sequence[tuple[str, Cell]]) -> list[tuple[str, Cell]]:
    """Options without repeats, order kept."""
    seen: set[tuple[str, Cell]] = set()
    out = []
    for o in options:
        if o not in seen:
            seen.add(o)
            out.append(o)
    return out
