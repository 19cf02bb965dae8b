"""Issue 15, Struggle newcomer 97 (1920x1080): the way that ends the round lit space 16 and arrival place D on the
board; played, the prompt asked "Token Q: space 15 → arrival place E. Token 9: space 15 → arrival place D". Q moves
to 16, the 9's arrival is the fourth and ends the round, and the fifth token, Q, takes the last place, E (RULES.md §3
Arrival): the preview lit where Q passes, not where it ends. The way's preview lights the place a token the round's
end puts on an arrival place, and the space it passes only dimly."""

from __future__ import annotations

from test_struggle_round23b import _thrown

from mazeboard.controller.struggle import instructions, rules
from mazeboard.controller.struggle.rules import Race
from mazeboard.hal.events import ButtonPressed
from mazeboard.hal.struggle import place_sensor, space_sensor


def test_the_preview_lights_the_place_the_round_s_end_gives_a_token() -> None:
    ref, _ = _thrown("Q 9 9 K K")
    ref.on_sensor(ButtonPressed(20, "stop"))  # the hand kept: choosing
    assert ref.state == "choosing" and ref.turn is not None
    ref.race = Race.of({"Q": 15, "9": 15}, ("K", "J", "10"))
    ref.turn.outcomes = rules.outcomes(ref.rules, ref.race, ref.turn.hand)
    ref.turn.selected = next(i for i, o in enumerate(ref.turn.outcomes) if ("Q", "E") in o.result.arrivals)
    cells = instructions.scene(ref, ref.instruction()).cells
    lit = cells.get(place_sensor("D"))
    assert lit and cells.get(place_sensor("E")) == lit, cells  # Q's place, lit as the 9's
    dim = cells.get(space_sensor(16))
    assert dim and sum(dim) < sum(lit), cells  # the space Q passes: dim
