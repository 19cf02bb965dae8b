"""Struggle speed figures: outcomes enumerated per second, rule-level rounds per second,
and whole simulated games (players, sensors, referee) per second. Prints its figures."""

from __future__ import annotations

import random
import time

from mazeboard.controller.app import build_game
from mazeboard.controller.struggle import rules
from mazeboard.controller.struggle.rules import Race, Rules
from mazeboard.hal.board import BoardRequest
from mazeboard.sim.backend import open_session


def enumeration(seconds: float = 2.0) -> tuple[float, float, int]:
    """(hands per second, interpretations per second, worst hand's interpretations)."""
    r = Rules.default()
    rng = random.Random(1)
    race = Race.start()
    hands = plays = worst = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        hand = rules.throw(rng)
        outs = rules.outcomes(r, race, hand)
        n = sum(len(o.plays) for o in outs)
        hands += 1
        plays += n
        worst = max(worst, n)
    dt = time.perf_counter() - t0
    return hands / dt, plays / dt, worst


def rounds(count: int = 200) -> float:
    """Rule-level rounds per second (every play enumerated, the hint picked)."""
    r = Rules.default()
    rng = random.Random(2)
    deck = rules.load_objectives()
    t0 = time.perf_counter()
    for _ in range(count):
        race = Race.start()
        card = rng.choice(deck)
        while not race.over:
            hand = rules.throw(rng)
            outs = rules.outcomes(r, race, hand)
            if outs:
                race = outs[rules.hint(r, outs, card)].result.race
    return count / (time.perf_counter() - t0)


def games(count: int = 10) -> tuple[float, float]:
    """(simulated 3-round games per second, virtual minutes per game)."""
    t0 = time.perf_counter()
    virtual = 0
    for seed in range(count):
        session = open_session(BoardRequest(game="struggle", players=3, seed=seed, rounds=3))
        game = build_game(session, [])
        assert game.run()
        virtual += session.scheduler.now_ms()
    return count / (time.perf_counter() - t0), virtual / count / 60000


if __name__ == "__main__":
    hps, pps, worst = enumeration()
    print(f"outcomes: {hps:,.0f} hands/s enumerated ({pps:,.0f} interpretations/s; worst hand {worst})")
    print(f"rounds (rules only, hint play): {rounds():,.0f} rounds/s")
    gps, minutes = games()
    print(f"simulated 3-round games, 3 players, through sensors: {gps:.1f} games/s "
          f"({minutes:.1f} virtual minutes each)")
