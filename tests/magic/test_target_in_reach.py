"""Issue 15, Magic newcomer 14: the target's cell was white whether or not the roll could reach it, so a
newcomer guessed whether it counted as "a lit cell". Within the roll's reach it alternates white with the
mover's glow (one LED, two meanings: both shown); out of reach it stays white."""

from __future__ import annotations

from typing import Any

from test_referee import LAYOUT, Table

from mazeboard.controller.leds import LEGAL_LEVEL, PLAYER_RGB, TARGET_RGB, render, scale
from mazeboard.controller.magic.instructions import scene


def _scene(roll: int) -> tuple[Any, Table]:
    t = Table(dice=(roll,), targets=("moon",))  # the moon on b2: two steps from red's corner a1
    assert t.ref.target is not None and t.ref.target[1] == "b2"
    t.press("roll")
    assert t.ref.state == "moving"
    return scene(t.ref, t.ref.instruction()), t


def test_the_target_within_the_roll_s_reach_alternates_white_with_the_mover_s_glow() -> None:
    said, t = _scene(2)
    assert said.blink.get("b2") == (TARGET_RGB, scale(PLAYER_RGB["red"], LEGAL_LEVEL)), said.blink
    frames = {render(said, ms, LAYOUT).pixels[LAYOUT.index("b2")] for ms in range(0, 3000, 50)}
    assert frames == {TARGET_RGB, scale(PLAYER_RGB["red"], LEGAL_LEVEL)}, frames  # both, in turn

def test_the_target_out_of_reach_stays_white() -> None:
    said, t = _scene(1)
    assert "b2" not in said.blink, said.blink
    assert said.cells["b2"] == TARGET_RGB
