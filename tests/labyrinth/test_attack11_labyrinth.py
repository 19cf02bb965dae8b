"""Attack 11 on Labyrinth's instruction words (tests that fail on the code they were written against).

* A pawn not where a push leaves it (the push overdue) is asked back with Struggle's words:
  "Put blue's pawn on b2 (it is not where the play leaves it)" -- Labyrinth has pushes and
  moves, no "play" (chaos seed 0 of ``bench_chaos.py --game labyrinth``, t=109260).

  Since the box's own cards and the guided layout joined the chaos batch (table options drawn
  per game), game 0 no longer meets an overdue push; game 8 does ("Put blue's pawn on b4 (it
  is not where the play leaves it)" on the code this was written against): the seed follows
  the finding, the assertions are unchanged.
"""

from __future__ import annotations

from mazeboard.sim.chaos import module

from fuzz.chaoskit import play_chaos


def test_labyrinth_requests_use_labyrinth_words() -> None:
    run = play_chaos("labyrinth", module("labyrinth").seeded(8), mate=True)
    said = [e["text"] for e in run.events if e.type == "instruction"]
    misplaced = [t for t in said if "(it is not where" in t]
    assert misplaced, "chaos seed 8 asks for a pawn the push left elsewhere"
    assert not [t for t in misplaced if "the play" in t], misplaced[0]
