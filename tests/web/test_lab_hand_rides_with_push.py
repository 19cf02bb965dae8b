"""Issue 15, Labyrinth newcomer 50 (phone): just after a push that carried its pawn (b4 -> c4), the prompt said
"⏳ Your pawn walks to b4, one tile at a time…": the page's hand, busy with the push, still planned the pawn where
it stood before it, and the page read that plan as a walk under way. A push made by the hand carries the plans of
the pawns it moves with their tiles (the hand walks nobody). On virtual time with the real referee."""

from __future__ import annotations

from test_game_tables import serve

from mazeboard.sim.web.labyrinth_table import Insert
from mazeboard.sim.web.protocol import Press, Slide

PUSHED = {"b", "d", "f", "2", "4", "6"}  # the files and ranks a push moves


def _slots(t):  # type: ignore[no-untyped-def]
    return [b[5:] for b in (t.view()["instruction"] or {}).get("buttons", {}) if b.startswith("slot:")]


def _moves(slot: str, cell: str) -> bool:
    """A push at ``slot`` ("W-2", "N-b") moves the tile at ``cell``."""
    line = slot[2:]
    return cell[0] == line if line.isalpha() else cell[1] == line


def test_the_hand_s_plan_rides_with_a_pawn_its_push_carries() -> None:
    s = serve("labyrinth", humans=("red", "blue"))
    t, world = s.table, s.session.board.world
    # red pushes and walks to a tile some push moves, Done
    for slot in _slots(t):
        s.do(Insert(slot), 3000)
        s.until(lambda: t.view()["phase"] == "move" and t.queued == 0, 60_000)
        goal = next((c for c in t.view()["reachable"]["red"] if c[0] in PUSHED or c[1] in PUSHED), None)
        if goal:
            break
        s.do(Press("done"), 3000)  # (blue's turn: a push that moves nothing of red's, Done)
        s.until(lambda: t.view()["current"] == "blue" and t.view()["phase"] == "shift" and t.queued == 0)
        s.do(Insert(next(x for x in _slots(t) if not _moves(x, world.pawns["red"].cell))), 3000)
        s.until(lambda: t.view()["phase"] == "move" and t.queued == 0, 60_000)
        s.do(Press("done"), 3000)
        s.until(lambda: t.view()["current"] == "red" and t.view()["phase"] == "shift" and t.queued == 0)
    assert goal, "red never reached a tile a push moves"
    s.do(Slide("red", goal), 100)
    s.until(lambda: world.pawns["red"].cell == goal and t.queued == 0, 60_000)
    s.do(Press("done"), 3000)
    s.until(lambda: t.view()["current"] == "blue" and t.view()["phase"] == "shift" and t.queued == 0)
    # blue pushes the line red stands on: red rides with its tile
    slot = next(x for x in _slots(t) if _moves(x, goal))
    s.do(Insert(slot), 0)
    seen = []
    while t.queued:
        s.session.clock.advance(20)
        seen.append((t.world_state()["hand"].get("red"), world.pawns["red"].cell))
    assert world.pawns["red"].cell != goal, "the push did not carry red"
    stale = [(plan, at) for plan, at in seen if at is not None and plan != at]
    assert not stale, stale
