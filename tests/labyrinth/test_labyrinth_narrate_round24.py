"""The narration's board lines (round 24, issue 15): "all your cards are found: move your pawn back
to your start square" (lab.move_home) is told once, when it starts to apply to a player, not again
on each of their turns (the prompt keeps showing it)."""

from __future__ import annotations

from mazeboard.controller.narrate import InstructionLines

from tests.labyrinth.test_labyrinth_instruction import Table

HOME_WORDS = "all cards found"  # lab.move_home (Labyrinth newcomer 13: said in three lines on a phone)


def home_game() -> Table:
    """Red has found every card and stands away from home (a3, a path home open each time): two of red's moves with
    blue's between."""
    t = Table()
    t.ref.decks["red"].clear()
    t.ref.positions["red"] = "a3"
    t.closed = {"a3", "g7"}
    t.reed("a1", False)
    t.reed("a3", True)
    for slot in ("W-2", "N-f", "N-b"):  # red, blue, red
        t.press(f"slot:{slot}")
        assert t.said()["action"] == "move", t.said()
        if slot != "N-b":
            t.press("done", wait=3000)
    assert t.said()["messages"][0]["id"] == "lab.move_home", t.said()
    return t


def test_going_home_is_narrated_once_when_it_starts_to_apply() -> None:
    t = home_game()
    homes = [e.to_dict() for e in t.events if e.type == "instruction" and e["messages"][0]["id"] == "lab.move_home"]
    assert len({h["t"] for h in homes}) >= 2 or len(homes) >= 2, "red was not told twice by the board itself"
    lines = InstructionLines()
    said = [line for e in t.events if e.type == "instruction" for line in [lines(e)] if line]
    told = [line for line in said if HOME_WORDS in line]
    assert len(told) == 1, told
    # a new game: told again when it applies there
    lines.new_game()
    again = [line for e in t.events if e.type == "instruction" for line in [lines(e)] if line and HOME_WORDS in line]
    assert len(again) == 1, again
