"""Issue 15, round 23 (fifth Struggle newcomer): "A" means arrival place A (RULES.md: places A-E); the
ace die face is said "ace" in the board's words (prompt, narration), never a bare "A"."""

from __future__ import annotations

import re

from mazeboard.controller.struggle.referee import StruggleReferee
from mazeboard.controller.struggle.rules import StruggleOptions
from mazeboard.hal.board import GameSetup, LedLayout
from mazeboard.hal.clock import VirtualClock
from mazeboard.hal.events import ButtonPressed, GameEvent, LedFrame, ReedChanged

BARE_A = re.compile(r"(?<![\w-])A(?![\w-])")


def _thrown(dice: str) -> tuple[StruggleReferee, list[GameEvent]]:
    clock = VirtualClock()
    events: list[GameEvent] = []
    frames: list[LedFrame] = []
    ref = StruggleReferee(GameSetup("struggle", ("red", "blue"), 1, dice=(dice,)), clock, LedLayout({}, 0),
                          events.append, frames.append)
    ref.start()
    ref.on_sensor(ReedChanged(0, "s0", True))
    clock.advance(StruggleOptions().settle_ms)
    ref.on_sensor(ButtonPressed(10, "throw"))
    clock.advance(10)
    return ref, events


def test_the_prompt_says_ace_for_the_ace_die() -> None:
    ref, _ = _thrown("K Q 9 A J")
    text = ref.instruction().text()
    assert "ace" in text and not BARE_A.search(text), text
    ref.on_sensor(ButtonPressed(20, "stop"))  # the hand kept: the ways to play it
    text = ref.instruction().text()
    assert ref.state == "choosing" and "ace" in text and not BARE_A.search(text), text


# -- die 1 and die 2 while choosing: offered (and their keys shown) only when they act -----------------
def test_die1_is_offered_only_when_there_is_a_previous_way() -> None:
    ref, _ = _thrown("K Q 9 A J")
    ref.on_sensor(ButtonPressed(20, "stop"))
    assert ref.instruction().facts["count"] > 1
    if ref.instruction().facts["selected"] == 0:  # (the board's pick shown first: maybe not the first way)
        ref.on_sensor(ButtonPressed(30, "throw"))  # the next way
    assert ref.instruction().facts["selected"] >= 1 and "die1" in ref.instruction().buttons
    for t in range(40, 40 + 10 * ref.instruction().facts["selected"], 10):
        ref.on_sensor(ButtonPressed(t, "die1"))  # back to the first way
    said = ref.instruction()
    assert said.facts["selected"] == 0 and "die1" not in said.buttons, "the first way has no previous way"


def test_the_instruction_says_whether_another_order_changes_what_happens() -> None:
    # die 2 still names the order the log keeps (SCENARIOS.md "played"), but a page explains it only
    # when the order changes what happens (struggle.js: the dice keys)
    ref, _ = _thrown("9 J 10 K K")  # from START nothing meets: every order of the moves ends and reads alike
    ref.on_sensor(ButtonPressed(20, "stop"))
    said = ref.instruction()
    assert ref.state == "choosing" and "die2" in said.buttons and said.facts["orders_differ"] is False, said.facts
