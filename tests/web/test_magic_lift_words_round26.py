"""Round 26 (issue 15, fix26-lab 4): in the Magic Labyrinth a lift the server refuses is refused in the
Lift button's own words (the view's ``lift:COLOUR`` reason, which the page shows on the greyed button):
a drag's jump and the button send the same command, and the person heard two different reasons."""

from __future__ import annotations

from typing import Any

from mazeboard.controller.app import build_game
from mazeboard.hal.board import BoardRequest
from mazeboard.sim.web.protocol import Lift, Press
from mazeboard.sim.web.session import browser_session

from test_game_tables import SHARED, Served


def serve() -> Served:
    """A Magic Labyrinth table, red played from the page, blue simulated, on a virtual clock."""
    session = browser_session(BoardRequest(game="magic-labyrinth", players=2, seed=3, humans=("red",), speed=4.0,
                                           browser=True), realtime=False)
    served = Served(session, build_game(session))
    session.table.outbox = lambda msg, to: served.sent.append((msg, tuple(to)))
    session.table.greet(SHARED)
    served.game.referee.start()
    session.start()
    session.clock.advance(300)
    return served


def _lift_reason(s: Any, player: str = "red") -> str:
    on, why = s.table.view.to_dict()["controls"][f"lift:{player}"][:2]
    assert not on, "Lift acts here: nothing to compare"
    return str(why)


def test_a_lift_refused_at_the_roll_says_the_lift_buttons_words() -> None:
    s = serve()
    s.until(lambda: s.table.view.instruction["action"] == "roll" and s.table.view.current == "red")
    button = _lift_reason(s)
    s.do(Lift("red"), 500)
    said = s.errors()[-1]
    assert said == button, f"the server said {said!r}, the Lift button says {button!r}"
    assert s.table.world_state()["pawns"]["red"]["cell"] is not None  # still on the board


def test_a_lift_refused_in_the_other_players_turn_says_the_lift_buttons_words() -> None:
    s = serve()
    s.until(lambda: s.table.view.current == "red" and s.table.view.instruction["action"] == "roll")
    s.do(Press("roll"), 500)
    s.do(Press("done"), 500)
    s.until(lambda: s.table.view.current == "blue")
    button = _lift_reason(s)
    s.do(Lift("red"), 100)
    said = s.errors()[-1]
    assert said.lower() == button.lower(), f"the server said {said!r}, the Lift button says {button!r}"
