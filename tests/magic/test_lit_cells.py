"""Issue 15 (a newcomer in the browser): the lit cells are where the pawn can still go, and the
move's words say what happens.

* The cells lit for a move shrink as the pawn moves: from where it stands, with the steps left.
* A wall the players have found this game is not lit across (legal, but sure to drop the ball).
* The instruction says the move ends by itself after the last step; Done stops it sooner.
* The LEDs and the instruction are one thing: the dim cells are exactly the instruction's cells.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from mazeboard.controller.leds import LEGAL_LEVEL, PLAYER_RGB, scale  # noqa: E402
from mazeboard.hal.events import ReedChanged  # noqa: E402

from test_referee import Table  # noqa: E402


def said(t: Table) -> dict[str, Any]:
    return [e for e in t.events if e.type == "instruction"][-1].to_dict()


def dim_red(t: Table) -> set[str]:
    """Cells lit as a legal end cell (red at the legal level)."""
    from mazeboard.hal.boards import MAGIC
    return {c for c in MAGIC.cells if t.led(c) == scale(PLAYER_RGB["red"], LEGAL_LEVEL)}


def drop_at(t: Table, cell: str) -> None:
    """Red, rolled 1 on a1, steps to ``cell`` and its ball falls: a wall found; red goes back; blue ends its turn."""
    t.slide(cell, frm="a1")
    t.wait(50)
    t.ball(True)
    t.send(ReedChanged(t.clock.now_ms(), cell, False))
    t.send(ReedChanged(t.clock.now_ms(), "a1", True))
    t.wait(50)
    t.ball(False)
    t.press("roll")  # blue
    t.press("done")
    t.wait(600)


def test_the_lit_cells_shrink_as_the_pawn_moves() -> None:
    t = Table(dice=(3,), targets=("owl",))
    t.press("roll")
    assert {"a4", "d1", "b3", "c2"} <= set(said(t)["cells"])
    t.slide("a2", frm="a1")
    cells = set(said(t)["cells"])
    # two steps left from a2: a4, b3, c2 stay; d1 (4 steps from a2) and the like go
    assert {"a4", "b3", "c2", "a3", "b2", "a2", "b1"} <= cells, cells
    assert "d1" not in cells and "c1" not in cells and "a5" not in cells  # 3 and 4 steps from a2
    # a1, passed already in this move, is not lit: going back is a revisit, against the rules (Magic
    # newcomer 20 stepped back onto the lit cell just left and was warned); b1 is, by way of b2
    assert "a1" not in cells
    t.slide("a3", frm="a2")
    cells = set(said(t)["cells"])
    assert cells == {"a3", "a4", "b3"}, cells
    assert dim_red(t) == cells - {"a3"}, dim_red(t)  # the LEDs show the same (a3: the settle countdown)


def test_a_wall_found_this_game_is_not_lit_across() -> None:
    t = Table(dice=(1, 1, 2), targets=("owl",))
    t.press("roll")
    drop_at(t, "b1")  # the wall a1-b1 found
    t.press("roll")  # red rolls 2: b1 only through the found wall, or round by a2-b2 (3 steps)
    cells = set(said(t)["cells"])
    assert "b1" not in cells and "c1" not in cells and {"a2", "a3", "b2"} <= cells, cells
    assert "b1" in t.of("die_rolled")[-1]["legal"]  # still legal by the rules (memory game)
    assert "b1" not in dim_red(t)


def test_the_move_s_words_say_it_ends_by_itself_and_done_stops_it_sooner() -> None:
    t = Table(dice=(3,), targets=("owl",))
    t.press("roll")
    text = said(t)["text"]
    assert "up to 3 steps" in text and "then press Done" not in text, text
    assert "Done to stop sooner" in text, text
    t.slide("a2", frm="a1")
    text = said(t)["text"]
    assert "up to 2 more steps" in text and "then press Done" not in text and "Done to stop" in text, text


def test_a_move_with_no_lit_cell_says_so_and_asks_for_done() -> None:
    """Magic newcomer 45: rolled 1 with a found wall on one side and a pawn on the other, the prompt said "slide the
    pawn ... up to 1 step", only the pawn's own cell lit, and nothing said no step was possible."""
    t = Table(dice=(1, 1, 1, 1, 1), targets=("owl",))
    t.press("roll")
    drop_at(t, "b1")
    t.press("roll")
    drop_at(t, "a2")
    t.press("roll")  # red rolls 1 on a1: a1-b1 and a1-a2 found
    s = said(t)
    assert s["cells"] == ["a1"], s
    assert s["messages"][0]["id"] == "magic.move_none", s
    assert s["text"] == "Red rolled 1: no lit cell to go to from a1 (walls found, pawns, cells passed): press Done.", s
    # (no longer than the move's first words: the prompt's room, kept for those, holds it; test_responsive.py)
    assert len(s["text"]) <= len("Red rolled 4: slide the pawn on a1 cell by cell, up to 4 steps (press Done to stop sooner).")
    assert "done" in s["buttons"], s


def test_each_lit_cell_says_the_steps_it_takes() -> None:
    """Magic newcomers 77, 79 and 85 read a cell lit beside a wall found (reached round it) as one step across it, the
    tip's words notwithstanding. The instruction carries each lit cell's fewest steps from the pawn (``steps``: round
    the walls found, never through a cell passed), the page writes them on the cells: b1 beside the wall a1-b1 takes
    three steps, a2 one."""
    t = Table(dice=(1, 1, 3), targets=("owl",))
    t.press("roll")
    drop_at(t, "b1")  # the wall a1-b1 found
    t.press("roll")  # red rolls 3
    s = said(t)
    assert s["steps"]["b1"] == 3 and s["steps"]["a2"] == 1 and s["steps"]["b2"] == 2, s["steps"]
    assert set(s["steps"]) == set(s["cells"]) - {"a1"}, s  # every lit cell but the pawn's own
    t.slide("a2", frm="a1")
    s = said(t)
    assert s["steps"]["b1"] == 2 and "a1" not in s["steps"], s["steps"]  # from a2 now; a1 passed, not lit
    t.press("done")
    t.wait(600)
    assert said(t)["steps"] == {}, said(t)  # no move open: no steps


def test_no_cell_is_lit_past_the_target() -> None:
    """Magic newcomer 87: from a1 with a roll of 3 and the target on c1, d1 was lit "3", reached only through c1,
    where the move ends at once (RULES.md §1 Symbols). Neither the lit cells nor the die's legal cells go past it."""
    t = Table(dice=(3,), targets=("wand",))  # the wand on c1
    t.press("roll")
    s = said(t)
    assert "c1" in s["cells"] and s["steps"]["c1"] == 2, s
    assert "d1" not in s["cells"] and "d1" not in s["steps"], s
    assert "d1" not in t.of("die_rolled")[-1]["legal"]
    assert {"b2", "c2", "a3"} <= set(s["cells"]), s  # round it, not through it: as before
