"""Round 26 (newcomer round 9): going home, the prompt said "... back to your start square a1, then press
Done there to win (or press Done to stay)" -- two "press Done" in one sentence, the choice unclear. The
words now give two plain choices: walk back and press Done there to win, or press Done now to end the
turn where the pawn stands."""

from __future__ import annotations

from tests.labyrinth.test_labyrinth_instruction import Table


def going_home() -> Table:
    """Red, every card found, on a3 (not home, a path to it open after the push), its push made: the move's step."""
    t = Table()
    t.ref.decks["red"].clear()
    t.ref.positions["red"] = "a3"
    t.closed = {"a3", "g7"}
    t.reed("a1", False)
    t.reed("a3", True)
    t.press("slot:W-2")
    return t


def test_going_home_the_move_words_give_two_clear_choices() -> None:
    said = going_home().said()
    assert said["messages"][0]["id"] == "lab.move_home", said
    text = said["text"]
    assert "(or press Done to stay)" not in text, text
    # (Labyrinth newcomer 13: said shorter, "... and press Done there to win (Done elsewhere ends the turn).")
    win, _, stay = text.partition(" (")
    assert "a1" in win and "Done there to win" in win, text
    assert "Done elsewhere" in stay and "ends the turn" in stay, text


def test_with_exit_anywhere_the_push_words_never_send_the_pawn_home() -> None:
    """An attack: with the exit-anywhere variant (the win is any edge tile open off the board, not the start square)
    the push's words said "…then go back to your start square a1" and the page marked arrows "opening a way to a1".
    The shift keeps the plain words there, as the move does."""
    t = Table({"exit_anywhere": True})
    t.ref.decks["red"].clear()
    t.press("rotate")  # (a new instruction: the spare turned)
    said = t.said()
    assert said["action"] == "shift" and said["messages"][0]["id"] == "lab.shift", said
    assert "home" not in said["messages"][0]["args"], said
    plain = Table()
    plain.ref.decks["red"].clear()
    plain.press("rotate")
    assert plain.said()["messages"][0]["id"] == "lab.shift_home"
