"""Issue 15, Labyrinth newcomer 49 (and Magic newcomers 25, 33, 46, 47 on the other board): the turn light stood on
the player's start square, so with the pawn elsewhere the lit 🏠 and "Red's turn" beside it read as "go back
home". Whose turn is now lit under the pawn of the player on turn (the tile it stands on, in the player's colour
at full strength), in the shift and in the move; the start square is lit only as a tile to reach like any other,
or in full colour once every card is found (where to go back to)."""

from __future__ import annotations

from test_labyrinth_instruction import Table

from mazeboard.controller.leds import LEGAL_LEVEL, PLAYER_RGB, scale

OFF = (0, 0, 0)
RED, DIM = PLAYER_RGB["red"], scale(PLAYER_RGB["red"], LEGAL_LEVEL)


def _red_on_a2_then_blue_pushes() -> Table:
    """Red pushes at W-2 and walks a1 -> a2, Done; Blue pushes at N-d (column d: red's pawn stays) and Done."""
    t = Table()
    t.press("slot:W-2")
    t.move("a1", "a2")
    t.press("done", 3000)
    assert t.said()["action"] == "shift" and t.said()["player"] == "blue", t.said()
    t.press("slot:N-d")
    t.press("done", 3000)
    assert t.said()["action"] == "shift" and t.said()["player"] == "red", t.said()
    return t


def test_in_the_shift_whose_turn_is_lit_under_the_pawn_not_on_its_start_square() -> None:
    t = _red_on_a2_then_blue_pushes()
    assert t.led("a2") == RED  # under red's pawn
    assert t.led("a1") == OFF  # the start square: nothing asked there
    assert t.led("g7") == OFF  # blue's pawn, not on turn


def test_in_the_move_the_pawn_s_tile_is_lit_in_full_the_start_square_as_a_tile_to_reach() -> None:
    t = _red_on_a2_then_blue_pushes()
    t.press("slot:N-f")  # column f: no pawn moves
    said = t.said()
    assert said["action"] == "move" and "a2" in said["cells"], said
    assert t.led("a2") == RED  # the turn, under the pawn (its own tile is also one to end on)
    assert t.led("a1") == (DIM if "a1" in said["cells"] else OFF)
    t.move("a2", "a3")
    assert t.led("a3") == RED and t.led("a2") == DIM  # the light goes with the pawn


def test_a_lifted_pawn_leaves_no_full_light_to_read_as_the_tile_to_set_it_on() -> None:
    t = Table()
    t.press("slot:W-2")
    t.reed("a1", False, 300)
    said = t.said()
    assert said["action"] == "move", said
    assert RED not in {t.led(c) for c in said["cells"]}, {c: t.led(c) for c in said["cells"]}


def test_every_card_found_lights_the_start_square_in_full_as_where_to_go_back() -> None:
    t = _red_on_a2_then_blue_pushes()
    t.ref.decks["red"].clear()
    t.press("slot:N-b")  # column b: red's pawn stays on a2
    said = t.said()
    assert said["action"] == "move", said
    assert t.led("a1") == RED and t.led("a2") == RED  # where to go back, and whose turn under the pawn
