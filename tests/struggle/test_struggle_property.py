"""Property tests over many seeded rounds: tokens never lost, places A-E filled once,
points = 10 x matches; and whole games of simulated players through the sensor path."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from mazeboard.controller.app import build_game
from mazeboard.controller.struggle import rules
from mazeboard.controller.struggle.rules import Race, Rules
from mazeboard.hal.board import BoardRequest
from mazeboard.hal.struggle import ACE, PLACES, TOKENS, Track, load_track, place_sensor, space_sensor
from mazeboard.sim.backend import open_session

TRACKS = [
    load_track("default"),
    load_track("short"),
    Track(("start", "red", "red", "yellow", "black", "red", "finish"), "reds"),
]


def check_race(track: Track, race: Race) -> None:
    placed = Counter(list(race.at()) + list(race.arrived))
    assert placed == Counter(TOKENS), "every token exactly once, on the track or arrived"
    for token, space in race.at().items():
        assert 0 <= space < track.finish
        assert track.kind(space) != "black", f"{token} ended on a black space"
    for space in race.occupied_spaces():
        if track.kind(space) in ("yellow", "red"):
            assert len(race.occupants(space)) == 1, f"{track.kind(space)} space {space} shared"


def manual_points(card: tuple[str, ...], order: tuple[str, ...]) -> int:
    score = 0
    for place in range(len(PLACES)):
        if card[place] == ACE or card[place] == order[place]:
            score += 10
    return score


@pytest.mark.parametrize("seed", range(6))
def test_many_random_rounds_keep_the_invariants(seed: int) -> None:
    rng = random.Random(seed)
    deck = rules.load_objectives()
    for _ in range(60):
        track = rng.choice(TRACKS)
        share = rng.random() < 0.7
        r = Rules(track, share)
        race = Race.start()
        plays = 0
        while not race.over:
            plays += 1
            assert plays < 3000, "a round must end"
            hand = rules.throw(rng)
            outs = rules.outcomes(r, race, hand)
            if rules.is_void(hand):
                assert outs == ()
                continue
            assert outs, "a player may not abstain: some outcome always exists"
            chosen = rng.choice(outs)
            play = rng.choice(chosen.plays)
            res = rules.apply(r, race, hand, play)
            assert res.race == chosen.result.race
            before = len(race.arrived)
            race = res.race
            assert [t for t, _ in res.arrivals] == list(race.arrived[before:])
            assert [p for _, p in res.arrivals] == list(PLACES[before:len(race.arrived)])
            check_race(track, race)
        assert sorted(race.arrived) == sorted(TOKENS), "places A-E filled exactly once"
        cards = rules.deal(rng, ["red", "blue", "green"], deck)
        for p, card in cards.items():
            assert rules.points(card, race.arrived) == manual_points(card, race.arrived)


@pytest.mark.parametrize("seed, players, rounds", [(1, 2, 3), (2, 3, 2), (3, 4, 2), (11, 2, 2)])
def test_games_of_simulated_players_through_the_sensor_path(seed: int, players: int, rounds: int) -> None:
    session = open_session(BoardRequest(game="struggle", players=players, seed=seed, rounds=rounds))
    events = []
    game = build_game(session, [events.append])
    assert game.run()
    ref = game.referee
    types = Counter(e.type for e in events)
    assert types["round_over"] == rounds and types["game_over"] == 1
    assert types["warning"] == 0, [e for e in events if e.type == "warning"]
    cards: dict[str, tuple[str, ...]] = {}
    totals = Counter[str]()
    arrived: list[tuple[str, str]] = []
    for e in events:
        if e.type == "objective":
            cards[e["player"]] = tuple(e["card"])
        elif e.type == "arrived":
            arrived.append((e["token"], e["place"]))
        elif e.type == "round_over":
            assert [p for _, p in arrived] == list(PLACES), "places A-E filled exactly once"
            assert sorted(t for t, _ in arrived) == sorted(TOKENS)
            order = tuple(e["order"])
            assert order == tuple(t for t, _ in arrived)
            for p, card in cards.items():
                assert e["points"][p] == manual_points(card, order)
                totals[p] += e["points"][p]
            assert e["totals"] == dict(totals)
            arrived = []
    over = [e for e in events if e.type != "instruction"][-1]  # an instruction follows every input
    assert over.type == "game_over" and over["scores"] == dict(totals)
    assert over["winner"] in over["winners"] and totals[over["winner"]] == max(totals.values())
    # the physical tokens stand where the referee says (none lost on the way)
    world = session.world
    assert sorted(world.tokens) == sorted(TOKENS)
    for token in TOKENS:
        place = ref.race.place_of(token)
        want = place_sensor(place) if place else space_sensor(ref.race.space(token) or 0)
        assert world.tokens[token] == want
