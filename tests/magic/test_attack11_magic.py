"""Attack 11 on The Magic Labyrinth's referee (tests that fail on the code they were written against).

* A reed switch stuck closed (no magnet: a worn reed, a short in the matrix) is pointed at without
  blocking during play ("a closed reed nobody explains ... pointed at, without blocking play"), but
  after a restart the board check blocks on it for ever: "Something on c3 closes its reed switch:
  take it off" -- there is nothing to take off, and the saved game never resumes.
"""

from __future__ import annotations

from test_instruction import Table


def test_a_stuck_reed_blocks_play_neither_before_nor_after_a_restart() -> None:
    # during play: pointed at, the roll is taken
    t = Table(dice=(2, 1))
    t.reed("c3", True)
    t.wait(500)
    stray = [r for r in t.said()["requests"] if r["kind"] == "magnet"]
    assert stray and not stray[0]["blocking"]
    t.press("roll")
    assert t.ref.state == "moving"
    # after a restart with every pawn where it was saved and the same stuck reed
    t = Table(dice=(2, 1))
    t.ref.resume(frozenset({"a1", "f6", "c3"}), frozenset())
    t.wait(60_000)
    said = t.said()
    assert t.ref.state == "waiting_for_roll", (t.ref.state, said["text"])
    assert not [r for r in said["requests"] if r["blocking"]], said["text"]
