"""Issue 15, round 22 (third Struggle newcomer): while the page's "Place tokens as shown" moves the tokens
one at a time, the world the pages get says so (``placing``), and says when it is done (the page then
says "placing the tokens..." instead of asking for the moves, and no longer once they stand)."""

from __future__ import annotations

from test_game_tables import SHARED, serve

from mazeboard.sim.web.struggle_table import Follow
from mazeboard.sim.web.protocol import Press


def _worlds(s) -> list[dict]:  # type: ignore[no-untyped-def]
    return [m["world"] for m in s.to(SHARED) if m["type"] == "world"]


def test_the_world_says_while_the_tokens_are_placed_for_the_player_and_when_done() -> None:
    s = serve("struggle")
    ref = s.game.referee
    s.do(Press("throw"), 800)
    s.do(Press("stop"), 800)
    s.do(Press("stop"), 800)
    assert ref.state == "placing"
    before = len(_worlds(s))
    s.do(Follow(), 50)
    s.until(lambda: len(_worlds(s)) > before, 5000)
    assert _worlds(s)[-1].get("placing") is True, _worlds(s)[-1]
    for _ in range(40):
        s.session.clock.advance(250)
        if s.table.hands.idle:
            break
    s.session.clock.advance(50)
    assert s.table.hands.idle
    assert _worlds(s)[-1].get("placing") is False, _worlds(s)[-1]  # said once the hands are done
