"""Attack 11 on the Struggle page's controls (protocol level, virtual time; tests that fail on the
code they were written against).

* "Gather tokens on start" is always enabled. Clicked mid-round it is neither refused nor
  done: the page's hand waits (patience 20 s) for the round to end, every press of the page
  queued behind it, then gathers every token on the start anyway -- in the middle of the race.
  The board warns out_of_turn and asks the tokens back. Issue 11: a control that does nothing
  now must do nothing visibly (refused, with the reason), and nothing may act out of turn silently.
"""

from __future__ import annotations

from mazeboard.sim.web.protocol import Press
from mazeboard.sim.web.struggle_table import Follow, Gather

from test_game_tables import serve


def test_gather_mid_round_is_refused_not_done_twenty_seconds_later() -> None:
    s = serve("struggle")
    ref = s.game.referee
    s.do(Press("throw"), 800)
    s.do(Press("stop"), 800)
    s.do(Press("stop"), 800)
    s.do(Follow(), 6000)
    assert ref.current == "blue"
    spread = dict(s.session.sim.world.tokens)
    assert set(spread.values()) != {"s0"}, "red's play moved tokens off the start"
    warned = len(s.events("warning"))
    s.do(Gather(), 30_000)
    assert s.errors(), "clicked mid-round, Gather neither acts nor says why"
    assert s.events("warning")[warned:] == [], s.events("warning")[warned:]
