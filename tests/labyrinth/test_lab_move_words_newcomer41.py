"""Issue 15, Labyrinth newcomer 41: its pawn had walked to e1 and the prompt still said "move your pawn along the
paths to a lit tile, then press Done (or press Done to stay)", read as Done putting it back where it began. Once the
mover stands on another cell than at the move's start, the words say where it is and what Done does there."""

from __future__ import annotations

from tests.labyrinth.test_labyrinth_instruction import Table


def test_once_the_pawn_has_moved_the_words_say_where_done_ends_the_move() -> None:
    t = Table()
    t.press("slot:W-2")
    said = t.said()
    assert said["action"] == "move" and "a3" in said["cells"], said
    assert "or press Done to stay" in said["text"], said  # not moved yet
    t.move("a1", "a2")
    t.move("a2", "a3")
    said = t.said()
    assert said["messages"][0]["id"] == "lab.move_on", said
    assert "the pawn is on a3 now" in said["text"] and "press Done to end the move there" in said["text"], said
    assert "stay" not in said["text"], said
    t.move("a3", "a2")
    t.move("a2", "a1")  # back where it began: the first words again
    assert "or press Done to stay" in t.said()["text"], t.said()


def test_a_pawn_the_reeds_do_not_see_is_not_told_it_may_stay() -> None:
    """(an attack: Blue set on a tile Green closes already, unseen, read "or press Done to stay")"""
    t = Table()
    t.press("slot:W-2")
    t.reed("a1", False)  # lifted (or set where another pawn closes the reed already)
    said = t.said()
    assert said["messages"][0]["id"] == "lab.move_set", said
    assert "stay" not in said["text"] and "once the pawn stands on a lit tile, press Done" in said["text"], said


def test_the_words_are_said_in_each_seed_language() -> None:
    from mazeboard.hal.i18n import catalogue

    for lang in ("de", "fa", "it", "pt"):
        assert catalogue(lang).has("lab.move_on") and catalogue(lang).has("lab.move_set"), lang
