"""What the page shows beside the board, folded from the controller's game events.

:class:`GameView` follows the event log (SCENARIOS.md event types) the way a
person at the table follows the announcements: whose turn it is, the die,
the target, scores, the walls found, who must go back to their corner, the
winner. It knows nothing the controller did not announce (never the hidden
walls) and never reads the controller, so the same view can follow a real
board's event stream. :meth:`GameView.to_dict` is what the page receives.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

#: phase names the page shows; keys of :data:`PHASE_TEXT`
PHASE_TEXT: dict[str, str] = {
    "starting": "Setting up",
    "roll": "waits for the die",
    "move": "is moving",
    "return": "must go back to the start corner",
    "over": "Game over",
}


@dataclass
class GameView:
    """The announced state of one game (mutable; fed with event dicts ``{"t", "type", ...}``)."""

    humans: tuple[str, ...] = ()
    players: list[str] = field(default_factory=list)
    corners: dict[str, str] = field(default_factory=dict)
    scores: dict[str, int] = field(default_factory=dict)
    current: str | None = None
    phase: str = "starting"
    die: int | None = None
    legal: list[str] = field(default_factory=list)
    steps: int = 0
    target: dict[str, str] | None = None
    walls_learned: list[str] = field(default_factory=list)
    returning: list[str] = field(default_factory=list)
    warning: dict[str, Any] | None = None
    winner: str | None = None
    turns: int = 0
    #: the board's latest ``instruction`` event (what it asks now), or None before the first
    instruction: dict[str, Any] | None = None

    def apply(self, event: Mapping[str, Any]) -> None:
        """Fold one event in; unknown types change nothing (other games, newer fields)."""
        handler = _HANDLERS.get(str(event.get("type")))
        if handler is not None:
            handler(self, event)

    def prompt(self) -> str:
        """What the board asks now, in the board's own words (its latest ``instruction``
        event: the same the LEDs show and the narration says); nothing of its own."""
        if self.instruction is not None:
            return str(self.instruction.get("text", ""))
        return "Waiting for the board..."

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "corners": dict(self.corners),
            "scores": dict(self.scores),
            "current": self.current,
            "phase": self.phase,
            "phase_text": PHASE_TEXT.get(self.phase, self.phase),
            "die": self.die,
            "legal": list(self.legal),
            "steps": self.steps,
            "target": dict(self.target) if self.target else None,
            "walls_learned": list(self.walls_learned),
            "returning": list(self.returning),
            "warning": dict(self.warning) if self.warning else None,
            "winner": self.winner,
            "turns": self.turns,
            "prompt": self.prompt(),
            "instruction": dict(self.instruction) if self.instruction else None,
        }


def _name(player: str | None) -> str:
    return (player or "nobody").capitalize()


def _game_started(v: GameView, e: Mapping[str, Any]) -> None:
    v.players = list(e.get("players", []))
    v.corners = dict(e.get("corners", {}))
    v.scores = {p: 0 for p in v.players}


def _target(v: GameView, e: Mapping[str, Any]) -> None:
    v.target = {"symbol": str(e.get("symbol")), "cell": str(e.get("cell"))}


def _turn_started(v: GameView, e: Mapping[str, Any]) -> None:
    v.current = e.get("player")
    v.phase = "roll"
    v.die = None
    v.legal = []
    v.steps = 0
    v.turns += 1
    v.warning = None


def _die_rolled(v: GameView, e: Mapping[str, Any]) -> None:
    v.current = e.get("player")
    v.phase = "move"
    v.die = e.get("value")
    v.legal = list(e.get("legal", []))
    v.steps = 0
    v.warning = None


def _step(v: GameView, e: Mapping[str, Any]) -> None:
    v.steps = int(e.get("steps", v.steps + 1))


def _turn_ended(v: GameView, e: Mapping[str, Any]) -> None:
    v.legal = []
    v.phase = "roll" if not v.returning else "return"


def _ball_dropped(v: GameView, e: Mapping[str, Any]) -> None:
    player = e.get("player")
    if player and player not in v.returning:
        v.returning.append(player)
    v.phase = "return"
    v.legal = []


def _wall_learned(v: GameView, e: Mapping[str, Any]) -> None:
    edge = str(e.get("edge"))
    if edge not in v.walls_learned:
        v.walls_learned.append(edge)


def _returned(v: GameView, e: Mapping[str, Any]) -> None:
    player = e.get("player")
    if player in v.returning:
        v.returning.remove(player)
    if not v.returning and v.phase == "return":
        v.phase = "roll"


def _collected(v: GameView, e: Mapping[str, Any]) -> None:
    v.scores[str(e.get("player"))] = int(e.get("score", 0))
    v.target = None


def _warning(v: GameView, e: Mapping[str, Any]) -> None:
    v.warning = {"player": e.get("player"), "kind": e.get("kind"), "cell": e.get("cell")}


def _game_over(v: GameView, e: Mapping[str, Any]) -> None:
    v.winner = e.get("winner")
    v.scores.update({str(k): int(s) for k, s in dict(e.get("scores", {})).items()})
    v.phase = "over"
    v.legal = []
    v.returning = []


def _instruction(v: GameView, e: Mapping[str, Any]) -> None:
    v.instruction = {k: val for k, val in e.items() if k != "type"}


_HANDLERS: dict[str, Callable[[GameView, Mapping[str, Any]], None]] = {
    "instruction": _instruction,
    "game_started": _game_started,
    "target": _target,
    "turn_started": _turn_started,
    "die_rolled": _die_rolled,
    "step": _step,
    "turn_ended": _turn_ended,
    "ball_dropped": _ball_dropped,
    "wall_learned": _wall_learned,
    "returned_to_start": _returned,
    "symbol_collected": _collected,
    "warning": _warning,
    "game_over": _game_over,
}
