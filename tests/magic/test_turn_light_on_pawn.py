"""Issue 15, Magic newcomers 25, 33, 46 and 47: the turn light stood on the player's start corner, so with the pawn
elsewhere it was read as "go back here" (a frame), as the move to make (a glowing 🏠), and as "go back home" ("Red's
turn" by the 🏠). Whose turn is now lit under the pawn that moves: its cell in the player's colour (the LED shines
round the pawn's base), the start corner dark unless something is asked there."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from mazeboard.controller.leds import PLAYER_RGB  # noqa: E402

from test_referee import Table  # noqa: E402

OFF = (0, 0, 0)


def _red_on_b1_then_blue_done() -> Table:
    """Red rolls 1 and steps a1 -> b1 (no wall there at seed 1); Blue rolls and ends at once with Done."""
    t = Table(dice=(1, 1, 1), targets=("moon",))
    t.press("roll")
    t.slide("b1", frm="a1")
    t.wait(5000)  # the move ends by itself (the last step taken)
    assert t.ref.current == "blue", t.types()
    return t


def test_whose_turn_is_lit_under_the_pawn_not_on_its_start_corner() -> None:
    t = _red_on_b1_then_blue_done()
    assert t.led("f6") == PLAYER_RGB["blue"]  # Blue's pawn is still on its corner: lit there
    t.press("roll")
    t.press("done")
    t.wait(5000)
    assert t.ref.current == "red" and t.ref.state == "waiting_for_roll", t.types()
    assert t.led("b1") == PLAYER_RGB["red"]  # under Red's pawn
    assert t.led("a1") == OFF  # its start corner is not lit: nothing is asked there
    assert t.led("f6") == OFF


def test_the_instruction_s_cells_and_the_turn_light_agree_during_a_move() -> None:
    """While Red moves, the pawn's cell shows Red's colour at full strength, the cells to end on dimly."""
    t = _red_on_b1_then_blue_done()
    t.press("roll")
    t.press("done")
    t.wait(5000)
    t.press("roll")
    assert t.ref.state == "moving"
    assert t.led("b1") == PLAYER_RGB["red"]
    assert t.led("a1") != PLAYER_RGB["red"]
