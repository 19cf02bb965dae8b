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
