"""Issue 15 (the fourth Labyrinth newcomer): a pawn on the pushed line rides with its tile, and the
log must be able to say so: the ``shifted`` event names the pawns it carried (docs/event-log.md)."""

from __future__ import annotations

from test_labyrinth_instruction import Table


def test_the_push_names_the_pawns_it_carried_with_their_tiles() -> None:
    """Red stands on a2; blue pushes in at W-2: red rides a2 -> b2 (not pushed off)."""
    t = Table()
    t.press("slot:W-4")
    t.move("a1", "a2")
    t.press("done")
    assert t.ref.current == "blue"
    shifted = [e for e in t.press("slot:W-2") if e.type == "shifted"][0]
    assert shifted["carried"] == [{"pawn": "red", "from": "a2", "to": "b2"}]


def test_a_push_that_carries_nobody_says_so_with_an_empty_list() -> None:
    t = Table()
    shifted = [e for e in t.press("slot:W-4") if e.type == "shifted"][0]
    assert shifted["carried"] == []
