"""What a page shows beside the board, folded from the controller's game events.

:class:`GameView` (The Magic Labyrinth), :class:`LabyrinthView` and
:class:`StruggleView` follow the event log (docs/event-log.md) the way a
person at the table follows the announcements: whose turn it is, the die or
the dice, the target, scores, the walls found, who must go back to their
corner, the winner. They know nothing the controller did not announce (never
the hidden walls, never a secret card) and never read the controller, so the
same views follow the simulated board and a real board's event stream
(:mod:`.companion`). ``to_dict()`` is what the page receives; :data:`VIEWS`
maps a game to its view.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from mazeboard.hal.labyrinth import BUTTONS as LABYRINTH_BUTTONS
from mazeboard.hal.labyrinth_editions import VADER, edition
from mazeboard.hal.struggle import BUTTONS as STRUGGLE_BUTTONS, TOKENS

from .controls import (fetch_refusal, follow_refusal, gather_refusal, hand_refusal, lab_lift_refusal, lift_refusal,
                       page_name, pair, press_controls)

#: the Magic Labyrinth's board buttons a page shows
MAGIC_BUTTONS = ("roll", "done")

#: phase names the page shows; keys of :data:`PHASE_TEXT`
PHASE_TEXT: dict[str, str] = {
    "starting": "Setting up",
    "roll": "waits for the die",
    "move": "is moving",
    "return": "must go back to the start corner",
    "over": "Game over",
}


def said_text(instruction: Mapping[str, Any] | None) -> str:
    """The page's prompt: the board's latest ``instruction`` event's words (what the LEDs show and the
    narration says), or a wait before the first one."""
    if instruction is not None:
        return str(instruction.get("text", ""))
    return "Waiting for the board..."


@dataclass
class GameView:
    """The announced state of one game (mutable; fed with event dicts ``{"t", "type", ...}``)."""

    humans: tuple[str, ...] = ()
    players: list[str] = field(default_factory=list)
    corners: dict[str, str] = field(default_factory=dict)
    scores: dict[str, int] = field(default_factory=dict)
    #: symbol tokens that win (``game_started``), None when not told
    win_tokens: int | None = None
    current: str | None = None
    phase: str = "starting"
    die: int | None = None
    legal: list[str] = field(default_factory=list)
    steps: int = 0
    target: dict[str, str] | None = None
    #: the symbols found so far, in order: ``{"symbol", "cell", "player"}`` (the page marks them taken)
    taken: list[dict[str, str]] = field(default_factory=list)
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
        return said_text(self.instruction)

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "corners": dict(self.corners),
            "scores": dict(self.scores),
            "win_tokens": self.win_tokens,
            "current": self.current,
            "phase": self.phase,
            "phase_text": PHASE_TEXT.get(self.phase, self.phase),
            "die": self.die,
            "legal": list(self.legal),
            "steps": self.steps,
            "target": dict(self.target) if self.target else None,
            "taken": [dict(t) for t in self.taken],
            "walls_learned": list(self.walls_learned),
            "returning": list(self.returning),
            "warning": dict(self.warning) if self.warning else None,
            "winner": self.winner,
            "turns": self.turns,
            "prompt": self.prompt(),
            "instruction": dict(self.instruction) if self.instruction else None,
            "controls": self.controls(),
        }

    def controls(self) -> dict[str, list[Any]]:
        """``{control: [on, why]}`` of the page's controls (:mod:`.controls`): the board buttons
        and ``hand:COLOUR``, the page's hand on that human's pawn (slide, place, a drag's jump), and
        ``lift:COLOUR``, its Lift button (on only when the board asks for the pawn), and ``fetch:COLOUR``,
        its Fish ball out (on only when the board asks for that ball, the pawn back on its corner first)."""
        said, humans = self.instruction, self.humans
        out = press_controls(said, humans, MAGIC_BUTTONS)
        for h in humans:
            out[f"hand:{h}"] = pair(hand_refusal(said, humans, h, h, after_game=True, names=page_name), "move your pawn")
            out[f"lift:{h}"] = pair(lift_refusal(said, humans, h, names=page_name),
                                    "lift your pawn, then click the cell the board asks for")
            out[f"fetch:{h}"] = pair(fetch_refusal(said, humans, h, names=page_name),
                                     "fish your ball out of the tray: it goes back under your pawn")
        return out


def _name(player: str | None) -> str:
    return (player or "nobody").capitalize()


def _game_started(v: GameView, e: Mapping[str, Any]) -> None:
    v.players = list(e.get("players", []))
    wins = e.get("win_tokens")
    v.win_tokens = wins if isinstance(wins, int) and not isinstance(wins, bool) and 0 < wins <= 99 else None
    v.corners = dict(e.get("corners", {}))
    v.scores = {p: 0 for p in v.players}
    v.taken = []


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
    if len(v.taken) < 64:  # (24 symbols in a game: a bound on what a journal could claim)
        v.taken.append({"symbol": str(e.get("symbol")), "cell": str(e.get("cell")), "player": str(e.get("player"))})


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


# -- Labyrinth ------------------------------------------------------------------
def labyrinth_cards_left(event: Mapping[str, Any], player: str) -> list[str] | None:
    """The cards ``player`` had not found when the game ended: ``game_over``'s ``cards_left[player]``, a list of at
    most 24 picture names of at most 40 characters each (docs/event-log.md), else None (physical cards, an older
    log, a value of another shape: the page keeps the card it showed)."""
    left = event.get("cards_left")
    cards = left.get(player) if isinstance(left, Mapping) else None
    if not isinstance(cards, list) or len(cards) > 24 or not all(isinstance(c, str) and 0 < len(c) <= 40 for c in cards):
        return None
    return list(cards)


LABYRINTH_PHASE_TEXT = {"starting": "Setting up", "shift": "turns and pushes the spare", "settle": "the tiles slide",
              "move": "is moving", "over": "Game over"}


@dataclass
class LabyrinthView:
    """The announced state of a Labyrinth game (public announcements only)."""

    humans: tuple[str, ...] = ()
    players: list[str] = field(default_factory=list)
    corners: dict[str, str] = field(default_factory=dict)
    edition: str = "classic"
    variants: list[str] = field(default_factory=list)
    current: str | None = None
    phase: str = "starting"
    movers: list[str] = field(default_factory=list)
    rotation: int = 0
    forbidden: str | None = None
    reachable: dict[str, list[str]] = field(default_factory=dict)
    steps: int = 0
    found: dict[str, list[str]] = field(default_factory=dict)
    remaining: dict[str, int] = field(default_factory=dict)
    open_cards: dict[str, list[str]] = field(default_factory=dict)
    warning: dict[str, Any] | None = None
    #: after an ``ambiguous`` warning: the pawn, the cells it may stand on and the controller's guess
    ambiguous: dict[str, Any] | None = None
    winner: str | None = None
    turns: int = 0
    #: the board's latest ``instruction`` event (what it asks now), or None before the first
    instruction: dict[str, Any] | None = None
    #: the tiles as they lie (7 strings, rank 7 first, tile notation) and the spare as turned;
    #: empty before ``game_started``
    layout: list[str] = field(default_factory=list)
    spare: str = ""
    #: the Vader pawn's start cell (``vader`` variant), else None
    vader: str | None = None
    #: the guided layout's step shown now (the ``layout_step`` event's fields), None when no
    #: layout is being laid; ``laid``: cells laid before it (the page dims the others)
    layout_step: dict[str, Any] | None = None
    laid: list[str] = field(default_factory=list)

    def apply(self, e: Mapping[str, Any]) -> None:
        """Fold one event in; unknown types change nothing."""
        handler = _LABYRINTH_HANDLERS.get(str(e.get("type")))
        if handler is not None:
            handler(self, e)

    def prompt(self) -> str:
        """What the board asks now, in the board's own words (its latest ``instruction`` event:
        the same the LEDs show and the narration says); nothing of its own."""
        return said_text(self.instruction)

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": list(self.players), "corners": dict(self.corners), "edition": self.edition,
            "variants": list(self.variants), "current": self.current, "phase": self.phase,
            "phase_text": LABYRINTH_PHASE_TEXT.get(self.phase, self.phase), "movers": list(self.movers),
            "rotation": self.rotation, "forbidden": self.forbidden,
            "reachable": {p: list(c) for p, c in self.reachable.items()}, "steps": self.steps,
            "found": {p: list(c) for p, c in self.found.items()}, "remaining": dict(self.remaining),
            "open_cards": {p: list(c) for p, c in self.open_cards.items()},
            "warning": dict(self.warning) if self.warning else None, "winner": self.winner,
            "ambiguous": dict(self.ambiguous) if self.ambiguous else None,
            "turns": self.turns, "prompt": self.prompt(),
            "instruction": dict(self.instruction) if self.instruction else None,
            "layout": list(self.layout), "spare": self.spare, "vader": self.vader,
            "layout_step": dict(self.layout_step) if self.layout_step else None, "laid": list(self.laid),
            "controls": self.controls(),
        }

    def controls(self) -> dict[str, list[Any]]:
        """``{control: [on, why]}`` of the page's controls (:mod:`.controls`): the board buttons
        (rotate, done, ``slot:S``) and ``hand:PAWN`` (a human's pawn, or Vader moved by the
        player on turn, in the ``vader`` variant only)."""
        said, humans = self.instruction, self.humans
        out = press_controls(said, humans, LABYRINTH_BUTTONS)
        for pawn in (*humans, *((VADER,) if self.vader else ())):  # Vader only in the game that has it
            owner = (said or {}).get("player") if pawn == VADER else pawn
            out[f"hand:{pawn}"] = pair(hand_refusal(said, humans, pawn, owner, names=page_name), "move the pawn")
            out[f"lift:{pawn}"] = pair(lab_lift_refusal(said, humans, pawn, owner, names=page_name),
                                       "take the pawn in your hand, then click the tile the board asks for")
        return out


def _tiles(v: LabyrinthView, e: Mapping[str, Any], spare_key: str = "spare") -> None:
    """Take the tiles an event carries (``layout``: 7 strings of 7 words; the spare), when well formed."""
    rows = e.get("layout")
    if isinstance(rows, list) and len(rows) == 7 and all(isinstance(r, str) and len(r.split()) == 7 for r in rows):
        v.layout = list(rows)
    spare = e.get(spare_key)
    if isinstance(spare, str) and spare:
        v.spare = spare


def _lab_layout_step(v: LabyrinthView, e: Mapping[str, Any]) -> None:
    before = v.layout_step
    if before is not None and isinstance(before.get("cell"), str):
        index, done = e.get("index"), before.get("index")
        if isinstance(index, int) and isinstance(done, int):
            if index > done and before["cell"] not in v.laid:
                v.laid.append(before["cell"])  # Done: that tile lies
            elif index < done and v.laid:
                v.laid.pop()  # Rotate: back to the tile before
    v.layout_step = {k: e.get(k) for k in ("index", "steps", "cell", "tile", "picture", "mark", "spare")}


def _lab_resumed(v: LabyrinthView, e: Mapping[str, Any]) -> None:
    _tiles(v, e)
    laid = e.get("laid")
    if isinstance(laid, list):
        v.laid = [str(c) for c in laid]


def _lab_name(player: str | None) -> str:
    return (player or "nobody").capitalize()


def _lab_started(v: LabyrinthView, e: Mapping[str, Any]) -> None:
    v.players = list(e.get("players", []))
    v.corners = dict(e.get("corners", {}))
    v.edition = str(e.get("edition", "classic"))
    v.variants = list(e.get("variants", []))
    v.found = {p: [] for p in v.players}
    _tiles(v, e)
    v.vader = e.get("vader") if isinstance(e.get("vader"), str) else None
    v.layout_step, v.laid = None, []
    per = len(edition(v.edition).cards) // max(1, len(v.players))
    each = e.get("cards_each")  # the cards each player holds (fewer in a shorter game)
    if isinstance(each, int) and not isinstance(each, bool) and 0 < each < per:
        per = each
    v.remaining = {p: per for p in v.players}


def _lab_turn(v: LabyrinthView, e: Mapping[str, Any]) -> None:
    v.current = e.get("player")
    v.movers = list(e.get("pawns", []))
    v.phase, v.rotation, v.reachable, v.steps, v.warning, v.ambiguous = "shift", 0, {}, 0, None, None
    v.turns += 1


def _lab_shifted(v: LabyrinthView, e: Mapping[str, Any]) -> None:
    v.phase = "settle"
    v.forbidden = e.get("forbidden_next")
    _tiles(v, e, "ejected")


def _lab_rotated(v: LabyrinthView, e: Mapping[str, Any]) -> None:
    v.rotation = int(e.get("rotation", 0))
    _tiles(v, e)


def _lab_laid(v: LabyrinthView, e: Mapping[str, Any]) -> None:
    v.layout_step, v.laid = None, []


def _lab_reachable(v: LabyrinthView, e: Mapping[str, Any]) -> None:
    v.phase = "move"
    v.reachable[str(e.get("pawn"))] = list(e.get("cells", []))


def _lab_found(v: LabyrinthView, e: Mapping[str, Any]) -> None:
    player = str(e.get("player"))
    v.found.setdefault(player, []).append(str(e.get("card")))
    v.remaining[player] = int(e.get("remaining", 0))


def _lab_warning(v: LabyrinthView, e: Mapping[str, Any]) -> None:
    v.warning = {k: e.get(k) for k in ("player", "kind", "cell", "slot", "pawn")}
    if e.get("kind") == "ambiguous":
        v.ambiguous = {"pawn": e.get("pawn"), "cell": e.get("cell"), "cells": list(e.get("cells", []))}


def _lab_guess(v: LabyrinthView, e: Mapping[str, Any]) -> None:
    if v.ambiguous is not None:
        v.ambiguous = dict(v.ambiguous, pawn=e.get("pawn"), cell=e.get("cell"))


def _lab_turn_ended(v: LabyrinthView, e: Mapping[str, Any]) -> None:
    v.reachable, v.ambiguous = {}, None


def _lab_over(v: LabyrinthView, e: Mapping[str, Any]) -> None:
    v.winner, v.phase, v.reachable = e.get("winner"), "over", {}


_LABYRINTH_HANDLERS: dict[str, Callable[[LabyrinthView, Mapping[str, Any]], None]] = {
    "game_started": _lab_started,
    "turn_started": _lab_turn,
    "spare_rotated": _lab_rotated,
    "shifted": _lab_shifted,
    "layout_step": _lab_layout_step,
    "layout_done": _lab_laid,
    "game_resumed": _lab_resumed,
    "reachable": _lab_reachable,
    "step": lambda v, e: setattr(v, "steps", int(e.get("steps", v.steps + 1))),
    "card_found": _lab_found,
    "card_shown": lambda v, e: v.open_cards.__setitem__(str(e.get("player")), list(e.get("cards", []))),
    "turn_ended": _lab_turn_ended,
    "warning": _lab_warning,
    "guess": _lab_guess,
    "game_over": _lab_over,
    "instruction": lambda v, e: setattr(v, "instruction", {k: val for k, val in e.items() if k != "type"}),
}


# -- Struggle -------------------------------------------------------------------
STRUGGLE_PHASE_TEXT = {"starting": "Setting up", "tokens": "the tokens go on the start", "throw": "throws the dice",
              "choosing": "chooses how to play the hand", "placing": "moves the tokens", "over": "Game over"}


def struggle_secret_end(state: Any, player: str) -> dict[str, Any]:
    """What a Struggle private page adds to its card (a ``StruggleView``, or None before a game): once the game is
    over, ``{"over": True, "winners": [colour, ...], "total": points}``; before, ``{"over": False, "winners": [],
    "total": None}`` (Struggle newcomer 28: the card page never showed the game had ended)."""
    over = getattr(state, "phase", "") == "over"
    totals = getattr(state, "totals", None) or {}
    return {"over": over, "winners": list(getattr(state, "winners", None) or []) if over else [],
            "total": totals.get(player, 0) if over else None}


#: the reasons an ``outcomes`` event may give for its hint (``hint_why``: controller/struggle/rules.py hint_reason)
HINT_REASONS = ("points", "reach", "order", "lead", "back", "moves", "first", "mixed")


def struggle_hint(event: Mapping[str, Any]) -> dict[str, Any] | None:
    """A private page's hint from an ``outcomes`` event: ``{"hint": index, "hint_why": {"reason": ..., "token": ...}
    or None}`` (a reason not among :data:`HINT_REASONS`, or an event from before it was said: None); None without a
    hint. The index is checked as a whole number, the token as one of the event's words, at most 2 characters."""
    index = event.get("hint")
    if not isinstance(index, int) or isinstance(index, bool):
        return None
    reason, token = event.get("hint_why"), event.get("hint_token")
    why = {"reason": reason, "token": token if isinstance(token, str) and 0 < len(token) <= 2 else None} \
        if reason in HINT_REASONS else None
    apart = _hint_apart(event.get("hint_apart"))
    if why is not None and reason == "mixed" and apart:
        why["apart"] = apart
    return {"hint": index, "hint_why": why}


