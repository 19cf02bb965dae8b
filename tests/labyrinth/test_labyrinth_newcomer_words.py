"""The board's own words a newcomer read wrong in the Labyrinth (issue 15): the push of a column is
not called a row, the player who moves after the push is named (not "you": a simulated player's
turn reads as if addressed to the human), and a player whose cards are all found is told to go back
to their start square."""

from __future__ import annotations

from mazeboard.controller.instruction import MESSAGES
from mazeboard.hal.i18n import catalogue

from tests.labyrinth.test_labyrinth_instruction import Table


def settle_text(slot: str) -> str:
    t = Table()
    t.press(f"slot:{slot}", wait=0)
    said = t.said()
    assert said["action"] == "settle", said
    return str(said["text"])


def test_a_push_at_a_north_or_south_slot_is_a_column_and_at_west_or_east_a_row() -> None:
    for slot in ("N-f", "S-b"):
        text = settle_text(slot)
        assert f"column at {slot}" in text and "row" not in text, text
    for slot in ("W-2", "E-4"):
        text = settle_text(slot)
        assert f"row at {slot}" in text and "column" not in text, text


def test_the_turn_names_who_moves_after_the_push() -> None:
    t = Table()
    text = t.said()["text"]
    assert t.said()["action"] == "shift"
    assert "You move" not in text and "Red moves after the push" in text, text


def test_a_player_with_every_card_found_is_told_to_go_back_to_their_start_square() -> None:
    t = Table()
    t.ref.decks["red"].clear()  # red found them all (the referee's own count: cards_left)
    assert t.ref.cards_left("red") == 0
    t.ref._refresh()  # the instruction again, as after any event
    said = t.said()
    assert said["player"] == "red" and said["action"] == "shift", said
    text = said["text"]
    assert "all your cards are found" in text and "start square a1" in text, text
    blue = Table().said()["text"]
    assert "start square" not in blue, blue


def test_the_new_words_are_said_in_each_seed_language() -> None:
    for lang in ("de", "fa", "it", "pt"):
        own = catalogue(lang)
        for mid in ("lab.shift", "lab.shift_home", "lab.shift_not", "lab.shift_home_not", "lab.settle", "lab.settle_row"):
            assert mid in MESSAGES and own.has(mid), f"{lang}: {mid} untranslated"


def test_the_forbidden_slot_is_said_in_the_language_of_the_prompt() -> None:
    """The slot the last push forbids is named in the sentence's own words in every seed language
    (it was an English fragment, " (not S-f)", which a translation could only drop)."""
    from mazeboard.controller.translate import say_messages

    for home in (False, True):
        t = Table()
        t.ref.forbidden = "S-f"
        if home:
            t.ref.decks["red"].clear()
        t.ref._refresh()
        said = t.said()
        assert said["action"] == "shift" and "(not S-f" in said["text"], said["text"]
        for lang in ("de", "fa", "it", "pt"):
            text = say_messages(said["messages"], lang, said["text"])
            assert text != said["text"] and "S-f" in text and "(not" not in text, f"{lang}: {text}"
    t = Table()  # the first push: no slot is forbidden, none named
    assert "(not" not in t.said()["text"] and "S-f" not in say_messages(t.said()["messages"], "de", "")


def test_on_the_start_square_with_every_card_found_the_move_says_done_wins() -> None:
    """Round 5 (issue 15): red stood on a1 with all cards found and read "move your pawn ... to a
    lit tile, then press Done (or press Done to stay)": nothing said Done ends the game. There the
    move's words say Done wins; away from home they say to go back to the start square; with cards
    left they are the plain move words. Done then ends the game with red the winner."""
    t = Table()
    t.ref.decks["red"].clear()
    t.press("slot:W-4")  # row 4: a1 and g7 stay where they are
    said = t.said()
    assert (said["player"], said["action"], said["messages"][0]["id"]) == ("red", "move", "lab.move_win"), said
    assert "win" in said["text"] and "a1" in said["text"] and "Done" in said["text"], said["text"]
    assert "to a lit tile" not in said["text"], said["text"]
    events = t.press("done", wait=3000)
    assert "game_over" in [e.type for e in events], [e.type for e in events]
    assert t.ref.winner == "red"


def test_with_every_card_found_away_from_home_the_move_says_go_back_to_win() -> None:
    t = Table()
    t.ref.decks["red"].clear()
    t.ref.positions["red"] = "a3"  # red's pawn away from home (the reeds agree), a path home open after W-2
    t.closed = {"a3", "g7"}
    t.reed("a1", False)
    t.reed("a3", True)
    t.press("slot:W-2")
    said = t.said()
    assert (said["action"], said["messages"][0]["id"]) == ("move", "lab.move_home"), said
    assert "start square a1" in said["text"] and "win" in said["text"], said["text"]
    plain = Table()
    plain.press("slot:W-2")
    assert plain.said()["messages"][0]["id"] == "lab.move", plain.said()


def test_a_tap_on_the_forbidden_slot_says_why_first() -> None:
    """Round 27 (Labyrinth newcomer 11): a tap on the crossed W-6 said "slot W-6: does nothing now. Red: turn
    the spare with Rotate as you like, then push it in at a lit slot (not W-6: that would undo the last
    push)…": the reason halfway through the quoted instruction."""
    from mazeboard.hal.web.controls import press_refusal

    t = Table()
    t.ref.forbidden = "W-6"
    t.ref._refresh()
    said = t.said()
    refusal = str(press_refusal(said, ["red"], "slot:W-6"))
    assert refusal.startswith("does nothing now (W-6 would undo the last push"), refusal
    assert press_refusal(said, ["red"], "slot:W-2") is None  # the others still push
