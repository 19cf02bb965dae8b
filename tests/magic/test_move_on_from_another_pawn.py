"""Issue 15, Magic newcomer 54 (1920x1080): Red rolled 2 and stepped c3 -> c4 onto Blue's cell; the prompt said
"slide the pawn on c4 cell by cell, up to 1 more step (press Done to stop here or wait for the countdown)" while the
tip and the help say a pawn may pass over another but not end its move on it (RULES.md §1 Referee policy:
`occupied`). With the mover on another pawn's cell and a step left, the words say to slide on and that the move
cannot end there; Done and the countdown are not offered in them."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from mazeboard.hal.events import ReedChanged  # noqa: E402

from test_referee import Table  # noqa: E402


def test_a_mover_on_another_pawn_s_cell_is_told_to_slide_on() -> None:
    t = Table(dice=(2,), targets=("owl",))
    t.ref.tracker.assume("blue", "b1")  # Blue stands on b1, where its last move ended (its reed closed)
    t.ref.home["blue"] = "b1"
    t.send(ReedChanged(t.clock.now_ms(), "f6", False))
    t.send(ReedChanged(t.clock.now_ms(), "b1", True))
    t.wait(300)
    t.press("roll")
    t.send(ReedChanged(t.clock.now_ms(), "a1", False))  # red onto b1: its reed is closed already, unseen
    t.wait(t.ref.options.offboard_ms + 100)  # ...taken to rest on the occupied neighbour
    said = next(e.to_dict() for e in reversed(t.events) if e.type == "instruction")
    assert said["action"] == "move", said
    assert t.ref.tracker.at["red"] == "b1", t.ref.tracker.at
    text = said["text"]
    assert "Blue's pawn stands on b1" in text and "slide on" in text, text
    assert "Done" not in text and "countdown" not in text, text


def _red_steps_onto_blue(dice: int = 2) -> Table:
    t = Table(dice=(dice,), targets=("owl",))
    t.ref.tracker.assume("blue", "b1")
    t.ref.home["blue"] = "b1"
    t.send(ReedChanged(t.clock.now_ms(), "f6", False))
    t.send(ReedChanged(t.clock.now_ms(), "b1", True))
    t.wait(300)
    t.press("roll")
    t.send(ReedChanged(t.clock.now_ms(), "a1", False))
    t.wait(t.ref.options.offboard_ms + 100)
    return t


def test_no_countdown_runs_on_another_pawn_s_cell() -> None:
    """An attack: the settle countdown ran on, "the move's time ran out" and the occupied correction followed, under
    words saying to slide on. On another pawn's cell the move waits for the next step (or Done): no countdown."""
    t = _red_steps_onto_blue()
    said = next(e.to_dict() for e in reversed(t.events) if e.type == "instruction")
    assert said["messages"][0]["id"] == "magic.move_over" and said["until"] is None, said
    assert "settle" not in t.ref._timers
    t.wait(60_000)
    assert t.ref.state == "moving" and not t.of("warning"), t.types()


def test_the_own_corner_shared_is_no_end_either() -> None:
    """An attack: Red's move began on b1 and stepped onto its own corner a1, where Blue stood: the words offered
    "press Done to stop here", and Done was an `occupied` warning (only the cell the move began on may be shared)."""
    t = Table(dice=(3,), targets=("owl",))
    for pawn, cell, was in (("red", "b1", "a1"), ("blue", "a1", "f6")):  # red rests on b1, blue on red's corner
        t.send(ReedChanged(t.clock.now_ms(), was, False))
        t.send(ReedChanged(t.clock.now_ms(), cell, True))
        t.wait(300)
        t.ref.tracker.assume(pawn, cell)
        t.ref.home[pawn] = cell
    t.press("roll")
    t.send(ReedChanged(t.clock.now_ms(), "b1", False))  # red onto a1: its reed closed already
    t.wait(t.ref.options.offboard_ms + 100)
    said = next(e.to_dict() for e in reversed(t.events) if e.type == "instruction")
    assert t.ref.tracker.at.get("red") == "a1" and said["action"] == "move", (t.ref.tracker.at, said["text"])
    assert said["messages"][0]["id"] == "magic.move_over", said["text"]
