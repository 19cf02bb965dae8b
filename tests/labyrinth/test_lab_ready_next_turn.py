"""Issue 15, Labyrinth newcomer 97: boxed in beside its card's picture with a wall between, the card page said "No push
opens a way … and none lets your pawn get nearer to it than it stands; these keep it as near: …", a list of pushes
that changed nothing, and no way on. Where no push helps this turn, the card page looks one turn further
(``PicturePushes.ready``): this turn's push (the spare as it lies) and the tile to walk to, from which the most pushes
of the next turn open the way whatever spare is in hand then (the paths not through the tile pushed in), the maze
otherwise as this turn leaves it.

Checked here over random mazes against the tiles themselves (:meth:`Maze.shifted`, a spare of walls for the next
turn), not against the code that computes it."""

from __future__ import annotations

import random

from mazeboard.hal.labyrinth import CELLS, INDEX, SLOT_NAMES, SLOTS, Maze, Tile, moved_index, picture_pushes, rotate

WALLS = Tile(0)  # the next turn's spare, whatever it is: no side of it counted open


def _apart(a: int, b: int) -> int:
    return abs(a % 7 - b % 7) + abs(a // 7 - b // 7)


def truth(maze: Maze, pawn: int, picture: int, forbidden: str | None) -> dict[str, tuple[int, int, list[str]]]:
    """For each push of this turn (the spare as it lies): the best tile to walk to, as (pushes of the next turn that
    open the way from it, -tiles from the picture, -index) with the cell index and those pushes."""
    out = {}
    for slot in SLOT_NAMES:
        if slot == forbidden or picture == SLOTS[slot].line[-1]:
            continue
        after, _ = maze.shifted(slot)
        at, pic = moved_index(pawn, SLOTS[slot]), moved_index(picture, SLOTS[slot])
        best = None
        for cell in after.reachable_cells(CELLS[at]):
            i = INDEX[cell]
            then = []
            for nxt in SLOT_NAMES:
                if pic == SLOTS[nxt].line[-1]:
                    continue
                later, _ = Maze(after.tiles, WALLS).shifted(nxt)
                if CELLS[moved_index(pic, SLOTS[nxt])] in later.reachable_cells(CELLS[moved_index(i, SLOTS[nxt])]):
                    then.append(nxt)
            if then:
                score = (len(then), -_apart(i, pic), -i)
                if best is None or score > best[0]:
                    best = (score, i, then)
        if best is not None:
            out[slot] = best
    return out


def test_a_pawn_no_push_helps_is_told_how_to_be_ready_for_its_next_turn() -> None:
    rng = random.Random(7)
    shapes = [0b0101, 0b0011, 0b0111]  # a straight, a corner, a tee
    planned = stuck = 0
    for _ in range(3000):
        tiles = tuple(Tile(rotate(rng.choice(shapes), rng.randrange(4))) for _ in range(49))
        maze = Maze(tiles, Tile(rotate(rng.choice(shapes), rng.randrange(4))))
        pawn, picture = rng.randrange(49), rng.randrange(49)
        forbidden = rng.choice([None, *SLOT_NAMES])
        if pawn == picture:
            continue
        told = picture_pushes(maze.openings, maze.spare.mask, pawn, picture, forbidden)
        if told.nearer:  # a way this turn, or a push nearer: said as before, nothing of the next turn
            assert told.ready is None, told
            continue
        stuck += 1
        plans = truth(maze, pawn, picture, forbidden)
        if not plans:
            assert told.ready is None, told
            continue
        planned += 1
        ready = told.ready
        assert ready is not None, (pawn, picture, plans)
        top = max(p[0] for p in plans.values())
        first = next(s for s in SLOT_NAMES if s in plans and plans[s][0] == top)  # the best, the first in order
        # ...with every other push of this turn that leads to the same tile and the same pushes next turn
        assert ready["pushes"] == [s for s in SLOT_NAMES if s in plans and plans[s] == plans[first]], (ready, plans)
        assert (INDEX[ready["cell"]], ready["then"]) == plans[first][1:], (ready, plans)
        assert ready["stay"] == [s for s in ready["pushes"] if moved_index(pawn, SLOTS[s]) == INDEX[ready["cell"]]]
    assert stuck > 150 and planned > 60, (stuck, planned)  # the case is met, and a plan found in many of them (100 of 233)
