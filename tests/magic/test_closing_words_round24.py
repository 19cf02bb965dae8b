"""Round 24 (newcomer round 7): while the ball may still fall, the prompt never says the symbol is taken.

The newcomer read "Red's move is over (the symbol is taken): keep the pawn still." and a second
later "Red's ball fell ... (The candle here is not taken: the ball fell first.)": the board waits
for a late ball before it records the find, so its words must wait too.
"""

from __future__ import annotations

from test_instruction import Table


def test_the_closing_prompt_on_the_symbol_does_not_say_taken_before_the_find() -> None:
    t = Table(dice=(3,))
    t.ref.target = ("owl", "a2")  # the symbol one step away
    t.press("roll")
    t.slide("a2", frm="a1")
    said = t.said()
    assert said["action"] == "closing" and "symbol_collected" not in t.kinds()
    text = said["text"]
    assert "taken" not in text and "found" not in text, text
    assert "ball may still fall" in text, text
    t.wait(2000)
    assert "symbol_collected" in t.kinds()  # the find is recorded once the grace has passed


def test_every_closing_prompt_says_a_ball_may_still_fall() -> None:
    t = Table(dice=(1,))
    t.press("roll")
    t.slide("a2", frm="a1")
    said = t.said()
    assert said["action"] == "closing" and "ball may still fall" in said["text"], said["text"]