#: the measures a ``mixed`` hint names way by way (``hint_apart``: controller/struggle/rules.py hint_apart)
HINT_APART = ("reach", "order", "lead", "back", "moves", "first")


def _hint_apart(value: Any) -> list[list[Any]] | None:
    """An ``outcomes`` event's ``hint_apart``, ``[[way index, measure], ...]`` (at most 64, each index a whole number
    0-999 and each measure one of :data:`HINT_APART`), or None where it is anything else (a page then says every
    measure at once)."""
    if not isinstance(value, list) or not 0 < len(value) <= 64:
        return None
    out: list[list[Any]] = []
    for item in value:
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], int) and not isinstance(item[0], bool)
                and 0 <= item[0] <= 999 and item[1] in HINT_APART):
            return None
        out.append([item[0], item[1]])
    return out


def struggle_secret_hint(hint: dict[str, Any] | None) -> dict[str, Any]:
    """The hint fields of a Struggle private page's ``secret`` (:func:`struggle_hint`'s, or none: ``hint`` None)."""
    return hint or {"hint": None, "hint_why": None}


@dataclass
class StruggleView:
    """The announced state of a Struggle game (public announcements only: never an objective card)."""

    humans: tuple[str, ...] = ()
    players: list[str] = field(default_factory=list)
    track: list[str] = field(default_factory=list)
    rounds: int = 1
    round: int = 0
    current: str | None = None
    phase: str = "starting"
    faces: list[str] = field(default_factory=list)
    throws: int = 0
    held: list[int] = field(default_factory=list)
    outcomes: list[dict[str, Any]] = field(default_factory=list)
    selected: int | None = None
    spaces: dict[str, int] = field(default_factory=lambda: {t: 0 for t in TOKENS})
    arrived: list[str] = field(default_factory=list)
    results: list[dict[str, Any]] = field(default_factory=list)
    totals: dict[str, int] = field(default_factory=dict)
    warning: dict[str, Any] | None = None
    winner: str | None = None
    winners: list[str] = field(default_factory=list)
    #: the board's latest ``instruction`` event (what it asks now), or None before the first
    instruction: dict[str, Any] | None = None

    def apply(self, e: Mapping[str, Any]) -> None:
        handler = _STRUGGLE_HANDLERS.get(str(e.get("type")))
        if handler is not None:
            handler(self, e)

    def prompt(self) -> str:
        """What the board asks now, in the board's own words (its latest ``instruction`` event:
        the same the LEDs show and the narration says); nothing of its own."""
        return said_text(self.instruction)

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": list(self.players), "track": list(self.track), "rounds": self.rounds, "round": self.round,
            "current": self.current, "phase": self.phase, "phase_text": STRUGGLE_PHASE_TEXT.get(self.phase, self.phase),
            "faces": list(self.faces), "throws": self.throws, "held": list(self.held),
            "outcomes": list(self.outcomes), "selected": self.selected, "spaces": dict(self.spaces),
            "arrived": list(self.arrived), "results": list(self.results), "totals": dict(self.totals),
            "warning": dict(self.warning) if self.warning else None, "winner": self.winner,
            "winners": list(self.winners), "prompt": self.prompt(),
            "instruction": dict(self.instruction) if self.instruction else None,
            "controls": self.controls(),
        }

    def controls(self) -> dict[str, list[Any]]:
        """``{control: [on, why]}`` of the page's controls (:mod:`.controls`): the dice buttons,
        ``follow`` (place the tokens as the board shows) and ``gather`` (all on the start)."""
        said, humans = self.instruction, self.humans
        out = press_controls(said, humans, STRUGGLE_BUTTONS)
        out["follow"] = pair(follow_refusal(said, humans, page_name), "move every token to the spaces lit on the board")
        out["gather"] = pair(gather_refusal(said, humans), "put all tokens on the start for the next round")
        return out


