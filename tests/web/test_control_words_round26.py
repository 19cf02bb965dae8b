"""Round 26 (newcomer round 9): "Done: does nothing now: Red: press Roll." read awkwardly (three colons in
one line); the reason reads as two sentences, in the page's title and in the server's refusal."""

from __future__ import annotations

from mazeboard.hal.web import controls as c

RED_ROLLS = {"player": "red", "action": "roll", "text": "Red: press Roll.", "buttons": {"roll": "roll the die"},
             "requests": [], "messages": [{"id": "magic.roll", "args": {"player": "red"}}]}


def test_a_button_that_does_nothing_now_says_so_and_the_instruction_as_two_sentences() -> None:
    on, why, said = c.press_controls(RED_ROLLS, ["red"], ["done"])["done"]
    assert not on and said["id"] == "control.does_nothing"
    line = f"Done: {why}"
    assert line.count(":") <= 2 and "now:" not in line, line
    assert why.endswith("Red: press Roll.") and why.startswith("does nothing now."), why
    # the server's line as the page's own ("Done: does nothing now. ..."; Magic newcomer 108 read "roll does nothing now",
    # a sentence begun in lower case, after R pressed twice)
    assert c.refused_line("done", why) == f"Done: {why}"
    assert c.refused_line("slot S-b", why) == f"Slot S-b: {why}"
