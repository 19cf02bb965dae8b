"""Issue 15, Labyrinth newcomer 46.

* All cards found, the pawn walked to b1, and the prompt said "walk on to your start square a1 and press Done there
  to win" with a1 not lit, out of reach: read as one more step to win, a1 tapped, refused. Where no path reaches
  the start square this turn, the words say so and what to do instead.
* After a push the one lit tile was the pawn's own, and the words still said "move your pawn along the paths to a
  lit tile … (or press Done to stay)": the newcomer looked for other lit tiles. With nowhere to go, the words say
  no path leads on and to press Done (as The Magic Labyrinth's `magic.move_none`).
"""

from __future__ import annotations

from tests.labyrinth.test_labyrinth_instruction import Table


def standing_on(cell: str, slot: str, all_found: bool = False) -> Table:
    """Red (every card found, with ``all_found``) standing on ``cell`` has pushed at ``slot``: the move's step."""
    t = Table()
    if all_found:
        t.ref.decks["red"].clear()
    t.ref.positions["red"] = cell
    t.closed = {cell, "g7"}
    t.reed("a1", False)
    t.reed(cell, True)
    t.press(f"slot:{slot}")
    return t


def all_found_on(cell: str, slot: str) -> Table:
    return standing_on(cell, slot, all_found=True)


def on_b2_pushed_s_d() -> Table:
    """Red on b2, S-d pushed: only b2 lit."""
    return standing_on("b2", "S-d")


def test_a_start_square_out_of_reach_is_said_so_not_walk_on_to_it() -> None:
    t = all_found_on("d4", "W-2")  # lit: d4 e4 only
    said = t.said()
    assert "a1" not in said["cells"] and said["cells"] == ["d4", "e4"], said
    assert said["messages"][0]["id"] == "lab.move_home_far", said
    # (no "nearer": the tiles lit may lie farther from home, an attack)
    assert said["text"] == ("Red: all cards found, but no path reaches your start square a1 this turn: move along "
                            "the paths to a lit tile, or press Done to stay."), said["text"]
    t.move("d4", "e4")
    said = t.said()
    assert said["messages"][0]["id"] == "lab.move_home_far_on", said
    assert said["text"] == ("Red: the pawn is on e4 now; no path reaches your start square a1 this turn: press Done "
                            "to end the move there, or go on to another lit tile."), said["text"]
    assert "walk on to your start square" not in said["text"]


def test_a_start_square_within_reach_keeps_the_way_home() -> None:
    t = all_found_on("a3", "W-2")
    said = t.said()
    assert "a1" in said["cells"], said
    assert said["messages"][0]["id"] == "lab.move_home", said


def test_nowhere_to_go_after_the_push_says_press_done() -> None:
    t = on_b2_pushed_s_d()
    said = t.said()
    assert said["action"] == "move" and said["cells"] == ["b2"], said
    assert said["messages"][0]["id"] == "lab.move_none", said
    assert said["text"] == "Red: no path leads on from b2 after this push: press Done.", said["text"]
    # the same with every card found: nowhere to go is nowhere to go
    t = all_found_on("b2", "S-d")
    assert t.said()["messages"][0]["id"] == "lab.move_none", t.said()


def test_a_pawn_in_the_hand_is_asked_to_be_set_down_never_told_press_done() -> None:
    """An attack: the pawn lifted, the words still said "no path leads on from b2 … press Done" (and, far from home,
    "or press Done to stay"); Done then asked to put the pawn back. Lifted, the words say where to set it."""
    t = on_b2_pushed_s_d()
    t.reed("b2", False, 1500)
    assert t.said()["messages"][0]["id"] == "lab.move_set", t.said()
    t = all_found_on("d4", "W-2")
    t.reed("d4", False, 1500)
    assert t.said()["messages"][0]["id"] == "lab.move_set", t.said()


def test_the_words_are_said_in_each_seed_language() -> None:
    from mazeboard.hal.i18n import catalogue

    for lang in ("de", "fa", "it", "pt"):
        for mid in ("lab.move_none", "lab.move_home_far", "lab.move_home_far_on"):
            assert catalogue(lang).has(mid), (lang, mid)
