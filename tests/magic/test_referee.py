"""The referee on hand-made sensor events (no simulator): flow, LEDs, assist mode."""

from __future__ import annotations

from typing import Any

import pytest

from mazeboard.controller.leds import PLAYER_RGB, PROMPT_RGB, TARGET_RGB, WARNING_ALT_RGB, WARNING_RGB
from mazeboard.controller.magic.referee import MagicReferee
from mazeboard.hal.board import GameSetup, LedLayout
from mazeboard.hal.boards import MAGIC
from mazeboard.hal.clock import VirtualClock
from mazeboard.hal.events import ButtonPressed, GameEvent, HallChanged, LedFrame, ReedChanged

LAYOUT = LedLayout.row_major(MAGIC.cells)


class Table:
    """A referee with a virtual clock; helpers play hands by sending debounced events."""

    def __init__(self, **setup: Any) -> None:
        self.clock = VirtualClock()
        self.events: list[GameEvent] = []
        self.frames: list[LedFrame] = []
        kw = {"players": ("red", "blue"), "seed": 1, **setup}
        self.ref = MagicReferee(GameSetup("magic-labyrinth", **kw), self.clock, LAYOUT,
                                self.events.append, self.frames.append)
        self.ref.start()

    def wait(self, ms: int) -> None:
        self.clock.advance(ms)

    def send(self, ev: Any) -> None:
        self.ref.on_sensor(ev)

    def press(self, button: str) -> None:
        self.send(ButtonPressed(self.clock.now_ms(), button))
        self.wait(100)

    def slide(self, *cells: str, frm: str) -> None:
        """Gap-style slide: old reed opens, then the next one closes."""
        for cell in cells:
            self.send(ReedChanged(self.clock.now_ms(), frm, False))
            self.wait(20)
            self.send(ReedChanged(self.clock.now_ms(), cell, True))
            self.wait(230)
            frm = cell

    def ball(self, arrived: bool, sensor: str = "tray-sw") -> None:
        self.send(HallChanged(self.clock.now_ms(), sensor, arrived))

    def types(self) -> list[str]:
        """Event types, without the board's ``instruction`` (tests/magic/test_instruction.py)."""
        return [e.type for e in self.events if e.type != "instruction"]

    def of(self, type_: str) -> list[GameEvent]:
        return [e for e in self.events if e.type == type_]

    def led(self, cell: str) -> tuple[int, int, int]:
        return self.ref.leds.last.pixels[LAYOUT.index(cell)]  # type: ignore[union-attr]


def test_start_lights_target_and_whose_turn() -> None:
    t = Table(targets=("moon",))
    assert t.types() == ["game_started", "target", "turn_started"]
    assert t.led("b2") == TARGET_RGB
    assert t.led("a1") == PLAYER_RGB["red"]
    assert t.led("f6") == (0, 0, 0)
    assert t.ref.state == "waiting_for_roll"


def test_roll_lights_legal_cells_in_players_colour_and_is_ignored_while_moving() -> None:
    t = Table(dice=(2, 4), targets=("owl",))
    t.press("roll")
    t.press("roll")
    rolls = t.of("die_rolled")
    assert len(rolls) == 1 and rolls[0]["value"] == 2
    assert t.ref.state == "moving"
    dim_red = t.led("b1")
    assert dim_red[0] > 0 and dim_red[1] == dim_red[2] == 0 and dim_red[0] < 255
    assert t.led("c2") == (0, 0, 0)  # 3 steps away: not legal


def test_steps_are_counted_and_end_the_move_after_the_ball_grace() -> None:
    t = Table(dice=(2,), targets=("owl",))
    t.press("roll")
    t.slide("a2", "a3", frm="a1")
    assert [(e["from"], e["to"], e["steps"]) for e in t.of("step")] == [("a1", "a2", 1), ("a2", "a3", 2)]
    assert "turn_ended" not in t.types()  # a ball may still be rolling
    t.wait(600)
    assert t.of("turn_ended")[0]["reason"] == "steps_used"
    assert t.of("turn_started")[-1]["player"] == "blue"


