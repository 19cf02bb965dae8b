"""The page's summary of the game, folded from the controller's announcements only."""

from __future__ import annotations

from mazeboard.hal.web.views import GameView


def fold(events: list[dict], humans: tuple[str, ...] = ("red",)) -> GameView:
    v = GameView(humans=humans)
    for e in events:
        v.apply(e)
    return v


START = [
    {"t": 0, "type": "game_started", "game": "magic-labyrinth", "players": ["red", "blue"], "corners": {"red": "a1", "blue": "f6"}},
    {"t": 0, "type": "target", "symbol": "ring", "cell": "a3"},
    {"t": 0, "type": "turn_started", "player": "red"},
]


def test_a_turn_as_the_page_shows_it() -> None:
    v = fold(START)
    assert (v.current, v.phase, v.scores, v.target) == ("red", "roll", {"red": 0, "blue": 0}, {"symbol": "ring", "cell": "a3"})
    assert v.prompt() == "Waiting for the board..."  # the page says nothing of its own
    v.apply({"t": 0, "type": "instruction", "player": "red", "action": "roll", "text": "Red: press Roll.",
             "messages": [], "requests": [], "buttons": {"roll": "roll the die"}, "cells": [], "until": None})
    assert v.prompt() == "Red: press Roll." and v.to_dict()["instruction"]["buttons"] == {"roll": "roll the die"}
    v.apply({"t": 5, "type": "die_rolled", "player": "red", "value": 3, "legal": ["a2", "a4"]})
    assert (v.phase, v.die, v.legal) == ("move", 3, ["a2", "a4"])
    v.apply({"t": 9, "type": "step", "player": "red", "from": "a1", "to": "a2", "steps": 1})
    v.apply({"t": 9, "type": "step", "player": "red", "from": "a2", "to": "a3", "steps": 2})
    v.apply({"t": 9, "type": "symbol_collected", "player": "red", "symbol": "ring", "cell": "a3", "score": 1})
    v.apply({"t": 9, "type": "turn_ended", "player": "red", "reason": "symbol_collected"})
    v.apply({"t": 9, "type": "target", "symbol": "owl", "cell": "c6"})
    v.apply({"t": 9, "type": "turn_started", "player": "blue"})
    assert v.scores == {"red": 1, "blue": 0} and v.current == "blue" and v.target == {"symbol": "owl", "cell": "c6"}
    assert v.die is None and v.turns == 2


def test_a_ball_drop_and_the_return_to_the_corner() -> None:
    v = fold(START + [
        {"t": 5, "type": "die_rolled", "player": "red", "value": 2, "legal": ["a2"]},
        {"t": 7, "type": "ball_dropped", "player": "red", "edge": "a1-b1"},
        {"t": 7, "type": "wall_learned", "edge": "a1-b1"},
        {"t": 7, "type": "turn_ended", "player": "red", "reason": "ball_dropped"},
    ])
    assert v.phase == "return" and v.returning == ["red"] and v.walls_learned == ["a1-b1"]
    v.apply({"t": 9, "type": "returned_to_start", "player": "red"})
    assert v.returning == [] and v.phase == "roll"
    v.apply({"t": 9, "type": "wall_learned", "edge": "a1-b1"})
    assert v.walls_learned == ["a1-b1"]


def test_warnings_are_shown_until_the_next_turn_or_roll() -> None:
    v = fold(START + [{"t": 3, "type": "warning", "player": "red", "kind": "moved_before_roll", "cell": "a2"}])
    assert v.to_dict()["warning"] == {"player": "red", "kind": "moved_before_roll", "cell": "a2"}
    v.apply({"t": 5, "type": "die_rolled", "player": "red", "value": 2, "legal": ["a2"]})
    assert v.to_dict()["warning"] is None


