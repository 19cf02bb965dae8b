"""Issue 15, Labyrinth newcomer 15 (BLOCKING): the simulator's server exited with "internal error: ValueError:
cannot slide red from b4 to b4" when the page's hand planned the pawn elsewhere than it stood (a push had
carried it). A person's hand that cannot do an action now drops it, says so and follows the world; the game
goes on. On virtual time with the real referee (tests/web/test_game_tables.py)."""

from __future__ import annotations

from test_game_tables import serve

from mazeboard.sim.web.labyrinth_table import Insert
from mazeboard.sim.web.protocol import Press, Slide


def _to_move(s):  # type: ignore[no-untyped-def]
    t = s.table
    slots = [b[5:] for b in (t.view()["instruction"] or {}).get("buttons", {}) if b.startswith("slot:")]
    s.do(Insert(slots[0]), 3000)
    s.until(lambda: t.view()["phase"] == "move", 60_000)


def test_a_hand_planned_where_the_pawn_does_not_stand_never_stops_the_server() -> None:
    s = serve("labyrinth")
    t = s.table
    _to_move(s)
    world = s.session.board.world
    here = world.pawns["red"].cell
    reach = [c for c in t.view()["reachable"]["red"] if c != here]
    assert reach, "red can reach no other tile on this seed"
    # the hand believes the pawn one step away (as after a push that carried it unseen by the hand)
    t.planned["red"] = reach[0]
    s.do(Slide("red", here), 3000)  # the person clicks the tile the pawn truly stands on
    assert any("click the tile again" in e for e in s.errors()), s.errors()
    assert t.planned["red"] == world.pawns["red"].cell  # the hand follows the world again
    s.do(Press("done"), 2000)
    s.until(lambda: t.view()["current"] == "red" and t.view()["phase"] == "shift")  # the game goes on


def test_the_hand_follows_a_pawn_a_push_carried_while_it_was_idle() -> None:
    s = serve("labyrinth")
    t = s.table
    world = s.session.board.world
    # the world moves the pawn while the people's hand is idle (another player's push carries it)
    _to_move(s)
    here = world.pawns["red"].cell
    t.planned["red"] = "zz"  # stale
    t.world_changed()
    assert t.planned["red"] == here
