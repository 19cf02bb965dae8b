"""Readable narration of a Labyrinth game in the terminal (``mazeboard play --game labyrinth``).

One line per decision, and the tiles as a box-drawing grid (RULES.md
notation: files a-g, rank 7 on top) at setup -- the grid the people lay the
tiles out from -- and after every shift once the pawns have settled, with
each pawn's initial on its tile (``V`` for Vader). Cards are secret: a card
drawn is announced without naming it, except in the younger variant where
cards are open. What the board newly asks out of the ordinary (a pawn to put
right, a question, the board check after a restart) is printed in the
board's own words (``board:`` lines, :class:`..narrate.InstructionLines`);
after a restart the saved tiles are drawn, the grid the people lay the
tiles out from again. The guided layout is told one tile a line (the tile
as it must lie, where); with the box's own cards the question after a move
that ends on a picture and its answer are told.
"""

from __future__ import annotations

from typing import IO, Any, Callable, Mapping

from mazeboard.hal.events import GameEvent
from mazeboard.hal.labyrinth import Maze, parse_tile, render_maze

from ..narrate import NARRATION, InstructionLines
from ..translate import Words
from .layout_guide import tile_text

#: the Labyrinth narration's own lines, by id: English here, other languages in the catalogues
#: (mazeboard.hal.i18n; collected by mazeboard.controller.i18n.english_sources)
LAB_NARRATION: dict[str, str] = {
    "narrate.lab.started": "Game of Labyrinth ({edition}{extra}): {starts}{vader}",
    "narrate.lab.variants": ", variants {variants}",
    "narrate.lab.physical_cards": ", the box's own cards ({count} each)",
    "narrate.lab.vader_starts": "; Vader starts on {cell}",
    "narrate.lab.turn_started": "-- {player}'s turn{moves} --",
    "narrate.lab.moves": " (moves {pawns})",
    "narrate.lab.or": " or ",
    "narrate.lab.spare_quarter": "{player} turns the spare a quarter turn clockwise: {spare}",
    "narrate.lab.shifted": "{player} pushes {inserted} in at {slot}; {ejected} comes out"
                           " (next turn {forbidden} is forbidden)",
    "narrate.lab.carried": "; {Pawn}'s pawn rides along with its tile {frm} -> {to}",
    "narrate.lab.wrapped": "{pawn} is pushed off {frm} and set on {to}",
    "narrate.lab.reachable": "{pawn} can reach {count} cell(s)",
    "narrate.lab.step": "{pawn} moves {frm} -> {to}",
    "narrate.lab.warning": "WARNING {kind}: {player}{at}{slot}{guess}",
    "narrate.lab.slot": " (slot {slot})",
    "narrate.lab.guess_cells": " -- {pawn} on {cells}? rotate moves the guess, done confirms",
    "narrate.lab.guess": "{player} moves the guess: {pawn} on {cell}?",
    "narrate.lab.card_found": "{player} finds the {card} on {cell}{vader} ({remaining} left)",
    "narrate.lab.with_vader": " with Vader",
    # why the winner won (Labyrinth newcomer 41 read "Red 2, Blue 2" beside the win as a tie)
    "narrate.lab.game_over_why": "*** {winner} wins: every card found and the finish reached first! Cards found: {scores}",
    "narrate.lab.resumed_layout": "The saved game goes on with the layout ({count} tiles laid)",
    "narrate.lab.resumed_pawns": "The saved game goes on: the pawns on their start squares, then play",
    "narrate.lab.resumed": "The saved game goes on ({player} to play{push}): lay the tiles as drawn, "
                           "put the pawns where the board asks, then press done",
    "narrate.lab.push": "; the row at {slot} must be pushed all the way in",
    "narrate.lab.restored": "The board matches the saved game: {player} plays on",
    "narrate.lab.cards_again": "{player} is shown their card(s) again",
    "narrate.lab.open_cards": "{player}'s open cards: {cards}",
    "narrate.lab.new_card": "{player} looks at a new card",
    "narrate.lab.layout_step": "lay {n}/{steps}: {tile} {where}",
    "narrate.lab.layout_on": "on {cell}",
    "narrate.lab.layout_spare": "aside as the spare",
    "narrate.lab.layout_done": "The tiles are laid: the pawns on their start squares, then play",
    "narrate.lab.card_question": "{player}: was the {picture} on {cell} your card?",
    "narrate.lab.card_denied": "{player}: no, the {picture} was not the card",
}


def _t(t_ms: int) -> str:
    return f"{t_ms / 1000:7.1f}s"


