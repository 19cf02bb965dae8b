"""The simulated Struggle board tells its views (the pages) about every token lifted or set down,
also when the reed under it does not change: two tokens on one space close one reed, so setting J
down where 10 stands (or lifting it from beside K) changes no level, and the page, never told,
showed J "in a hand" for good (issue 15, a newcomer's Struggle game)."""

from __future__ import annotations

from mazeboard.hal.clock import VirtualClock
from mazeboard.hal.struggle import load_track, space_sensor
from mazeboard.sim.struggle.board import StruggleSimBoard


def test_a_token_set_down_beside_another_is_told_to_the_views() -> None:
    clock = VirtualClock()
    world = StruggleSimBoard(load_track(), clock).world
    told: list[dict[str, str | None]] = []
    world.on_change = lambda: told.append(dict(world.tokens))
    world.move("10", space_sensor(6))
    clock.run_until_idle()
    told.clear()
    world.move("J", space_sensor(6))  # lifted beside K, Q, 9 on START: the START reed stays closed
    assert told and told[-1]["J"] is None, "J lifted: the views were not told"
    clock.run_until_idle()
    assert told[-1]["J"] == space_sensor(6), f"J set down beside 10: the views last saw {told[-1]}"
