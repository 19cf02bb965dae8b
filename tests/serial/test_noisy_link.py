"""Whole simulated games over a noisy line (issue 12): the emulated firmware's cable damages a
seeded share of the lines in both directions (``sim/noise.py``).

With 2 % and 5 % of the lines damaged, every game of the three finishes and the controller hears
every sensor event the board sent, once each, in order. When the damage is visible (a bad line
arrives where a good one was due: flipped bits, a changed, missing or stray byte, a cut line) the
lost line is resent at once, in the same virtual millisecond, and the event log is the one of the
same game played in-process (``--link direct``). When a line vanishes without a trace, or loses its
newline, the host learns of it from the next line (a heartbeat at the latest, 500 ms): the events
then arrive that much later, still each once and in order."""

from __future__ import annotations

import pytest

from mazeboard.hal.board import BoardRequest
from mazeboard.sim.noise import ALL, VISIBLE

from serial_linkutil import play, play_noisy

GAMES = [("magic-labyrinth", 1), ("magic-labyrinth", 4), ("labyrinth", 1), ("labyrinth", 2),
         ("struggle", 1), ("struggle", 3)]


def _request(game: str, seed: int) -> BoardRequest:
    return BoardRequest(game=game, players=2, seed=seed)


def _over(log: list[dict]) -> bool:
    return any(e["type"] == "game_over" for e in log)


@pytest.mark.parametrize("rate", [0.02, 0.05])
@pytest.mark.parametrize("game,seed", GAMES)
def test_visible_damage_both_ways_gives_the_in_process_event_log(game: str, seed: int, rate: float) -> None:
    direct = play(_request(game, seed))[1]
    run = play_noisy(_request(game, seed), rate, seed, VISIBLE)
    noise = run["link"].emulator
    assert noise.noise_out.damaged and noise.noise_in.damaged  # the line really was noisy, both ways
    assert run["finished"] and _over(run["log"])
    assert run["got"] == run["sent"]  # nothing lost, nothing twice, in order
    assert run["log"] == direct


@pytest.mark.parametrize("rate", [0.02, 0.05])
@pytest.mark.parametrize("game,seed", GAMES)
def test_any_damage_both_ways_loses_and_repeats_no_sensor_event(game: str, seed: int, rate: float) -> None:
    run = play_noisy(_request(game, seed), rate, seed + 100, ALL)
    noise = run["link"].emulator
    assert noise.noise_out.damaged["lose"] + noise.noise_out.damaged["join"] > 0
    assert run["finished"] and _over(run["log"])
    assert run["got"] == run["sent"]
