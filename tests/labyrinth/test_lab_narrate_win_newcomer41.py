"""Issue 15, Labyrinth newcomer 41 (and an attack on the terminal's words): "Red wins (Red 2, Blue 2)" read as a tie.
The narration's win line says why the winner won: every card found, and the finish reached first."""

from __future__ import annotations

import io

from mazeboard.controller.labyrinth.narrate import LabyrinthNarrator
from mazeboard.hal.events import GameEvent


def test_the_narrated_win_says_why_the_winner_won() -> None:
    out = io.StringIO()
    narrate = LabyrinthNarrator(out, lambda: {}, boards=False)
    narrate(GameEvent(5000, "game_over", {"winner": "blue", "scores": {"red": 2, "blue": 2}}))
    line = out.getvalue()
    assert "blue wins" in line.lower() and "every card" in line and "first" in line, line