def test_game_over_and_unknown_events() -> None:
    v = fold(START + [{"t": 1, "type": "shifted", "player": "red"},
                      {"t": 9, "type": "game_over", "winner": "blue", "scores": {"red": 2, "blue": 5}}])
    d = v.to_dict()
    assert d["phase"] == "over" and d["winner"] == "blue" and d["scores"] == {"red": 2, "blue": 5}
    assert d["prompt"] == "Waiting for the board..."


def test_the_labyrinth_view_keeps_the_tiles_and_the_guided_layout() -> None:
    from mazeboard.hal.web.views import LabyrinthView

    rows = [" ".join(["NS"] * 7)] * 7
    v = LabyrinthView()
    v.apply({"type": "game_started", "players": ["red", "blue"], "layout": rows, "spare": "ES:owl",
             "vader": None, "guided": True})
    assert v.to_dict()["layout"] == rows and v.spare == "ES:owl" and v.layout_step is None
    for index, cell in [(0, "b7"), (1, "d7"), (2, "f7")]:
        v.apply({"type": "layout_step", "index": index, "steps": 34, "cell": cell, "tile": "NS", "spare": False})
    assert v.laid == ["b7", "d7"] and v.layout_step is not None and v.layout_step["cell"] == "f7"
    v.apply({"type": "layout_step", "index": 1, "steps": 34, "cell": "d7", "tile": "NS", "spare": False})
    assert v.laid == ["b7"], "Rotate goes back: the tile before is laid again"
    v.apply({"type": "layout_done", "steps": 34})
    assert v.layout_step is None and v.laid == []
    pushed = [" ".join(["EW"] * 7)] * 7
    v.apply({"type": "shifted", "player": "red", "slot": "S-b", "layout": pushed, "ejected": "NE:ring"})
    assert v.layout == pushed and v.spare == "NE:ring"
    v.apply({"type": "spare_rotated", "player": "red", "rotation": 90, "spare": "ES:ring"})
    assert v.spare == "ES:ring"
    # a malformed layout (not 7 rows of 7 tiles) is not taken
    v.apply({"type": "shifted", "player": "red", "slot": "S-b", "layout": ["NS"] * 3, "ejected": 5})
    assert v.layout == pushed and v.spare == "ES:ring"
    v.apply({"type": "game_resumed", "layout": rows, "spare": "NS", "laid": ["b7", "d7"]})
    assert v.layout == rows and v.laid == ["b7", "d7"]


def test_the_symbols_found_are_listed_so_the_board_can_mark_them() -> None:
    """Newcomer round 6 (stop 23): a symbol found stayed on the board unmarked ("can it come back as a
    target?"); the view lists the cells of the symbols found, in order, a new game none."""
    v = fold(START + [{"t": 9, "type": "symbol_collected", "player": "red", "symbol": "ring", "cell": "a3", "score": 1}])
    assert v.to_dict()["taken"] == [{"symbol": "ring", "cell": "a3", "player": "red"}]
    v.apply({"t": 12, "type": "symbol_collected", "player": "blue", "symbol": "owl", "cell": "c6", "score": 1})
    assert [t["cell"] for t in v.to_dict()["taken"]] == ["a3", "c6"]
    assert fold(START).to_dict()["taken"] == []


def test_the_labyrinth_controls_name_the_vader_pawn_only_in_its_variant() -> None:
    """Attack 16: the controls said ``hand:vader`` was on in a game without the Vader pawn."""
    from mazeboard.hal.web.views import LabyrinthView

    rows = [" ".join(["NS"] * 7)] * 7
    for vader, has in ((None, False), ("d4", True)):
        v = LabyrinthView()
        v.humans = ("red",)
        v.apply({"type": "game_started", "players": ["red", "blue"], "layout": rows, "spare": "ES:owl",
                 "vader": vader, "guided": False})
        controls = v.controls()
        assert "hand:red" in controls
        assert ("hand:vader" in controls) is has and ("lift:vader" in controls) is has, sorted(controls)
