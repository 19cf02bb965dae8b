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

from ..instruction import listing, names
from ..narrate import NARRATION
from ..translate import Words, say_messages
from .instructions import TIE_MESSAGES

#: kind -> letter drawn under a space on the track line
KIND_LETTER = {"start": "S", "plain": ".", "yellow": "y", "red": "r", "black": "b", "finish": "F"}

#: the Struggle narration's own lines, by id: English here, other languages in the catalogues
#: (mazeboard.hal.i18n; collected by mazeboard.controller.i18n.english_sources)
STR_NARRATION: dict[str, str] = {
    "narrate.str.started": "Game of Struggle: {players}; {rounds} round(s); track {legend} "
                           "(S start, . plain, y yellow, r red, b black, F finish)",
    "narrate.str.round_started": "== Round {round} ==",
    "narrate.str.hand": "{player} throws {faces} (throw {throw})",
    "narrate.str.outcomes": "{count} distinct outcome(s); hint: {hint}",
    "narrate.str.played": "{player} plays {moves}",
    "narrate.str.move": "{token} {frm}->{to}",
    "narrate.str.impasse": "{token} impasse on {frm}",
    "narrate.str.swapped": " (sends {displaced} back to {frm})",
    "narrate.str.arrives": " arrives {place}",
    "narrate.str.no_moves": "no token moves",
    "narrate.str.idle_one": " ({token} has already arrived: its dice move nothing)",
    "narrate.str.idle_many": " ({tokens} have already arrived: their dice move nothing)",
    "narrate.str.track": "{track}  | arrived: {arrived}",
    "narrate.str.arrived": "{token} arrives at place {place}",
    "narrate.str.warning": "WARNING {kind}: {cell}{detail}",
    "narrate.str.warning_detail": " ({detail})",
    "narrate.str.void": "{player}: five aces, no value",
    "narrate.str.round_over": "Round {round} over. Arrival order: {order}",
    "narrate.str.place": "{place} {token}",
    "narrate.str.card_points": "{player}: card {card} -> {points} points ({scored}), total {total}",
    "narrate.str.scored": "scored at {places}",
    "narrate.str.scored_none": "no token in its place",
    "narrate.str.scored_place": "{place}: {token}",
    "narrate.str.card_wanted": "{player}: enter your objective card on the dice buttons, place A first "
                               "(die1-5 = K Q J 10 9, throw = ace, stop = erase / confirm)",
    "narrate.str.card_entered": "{player}'s card: {card}",
    "narrate.str.card_withdrawn": "{by} keeps {card}: {player}'s entry of it is taken back; "
                                  "{player} checks their card and enters it again",
    "narrate.str.resumed": "Resumed the saved game (round {round}, {player} to play): the board checks the tokens",
    "narrate.str.restored": "The tokens stand as saved: play goes on",
    "narrate.str.board": "BOARD: {text}",
    "narrate.str.tie": "*** {Winners} tie with {points} points: both win ({scores})",
    "narrate.str.tie_three": "*** {Winners} tie with {points} points: all three win ({scores})",
    "narrate.str.tie_four": "*** {Winners} tie with {points} points: all four win ({scores})",
    "narrate.str.wins": "*** {winner} wins with {points} points ({scores})",
}


def _t(t_ms: int) -> str:
    return f"{t_ms / 1000:7.1f}s"


def _moves(e: GameEvent, say: Words) -> str:
    parts = []
    for m in e["moves"]:
        text = say("narrate.str.move", token=m["token"], frm=m["from"], to=m["to"])
        if m["result"] == "impasse":
            text = say("narrate.str.impasse", token=m["token"], frm=m["from"])
        elif m["result"] == "swapped":
            text += say("narrate.str.swapped", displaced=" ".join(m["displaced"]), frm=m["from"])
        if m.get("place"):
            text += say("narrate.str.arrives", place=m["place"])
        parts.append(text)
    return say("narrate.list").join(parts) or say("narrate.str.no_moves")


