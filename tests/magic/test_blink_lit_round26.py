"""Round 26 (issue 15, fix26-lab 3): a blinking LED (a cell a piece must go to, a ball to fetch) goes
between bright and less bright, never as dark as an unlit cell: a glance or a screenshot at any moment
shows it lit (a newcomer's screenshot caught the Magic board's blinking cells in their dark phase and
read them as unlit). The page draws the LEDs' frames as they are (board.js: a pixel #000000 is unlit)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from mazeboard.controller.instruction import Instruction, Request, request_layers  # noqa: E402
from mazeboard.controller.leds import PLAYER_RGB, TARGET_RGB, Scene, render  # noqa: E402

from test_instruction import LAYOUT, Table  # noqa: E402

#: the least share of its bright phase a blinking LED keeps (each lit channel): clearly lit, clearly dimmer
LEAST = 0.3


def _over_a_period(scene: Scene, cell: str) -> list[tuple[int, int, int]]:
    i = LAYOUT.cell_to_index[cell]
    return [render(scene, t, LAYOUT).pixels[i] for t in range(0, 1000, 50)]


def _lit_throughout(colours: list[tuple[int, int, int]]) -> None:
    brightest = max(colours, key=sum)
    assert len(set(colours)) > 1, f"it does not blink: {colours}"
    for c in colours:
        assert c != (0, 0, 0), f"dark as an unlit cell in its low phase: {sorted(set(colours))}"
        for ch, top in zip(c, brightest):
            assert ch >= LEAST * top, f"{c} is far darker than {brightest}: it reads as unlit"


def test_a_cell_a_pawn_must_go_back_to_blinks_lit_at_every_moment() -> None:
    t = Table(dice=(2,))  # Magic: roll 2, then five steps: the board asks the pawn back to c1
    t.press("roll")
    t.slide("b1", "c1", "d1", "e1", "f1", frm="a1", gap_ms=60)
    t.wait(20_000)
    t.press("done")
    scene = t.ref.leds.scene
    assert "c1" in scene.blink
    _lit_throughout(_over_a_period(scene, "c1"))


def test_every_request_blinks_lit_at_every_moment() -> None:
    """The shared requests' layers (every game): a piece's cell to go to, the target's, a ball's prompt."""
    requests = (Request("red", "pawn", "overstep", "a1", ("b2",), words="magic"),
                Request("target", "pawn", "misplaced", None, ("c3",), words="magic"),
                Request("", "ball", "ball_dropped", None, words="magic"))
    layers = request_layers(Instruction("red", "correct", "correct", {}, requests), ball_cells={"red": "a6", "blue": "f6"})
    for cell in ("b2", "c3", "a6", "f6"):
        assert cell in layers.blink, sorted(layers.blink)
        _lit_throughout(_over_a_period(Scene(blink=layers.blink), cell))
    assert PLAYER_RGB["red"] in {c for pair in layers.blink.values() for c in pair}
    assert TARGET_RGB in {c for pair in layers.blink.values() for c in pair}



def test_labyrinths_candidate_tiles_blink_dim_but_never_dark() -> None:
    """Labyrinth asking which tile a pawn stopped on (``ambiguous``: seed 3, three players, as
    tests/labyrinth/test_labyrinth_referee.py): the guess alternates colour / orange, the other candidates
    blink dimly -- lit at every moment."""
    from mazeboard.controller.app import build_game
    from mazeboard.controller.labyrinth.referee import LabyrinthReferee
    from mazeboard.hal import backends
    from mazeboard.hal.board import BoardRequest
    from mazeboard.hal.events import GameEvent
    from mazeboard.hal.labyrinth import led_layout

    session = backends.open_board("sim", BoardRequest(game="labyrinth", players=3, seed=3))
    game = build_game(session)
    ref = game.referee
    assert isinstance(ref, LabyrinthReferee)
    scenes: list[Scene] = []

    def sink(ev: GameEvent) -> None:
        if ev.type == "instruction" and ref.state == "waiting_for_confirmation" and not scenes:
            scenes.append(ref.leds.scene)

    game.sinks.append(sink)
    game.run()
    assert scenes, "the game never asked which tile"
    layout = led_layout()
    for cell, pair in scenes[0].blink.items():
        i = layout.cell_to_index[cell]
        colours = [render(scenes[0], t, layout).pixels[i] for t in range(0, 1000, 50)]
        assert (0, 0, 0) not in colours, f"{cell} blinks dark: {pair}"
