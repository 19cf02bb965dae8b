"""Issue 15, Labyrinth newcomer 14: in the move, the player's start square shone in full colour (the turn
signal) while every other tile the pawn can reach glowed dimly; the newcomer read it as brighter, more
important than the rest. A start square the move can reach now glows as dimly as the other reachable tiles,
unless all the player's cards are found (it is then where to go back to)."""

from __future__ import annotations

from test_labyrinth_instruction import Table

from mazeboard.controller.leds import LEGAL_LEVEL, PLAYER_RGB, scale


def test_a_reachable_start_square_glows_like_the_other_reachable_tiles() -> None:
    t = Table()
    assert t.said()["action"] == "shift"
    assert t.led("a1") == PLAYER_RGB["red"]  # whose turn: red's pawn stands there
    t.press("slot:W-2")
    said = t.said()
    assert said["action"] == "move" and "a1" in said["cells"], said
    other = next(c for c in said["cells"] if c != "a1")
    dim = scale(PLAYER_RGB["red"], LEGAL_LEVEL)
    assert t.led(other) == dim, other
    t.move("a1", "a2")  # (while the pawn stands on it, a1 is lit in full as whose turn: test_lab_turn_light_on_pawn)
    assert t.led("a1") == dim


def test_the_start_square_to_go_back_to_shines_in_full_colour() -> None:
    t = Table()
    t.ref.decks["red"].clear()  # every card found: the start square is where red must walk back to
    t.press("slot:W-2")
    said = t.said()
    assert said["action"] == "move" and "a1" in said["cells"], said
    assert t.led("a1") == PLAYER_RGB["red"]
