"""The Labyrinth table refuses a Lift the board does not ask for (round 24, issue 15): the page's Lift
button is off in a plain move (hal/web/controls.py ``lab_lift_refusal``: a click on a tile walks the
pawn, a lift and a set-down is a jump the referee warns of); a ``lift:PAWN`` command sent anyway is
refused by the server with the same words, and the pawn stays on the board."""

from __future__ import annotations

from mazeboard.hal.web import controls
from mazeboard.sim.web.labyrinth_table import Insert
from mazeboard.sim.web.protocol import Lift

from test_game_tables import serve


def test_a_lift_the_board_does_not_ask_for_is_refused_in_the_pages_words() -> None:
    s = serve("labyrinth")
    s.do(Insert("S-b"), 3000)
    s.until(lambda: s.table.view()["phase"] == "move")
    said = s.table.state.instruction
    reason = controls.lab_lift_refusal(said, ["red"], "red", "red")
    assert reason is not None and "click a tile" in reason, reason
    s.do(Lift("red"), 1000)
    assert s.errors() and s.errors()[-1] == reason, s.errors()[-1:]
    assert s.table.world_state()["pawns"]["red"] is not None, "the pawn was lifted anyway"
    assert "lifted" not in [e["kind"] for e in s.events("warning")]
