"""After a restart: put the pawns back where the saved Labyrinth game has them, confirm the tiles, play on.

When a saved game has been replayed (:mod:`mazeboard.controller.persist`),
the referee knows where every pawn should stand and how the tiles lie, but
the board may disagree: a pawn knocked over while the plug was out, a
simulated board that starts again from the deal. :meth:`LabyrinthReferee.resume`
hands over to a :class:`SetupCheck`: the machine goes to ``waiting_for_setup``,
``game_resumed`` announces the saved game -- with the tile layout and the
spare as they lie in it, and the slot of a push in progress -- and the
board is compared with the saved positions by the referee's one
belief-vs-board check (:mod:`..belief`): what does not fit becomes the
instruction's requests (``resumed``: the cell a pawn belongs on blinks in
its colour, the cell it stands on pulses; a closed reed nobody explains
pulses red and blocks).

What the check expects of each pawn (pawns may share a tile):

* between moves: where the last push or move left it;
* during a push (``waiting_for_settle``): where the push leaves it -- a pawn
  pushed off on the inserted tile (the row must be pushed all the way in);
* while the board asks about a picture (box's own cards): where the move
  left every pawn;
* during a move: every pawn that may not move where the push left it; the
  mover where it was last seen (on the cell it last closed), or, while the
  referee asks which tile it stopped on, on one of the candidate tiles.

The tiles cannot be sensed (no sensor under a tile's paths), so once the
pawns match, the instruction offers ``done``: the people confirm that the
tiles lie as the saved game shows them (the page and the narration draw the
grid; ``game_resumed`` carries it). Then ``setup_restored`` names the state
play goes on in, the referee's suspended timers start again (the push's
settle and wrap timers), and the game continues.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from mazeboard.hal.grid import Cell

if TYPE_CHECKING:  # pragma: no cover
    from .referee import LabyrinthReferee

#: states a saved game can be resumed in (``game_over`` is archived, not resumed)
RESUMABLE: tuple[str, ...] = ("waiting_for_shift", "waiting_for_settle", "waiting_for_move",
                              "waiting_for_correction", "waiting_for_confirmation", "waiting_for_answer")

#: transitions into and out of ``waiting_for_setup`` (one way back per resumable state)
SETUP_TRANSITIONS: list[dict[str, Any]] = [
    {"trigger": "check_setup", "source": list(RESUMABLE), "dest": "waiting_for_setup"},
    *({"trigger": f"setup_done_{s}", "source": "waiting_for_setup", "dest": s} for s in RESUMABLE),
]

#: referee timers suspended while the board is put back (they would judge a board in disarray)
SUSPENDED_TIMERS: tuple[str, ...] = ("settle", "wrap", "close")

MOVE_STATES = ("waiting_for_move", "waiting_for_correction", "waiting_for_confirmation")


class SetupCheck:
    """One check of the board against the saved game, owned by the referee until it passes."""

    def __init__(self, referee: "LabyrinthReferee") -> None:
        self.ref = referee
        self.back_to = referee.state
        #: pawn -> the cells it may stand on (one, except the candidates of an open question)
        self.allowed: dict[str, frozenset[Cell]] = {}
        #: pawn -> where the saved game has it (shown on the LEDs and in ``game_resumed``)
        self.expected: dict[str, Cell] = {}
        #: where the referee believed each pawn (None: the mover, unseen) -- breaks ties
        self._hint: dict[str, Cell | None] = {}
        push = referee.push
        self.push_slot: str | None = push.slot if push is not None and self.back_to == "waiting_for_settle" else None
        base = dict(push.expect) if self.push_slot is not None and push is not None else dict(referee.positions)
        watch = referee.watch if self.back_to in MOVE_STATES else None
        for pawn, cell in base.items():
            self.expected[pawn] = cell
            self.allowed[pawn] = frozenset({cell})
            self._hint[pawn] = cell
        if watch is not None:
            for m in watch.candidates():
                seen = watch.at.get(m)
                self.expected[m] = seen if seen is not None else watch.last[m]
                self.allowed[m] = frozenset({self.expected[m]})
                self._hint[m] = seen
            choice = referee.choice
            if self.back_to == "waiting_for_confirmation" and choice is not None:
                for m in {p for p, _ in choice.options}:
                    self.allowed[m] = frozenset(c for p, c in choice.options if p == m)
                    self.expected[m] = choice.guess[1] if choice.guess[0] == m else min(self.allowed[m])

    # -- belief for the referee's one check ----------------------------------------------
    def may(self) -> dict[str, frozenset[Cell] | None]:
        return dict(self.allowed)

    def hint(self) -> dict[str, Cell | None]:
        return dict(self._hint)

    def begin(self, closed: Iterable[Cell], hall: Iterable[str] = ()) -> None:
        """Announce the saved game, suspend timers, take the board's closed reeds, show each
        player their cards again (privately) and compare."""
        ref = self.ref
        for name in SUSPENDED_TIMERS:
            ref._cancel(name)
        ref.closed = set(closed)
        ref._reeds += 1
        ref._emit(
            "game_resumed", state=self.back_to, player=ref.current, scores=ref.scores, corners=dict(ref.corners),
            layout=ref.maze.rows(), spare=ref.maze.spare.turned(ref.quarters).notation(),
            rotation=90 * ref.quarters, forbidden=ref.forbidden, push=self.push_slot,
            positions=dict(self.expected), found={p: list(f) for p, f in ref.found.items()},
        )
        for p in ref.players:
            ref._show_cards(p)
        if ref.state != "waiting_for_setup":
            ref._go("check_setup")
        ref._refresh()

    def confirmed(self) -> None:
        """``done`` with the pawns in place: the people say the tiles lie as saved; play on."""
        ref = self.ref
        match = ref.match()
        watch = ref.watch if self.back_to in MOVE_STATES else None
        if watch is not None:
            held = watch.held()
            for m in watch.candidates():  # seen where the board check found it (unseen on a shared tile)
                cell = match.at.get(m) or self.expected[m]
                watch.at[m] = cell if cell not in held else None
                watch.last[m] = cell
        ref.setup_check = None
        ref._emit("setup_restored", state=self.back_to, player=ref.current, positions=dict(self.expected),
                  push=self.push_slot)
        ref._go(f"setup_done_{self.back_to}")
        ref._restart_timers()