def test_ball_drop_prompts_return_and_waits_for_pawn_and_ball() -> None:
    t = Table(dice=(3,), targets=("owl",))
    t.press("roll")
    t.slide("b1", "c1", frm="a1")
    t.wait(50)
    t.ball(True)
    drop = t.of("ball_dropped")[0]
    assert drop["player"] == "red" and drop["edge"] == "b1-c1"
    assert t.ref.state == "waiting_for_return"
    colours = set()
    for _ in range(12):
        t.wait(60)
        colours.add(t.led("a1"))
    assert {PLAYER_RGB["red"], PROMPT_RGB} <= colours  # the prompt blinks on the start corner
    # the pawn back but the ball still in the tray: still waiting
    t.send(ReedChanged(t.clock.now_ms(), "c1", False))
    t.send(ReedChanged(t.clock.now_ms(), "a1", True))
    t.wait(200)
    assert "returned_to_start" not in t.types()
    t.ball(False)
    assert t.types()[-2:] == ["returned_to_start", "turn_started"]
    assert t.ref.state == "waiting_for_roll" and t.ref.current == "blue"


def test_warning_flashes_the_cell() -> None:
    t = Table(dice=(2,), targets=("owl",))
    t.press("roll")
    t.slide("f5", frm="f6")  # blue moves during red's turn
    assert t.of("warning")[0]["kind"] == "out_of_turn"
    seen = set()
    for _ in range(10):
        t.wait(40)
        seen.add(t.led("f5"))
    assert seen == {WARNING_RGB, WARNING_ALT_RGB}  # a red/white strobe, unlike any player's colour
    t.wait(2000)
    assert t.led("f5") != WARNING_RGB  # the flash ends


def test_frames_are_sent_only_on_change() -> None:
    t = Table(targets=("owl",))
    n = len(t.frames)
    t.wait(5000)
    assert len(t.frames) == n


def test_assist_mode_stops_legal_moves_at_learned_walls() -> None:
    t = Table(dice=(2, 1, 2), targets=("owl",), options={"assist": True})
    t.press("roll")
    t.slide("b1", frm="a1")
    t.wait(50)
    t.ball(True)  # wall a1-b1 learned (the only step)
    assert t.of("wall_learned")[0]["edge"] == "a1-b1"
    t.send(ReedChanged(t.clock.now_ms(), "b1", False))
    t.send(ReedChanged(t.clock.now_ms(), "a1", True))
    t.wait(50)
    t.ball(False)
    t.press("roll")  # blue rolls 1 and presses done
    t.press("done")
    t.wait(600)
    t.press("roll")  # red rolls 2 again: b1 only by going round through a2-b2 (3 steps)
    legal = t.of("die_rolled")[-1]["legal"]
    assert "b1" not in legal and "a3" in legal


def test_without_assist_learned_walls_are_not_shown() -> None:
    t = Table(dice=(1,), targets=("owl",))
    t.ref.known_walls.add(("a1", "b1"))
    t.press("roll")
    assert "b1" in t.of("die_rolled")[0]["legal"]


def test_win_animation_then_winners_colour() -> None:
    t = Table(dice=(2,), targets=("moon",), options={"win_tokens": 1})
    t.press("roll")
    t.slide("a2", "b2", frm="a1")
    t.wait(600)
    assert t.of("game_over")[0]["winner"] == "red"
    assert t.ref.state == "game_over"
    t.wait(200)
    mid = {t.led(c) for c in ("a1", "c3", "f6")}
    assert len(mid) > 1  # a rainbow, not one colour
    t.wait(5000)
    assert {t.led(c) for c in MAGIC.cells} == {PLAYER_RGB["red"]}
    before = len(t.events)
    t.press("roll")
    assert len(t.events) == before  # nothing counts after the game


def test_bad_setup_is_a_config_error() -> None:
    from mazeboard.hal.errors import ConfigError

    with pytest.raises(ConfigError, match="face"):
        Table(dice=(6,))
    with pytest.raises(ConfigError, match="2 to 4"):
        Table(players=("red",))
