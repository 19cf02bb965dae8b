"""Physical objective cards entered on the dice buttons at the round's end; the LED dice display."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mazeboard.controller.leds import PLAYER_RGB, TARGET_RGB, scale
from mazeboard.controller.struggle.cards import BUTTON_FOR, CARD_BUTTONS, CardEntry
from mazeboard.controller.struggle.referee import StruggleReferee
from mazeboard.controller.struggle.rules import StruggleOptions
from mazeboard.hal.board import GameSetup, LedLayout
from mazeboard.hal.clock import VirtualClock
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.events import ButtonPressed, GameEvent, LedFrame, ReedChanged
from mazeboard.hal.struggle import ACE, DIE_BUTTONS, TOKENS
from mazeboard.hal.wiring import load_wiring
from mazeboard.sim.struggle import hands

from test_struggle_referee import run_for, scripted

ROOT = Path(__file__).resolve().parents[2]
SHORT = ["start", "plain", "yellow", "red", "black", "finish"]
RACE = ["throw", "stop", "play order=K", "follow", "throw", "stop", "play order=Q", "follow",
        "throw", "stop", "play order=J", "follow", "throw", "stop", "play order=10", "follow"]
DICE = ["K K K K K", "Q Q Q Q Q", "J J J J J", "10 10 10 10 10"]


def test_the_button_protocol_is_one_table_shared_by_the_board_and_the_hands() -> None:
    assert CARD_BUTTONS == {"die1": "K", "die2": "Q", "die3": "J", "die4": "10", "die5": "9", "throw": ACE}
    assert hands.BUTTON_FOR == BUTTON_FOR  # the simulated hands press what the referee reads
    assert [CARD_BUTTONS[b] for b in DIE_BUTTONS] == list(TOKENS)


def test_card_entry_refuses_a_token_twice_a_second_ace_and_names_who_has_the_same_card() -> None:
    e = CardEntry("red")
    assert e.next_place == "A" and not e.erase()
    for v in ("K", "A"):
        assert e.press(v) is None
    assert not e.offers("A") and e.offers("Q")
    assert e.press("A") == "the card has its ace already (the ace stands in one place of a card at most)"
    assert e.press("K") == "K is already on the card (a card names each token once)"
    assert e.next_place == "C" and e.erase() and e.entered == ["K"] and e.offers("A")
    for v in ("A", "Q", "9", "J"):
        assert e.press(v) is None
    assert e.complete and e.next_place is None and not any(e.offers(v) for v in (*TOKENS, ACE))
    assert e.press("10") == "the card is complete: press stop to confirm it"
    assert e.holder({"blue": ("K", "Q", "J", "10", "9")}) is None
    assert e.holder({"red": ("K", "A", "Q", "9", "J"), "blue": ("K", "A", "Q", "9", "J")}) == "blue"


def test_a_card_shows_the_ace_in_one_place_at_most_in_the_data_file_too() -> None:
    from mazeboard.controller.struggle.rules import check_card, load_objectives

    assert all(c.count(ACE) <= 1 for c in load_objectives())
    assert check_card(["K", "Q", "J", "10", "9"], "c") == ("K", "Q", "J", "10", "9")
    for bad in (["A"] * 5, ["K", "A", "J", "A", "9"]):
        with pytest.raises(ConfigError, match="the ace \\(a joker\\) in one place at most"):
            check_card(bad, "c")


def test_cards_option_is_validated() -> None:
    assert StruggleOptions.from_mapping({"cards": "physical"}).cards == "physical"
    assert StruggleOptions.from_mapping({}).cards == "dealt"
    with pytest.raises(ConfigError, match="options.cards: 'paper' is not one of dealt, physical"):
        StruggleOptions.from_mapping({"cards": "paper"})


def _physical(actions: list[str], rounds: int = 1) -> Any:
    return scripted(DICE, RACE + actions, track=SHORT, options={"cards": "physical", "rounds": rounds})


def test_nothing_is_dealt_and_the_board_waits_for_the_cards_after_the_race() -> None:
    session, game, events = _physical([])
    run_for(session, 60_000)
    ref = game.referee
    assert not [e for e in events if e.type == "objective"]
    assert ref.state == "entering_cards" and ref.cards == {}
    assert ref.snapshot()["card_entry"] == {"player": "red", "entered": []}
    assert not [e for e in events if e.type == "round_over"]  # not scored before the cards are in
    # the place asked for blinks in the player's colour
    seen = set()
    for _ in range(12):
        seen.add(session.board.led_colour("place-A"))
        run_for(session, 50)
    assert PLAYER_RGB["red"] in seen and len(seen) == 2


def test_entered_places_glow_erase_before_any_entry_is_ignored() -> None:
    session, game, events = _physical(["press stop", "press die2", "press die4"])
    run_for(session, 60_000)
    ref = game.referee
    entries = [e for e in events if e.type == "card_entry"]
    assert [e["entered"] for e in entries] == [["Q"], ["Q", "10"]]  # the first stop erased nothing
    assert session.board.led_colour("place-A") == PLAYER_RGB["red"]
    assert session.board.led_colour("place-B") == PLAYER_RGB["red"]
    assert ref.state == "entering_cards"


def test_a_whole_round_scored_with_the_entered_cards_then_the_next_round_deals_nothing() -> None:
    session, game, events = _physical(["card 10 9 A Q J", "card K Q J 10 9", "reset", "throw"], rounds=2)
    ref = game.referee
    run_for(session, 90_000)
    over = next(e for e in events if e.type == "round_over")
    assert over["cards"] == {"red": ["10", "9", "A", "Q", "J"], "blue": ["K", "Q", "J", "10", "9"]}
    assert over["points"] == {"red": 10, "blue": 50}
    assert ref.state in ("waiting_for_throw", "choosing") and ref.round == 2 and ref.cards == {}
    assert [e["round"] for e in events if e.type == "round_started"] == [1, 2]


def test_card_action_before_the_board_asks_is_a_scenario_error() -> None:
    from mazeboard.hal.errors import ScenarioError

    session, game, events = scripted(["K K K K K"], ["card K Q J 10 9"], options={"cards": "physical"})
    session.hands.patience_ms = 200
    with pytest.raises(ScenarioError, match=r"card K Q J 10 9'?: the board is not asking for a card"):
        run_for(session, 2000)


def test_the_dice_display_shows_the_thrown_faces_and_the_held_dice() -> None:
    wiring = load_wiring(ROOT / "wiring" / "struggle.toml")
    assert wiring.leds is not None
    layout = LedLayout(dict(wiring.leds.cell_to_index), wiring.leds.count)
    clock = VirtualClock()
    frames: list[LedFrame] = []
    events: list[GameEvent] = []
    setup = GameSetup("struggle", ("red", "blue"), 1, dice=("K Q 9 A J",), extra={"track": wiring.spec.extra["track"]})
    ref = StruggleReferee(setup, clock, layout, events.append, frames.append)
    ref.start()
    ref.on_sensor(ReedChanged(0, "s0", True))  # the five tokens on the start space
    clock.advance(StruggleOptions().settle_ms)
    assert ref.state == "waiting_for_throw"
    ref.on_sensor(ButtonPressed(10, "throw"))
    ref.on_sensor(ButtonPressed(20, "die2"))
    clock.advance(10)
    px = frames[-1].pixels
    idx = layout.cell_to_index
    lit = {n for n in idx if n.startswith("die") and px[idx[n]] != (0, 0, 0)}
    assert lit == {"die1:K", "die2:Q", "die3:9", "die4:A", "die5:J"}
    assert px[idx["die2:Q"]] == PLAYER_RGB["red"]  # held
    assert px[idx["die1:K"]] == scale(TARGET_RGB, 0.6)