class StruggleNarrator:
    """Prints a Struggle game as it happens; call with each :class:`GameEvent`. ``lang``: the
    language of the lines (:data:`STR_NARRATION`, the catalogues)."""

    def __init__(self, out: IO[str], verbose: bool = True, lang: str = "en") -> None:
        self.out = out
        self.lang = lang
        self.verbose = verbose
        self.track: list[str] = []
        say = self.say = Words({**NARRATION, **STR_NARRATION}, lang)
        self._lines: dict[str, Callable[[GameEvent], str | None]] = {
            "game_started": self._game_started,
            "round_started": lambda e: say("narrate.str.round_started", round=e["round"]),
            "turn_started": lambda e: say("narrate.turn_started", player=e["player"]) if self.verbose else None,
            "hand": self._hand_line,
            "outcomes": lambda e: say("narrate.str.outcomes", count=len(e["outcomes"]),
                                      hint=" ".join(e["outcomes"][e["hint"]]["plays"][0].split()))
            if self.verbose else None,
            "played": lambda e: say("narrate.str.played", player=e["player"], moves=_moves(e, say)) + self._idle(e)
            + f"\n{' ' * 10}{self.draw(e['spaces'], e['arrived_order'])}",
            "arrived": lambda e: say("narrate.str.arrived", token=e["token"], place=e["place"]),
            "warning": lambda e: say("narrate.str.warning", kind=e["kind"], cell=e["cell"], detail=say(
                "narrate.str.warning_detail", detail=e["reason"]) if e.get("reason") else ""),
            "turn_ended": lambda e: say("narrate.str.void", player=e["player"]) if e["reason"] == "void" else None,
            "round_over": self._round_over,
            "card_wanted": lambda e: say("narrate.str.card_wanted", player=e["player"]),
            "card_entered": lambda e: say("narrate.str.card_entered", player=e["player"], card=" ".join(e["card"])),
            "card_withdrawn": lambda e: say("narrate.str.card_withdrawn", by=e["by"], card=" ".join(e["card"]),
                                            player=e["player"]),
            "game_over": self._game_over,
            "game_resumed": self._game_resumed,
            "setup_restored": lambda e: say("narrate.str.restored"),
            "instruction": self._instruction,
        }
        self._asked = ""
        self._faces: list[str] = []  # the last hand thrown: its dice of arrived tokens move nothing

    def __call__(self, event: GameEvent) -> None:
        make = self._lines.get(event.type)
        text = make(event) if make else None
        if text:
            self.out.write(f"{_t(event.t_ms)}  {text}\n")
            self.out.flush()

    def _hand_line(self, e: GameEvent) -> str | None:
        self._faces = [str(f) for f in e["faces"]]
        return self.say("narrate.str.hand", player=e["player"], faces=" ".join(self._faces), throw=e["throw"]) \
            if self.verbose else None

    def _idle(self, e: GameEvent) -> str:
        """" (9 has already arrived: its dice move nothing)" for the last hand's dice (an ace counted as
        one too) showing a token that had arrived before the play (RULES.md §3); "" when none."""
        figures = set(self._faces) | {str(a) for a in e.get("ace", [])}
        idle = [t for t in e["arrived_order"] if t in figures and t not in e["order"]]
        if not idle:
            return ""
        if len(idle) == 1:
            return self.say("narrate.str.idle_one", token=idle[0])
        return self.say("narrate.str.idle_many", tokens=listing(idle))

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
        return self.say("narrate.str.board", text=text) if text else None

    def _game_resumed(self, e: GameEvent) -> str:
        self.track = list(e["track"])
        return (self.say("narrate.str.resumed", round=e["round"], player=e["player"])
                + f"\n{' ' * 10}{self.draw(e['spaces'], e['arrived'])}")

    def _game_started(self, e: GameEvent) -> str:
        self.track = list(e["track"])
        legend = "".join(KIND_LETTER[k] for k in self.track)
        # (the colours said in the language: an Italian game opened "Partita a Struggle: red, blue, green, yellow")
        return self.say("narrate.str.started", players=self.say("narrate.list").join(
                            self.say("narrate.colour", player=p) for p in e["players"]),
                        rounds=e["rounds"], legend=legend)

    def draw(self, spaces: dict[str, int], arrived: list[str]) -> str:
        """The track as text: each space's occupants, or its kind letter when empty."""
        cells = []
        for i, kind in enumerate(self.track):
            here = [t for t in TOKENS if spaces.get(t) == i]
            cells.append("+".join(here) if here else KIND_LETTER[kind])
        return self.say("narrate.str.track", track=" ".join(cells), arrived=" ".join(arrived) or "-")

    def _round_over(self, e: GameEvent) -> str:
        say = self.say
        lines = [say("narrate.str.round_over", round=e["round"], order=say("narrate.list").join(
            say("narrate.str.place", place=p, token=t) for p, t in zip("ABCDE", e["order"])))]
        order = dict(zip("ABCDE", e["order"]))
        for p, card in e["cards"].items():
            places = [say("narrate.str.scored_place", place=c, token=order.get(c, "")) for c in e.get("scored", {}).get(p, [])]
            scored = say("narrate.str.scored", places=listing(places)) if places else say("narrate.str.scored_none")
            lines.append(" " * 10 + say("narrate.str.card_points", player=p, card=" ".join(card), scored=scored,
                                        points=e["points"][p], total=e["totals"][p]))
        return "\n".join(lines)

    def _game_over(self, e: GameEvent) -> str:
        say = self.say
        scores = say("narrate.list").join(say("narrate.score", player=p, score=s) for p, s in e["scores"].items())
        winners = list(e["winners"])
        if len(winners) > 1:  # a tie: the words of the board's own sentence (instructions.tie_message)
            return say(f"narrate.{TIE_MESSAGES[min(len(winners), 4)]}", winners=names(winners),
                       points=e["scores"][e["winner"]], scores=scores)
        return say("narrate.str.wins", winner=e["winner"], points=e["scores"][e["winner"]], scores=scores)