class LabyrinthNarrator:
    """Prints a Labyrinth game as it happens. ``snapshot()`` gives the referee's snapshot
    (layout rows, spare, positions); ``lang``: the language of the lines (:data:`LAB_NARRATION`,
    the catalogues)."""

    def __init__(self, out: IO[str], snapshot: Callable[[], Mapping[str, Any]], boards: bool = True,
                 lang: str = "en") -> None:
        self.out = out
        self.snapshot = snapshot
        self.boards = boards
        self.younger = False
        self._drawn_since_shift = True
        self._resuming = False
        self._instructions = InstructionLines(lang)
        say = self.say = Words({**NARRATION, **LAB_NARRATION}, lang)
        listed = say("narrate.list").join
        either = say("narrate.lab.or").join
        self._lines: dict[str, Callable[[GameEvent], str | None]] = {
            "game_started": self._started,
            "turn_started": lambda e: say("narrate.lab.turn_started", player=e["player"], moves=(
                "" if e["pawns"] == [e["player"]] else say("narrate.lab.moves", pawns=either(e["pawns"])))),
            # one press of rotate: one quarter turn clockwise (referee.py), said without an angle
            "spare_rotated": lambda e: say("narrate.lab.spare_quarter", player=e["player"], spare=e["spare"]),
            "shifted": self._shifted,
            "wrapped": lambda e: say("narrate.lab.wrapped", pawn=e["pawn"], frm=e["from"], to=e["to"]),
            "reachable": lambda e: say("narrate.lab.reachable", pawn=e["pawn"], count=len(e["cells"])),
            "step": lambda e: say("narrate.lab.step", pawn=e["pawn"], frm=e["from"], to=e["to"]),
            "warning": lambda e: say(
                "narrate.lab.warning", kind=e["kind"], player=e["player"],
                at=say("narrate.at", cell=e["cell"]) if e["cell"] else "",
                slot=say("narrate.lab.slot", slot=e["slot"]) if e.get("slot") else "",
                guess=say("narrate.lab.guess_cells", pawn=e["pawn"], cells=either(e["cells"]))
                if e.get("cells") else ""),
            "guess": lambda e: say("narrate.lab.guess", player=e["player"], pawn=e["pawn"], cell=e["cell"]),
            "card_shown": self._card_shown,
            "card_found": lambda e: say("narrate.lab.card_found", player=e["player"], card=e["card"], cell=e["cell"],
                                        vader=say("narrate.lab.with_vader") if e.get("pawn") == "vader" else "",
                                        remaining=e["remaining"]),
            "turn_ended": lambda e: None,
            "game_over": lambda e: say("narrate.lab.game_over_why", winner=e["winner"], scores=listed(
                say("narrate.score", player=p, score=s) for p, s in e["scores"].items())),
            "game_resumed": self._resumed,
            "layout_step": lambda e: say("narrate.lab.layout_step", n=e["index"] + 1, steps=e["steps"],
                                         tile=tile_text(parse_tile(e["tile"])),
                                         where=say("narrate.lab.layout_on", cell=e["cell"]) if e["cell"]
                                         else say("narrate.lab.layout_spare")),
            "layout_done": lambda e: say("narrate.lab.layout_done"),
            "card_question": lambda e: say("narrate.lab.card_question", player=e["player"], picture=e["picture"],
                                           cell=e["cell"]),
            "card_denied": lambda e: say("narrate.lab.card_denied", player=e["player"], picture=e["picture"]),
            "setup_restored": self._restored,
            "instruction": self._instructions,
        }

    def _started(self, e: GameEvent) -> str:
        say = self.say
        self.younger = "younger" in e["variants"]
        self._instructions.new_game()  # what the board says once is said again in this game
        extra = say("narrate.lab.variants", variants=say("narrate.list").join(e["variants"])) if e["variants"] else ""
        if e.get("cards") == "physical":
            extra += say("narrate.lab.physical_cards", count=e["cards_each"])
        return say("narrate.lab.started", edition=e["edition"], extra=extra,
                   starts=say("narrate.list").join(say("narrate.starts_on", player=p, cell=e["corners"][p])
                                                   for p in e["players"]),
                   vader=say("narrate.lab.vader_starts", cell=e["vader"]) if e.get("vader") else "")

    def _shifted(self, e: GameEvent) -> str:
        # the pawns on the pushed line ride with their tiles (``carried``, docs/event-log.md; absent in
        # older logs); a pawn pushed off the edge is said by its own ``wrapped`` line once settled
        say = self.say
        riders = e.get("carried") or []
        carried = "".join(say("narrate.lab.carried", pawn=c["pawn"], frm=c["from"], to=c["to"])
                          for c in riders if isinstance(c, Mapping))
        return say("narrate.lab.shifted", player=e["player"], inserted=e["inserted"], slot=e["slot"],
                   ejected=e["ejected"], forbidden=e["forbidden_next"]) + carried

    def _resumed(self, e: GameEvent) -> str:
        self._resuming = True
        if e["state"] == "waiting_for_layout":
            return self.say("narrate.lab.resumed_layout", count=len(e["laid"]))
        if e["state"] == "waiting_for_pawns":
            return self.say("narrate.lab.resumed_pawns")
        push = self.say("narrate.lab.push", slot=e["push"]) if e["push"] else ""
        return self.say("narrate.lab.resumed", player=e["player"], push=push)

    def _restored(self, e: GameEvent) -> str:
        self._resuming = False
        return self.say("narrate.lab.restored", player=e["player"])

    def _card_shown(self, e: GameEvent) -> str:
        if self._resuming:
            return self.say("narrate.lab.cards_again", player=e["player"])
        if self.younger:
            return self.say("narrate.lab.open_cards", player=e["player"], cards=" ".join(e["cards"]))
        return self.say("narrate.lab.new_card", player=e["player"])

    def __call__(self, event: GameEvent) -> None:
        make = self._lines.get(event.type)
        text = make(event) if make else None
        if text:
            self.out.write(f"{_t(event.t_ms)}  {text}\n")
        if event.type in ("game_started", "game_resumed") and self.boards:
            self.out.write(self.board(event["layout"], event["spare"], event.get("positions") or {}) + "\n")
        if event.type == "shifted":
            self._drawn_since_shift = False
        if event.type == "reachable" and not self._drawn_since_shift and self.boards:
            self._drawn_since_shift = True
            snap = self.snapshot()
            self.out.write(self.board(snap["layout"], snap["spare"], snap["positions"]) + "\n")
        self.out.flush()

    @staticmethod
    def board(layout: list[str], spare: str, positions: Mapping[str, str | None]) -> str:
        """The tiles as a text grid with pawn initials (``V``: Vader)."""
        at: dict[str, str] = {}
        for pawn, cell in positions.items():
            if cell is not None:
                at[cell] = at.get(cell, "") + pawn[0].upper()
        return render_maze(Maze.from_rows(layout, spare), at)
