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

from ..narrate import InstructionLines
from .layout_guide import tile_text


def _t(t_ms: int) -> str:
    return f"{t_ms / 1000:7.1f}s"


class LabyrinthNarrator:
    """Prints a Labyrinth game as it happens. ``snapshot()`` gives the referee's snapshot
    (layout rows, spare, positions)."""

    def __init__(self, out: IO[str], snapshot: Callable[[], Mapping[str, Any]], boards: bool = True,
                 lang: str = "en") -> None:
        self.out = out
        self.snapshot = snapshot
        self.boards = boards
        self.younger = False
        self._drawn_since_shift = True
        self._resuming = False
        self._lines: dict[str, Callable[[GameEvent], str | None]] = {
            "game_started": self._started,
            "turn_started": lambda e: f"-- {e['player']}'s turn" + (
                "" if e["pawns"] == [e["player"]] else f" (moves {' or '.join(e['pawns'])})") + " --",
            "spare_rotated": lambda e: f"{e['player']} turns the spare to {e['rotation']}°: {e['spare']}",
            "shifted": lambda e: f"{e['player']} pushes {e['inserted']} in at {e['slot']}; {e['ejected']} comes out"
            f" (next turn {e['forbidden_next']} is forbidden)",
            "wrapped": lambda e: f"{e['pawn']} is pushed off {e['from']} and set on {e['to']}",
            "reachable": lambda e: f"{e['pawn']} can reach {len(e['cells'])} cell(s)",
            "step": lambda e: f"{e['pawn']} moves {e['from']} -> {e['to']}",
            "warning": lambda e: f"WARNING {e['kind']}: {e['player']}" + (f" at {e['cell']}" if e["cell"] else "")
            + (f" (slot {e['slot']})" if e.get("slot") else "")
            + (f" -- {e['pawn']} on {' or '.join(e['cells'])}? rotate moves the guess, done confirms"
               if e.get("cells") else ""),
            "guess": lambda e: f"{e['player']} moves the guess: {e['pawn']} on {e['cell']}?",
            "card_shown": self._card_shown,
            "card_found": lambda e: f"{e['player']} finds the {e['card']} on {e['cell']}"
            + (" with Vader" if e.get("pawn") == "vader" else "") + f" ({e['remaining']} left)",
            "turn_ended": lambda e: None,
            "game_over": lambda e: f"*** {e['winner']} wins! Cards found: "
            + ", ".join(f"{p} {s}" for p, s in e["scores"].items()),
            "game_resumed": self._resumed,
            "layout_step": lambda e: f"lay {e['index'] + 1}/{e['steps']}: {tile_text(parse_tile(e['tile']))} "
            + (f"on {e['cell']}" if e["cell"] else "aside as the spare"),
            "layout_done": lambda e: "The tiles are laid: the pawns on their start squares, then play",
            "card_question": lambda e: f"{e['player']}: was the {e['picture']} on {e['cell']} your card?",
            "card_denied": lambda e: f"{e['player']}: no, the {e['picture']} was not the card",
            "setup_restored": self._restored,
            "instruction": InstructionLines(lang),
        }

    def _started(self, e: GameEvent) -> str:
        self.younger = "younger" in e["variants"]
        extra = f", variants {', '.join(e['variants'])}" if e["variants"] else ""
        if e.get("cards") == "physical":
            extra += f", the box's own cards ({e['cards_each']} each)"
        return (f"Game of Labyrinth ({e['edition']}{extra}): "
                + ", ".join(f"{p} starts on {e['corners'][p]}" for p in e["players"])
                + (f"; Vader starts on {e['vader']}" if e.get("vader") else ""))

    def _resumed(self, e: GameEvent) -> str:
        self._resuming = True
        if e["state"] == "waiting_for_layout":
            return f"The saved game goes on with the layout ({len(e['laid'])} tiles laid)"
        if e["state"] == "waiting_for_pawns":
            return "The saved game goes on: the pawns on their start squares, then play"
        push = f"; the row at {e['push']} must be pushed all the way in" if e["push"] else ""
        return (f"The saved game goes on ({e['player']} to play{push}): lay the tiles as drawn, "
                "put the pawns where the board asks, then press done")

    def _restored(self, e: GameEvent) -> str:
        self._resuming = False
        return f"The board matches the saved game: {e['player']} plays on"

    def _card_shown(self, e: GameEvent) -> str:
        if self._resuming:
            return f"{e['player']} is shown their card(s) again"
        if self.younger:
            return f"{e['player']}'s open cards: {' '.join(e['cards'])}"
        return f"{e['player']} looks at a new card"

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