def _stg_name(player: str | None) -> str:
    return (player or "nobody").capitalize()


def _stg_started(v: StruggleView, e: Mapping[str, Any]) -> None:
    v.players = list(e.get("players", []))
    v.track = list(e.get("track", []))
    v.rounds = int(e.get("rounds", 1))
    v.totals = {p: 0 for p in v.players}
    v.phase = "tokens"


def _stg_round(v: StruggleView, e: Mapping[str, Any]) -> None:
    v.round = int(e.get("round", v.round + 1))
    v.spaces, v.arrived = {t: 0 for t in TOKENS}, []


def _stg_turn(v: StruggleView, e: Mapping[str, Any]) -> None:
    v.current, v.phase = e.get("player"), "throw"
    v.faces, v.throws, v.held, v.outcomes, v.selected, v.warning = [], 0, [], [], None, None


def _stg_hand(v: StruggleView, e: Mapping[str, Any]) -> None:
    v.faces, v.throws, v.held = list(e.get("faces", [])), int(e.get("throw", 0)), list(e.get("held", []))


def _stg_outcomes(v: StruggleView, e: Mapping[str, Any]) -> None:
    v.phase = "choosing"
    v.outcomes = [{k: o.get(k) for k in ("index", "ace", "plays", "spaces", "arrived", "moves", "round_end", "moves_nothing")} for o in e.get("outcomes", [])]
    v.selected = e.get("selected")


