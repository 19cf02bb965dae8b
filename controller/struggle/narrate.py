"""Readable narration of a Struggle game in the terminal (``mazeboard play --game struggle``).

One line per decision (hands, plays, arrivals), the track after every play,
and at each round's end the arrival order, every card, the points and the
totals; the winner at the end. When the board asks for something to be put
right (a token knocked, the check after a restart), its instruction's words. Objective cards stay hidden until the round
is over, as at the table.
"""

from __future__ import annotations

from typing import IO, Callable

from mazeboard.hal.events import GameEvent
from mazeboard.hal.struggle import TOKENS

from ..translate import say_messages

#: kind -> letter drawn under a space on the track line
KIND_LETTER = {"start": "S", "plain": ".", "yellow": "y", "red": "r", "black": "b", "finish": "F"}


def _t(t_ms: int) -> str:
    return f"{t_ms / 1000:7.1f}s"


def _moves(e: GameEvent) -> str:
    parts = []
    for m in e["moves"]:
        text = f"{m['token']} {m['from']}->{m['to']}"
        if m["result"] == "impasse":
            text = f"{m['token']} impasse on {m['from']}"
        elif m["result"] == "swapped":
            text += f" (sends {' '.join(m['displaced'])} back to {m['from']})"
        if m.get("place"):
            text += f" arrives {m['place']}"
        parts.append(text)
    return ", ".join(parts) or "no token moves"


class StruggleNarrator:
    """Prints a Struggle game as it happens; call with each :class:`GameEvent`."""

    def __init__(self, out: IO[str], verbose: bool = True, lang: str = "en") -> None:
        self.out = out
        self.lang = lang
        self.verbose = verbose
        self.track: list[str] = []
        self._lines: dict[str, Callable[[GameEvent], str | None]] = {
            "game_started": self._game_started,
            "round_started": lambda e: f"== Round {e['round']} ==",
            "turn_started": lambda e: f"-- {e['player']}'s turn --" if self.verbose else None,
            "hand": lambda e: f"{e['player']} throws {' '.join(e['faces'])} (throw {e['throw']})"
            if self.verbose else None,
            "outcomes": lambda e: f"{len(e['outcomes'])} distinct outcome(s); hint: "
            + " ".join(e["outcomes"][e["hint"]]["plays"][0].split()) if self.verbose else None,
            "played": lambda e: f"{e['player']} plays {_moves(e)}\n{' ' * 10}{self.draw(e['spaces'], e['arrived_order'])}",
            "arrived": lambda e: f"{e['token']} arrives at place {e['place']}",
            "warning": lambda e: f"WARNING {e['kind']}: {e['cell']}" + (f" ({e['reason']})" if e.get("reason") else ""),
            "turn_ended": lambda e: f"{e['player']}: five aces, no value" if e["reason"] == "void" else None,
            "round_over": self._round_over,
            "card_wanted": lambda e: f"{e['player']}: enter your objective card on the dice buttons, place A first "
                                     "(die1-5 = K Q J 10 9, throw = ace, stop = erase / confirm)",
            "card_entered": lambda e: f"{e['player']}'s card: {' '.join(e['card'])}",
            "card_withdrawn": lambda e: f"{e['by']} keeps {' '.join(e['card'])}: {e['player']}'s entry of it is "
                                        f"taken back; {e['player']} checks their card and enters it again",
            "game_over": self._game_over,
            "game_resumed": self._game_resumed,
            "setup_restored": lambda e: "The tokens stand as saved: play goes on",
            "instruction": self._instruction,
        }
        self._asked = ""

    def __call__(self, event: GameEvent) -> None:
        make = self._lines.get(event.type)
        text = make(event) if make else None
        if text:
            self.out.write(f"{_t(event.t_ms)}  {text}\n")
            self.out.flush()

    def _instruction(self, e: GameEvent) -> str | None:
        """What the board asks, when something must be put right (a request that blocks play):
        the same words as the LEDs and the page; said once until it changes."""
        blocking = [r for r in e["requests"] if r["blocking"]]
        text = ""
        if blocking and e["action"] != "place":
            text = say_messages(e.get("messages"), self.lang, str(e["text"]))
        if text == self._asked:
            return None
        self._asked = text
        return f"BOARD: {text}" if text else None

    def _game_resumed(self, e: GameEvent) -> str:
        self.track = list(e["track"])
        return (f"Resumed the saved game (round {e['round']}, {e['player']} to play): the board checks the tokens\n"
                f"{' ' * 10}{self.draw(e['spaces'], e['arrived'])}")

    def _game_started(self, e: GameEvent) -> str:
        self.track = list(e["track"])
        legend = "".join(KIND_LETTER[k] for k in self.track)
        return (f"Game of Struggle: {', '.join(e['players'])}; {e['rounds']} round(s); track {legend} "
                f"(S start, . plain, y yellow, r red, b black, F finish)")

    def draw(self, spaces: dict[str, int], arrived: list[str]) -> str:
        """The track as text: each space's occupants, or its kind letter when empty."""
        cells = []
        for i, kind in enumerate(self.track):
            here = [t for t in TOKENS if spaces.get(t) == i]
            cells.append("+".join(here) if here else KIND_LETTER[kind])
        return " ".join(cells) + "  | arrived: " + (" ".join(arrived) or "-")

    def _round_over(self, e: GameEvent) -> str:
        lines = [f"Round {e['round']} over. Arrival order: "
                 + ", ".join(f"{p} {t}" for p, t in zip("ABCDE", e["order"]))]
        for p, card in e["cards"].items():
            lines.append(f"{' ' * 10}{p}: card {' '.join(card)} -> {e['points'][p]} points, total {e['totals'][p]}")
        return "\n".join(lines)

    def _game_over(self, e: GameEvent) -> str:
        scores = ", ".join(f"{p} {s}" for p, s in e["scores"].items())
        if len(e["winners"]) > 1:
            return f"*** {' and '.join(e['winners'])} share the win with {e['scores'][e['winner']]} points ({scores})"
        return f"*** {e['winner']} wins with {e['scores'][e['winner']]} points ({scores})"
