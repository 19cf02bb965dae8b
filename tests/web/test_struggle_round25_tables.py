"""Issue 15, round 25 (Struggle newcomer, round 7): "a Stop tap was ignored once". A press the table
accepts is carried out by the people's hand a moment later; if the press before it has changed what the
board asks meanwhile, the board would ignore it without a word. It is not pressed then, and the page that
sent it is told why, in words."""

from __future__ import annotations

from test_game_tables import SHARED, serve

from mazeboard.sim.web.protocol import Press


def test_a_press_the_board_no_longer_asks_for_is_answered_in_words() -> None:
    s = serve("struggle")
    ref = s.game.referee
    s.do(Press("throw"), 800)
    assert ref.state == "waiting_for_throw"
    # Stop, then die 3 at once: both act while the dice are thrown (die 3 holds a die), so both are
    # accepted; by the time the hand presses die 3 the hand is kept and die 3 does nothing
    s.do(Press("stop"))
    s.do(Press("die3"), 800)
    assert ref.state == "choosing"
    said = [e for e in s.errors(SHARED) if "die3" in e.lower()]  # ("Die3: does nothing now. …")
    assert said, s.errors(SHARED)
    assert "does nothing" in said[-1] and "press before it" in said[-1], said


def test_a_press_that_still_acts_says_nothing_more() -> None:
    s = serve("struggle")
    ref = s.game.referee
    s.do(Press("throw"), 800)
    s.do(Press("die1"))
    s.do(Press("stop"), 800)  # queued behind the hold: it still keeps the hand
    assert ref.state == "choosing"
    assert s.errors(SHARED) == [], s.errors(SHARED)
