"""Issue 15, Labyrinth newcomer 43: all cards found, the pawn walked from b6 towards home and stood on b3, and the
prompt still read "all cards found: walk back to your start square a1 and press Done there to win" as before the
walk. Once the pawn stands on another cell than at the move's start, the words say where it is, as in any move
(lab.move_on), with the way home still said."""

from __future__ import annotations

from tests.labyrinth.test_lab_home_words_round26 import going_home


def test_on_the_way_home_the_words_say_where_the_pawn_is() -> None:
    t = going_home()
    said = t.said()
    assert said["messages"][0]["id"] == "lab.move_home", said
    near = [c for c in said["cells"] if c in ("a4", "b3")]
    assert near, said["cells"]
    t.move("a3", near[0])
    said = t.said()
    assert said["messages"][0]["id"] == "lab.move_home_on", said
    assert said["text"] == (f"Red: the pawn is on {near[0]} now: walk on to your start square a1 and press Done there "
                            "to win (Done elsewhere ends the turn)."), said["text"]
    t.move(near[0], "a3")  # back where it began: the first words again
    assert t.said()["messages"][0]["id"] == "lab.move_home", t.said()


def test_the_words_are_said_in_each_seed_language() -> None:
    from mazeboard.hal.i18n import catalogue

    for lang in ("de", "fa", "it", "pt"):
        assert catalogue(lang).has("lab.move_home_on"), lang
