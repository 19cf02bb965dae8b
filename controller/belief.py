"""Belief vs board: which pawns stand where the referee believes, and what does not fit.

A referee believes, for every pawn, the cells it may stand on now (``may``:
its resting cell, the cells a correction allows, its start corner after a
ball drop) -- or that it is *free* (``None``: the mover during its move,
followed step by step by the tracker). The board reports which reed
switches are closed. Reeds cannot tell pawns apart nor count the pawns on
one cell, so :func:`reconcile` finds the assignment of pawns to closed reeds
that explains the most: every constrained pawn on a closed cell it may
stand on (pawns may share a cell only where their ``may`` sets overlap),
every closed reed explained by a pawn. What stays unexplained -- pawns on no
allowed closed cell, closed cells no pawn explains -- is what the referee
asks the people to put right (:mod:`.instruction` requests).

Matching by occupancy rather than by the tracker's idea of which pawn is
which is what lets a family fix any mix-up: when they put the pawns where
the LEDs ask, the board matches, whatever the tracker thought.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import AbstractSet, Mapping

Cell = str

#: at most this many candidate cells per pawn are tried (the closest to the tracker's hint first)
MAX_CANDIDATES = 6


@dataclass(frozen=True)
class Match:
    """The best explanation of the closed reeds.

    ``at``: pawn -> the closed cell it stands on (free pawns: the tracker's
    cell, possibly None while in a gap); ``unmatched``: constrained pawns on
    no closed cell they may stand on; ``extra``: closed cells no pawn explains
    (sorted). When two constrained pawns would share a cell while a closed cell
    is left unexplained, one of them (the one the tracker has elsewhere) is
    counted unmatched instead: it probably stands on that cell."""

    at: Mapping[str, Cell | None]
    unmatched: tuple[str, ...]
    extra: tuple[Cell, ...]
    #: every pawn is where the tracker has it (nothing to re-assign); not part of the answer
    agrees: bool = field(default=False, compare=False)

    @property
    def fits(self) -> bool:
        """Every constrained pawn stands where it may and every closed reed is explained."""
        return not self.unmatched and not self.extra


def _search(
    may: Mapping[str, AbstractSet[Cell] | None],
    closed: AbstractSet[Cell],
    hint: Mapping[str, Cell | None],
    explained: AbstractSet[Cell] = frozenset(),
) -> Match:
    """The general answer of :func:`reconcile`: a search over the pawns' allowed closed cells.

    ``may[p]``: the cells pawn ``p`` may stand on, or None for a free pawn
    (taken at ``hint[p]``, the tracker's cell). ``hint``: where the tracker
    believes each pawn is (breaks ties). ``explained``: closed cells the
    tracker is still making sense of (an overlap step pending), never extra.

    Preference order: most constrained pawns matched, then most closed cells
    explained, then most pawns where the tracker has them. Pure; at most
    ``(MAX_CANDIDATES + 1) ** pawns`` assignments are tried (2,401 for four
    pawns, only when the quick check fails).
    """
    at: dict[str, Cell | None] = {}
    covered: set[Cell] = set()
    constrained: list[str] = []
    for pawn, cells in may.items():
        if cells is None:
            cell = hint.get(pawn)
            at[pawn] = cell
            if cell is not None:
                covered.add(cell)
        else:
            constrained.append(pawn)
    # quick check: every constrained pawn where the tracker has it, on an allowed closed cell
    quick = all((c := hint.get(p)) is not None and c in closed and c in (may[p] or ()) for p in constrained)
    if quick:
        for p in constrained:
            at[p] = hint[p]
            covered.add(hint[p])  # type: ignore[arg-type]
        extra = tuple(sorted(set(closed) - covered - set(explained)))
        if not extra:
            return Match(at, (), ())
    options: list[list[Cell | None]] = []
    for p in constrained:
        allowed = may[p] or frozenset()
        cands = sorted(set(allowed) & set(closed), key=lambda c: (c != hint.get(p), c))
        options.append([*cands[:MAX_CANDIDATES], None])
    best: tuple[int, int, int] | None = None
    best_pick: tuple[Cell | None, ...] = ()
    base = covered
    for pick in itertools.product(*options):
        picked = [c for c in pick if c is not None]
        score = (len(picked), len(base | set(picked)),
                 sum(1 for p, c in zip(constrained, pick) if c is not None and c == hint.get(p)))
        if best is None or score > best:
            best, best_pick = score, pick
    for p, c in zip(constrained, best_pick):
        at[p] = c
        if c is not None:
            covered.add(c)
    unmatched = tuple(p for p, c in zip(constrained, best_pick) if c is None)
    extra = tuple(sorted(set(closed) - covered - set(explained)))
    if extra and not unmatched:
        # two pawns put on one cell while a closed cell is left: one of them stands there
        by_cell: dict[Cell, list[str]] = {}
        for p in constrained:
            c = at[p]
            if c is not None:
                by_cell.setdefault(c, []).append(p)
        stacked = [ps for ps in by_cell.values() if len(ps) > 1]
        if stacked:
            moved = [p for p in stacked[0] if hint.get(p) != at[p]] or stacked[0][1:]
            pawn = moved[0]
            at[pawn] = None
            unmatched = (pawn,)
    return Match(at, unmatched, extra)


def reconcile(
    may: Mapping[str, AbstractSet[Cell] | None],
    closed: AbstractSet[Cell],
    hint: Mapping[str, Cell | None],
    explained: AbstractSet[Cell] = frozenset(),
) -> Match:
    """Explain ``closed`` (cells whose reed is closed) by the pawns of ``may``.

    ``may[p]``: the cells pawn ``p`` may stand on, or None for a free pawn
    (taken at ``hint[p]``, the tracker's cell). ``hint``: where the tracker
    believes each pawn is (breaks ties). ``explained``: closed cells the
    tracker is still making sense of (an overlap step pending), never extra.

    Preference order: most constrained pawns matched, then most closed cells
    explained, then most pawns where the tracker has them. When every pawn may
    stand on one cell only (or is free) the answer is direct: each such pawn
    stands on its cell exactly when that reed is closed. Otherwise at most
    ``(MAX_CANDIDATES + 1) ** pawns`` assignments are tried (2,401 for four
    pawns). Pure.
    """
    if all(cells is None or len(cells) == 1 for cells in may.values()):
        m = _one_cell(may, closed, hint, explained)
    else:
        m = _search(may, closed, hint, explained)
    return _trust_the_tracker(m, closed, hint, explained)


def _trust_the_tracker(m: Match, closed: AbstractSet[Cell], hint: Mapping[str, Cell | None],
                       explained: AbstractSet[Cell]) -> Match:
    """A pawn matched away from the cell the tracker has it on, while that cell's reed is still
    closed and explained by no pawn, is still there: the closure it was matched to is something
    else (a glitch, a stray magnet). It counts unmatched, and that closure extra."""
    moved = [p for p, c in m.at.items() if c is not None and hint.get(p) not in (None, c) and hint.get(p) in m.extra]
    if not moved:
        return m
    at = dict(m.at)
    for p in moved:
        at[p] = None
    covered = {c for c in at.values() if c is not None}
    extra = tuple(sorted(set(closed) - covered - set(explained)))
    return Match(at, tuple(sorted(set(m.unmatched) | set(moved))), extra)


def _one_cell(may: Mapping[str, AbstractSet[Cell] | None], closed: AbstractSet[Cell],
              hint: Mapping[str, Cell | None], explained: AbstractSet[Cell]) -> Match:
    """:func:`reconcile` when every pawn may stand on one cell only or is free."""
    at: dict[str, Cell | None] = {}
    covered: set[Cell] = set()
    constrained: list[str] = []
    for pawn, cells in may.items():
        if cells is None:
            cell = hint.get(pawn)
            at[pawn] = cell
            if cell is not None:
                covered.add(cell)
        else:
            constrained.append(pawn)
    unmatched: list[str] = []
    for pawn in constrained:
        (cell,) = may[pawn]  # type: ignore[misc]
        if cell in closed:
            at[pawn] = cell
            covered.add(cell)
        else:
            at[pawn] = None
            unmatched.append(pawn)
    extra = tuple(sorted(set(closed) - covered - set(explained)))
    if extra and not unmatched:  # two pawns on one cell while a closed cell is left: one of them stands there
        by_cell: dict[Cell | None, list[str]] = {}
        for p in constrained:
            by_cell.setdefault(at[p], []).append(p)
        stacked = [ps for ps in by_cell.values() if len(ps) > 1]
        if stacked:
            moved = [p for p in stacked[0] if hint.get(p) != at[p]] or stacked[0][1:]
            at[moved[0]] = None
            unmatched.append(moved[0])
    agrees = not unmatched and all(hint.get(p) == c for p, c in at.items())
    return Match(at, tuple(unmatched), extra, agrees=agrees)


def source_cell(pawn: str, match: Match, hint: Mapping[str, Cell | None], taken: AbstractSet[Cell]) -> Cell | None:
    """Where an unmatched ``pawn`` most likely stands: the tracker's cell when no pawn
    explains it; when another pawn explains that cell, the first extra closed cell not
    ``taken`` by another unmatched pawn (the tracker mixed them up), or else still the
    tracker's cell (it shares it: a reed cannot count); None when the tracker has it off
    the board."""
    cell = hint.get(pawn)
    if cell is None:
        return None
    if cell in match.extra:
        return cell
    for c in match.extra:
        if c not in taken:
            return c
    return cell