def _stg_played(v: StruggleView, e: Mapping[str, Any]) -> None:
    v.phase = "placing"
    v.spaces, v.arrived = dict(e.get("spaces", {})), list(e.get("arrived_order", []))


def _stg_round_over(v: StruggleView, e: Mapping[str, Any]) -> None:
    v.results.append({"round": e.get("round"), "order": list(e.get("order", [])),
                      "points": dict(e.get("points", {})), "cards": dict(e.get("cards", {})),
                      "scored": dict(e.get("scored", {}))})
    v.totals = dict(e.get("totals", v.totals))
    v.phase = "tokens"


def _stg_over(v: StruggleView, e: Mapping[str, Any]) -> None:
    v.winner, v.winners, v.phase = e.get("winner"), list(e.get("winners", [])), "over"
    v.totals = dict(e.get("scores", v.totals))


def _stg_instruction(v: StruggleView, e: Mapping[str, Any]) -> None:
    v.instruction = {k: val for k, val in e.items() if k != "type"}


_STRUGGLE_HANDLERS: dict[str, Callable[[StruggleView, Mapping[str, Any]], None]] = {
    "instruction": _stg_instruction,
    "game_started": _stg_started,
    "round_started": _stg_round,
    "turn_started": _stg_turn,
    "held": lambda v, e: setattr(v, "held", list(e.get("held", []))),
    "hand": _stg_hand,
    "outcomes": _stg_outcomes,
    "selected": lambda v, e: setattr(v, "selected", e.get("index")),
    "played": _stg_played,
    "warning": lambda v, e: setattr(v, "warning", {k: e.get(k) for k in ("player", "kind", "cell")}),
    "round_over": _stg_round_over,
    "game_over": _stg_over,
}


#: game -> its view class (``view = VIEWS[game](humans=...)``; ``view.apply(event)``; ``view.to_dict()``)
VIEWS: dict[str, Callable[..., Any]] = {"magic-labyrinth": GameView, "labyrinth": LabyrinthView, "struggle": StruggleView}
