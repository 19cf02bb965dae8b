"""The Struggle referee on the simulated board: LEDs, waiting for the reeds, buttons, replay."""

from __future__ import annotations

from typing import Any

import pytest

from mazeboard.controller.app import Game, build_game
from mazeboard.controller.cli import main
from mazeboard.controller.leds import PLAYER_RGB, WARNING_RGB
from mazeboard.hal.board import BoardRequest
from mazeboard.hal.events import GameEvent, HallChanged
from mazeboard.sim.backend import open_session
from mazeboard.sim.struggle.backend import StruggleSession, from_scenario
from mazeboard.sim.struggle.hands import Act
from mazeboard.sim.struggle.scenario import parse_struggle


def scripted(dice: list[str], actions: list[str] = (), **extra: Any) -> tuple[StruggleSession, Game, list[GameEvent]]:
    data = {"game": "struggle", "players": ["red", "blue"], "dice": dice, "actions": list(actions), **extra}
    session = from_scenario(parse_struggle(data, "test"), realtime=False)
    events: list[GameEvent] = []
    game = build_game(session, [events.append])
    game.referee.start()
    session.start()
    return session, game, events


def run_for(session: StruggleSession, ms: int) -> None:
    session.clock.advance(ms)


def blinking(session: StruggleSession, sensor: str) -> set[tuple[int, int, int]]:
    """Colours the LED under ``sensor`` shows over one blink period."""
    seen = set()
    for _ in range(12):
        seen.add(session.board.led_colour(sensor))
        run_for(session, 50)
    return seen


def test_the_turn_waits_until_the_reeds_agree_and_the_leds_show_where() -> None:
    session, game, events = scripted(["K K Q Q 9"], ["throw", "stop", "play order=K,Q,9"])
    run_for(session, 2000)
    ref = game.referee
    assert ref.state == "placing"
    assert ref.expected == frozenset({"s0", "s1", "s2"})
    assert PLAYER_RGB["red"] in blinking(session, "s2")  # where K and Q must go
    run_for(session, 10_000)
    assert ref.state == "placing" and ref.current == "red"  # nobody moved the tokens: still waiting
    session.hands.do(Act("follow"))
    run_for(session, 5000)
    assert ref.state == "waiting_for_throw" and ref.current == "blue"
    assert session.world.tokens == {"K": "s2", "Q": "s2", "J": "s0", "10": "s0", "9": "s1"}


def test_stop_confirms_a_placement_at_once_when_the_reeds_agree() -> None:
    # K 0->5 onto red, free; then blue's K K K K K sends... here just one play and stop.
    session, game, events = scripted(["K K K K K"], ["throw", "stop", "play order=K", "move K 5"])
    run_for(session, 1500)  # the hand has placed K (2 x 300 ms)
    ref = game.referee
    assert ref.state == "placing" and ref.closed == set(ref.expected)
    run_for(session, 10 * ref.options.settle_ms)  # no countdown passes the turn (round 27): Stop does
    assert ref.state == "placing" and ref.current == "red"
    session.hands.do(Act("press", button="stop"))
    run_for(session, 100)
    assert ref.current == "blue" and ref.state == "waiting_for_throw"


def test_a_misplaced_token_flashes_and_is_named_in_a_warning() -> None:
    session, game, events = scripted(["9 9 9 9 9"], ["throw", "stop", "play order=9", "move J 3"])
    run_for(session, 1500)
    warnings = [e for e in events if e.type == "warning"]
    assert [(w["kind"], w["cell"]) for w in warnings] == [("misplaced", "s3")]
    assert WARNING_RGB in blinking(session, "s3")
    assert game.referee.state == "placing"


def test_the_game_waits_for_the_tokens_on_the_start() -> None:
    data = {"game": "struggle", "players": ["red", "blue"], "actions": []}
    session = from_scenario(parse_struggle(data, "test"), realtime=False)
    session.world.move("K", "s4")  # someone left a token on the track
    run_for(session, 1000)
    events: list[GameEvent] = []
    game = build_game(session, [events.append])
    game.referee.start()
    assert game.referee.state == "waiting_for_tokens"
    assert "turn_started" not in [e.type for e in events]
    session.hands.do(Act("reset"))
    run_for(session, 3000)
    assert game.referee.state == "waiting_for_throw"
    assert [e.type for e in events if e.type != "instruction"][-1] == "turn_started"


