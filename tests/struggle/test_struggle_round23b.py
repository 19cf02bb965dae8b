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
