"""The Labyrinth referee fed sensor events directly (no simulator): forbidden slot after each
of the 12 slots, rotation, LEDs of allowed and forbidden slots, secret targets."""

from __future__ import annotations

import pytest

from mazeboard.controller.labyrinth.referee import LabyrinthReferee
from mazeboard.controller.leds import WARNING_RGB, scale
from mazeboard.hal.board import GameSetup
from mazeboard.hal.clock import VirtualClock
from mazeboard.hal.events import ButtonPressed, GameEvent, LedFrame
from mazeboard.hal.labyrinth import SLOTS, led_layout


def make(variants: tuple[str, ...] = ()) -> tuple[LabyrinthReferee, VirtualClock, list[GameEvent], list[LedFrame]]:
    clock = VirtualClock()
    events: list[GameEvent] = []
    frames: list[LedFrame] = []
    setup = GameSetup("labyrinth", ("red", "blue"), 11, extra={"variants": variants,
                                                                "cards": {"red": ["owl"], "blue": ["bat"]}})
    ref = LabyrinthReferee(setup, clock, led_layout(), events.append, frames.append)
    ref.start()
    return ref, clock, events, frames


def press(ref: LabyrinthReferee, clock: VirtualClock, button: str) -> None:
    ref.on_sensor(ButtonPressed(clock.now_ms(), button))
    clock.advance(400)


@pytest.mark.parametrize("slot", list(SLOTS))
def test_the_next_player_may_not_push_back_where_the_tile_came_out(slot: str) -> None:
    ref, clock, events, frames = make()
    press(ref, clock, f"slot:{slot}")
    assert ref.state == "waiting_for_move"
    press(ref, clock, "done")
    assert ref.current == "blue" and ref.forbidden == SLOTS[slot].opposite
    layout = led_layout()
    assert frames[-1].pixels[layout.index(f"slot:{SLOTS[slot].opposite}")] == scale(WARNING_RGB, 0.2)
    before = ref.maze
    press(ref, clock, f"slot:{SLOTS[slot].opposite}")
    assert events[-1].type == "warning" and events[-1]["kind"] == "forbidden_slot"
    assert ref.maze == before and ref.state == "waiting_for_shift"
    press(ref, clock, f"slot:{slot}")  # pushing again from the same side is allowed
    assert [e for e in events if e.type == "shifted"][-1]["slot"] == slot


def test_rotate_turns_the_spare_in_the_model_and_the_shift_uses_it() -> None:
    ref, clock, events, _ = make()
    spare = ref.maze.spare
    press(ref, clock, "rotate")
    press(ref, clock, "rotate")
    assert events[-1]["rotation"] == 180 and events[-1]["spare"] == spare.turned(2).notation()
    press(ref, clock, "slot:W-4")
    shifted = [e for e in events if e.type == "shifted"][-1]
    assert shifted["rotation"] == 180 and ref.maze.tile("a4") == spare.turned(2)


def test_targets_are_secret_except_in_the_younger_variant() -> None:
    for variants, lit in (((), False), (("younger",), True)):
        ref, clock, _, frames = make(variants)
        press(ref, clock, "slot:S-b")
        owl = ref.maze.cell_of("owl")
        assert owl is not None
        colour = frames[-1].pixels[led_layout().index(owl)]
        assert (colour == (255, 255, 255)) == lit