def test_browser_selection_and_ignored_inputs() -> None:
    # (no pick listed first: the ways in the rules' order, whatever card is dealt)
    session, game, events = scripted(["K Q J 10 A"], ["throw", "stop"], options={"hint": False})
    run_for(session, 1000)
    ref = game.referee
    assert ref.state == "choosing" and len(ref.turn.outcomes) == 4
    ref.select(2)
    ref.select(99)  # out of range: ignored
    ref.on_sensor(HallChanged(0, "tray-sw", True))  # Struggle has no tray: ignored
    assert [e["index"] for e in events if e.type == "selected"] == [2]
    session.hands.do(Act("press", button="die3"))  # no meaning while choosing
    session.hands.do(Act("press", button="stop"))
    run_for(session, 500)
    played = [e for e in events if e.type == "played"][0]
    assert played["ace"] == ["J"]


def test_preview_lights_the_selected_outcomes_destinations() -> None:
    session, game, events = scripted(["J J J J 9"], ["throw", "stop"])
    run_for(session, 1000)
    assert session.board.led_colour("s4") == PLAYER_RGB["red"]  # J would go to 4
    assert session.board.led_colour("s1") == PLAYER_RGB["red"]  # the 9 to 1


def test_the_same_seed_replays_the_same_game() -> None:
    def log(seed: int) -> list[dict[str, Any]]:
        session = open_session(BoardRequest(game="struggle", players=3, seed=seed, rounds=1))
        events: list[GameEvent] = []
        game = build_game(session, [events.append])
        assert game.run()
        return [e.to_dict() for e in events]

    assert log(4) == log(4)
    assert log(4) != log(5)


def test_play_three_rounds_prints_orders_points_totals_and_the_winner(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--game", "struggle", "--rounds", "3"]) == 0
    out = capsys.readouterr().out
    for r in (1, 2, 3):
        assert f"Round {r} over. Arrival order: A " in out
    assert out.count("), total") == 6 and out.count(" -> ") == 6  # each card: its points, the places that scored, the total
    assert ("Winner: " in out or "Winners: " in out) and (" wins with " in out or " tie with " in out)


def test_bad_players_and_rounds_are_one_line_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--game", "struggle", "--rounds", "0"]) == 2
    assert main(["play", "--game", "struggle", "--assist"]) == 2
    err = capsys.readouterr().err
    assert "--rounds" in err and "--assist: not used by struggle" in err
    assert "Traceback" not in err


def test_the_state_machine_diagram(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diagram", "struggle"]) == 0
    out = capsys.readouterr().out
    for state in ("waiting_for_tokens", "waiting_for_throw", "choosing", "placing", "game_over"):
        assert state in out


def test_the_documented_diagram_is_current(capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "struggle.md").read_text()
    assert main(["diagram", "struggle"]) == 0
    assert capsys.readouterr().out.strip() in doc


def test_a_shared_win_shows_every_winners_colour() -> None:
    """K Q J 10 9 arrive in that order; both cards score 30: a shared win. After the sweep the
    LEDs stand in red and blue in turn (not the first winner's colour alone)."""
    actions = ["throw", "stop", "play order=K", "follow", "throw", "stop", "play order=Q", "follow",
               "throw", "stop", "play order=J", "follow", "throw", "stop", "play order=10", "follow"]
    session, game, events = scripted(["K K K K K", "Q Q Q Q Q", "J J J J J", "10 10 10 10 10"], actions,
                                     track=["start", "plain", "yellow", "red", "black", "finish"],
                                     objectives={"red": ["K", "A", "9", "10", "Q"], "blue": ["K", "Q", "A", "J", "10"]})
    run_for(session, 20_000)
    over = next(e for e in events if e.type == "game_over")
    assert over["winners"] == ["red", "blue"]
    run_for(session, 4500)
    shown = {session.board.led_colour(s) for s in ("s0", "s1", "s2", "s3", "s4", "s5", "place-A", "place-B")}
    assert shown == {PLAYER_RGB["red"], PLAYER_RGB["blue"]}
