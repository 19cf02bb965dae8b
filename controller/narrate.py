"""Readable narration of a game in the terminal, with the board and its LED colours.

:class:`Narrator` turns game events into one line each and draws the board
(pawns, symbols, and every cell's LED colour as its background) at the end of
each turn. Colours use 24-bit ANSI escapes when the output is a terminal and
``NO_COLOR`` is unset; otherwise a letter after each cell names the LED colour.
"""

from __future__ import annotations

import os
from typing import IO, Callable, Mapping

from mazeboard.hal.board import LedLayout
from mazeboard.hal.events import RGB, GameEvent, LedFrame
from mazeboard.hal.grid import Grid

_NAMED: tuple[tuple[str, RGB], ...] = (
    ("W", (255, 255, 255)), ("r", (255, 0, 0)), ("b", (0, 60, 255)), ("g", (0, 200, 0)),
    ("y", (255, 170, 0)), ("o", (255, 90, 0)), ("v", (120, 0, 160)),
)


def colour_letter(rgb: RGB) -> str:
    """One letter for an LED colour (``.`` when off): the nearest named colour."""
    if max(rgb) < 8:
        return "."
    peak = max(rgb)
    norm = tuple(c * 255 // peak for c in rgb)
    return min(_NAMED, key=lambda nc: sum((a - b) ** 2 for a, b in zip(nc[1], norm)))[0]


def _fmt_t(t_ms: int) -> str:
    return f"{t_ms / 1000:7.1f}s"


#: instructions the other narration lines already tell (whose turn, the die, the steps): not repeated
ROUTINE_MESSAGES = frozenset({
    "magic.roll", "magic.move", "magic.move_start", "magic.closing", "game_over",
    "lab.shift", "lab.settle", "lab.move", "str.throw", "str.rethrow", "str.keep", "str.choose",
    "lab.ending",
})


class InstructionLines:
    """Narrates ``instruction`` events: the board's own words whenever it asks for something
    new and out of the ordinary (a request to put right, rolling again, a confirmation); not
    the routine ones the other lines tell, and not again while the people carry out what
    was asked (a request done, a pawn on its way). Every game's narrator uses it."""

    def __init__(self) -> None:
        self._asked: set[tuple[str, ...]] = set()

    def __call__(self, event: GameEvent) -> str | None:
        messages = event.get("messages") or []
        main = str(messages[0].get("id")) if messages else ""
        asked = {(r["piece"], r["kind"], r["reason"], *r["to"]) for r in event.get("requests") or []}
        if main not in ROUTINE_MESSAGES:
            asked.add((main,))
        new = asked - self._asked
        self._asked = asked
        return f"board: {event.get('text', '')}" if new else None


class Narrator:
    """Prints a game as it happens. ``positions()`` gives pawn -> cell (or None)."""

    def __init__(
        self,
        out: IO[str],
        grid: Grid,
        layout: LedLayout,
        positions: Callable[[], Mapping[str, str | None]],
        symbols: Mapping[str, str],
        colour: bool | None = None,
    ) -> None:
        self.out = out
        self.grid = grid
        self.layout = layout
        self.positions = positions
        self.symbols = symbols
        if colour is None:
            colour = hasattr(out, "isatty") and out.isatty() and not os.environ.get("NO_COLOR")
        self.colour = colour
        self.frame: LedFrame | None = None
        self._lines: dict[str, Callable[[GameEvent], str | None]] = {
            "game_started": lambda e: "Game of The Magic Labyrinth: "
            + ", ".join(f"{p} starts on {e['corners'][p]}" for p in e["players"]),
            "target": lambda e: f"Target: the {e['symbol']} on {e['cell']}",
            "turn_started": lambda e: f"-- {e['player']}'s turn --",
            "die_rolled": lambda e: f"{e['player']} rolls {e['value']}; may end on {' '.join(e['legal'])}",
            "step": lambda e: f"{e['player']} slides {e['from']} -> {e['to']} (step {e['steps']})",
            "warning": lambda e: f"WARNING {e['kind']}: {e['player']}" + (f" at {e['cell']}" if e["cell"] else ""),
            "ball_dropped": lambda e: f"Clack! {e['player']}'s ball dropped"
            + (f": a wall between {e['edge'].replace('-', ' and ')}" if e["edge"] else " (wall not told)"),
            "wall_learned": lambda e: f"The board remembers the wall {e['edge']}",
            "symbol_collected": lambda e: f"{e['player']} collects the {e['symbol']} on {e['cell']} ({e['score']} tokens)",
            "turn_ended": lambda e: f"{e['player']}'s move ends ({e['reason'].replace('_', ' ')})",
            "returned_to_start": lambda e: f"{e['player']} is back on the start corner with the ball",
            "board_disconnected": lambda e: f"Board disconnected ({e.get('detail', '')}); the game waits",
            "board_connected": lambda e: "Board connected again; the game goes on",
            "instruction": InstructionLines(),
            "game_over": lambda e: f"*** {e['winner']} wins! Scores: "
            + ", ".join(f"{p} {s}" for p, s in e["scores"].items()),
        }

    def on_frame(self, frame: LedFrame) -> None:
        self.frame = frame

    def __call__(self, event: GameEvent) -> None:
        make = self._lines.get(event.type)
        text = make(event) if make else None
        if text:
            self.out.write(f"{_fmt_t(event.t_ms)}  {text}\n")
        if event.type in ("turn_ended", "game_over"):
            self.out.write(self.board() + "\n")
        self.out.flush()

    def board(self) -> str:
        """The board as text: rank 6 at the top, each cell's pawn or symbol on its LED colour."""
        at: dict[str, str] = {}
        for pawn, cell in self.positions().items():
            if cell is not None:
                at[cell] = at.get(cell, "") + pawn[0].upper()
        rows = ["        " + "".join(f" {chr(ord('a') + f)}   " for f in range(self.grid.files))]
        for r in reversed(range(self.grid.ranks)):
            parts = [f"     {r + 1}  "]
            for f in range(self.grid.files):
                cell = self.grid.cell_at(f, r)
                text = at.get(cell) or self.symbols.get(cell, "")[:3] or " "
                rgb = self.frame.pixels[self.layout.index(cell)] if self.frame else (0, 0, 0)
                parts.append(self._cell(text, rgb))
            rows.append("".join(parts))
        return "\n".join(rows)

    def _cell(self, text: str, rgb: RGB) -> str:
        if not self.colour:
            return f"{text:<3}{colour_letter(rgb)} "
        fg = "30" if sum(rgb) > 380 else "97"
        return f"\x1b[{fg};48;2;{rgb[0]};{rgb[1]};{rgb[2]}m {text:<3}\x1b[0m "
