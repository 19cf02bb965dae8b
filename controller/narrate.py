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
from mazeboard.hal.i18n import ENGLISH

from .translate import Words, say_messages

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


#: the narration's own lines (The Magic Labyrinth's, and the board's words in every game), by id:
#: English here, other languages in the catalogues (mazeboard.hal.i18n)
NARRATION: dict[str, str] = {
    "narrate.board": "board: {text}",
    "narrate.magic.started": "Game of The Magic Labyrinth: {starts}",
    "narrate.starts_on": "{player} starts on {cell}",
    "narrate.list": ", ",
    "narrate.colour": "{player}",  # a player's colour alone, in the language (a list of players)
    # the last line of `mazeboard play` (controller/servicecmd.py result_line)
    "narrate.winner": "Winner: {winner} ({scores})",
    "narrate.winners": "Winners: {tie} ({scores})",
    "narrate.play_summary": "{result} after {minutes} minutes of play, {events} events.",
    "narrate.target": "Target: the {symbol} on {cell}",
    "narrate.turn_started": "-- {player}'s turn --",
    "narrate.die_rolled": "{player} rolls {value}; may end on {legal}",
    "narrate.step": "{player} slides {frm} -> {to} (step {steps})",
    "narrate.warning": "WARNING {kind}: {player}{at}",
    "narrate.at": " at {cell}",
    "narrate.ball_dropped": "Clack! {player}'s ball dropped{wall}",
    "narrate.wall_between": ": a wall between {a} and {b}",
    "narrate.wall_not_told": " (wall not told)",
    "narrate.wall_learned": "The board remembers the wall {edge}",
    "narrate.symbol_collected": "{player} collects the {symbol} on {cell} ({score} tokens)",
    "narrate.turn_ended": "{player}'s move ends ({reason})",
    "narrate.returned_to_start": "{player} is back on the start corner with the ball",
    "narrate.board_disconnected": "Board disconnected ({detail}); the game waits",
    "narrate.board_connected": "Board connected again; the game goes on",
    "narrate.magic.game_over": "*** {winner} wins! Scores: {scores}",
    "narrate.score": "{player} {score}",
}


#: instructions the other narration lines already tell (whose turn, the die, the steps): not repeated
ROUTINE_MESSAGES = frozenset({
    "magic.roll", "magic.move", "magic.move_start", "magic.closing", "game_over",
    "lab.shift", "lab.shift_home", "lab.shift_not", "lab.shift_home_not", "lab.settle", "lab.settle_row", "lab.move", "lab.move_on", "lab.move_set", "lab.move_home_on", "lab.move_home_far_on", "str.throw", "str.rethrow", "str.keep", "str.choose",
    "str.choose_first", "str.choose_last",
    "lab.ending",
})


#: what the board says to a player once, when it starts to apply to them (the prompt keeps showing it):
#: the narration does not tell it again on each of their turns (round 24)
ONCE_MESSAGES = frozenset({"lab.move_home"})


class InstructionLines:
    """Narrates ``instruction`` events: the board's own words whenever it asks for something
    new and out of the ordinary (a request to put right, rolling again, a confirmation); not
    the routine ones the other lines tell, and not again while the people carry out what
    was asked (a request done, a pawn on its way). Every game's narrator uses it; ``lang``:
    the language the board's words are said in (docs/i18n.md)."""

    def __init__(self, lang: str = ENGLISH) -> None:
        self._asked: set[tuple[str, ...]] = set()
        self._once: set[tuple[str, str]] = set()
        self.lang = lang
        self._say = Words(NARRATION, lang)

    def new_game(self) -> None:
        """A new game began: what is said once is said again when it applies there."""
        self._asked = set()
        self._once = set()

    def __call__(self, event: GameEvent) -> str | None:
        messages = event.get("messages") or []
        main = str(messages[0].get("id")) if messages else ""
        asked = {(r["piece"], r["kind"], r["reason"], *r["to"]) for r in event.get("requests") or []}
        once = (main, str(event.get("player")))
        if main in ONCE_MESSAGES and once in self._once and (main,) not in self._asked:
            pass  # told on an earlier turn: routine now
        elif main not in ROUTINE_MESSAGES:
            asked.add((main,))
            if main in ONCE_MESSAGES:
                self._once.add(once)
        new = asked - self._asked
        self._asked = asked
        if not new:
            return None
        return self._say("narrate.board", text=say_messages(messages, self.lang, str(event.get("text", ""))))


class Narrator:
    """Prints a game as it happens. ``positions()`` gives pawn -> cell (or None); ``lang``: the
    language of the lines (:data:`NARRATION`, the catalogues)."""

    def __init__(
        self,
        out: IO[str],
        grid: Grid,
        layout: LedLayout,
        positions: Callable[[], Mapping[str, str | None]],
        symbols: Mapping[str, str],
        colour: bool | None = None,
        lang: str = ENGLISH,
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
        say = self.say = Words(NARRATION, lang)
        listed = say("narrate.list").join
        self._lines: dict[str, Callable[[GameEvent], str | None]] = {
            "game_started": lambda e: say("narrate.magic.started", starts=listed(
                say("narrate.starts_on", player=p, cell=e["corners"][p]) for p in e["players"])),
            "target": lambda e: say("narrate.target", symbol=e["symbol"], cell=e["cell"]),
            "turn_started": lambda e: say("narrate.turn_started", player=e["player"]),
            "die_rolled": lambda e: say("narrate.die_rolled", player=e["player"], value=e["value"],
                                        legal=" ".join(e["legal"])),
            "step": lambda e: say("narrate.step", player=e["player"], frm=e["from"], to=e["to"], steps=e["steps"]),
            "warning": lambda e: say("narrate.warning", kind=e["kind"], player=e["player"],
                                     at=say("narrate.at", cell=e["cell"]) if e["cell"] else ""),
            "ball_dropped": lambda e: say("narrate.ball_dropped", player=e["player"], wall=say(
                "narrate.wall_between", a=e["edge"].split("-")[0], b=e["edge"].split("-")[-1])
                if e["edge"] else say("narrate.wall_not_told")),
            "wall_learned": lambda e: say("narrate.wall_learned", edge=e["edge"]),
            "symbol_collected": lambda e: say("narrate.symbol_collected", player=e["player"], symbol=e["symbol"],
                                              cell=e["cell"], score=e["score"]),
            "turn_ended": lambda e: say("narrate.turn_ended", player=e["player"], reason=e["reason"].replace("_", " ")),
            "returned_to_start": lambda e: say("narrate.returned_to_start", player=e["player"]),
            "board_disconnected": lambda e: say("narrate.board_disconnected", detail=e.get("detail", "")),
            "board_connected": lambda e: say("narrate.board_connected"),
            "instruction": InstructionLines(lang),
            "game_over": lambda e: say("narrate.magic.game_over", winner=e["winner"], scores=listed(
                say("narrate.score", player=p, score=s) for p, s in e["scores"].items())),
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
