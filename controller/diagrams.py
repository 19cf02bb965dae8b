"""State machine diagrams from the same tables the referees run (``mazeboard diagram GAME``).

Uses ``transitions``' own GraphMachine with its Mermaid engine (no native
packages needed), so the drawing can never drift from the machine.
"""

from __future__ import annotations

from typing import Any

from transitions.extensions import GraphMachine

from mazeboard.hal.errors import ConfigError

from .magic import referee as magic
from .labyrinth import referee as labyrinth
from .struggle import referee as struggle

#: game name -> (states, transitions table, initial state)
MACHINES: dict[str, tuple[list[str], list[dict[str, Any]], str]] = {
    "magic-labyrinth": (magic.STATES, magic.TRANSITIONS, "waiting_for_roll"),
    "struggle": (struggle.STATES, struggle.TRANSITIONS, "waiting_for_tokens"),
    "labyrinth": (labyrinth.STATES, labyrinth.TRANSITIONS, labyrinth.INITIAL),
}


def mermaid(game: str) -> str:
    """Mermaid ``stateDiagram-v2`` source of ``game``'s machine; raises ConfigError for an unknown game."""
    if game not in MACHINES:
        raise ConfigError(f"diagram: unknown game {game!r} (choose from {', '.join(MACHINES)})")
    states, transitions, initial = MACHINES[game]

    class Model:
        pass

    model = Model()
    GraphMachine(model=model, states=states, transitions=transitions, initial=initial,
                 graph_engine="mermaid", auto_transitions=False, title=f"{game} referee")
    return str(model.get_graph().draw(None))  # type: ignore[attr-defined]
