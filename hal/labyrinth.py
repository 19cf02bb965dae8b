"""Labyrinth (Ravensburger, sliding tiles) board geometry, shared by the controller and the simulator.

RULES.md §2 Components. This module is physical board data and mechanics,
like :mod:`.grid` is for The Magic Labyrinth: what a tile is, how the 12
insertion slots push a line of tiles, and which cells a path of open tile
sides connects. The game rules (forbidden slot, cards, winning, variants)
live in ``mazeboard.controller.labyrinth.rules``.

Shapes and units:

* a tile's open sides are a 4-bit mask, ``N=1 E=2 S=4 W=8`` (RULES.md writes
  them in N E S W order: ``"NES"`` is a T closed to the west); north is rank
  7's side; rotation is clockwise in quarter turns;
* a cell index is :meth:`Grid.index` on the 7x7 grid (``a1`` = 0, ``b1`` = 1,
  ..., ``g7`` = 48), and a set of cells is an ``int`` bit set over those 49
  indices (a *bitboard*);
* the board's openings are four bitboards ``(n, e, s, w)``: the cells whose
  tile is open to that side. Shifting a line and flooding a path are a few
  integer operations on them, which is what makes evaluating every shift
  (12 slots x 4 rotations, each with its reachable set) cheap: see
  :func:`sweep`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, Iterable, Sequence

from .board import LedLayout
from .errors import ConfigError
from .grid import LABYRINTH_GRID, Cell

N, E, S, W = 1, 2, 4, 8
SIDES = "NESW"
SIDE_BIT = {"N": N, "E": E, "S": S, "W": W}
SIZE = 7
GRID = LABYRINTH_GRID
CELLS: tuple[Cell, ...] = GRID.cells
INDEX: dict[Cell, int] = {c: GRID.index(c) for c in CELLS}
FULL = (1 << 49) - 1
FILE_A = sum(1 << (7 * r) for r in range(7))
FILE_G = FILE_A << 6
NOT_FILE_A = FULL & ~FILE_A
NOT_FILE_G = FULL & ~FILE_G

#: Box-drawing glyph of each mask (0 and single sides shown for completeness).
GLYPHS = {0: "·", N: "╵", E: "╶", S: "╷", W: "╴", N | S: "│", E | W: "─", N | E: "└", E | S: "┌",
          S | W: "┐", N | W: "┘", N | E | S: "├", E | S | W: "┬", N | S | W: "┤", N | E | W: "┴",
          N | E | S | W: "┼"}


def rotate(mask: int, quarters: int = 1) -> int:
    """``mask`` turned clockwise by ``quarters`` quarter turns (N->E->S->W->N)."""
    q = quarters % 4
    return ((mask << q) | (mask >> (4 - q))) & 15


def parse_sides(text: str, where: str = "tile") -> int:
    """``"NES"`` -> mask; sides in any order, each once; raises :class:`ConfigError`."""
    mask = 0
    for ch in text:
        bit = SIDE_BIT.get(ch)
        if bit is None or mask & bit:
            raise ConfigError(f"{where}: {text!r} is not a tile's open sides (letters N E S W, each once)")
        mask |= bit
    return mask


def format_sides(mask: int) -> str:
    """mask -> open sides in N E S W order (``"NES"``)."""
    return "".join(s for s in SIDES if mask & SIDE_BIT[s])


def shape(mask: int) -> str:
    """``straight``, ``corner``, ``t`` -- or ``invalid`` for any other mask (0, 1 or 4 sides)."""
    return {5: "straight", 10: "straight", 3: "corner", 6: "corner", 12: "corner", 9: "corner"}.get(
        mask, "t" if bin(mask).count("1") == 3 else "invalid"
    )


@dataclass(frozen=True, slots=True)
class Tile:
    """One tile: open sides ``mask``, an optional ``picture`` and an optional ``mark`` (``vader``)."""

    mask: int
    picture: str | None = None
    mark: str | None = None

    def turned(self, quarters: int) -> "Tile":
        """The same tile rotated clockwise by ``quarters`` quarter turns."""
        return Tile(rotate(self.mask, quarters), self.picture, self.mark)

    @property
    def shape(self) -> str:
        return shape(self.mask)

    def same_piece(self, other: "Tile") -> bool:
        """True when ``other`` is this physical piece in any orientation."""
        return (other.picture, other.mark) == (self.picture, self.mark) and any(
            rotate(self.mask, q) == other.mask for q in range(4)
        )

    def notation(self) -> str:
        """SCENARIOS.md notation: ``"NES"``, ``"ESW:ring"``, ``"NS:vader"``."""
        label = self.picture or self.mark
        return format_sides(self.mask) + (f":{label}" if label else "")

    def __str__(self) -> str:
        return self.notation()


def parse_tile(text: object, where: str = "tile", marks: Iterable[str] = ("vader",)) -> Tile:
    """``"ESW:ring"`` -> Tile; a label in ``marks`` is a mark, any other a picture.

    Raises :class:`ConfigError` naming ``where`` for a malformed tile or a
    mask that is not a straight, corner or T piece."""
    if not isinstance(text, str) or not text:
        raise ConfigError(f"{where}: {text!r} is not a tile like 'NES' or 'ESW:ring'")
    sides, _, label = text.partition(":")
    mask = parse_sides(sides, where)
    if shape(mask) == "invalid":
        raise ConfigError(f"{where}: {text!r} opens {len(sides)} side(s); tiles are straight, corner or T pieces")
    if ":" in text and not label:
        raise ConfigError(f"{where}: {text!r} has an empty picture after ':'")
    if label in tuple(marks):
        return Tile(mask, None, label)
    return Tile(mask, label or None)


# -- slots ---------------------------------------------------------------------


@dataclass(frozen=True)
class Slot:
    """An insertion slot (RULES.md §2): ``S-b`` inserts at the bottom of file b and pushes north.

    ``line``: the cell indices of the pushed line from the insertion end to
    the far end (the tile on ``line[-1]`` is ejected; a pawn there wraps onto
    ``line[0]``). ``opposite``: the slot at the far end.
    """

    name: str
    edge: str
    line: tuple[int, ...]
    opposite: str
    mask: int  # bitboard of the line

    @property
    def entry(self) -> Cell:
        return CELLS[self.line[0]]

    @property
    def exit(self) -> Cell:
        return CELLS[self.line[-1]]


def _slots() -> dict[str, Slot]:
    out: dict[str, Slot] = {}
    for f in (1, 3, 5):
        col = tuple(7 * r + f for r in range(7))
        name = "abcdefg"[f]
        out[f"S-{name}"] = Slot(f"S-{name}", "S", col, f"N-{name}", sum(1 << i for i in col))
        out[f"N-{name}"] = Slot(f"N-{name}", "N", col[::-1], f"S-{name}", sum(1 << i for i in col))
    for r in (1, 3, 5):
        row = tuple(7 * r + f for f in range(7))
        out[f"W-{r + 1}"] = Slot(f"W-{r + 1}", "W", row, f"E-{r + 1}", sum(1 << i for i in row))
        out[f"E-{r + 1}"] = Slot(f"E-{r + 1}", "E", row[::-1], f"W-{r + 1}", sum(1 << i for i in row))
    return out


#: The 12 slots by name, bottom edge first then top, left, right (``S-b`` ... ``E-6``).
SLOTS: dict[str, Slot] = _slots()
SLOT_NAMES: tuple[str, ...] = tuple(SLOTS)


def parse_slot(text: object, where: str = "slot") -> Slot:
    """Validate a slot name; raises :class:`ConfigError` listing the 12 names."""
    slot = SLOTS.get(text) if isinstance(text, str) else None
    if slot is None:
        raise ConfigError(f"{where}: {text!r} is not a slot ({' '.join(SLOT_NAMES)})")
    return slot


def moved_index(index: int, slot: Slot) -> int:
    """Where the tile (or pawn) on cell ``index`` is after pushing at ``slot``.

    Off the line: unchanged. On the line: one cell further; from the far end
    it wraps onto the inserted tile (``line[0]``) -- RULES.md §2 A turn, 3."""
    line = slot.line
    if not (slot.mask >> index) & 1:
        return index
    pos = line.index(index)
    return line[0] if pos == len(line) - 1 else line[pos + 1]


def shift_line(items: Sequence[object], slot: Slot, inserted: object) -> tuple[tuple[object, ...], object]:
    """Push ``inserted`` into a 49-item row-major sequence at ``slot``: (new items, ejected item)."""
    out = list(items)
    line = slot.line
    ejected = out[line[-1]]
    for k in range(len(line) - 1, 0, -1):
        out[line[k]] = out[line[k - 1]]
    out[line[0]] = inserted
    return tuple(out), ejected


# -- bitboards ----------------------------------------------------------------

Openings = tuple[int, int, int, int]  # (n, e, s, w) bitboards


def openings(masks: Iterable[int]) -> Openings:
    """The four side bitboards of 49 tile masks in cell-index order."""
    n = e = s = w = 0
    for i, m in enumerate(masks):
        bit = 1 << i
        if m & N:
            n |= bit
        if m & E:
            e |= bit
        if m & S:
            s |= bit
        if m & W:
            w |= bit
    return n, e, s, w


def shift_openings(op: Openings, slot: Slot, mask: int) -> tuple[Openings, int]:
    """Push a tile with open sides ``mask`` in at ``slot``: (new openings, ejected tile's mask)."""
    line = slot.mask
    first, last = slot.line[0], slot.line[-1]
    step = {"S": 7, "N": -7, "W": 1, "E": -1}[slot.edge]
    out = []
    ejected = 0
    for k, board in enumerate(op):
        part = board & line
        ejected |= ((part >> last) & 1) << k
        moved = ((part << step) if step > 0 else (part >> -step)) & line
        out.append((board & ~line) | moved | (((mask >> k) & 1) << first))
    return (out[0], out[1], out[2], out[3]), ejected


def links(op: Openings) -> Openings:
    """Cells that can step north / east / south / west: both facing sides open."""
    n, e, s, w = op
    return n & (s >> 7), e & (w >> 1) & NOT_FILE_G, s & (n << 7) & FULL, w & (e << 1) & NOT_FILE_A


def neighbours(op: Openings, index: int) -> int:
    """Bit set of the cells one step from cell ``index`` through facing open sides."""
    up, rt, dn, lf = links(op)
    bit = 1 << index
    return ((bit & up) << 7) | ((bit & dn) >> 7) | ((bit & rt) << 1) | ((bit & lf) >> 1)


def flood(lk: Openings, start: int) -> int:
    """The bit set of cells connected to the cells in ``start`` through ``lk`` (see :func:`links`)."""
    up, rt, dn, lf = lk
    seen = front = start
    while front:
        front = (((front & up) << 7) | ((front & dn) >> 7) | ((front & rt) << 1) | ((front & lf) >> 1)) & ~seen
        seen |= front
    return seen


def reachable(op: Openings, index: int) -> int:
    """Bit set of the cells connected to cell ``index`` by an unbroken path (RULES.md §2 A turn, 4)."""
    return flood(links(op), 1 << index)


def cells_of(bits: int) -> list[Cell]:
    """Bit set -> sorted cell names."""
    out = []
    while bits:
        low = bits & -bits
        out.append(CELLS[low.bit_length() - 1])
        bits ^= low
    return sorted(out)


def bits_of(cells: Iterable[Cell]) -> int:
    out = 0
    for c in cells:
        out |= 1 << INDEX[c]
    return out


#: distinct orientations of a mask, as quarter turns (a straight has 2, others 4)
def distinct_turns(mask: int) -> tuple[int, ...]:
    seen: dict[int, int] = {}
    for q in range(4):
        seen.setdefault(rotate(mask, q), q)
    return tuple(seen.values())


def sweep(op: Openings, spare: int, index: int) -> list[tuple[str, int, int, int]]:
    """Every shift option with the reachable set after it: the search's hot path.

    For each of the 12 slots and 4 clockwise quarter turns of the ``spare``
    mask: ``(slot name, quarter turns, cell index of the pawn that stood on
    ``index`` after the push (wrapped if pushed off), reachable bit set)``.
    Orientations a straight shares are computed once. The forbidden slot is
    included (the caller filters by the rules)."""
    out: list[tuple[str, int, int, int]] = []
    orients = [(q, rotate(spare, q)) for q in range(4)]
    for slot in SLOTS.values():
        base, _ = shift_openings(op, slot, 0)
        at = moved_index(index, slot)
        first = slot.line[0]
        bn, be, bs, bw = base
        done: dict[int, int] = {}
        for q, m in orients:
            r = done.get(m)
            if r is None:
                bit = 1 << first
                lk = links((bn | bit if m & N else bn, be | bit if m & E else be,
                            bs | bit if m & S else bs, bw | bit if m & W else bw))
                r = done[m] = flood(lk, 1 << at)
            out.append((slot.name, q, at, r))
    return out


@dataclass(frozen=True)
class PicturePushes:
    """What the pushes of one turn do for reaching one picture (:func:`picture_pushes`).

    ``now``: the slots whose push, the spare as it lies, opens a way from the pawn to the picture; ``turned``: the
    same with the spare turned any quarter; ``nearest``: when ``now`` is empty, the slots whose push (the spare as it
    lies) lets the pawn walk nearest to the picture, each with the cell to walk to (the first in a1..g7 order), and
    ``tiles``: how far that cell is from the picture, along the rows and columns (0 when ``now`` is not empty);
    ``stay``: the slots of ``nearest`` whose cell is the one the pawn stands on after the push; ``turns``: for each
    slot of ``turned``, the fewest clockwise quarter turns of the spare (⟳ Rotate presses, 0-3) with which it opens the
    way; ``nearer``: False when no push, the spare turned any way, lets the pawn walk nearer to the picture than the
    tile it stands on now (no push helps), else True; ``ready``: only where no push helps, a look one turn further
    (:func:`ready_for_next_turn`), or None."""

    now: list[str]
    turned: list[str]
    nearest: dict[str, Cell]
    tiles: int
    stay: list[str]
    turns: dict[str, int]
    nearer: bool
    ready: dict[str, Any] | None = None


def _apart(a: int, b: int) -> int:
    return abs(a % 7 - b % 7) + abs(a // 7 - b // 7)


def picture_pushes(op: Openings, spare: int, pawn: int, picture: int | None,
                   forbidden: str | None = None) -> PicturePushes:
    """The pushes after which the tile on cell index ``picture`` (None: the spare) lies where the pawn on cell index
    ``pawn`` can walk (RULES.md §2 A turn), as :class:`PicturePushes` (slot names in ``SLOT_NAMES`` order, the
    ``spare`` mask as it lies or turned, ``forbidden`` left out). The tile at the far end of the pushed line leaves
    the board (the new spare: out of reach); the spare enters at the line's first cell. Built on :func:`sweep` (the
    same reach the referee follows)."""
    now: set[str] = set()
    turned: set[str] = set()
    turns: dict[str, int] = {}  # slot -> the fewest quarter turns that open the way
    near: dict[str, tuple[int, int]] = {}  # slot -> (tiles apart, cell index to walk to), the spare as it lies
    closest = 99  # the fewest tiles apart the pawn may walk to, the spare turned any way (for ``nearer``)
    stands: dict[str, int] = {}  # slot -> the cell index the pawn stands on after the push
    for name, quarters, moved, bits in sweep(op, spare, pawn):
        slot = SLOTS[name]
        if name == forbidden or (picture is not None and picture == slot.line[-1]):
            continue
        at = slot.line[0] if picture is None else moved_index(picture, slot)
        if (bits >> at) & 1:
            turned.add(name)
            turns[name] = min(quarters, turns.get(name, quarters))
            if quarters == 0:
                now.add(name)
        else:
            cells = [i for i in range(49) if (bits >> i) & 1]
            best = min((_apart(i, at), i) for i in cells)
            closest = min(closest, best[0])
            if quarters == 0:
                near[name] = best
                stands[name] = moved
    tiles = min((d for d, _ in near.values()), default=0) if not now else 0
    nearest = {s: CELLS[near[s][1]] for s in SLOT_NAMES if not now and s in near and near[s][0] == tiles}
    stay = [s for s in nearest if near[s][1] == stands[s]]
    # (Labyrinth newcomer 91 read pushes that left it as near as it stood as advice; the spare turned any way counts:
    # an attack found "none lets your pawn get nearer … whichever way the spare is turned" false of a turned spare)
    nearer = bool(turned) or not nearest or picture is None or closest < _apart(pawn, picture)
    return PicturePushes([s for s in SLOT_NAMES if s in now], [s for s in SLOT_NAMES if s in turned], nearest, tiles,
                         stay, {s: turns[s] for s in SLOT_NAMES if s in turns}, nearer,
                         None if nearer or picture is None else ready_for_next_turn(op, spare, pawn, picture, forbidden))


def ready_for_next_turn(op: Openings, spare: int, pawn: int, picture: int,
                        forbidden: str | None = None) -> dict[str, Any] | None:
    """Where no push of this turn helps the pawn on cell index ``pawn`` towards the tile on cell index ``picture``: the
    push of this turn (the ``spare`` mask as it lies, ``forbidden`` left out) and the tile to walk to after it from
    which the most pushes of the next turn open a way to the picture, whatever spare is in hand then (its sides all
    counted closed: the way never runs through the tile pushed in; the others' pushes between the two turns unknown,
    so not counted). Ties: the tile nearer the picture, then the first in cell-index order, then the first push in
    ``SLOT_NAMES`` order.

    Returns ``{"pushes": [slot, ...], "cell": cell, "stay": [slot, ...], "then": [slot, ...]}``: ``pushes``, the best
    push and every other push of this turn with the same tile and the same pushes next turn; ``stay``, those of them
    after which the pawn already stands on ``cell``; ``then``, the pushes of the next turn that open the way from
    ``cell`` (slot names in ``SLOT_NAMES`` order). None when no tile the pawn can reach this turn is one push from the
    picture so. Labyrinth newcomer 97, boxed in beside its picture with a wall between, was given pushes that kept it
    where it stood."""
    plans: dict[str, tuple[tuple[int, int, int], int, list[str]]] = {}
    for name in SLOT_NAMES:
        slot = SLOTS[name]
        if name == forbidden or picture == slot.line[-1]:
            continue
        after, _ = shift_openings(op, slot, spare)
        pic = moved_index(picture, slot)
        reach = reachable(after, moved_index(pawn, slot))
        opens: dict[int, list[str]] = {}
        for later_name in SLOT_NAMES:
            later = SLOTS[later_name]
            if pic == later.line[-1]:
                continue
            joined = reachable(shift_openings(after, later, 0)[0], moved_index(pic, later))
            for i in range(49):
                if (reach >> i) & 1 and (joined >> moved_index(i, later)) & 1:
                    opens.setdefault(i, []).append(later_name)
        if opens:
            plans[name] = max(((len(t), -_apart(i, pic), -i), i, t) for i, t in opens.items())
    if not plans:
        return None
    best = max(plans.values(), key=lambda p: p[0])
    pushes = [s for s in SLOT_NAMES if plans.get(s) == best]
    return {"pushes": pushes, "cell": CELLS[best[1]], "then": best[2],
            "stay": [s for s in pushes if moved_index(pawn, SLOTS[s]) == best[1]]}


# -- a whole maze ----------------------------------------------------------------


@dataclass(frozen=True)
class Maze:
    """The 49 tiles on the board (``tiles[i]`` on cell index i) and the spare.

    Immutable: :meth:`shifted` returns a new maze. ``openings`` are the
    bitboards of :func:`openings`, computed once per maze."""

    tiles: tuple[Tile, ...]
    spare: Tile

    @cached_property
    def openings(self) -> Openings:
        return openings(t.mask for t in self.tiles)

    def tile(self, cell: Cell) -> Tile:
        return self.tiles[INDEX[cell]]

    def shifted(self, slot: Slot | str, quarters: int = 0) -> tuple["Maze", Tile]:
        """Turn the spare by ``quarters`` and push it in at ``slot``: (new maze, ejected tile).

        The ejected tile is the new spare (in the orientation it had on the board)."""
        s = SLOTS[slot] if isinstance(slot, str) else slot
        tiles, ejected = shift_line(self.tiles, s, self.spare.turned(quarters))
        assert isinstance(ejected, Tile)
        return Maze(tuple(t for t in tiles if isinstance(t, Tile)), ejected), ejected

    def cell_of(self, picture: str) -> Cell | None:
        """Cell of the tile showing ``picture`` or mark (None: it is the spare)."""
        for i, t in enumerate(self.tiles):
            if t.picture == picture or t.mark == picture:
                return CELLS[i]
        return None

    def reachable(self, cell: Cell) -> int:
        return reachable(self.openings, INDEX[cell])

    def reachable_cells(self, cell: Cell) -> list[Cell]:
        return cells_of(self.reachable(cell))

    def is_exit(self, cell: Cell) -> bool:
        """True for a tile on the board's edge whose path opens off the board (RULES.md §2 Variants)."""
        f, r = GRID.coords(cell)
        m = self.tile(cell).mask
        return bool((r == 6 and m & N) or (f == 6 and m & E) or (r == 0 and m & S) or (f == 0 and m & W))

    def rows(self) -> list[str]:
        """SCENARIOS.md ``layout``: rank 7 first, 7 tiles a row in notation, space separated."""
        return [" ".join(self.tiles[7 * r + f].notation() for f in range(7)) for r in reversed(range(7))]

    @classmethod
    def from_rows(cls, rows: Sequence[object], spare: object, where: str = "layout") -> "Maze":
        """Parse SCENARIOS.md ``layout`` rows and ``spare``; raises :class:`ConfigError` naming the cell."""
        if not isinstance(rows, (list, tuple)) or len(rows) != 7:
            raise ConfigError(f"{where}: give 7 rows (rank 7 first), got {rows!r}")
        tiles: list[Tile | None] = [None] * 49
        for k, row in enumerate(rows):
            rank = 6 - k
            words = row.split() if isinstance(row, str) else None
            if words is None or len(words) != 7:
                raise ConfigError(f"{where}[{k}] (rank {rank + 1}): give 7 tiles separated by spaces, got {row!r}")
            for f, word in enumerate(words):
                cell = GRID.cell_at(f, rank)
                tiles[7 * rank + f] = parse_tile(word, f"{where} {cell}")
        return cls(tuple(t for t in tiles if t is not None), parse_tile(spare, "spare"))


def render_maze(maze: Maze, pawns: dict[Cell, str] | None = None, label_width: int = 3) -> str:
    """The maze as a box-drawing text grid, rank 7 at the top (for laying out the tiles).

    Each tile is 3 lines of ``2 * label_width + 1`` characters: its picture's
    first letters top left, the pawns on it (initials) bottom left, and lines
    for its open sides around the junction glyph."""
    pawns = pawns or {}
    lw = label_width
    width = 2 * lw + 1
    head = "    " + "".join(f"{'abcdefg'[f]:^{width}}" for f in range(7))
    lines = [head]
    for r in reversed(range(7)):
        top, mid, bot = [], [], []
        for f in range(7):
            t = maze.tiles[7 * r + f]
            m = t.mask
            label = (t.picture or t.mark or "")[:lw]
            arm = "─" * lw
            top.append(f"{label:<{lw}}" + ("│" if m & N else " ") + " " * lw)
            mid.append((arm if m & W else " " * lw) + GLYPHS[m] + (arm if m & E else " " * lw))
            bot.append(f"{pawns.get(GRID.cell_at(f, r), ''):<{lw}}" + ("│" if m & S else " ") + " " * lw)
        lines.append("    " + "".join(top))
        lines.append(f" {r + 1}  " + "".join(mid))
        lines.append("    " + "".join(bot))
    lines.append(f"    spare: {maze.spare.notation()} {GLYPHS[maze.spare.mask]}")
    return "\n".join(lines)


def led_layout() -> LedLayout:
    """49 cell LEDs (row-major, ``a1`` = 0) then one LED per slot arrow, ``slot:S-b`` ... (indices 49-60)."""
    names = list(CELLS) + [f"slot:{s}" for s in SLOT_NAMES]
    return LedLayout({n: i for i, n in enumerate(names)}, len(names))


#: Button names of the Labyrinth board: the rotate button, done, and one slot sensor per slot.
ROTATE_BUTTON = "rotate"
DONE_BUTTON = "done"
SLOT_BUTTONS: tuple[str, ...] = tuple(f"slot:{s}" for s in SLOT_NAMES)
BUTTONS: tuple[str, ...] = (ROTATE_BUTTON, DONE_BUTTON) + SLOT_BUTTONS
