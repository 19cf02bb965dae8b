"""Issue 15, Magic newcomer 52 (phone): after a drop Red lifted its pawn, set it on b1 instead of a1 and lifted it
again: b1 went on pulsing (the cell to leave) and the words still said "Red's pawn on b1 goes back", though b1 was
empty and the pawn in the hand; a1 and b1 both glowed orange. A pawn off the board longer than a slide's gap
(``offboard_ms``) is in the hand: the cell it left no longer pulses, the words no longer place it there. Within
the gap the words and LEDs keep the cell it left (no flicker while it slides)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from mazeboard.controller.instruction import LEAVE_RGB  # noqa: E402
from mazeboard.hal.events import ReedChanged  # noqa: E402

from test_referee import Table  # noqa: E402


def _dropped_on_c1() -> Table:
    t = Table(dice=(3,), targets=("owl",))
    t.press("roll")
    t.slide("b1", "c1", frm="a1")
    t.wait(50)
    t.ball(True)
    assert t.ref.state == "waiting_for_return"
    return t


def _said(t: Table) -> str:
    return next(e.to_dict()["text"] for e in reversed(t.events) if e.type == "instruction")


def _colours(t: Table, cell: str, ms: int = 1200) -> set[tuple[int, int, int]]:
    seen = set()
    for _ in range(ms // 60):
        t.wait(60)
        seen.add(t.led(cell))
    return seen


def test_a_pawn_held_in_the_hand_is_no_longer_placed_on_the_cell_it_left() -> None:
    t = _dropped_on_c1()
    assert "on c1" in _said(t)
    t.send(ReedChanged(t.clock.now_ms(), "c1", False))
    t.wait(30)
    assert "on c1" in _said(t)  # within a slide's gap: as it was, no flicker
    t.wait(t.ref.options.offboard_ms)
    assert "on c1" not in _said(t) and "back on its start corner a1" in _said(t), _said(t)  # (put it there)
    assert LEAVE_RGB not in _colours(t, "c1"), _colours(t, "c1")
    # set down on b1, then lifted again: b1 neither pulses nor is named once the pawn is in the hand
    t.send(ReedChanged(t.clock.now_ms(), "b1", True))
    t.wait(300)
    assert "on b1" in _said(t)
    t.send(ReedChanged(t.clock.now_ms(), "b1", False))
    t.wait(t.ref.options.offboard_ms + 50)
    assert "on b1" not in _said(t), _said(t)
    assert LEAVE_RGB not in _colours(t, "b1"), _colours(t, "b1")


def test_the_board_check_never_places_a_pawn_on_the_cell_it_must_go_to() -> None:
    """An attack: after a restart the saved game has Red on a2, the board on a1; Red's pawn lifted off a1 was said
    "Red's pawn on a2 must go to a2" (the belief's cell, whose reed is open)."""
    from test_instruction import Table as Check

    t = Check(dice=(2,))
    t.press("roll")
    t.slide("a2", frm="a1")
    t.ref.resume(frozenset({"a1", "f6"}), frozenset())
    assert "Red's pawn on a1 must go to a2" in t.said()["text"], t.said()["text"]
    t.reed("a1", False)
    for wait in (30, 3000):
        t.wait(wait)
        said = t.said()["text"]
        assert "must go to a2" not in said and "Put red's pawn on a2" in said, said
