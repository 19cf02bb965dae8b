"""The terminal narration of a push names each pawn that rode with its tile (the ``shifted``
event's ``carried``, docs/event-log.md), through the catalogue (issue 15, newcomer round 2)."""

from __future__ import annotations

import io

from mazeboard.controller.labyrinth.narrate import LabyrinthNarrator
from mazeboard.hal.events import GameEvent

SHIFT = {"player": "blue", "slot": "E-4", "rotation": 0, "inserted": "T1", "ejected": "I0",
         "forbidden_next": "W-4", "layout": []}


def _said(carried: list[dict[str, str]], lang: str = "en") -> str:
    out = io.StringIO()
    narrator = LabyrinthNarrator(out, snapshot=lambda: {}, boards=False, lang=lang)
    narrator(GameEvent(1000, "shifted", {**SHIFT, "carried": carried}))
    return out.getvalue()


def test_a_pawn_carried_by_the_push_is_said() -> None:
    line = _said([{"pawn": "red", "from": "c4", "to": "b4"}, {"pawn": "vader", "from": "d4", "to": "c4"}])
    assert "blue pushes" in line.lower(), line
    assert "Red's pawn rides along with its tile c4 -> b4" in line, line
    assert "Vader's pawn rides along with its tile d4 -> c4" in line, line
    assert line.count("\n") == 1, line  # one line for one decision


def test_a_push_carrying_nobody_says_no_rider() -> None:
    line = _said([])
    assert "rides along" not in line and "->" not in line, line


def test_an_old_log_without_carried_is_still_narrated() -> None:
    out = io.StringIO()
    LabyrinthNarrator(out, snapshot=lambda: {}, boards=False)(GameEvent(0, "shifted", SHIFT))
    assert "pushes" in out.getvalue()


def test_the_carried_words_are_in_the_catalogue() -> None:
    from mazeboard.controller import i18n

    assert "narrate.lab.carried" in i18n.english_sources()


def test_the_carried_words_are_said_in_german() -> None:
    line = _said([{"pawn": "red", "from": "c4", "to": "b4"}], lang="de")
    assert "rides along" not in line, line
    assert "c4 -> b4" in line, line
