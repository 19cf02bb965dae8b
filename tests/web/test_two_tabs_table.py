"""Two tabs of the same seat press an arrow key at the same moment: both ask for the same slide
from where they last saw the pawn. The second must not be refused as "a2 is not next to a2"
(issue 15): the pawn already stands where that tab wants it, so it is told where the pawn is."""

from __future__ import annotations

from webtable import open_table

from mazeboard.sim.web.protocol import Press, Slide


def test_a_slide_to_where_the_pawn_already_is_after_a_concurrent_slide_is_no_error() -> None:
    t = open_table(maze=("c3-c4",))
    t.advance_until(lambda: t.session.table.view.phase == "roll")
    t.do(Press("roll"), 400)
    steps = len(t.session.table.recorder.actions)
    t.session.table.handle(1, Slide("red", "a2"))
    t.session.table.handle(2, Slide("red", "a2"))  # the other tab, same key, same moment
    t.clock.advance(400)
    assert t.errors() == [], t.errors()
    assert len(t.session.table.recorder.actions) == steps + 1  # one slide, not two
    assert t.session.world.snapshot()["pawns"]["red"]["cell"] == "a2"
    worlds = [m for m, to in t.sent if m["type"] == "world"]
    assert worlds and worlds[-1]["world"]["hands"]["red"]["cell"] == "a2"  # both tabs learn where it is



def test_the_prompt_never_asks_for_zero_more_steps() -> None:
    """Issue 15: the prompt flashed "up to 0 more steps" after a full move, in the moment between
    the last step and the move's close. Whatever the order, the words for a move with no step
    left say the move is over, never "0 more steps"."""
    t = open_table(maze=("c3-c4",))
    t.advance_until(lambda: t.session.table.view.phase == "roll" and t.session.table.view.current == "red")
    t.do(Press("roll"), 50)
    ref = t.game.referee
    assert ref.move is not None and ref.move.closing is None
    ref.move.path.extend(["a2"] * ref.move.roll)  # every step taken, the close not yet run
    said = ref.instruction()
    text = said.text()
    assert "0 more step" not in text and "0 step" not in text, text
    assert "all" in text and said.player == "red", text
