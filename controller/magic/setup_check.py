"""After a restart: put the pawns back where the saved game has them, then play on.

When a saved game has been replayed (:mod:`mazeboard.controller.persist`),
the referee knows where every pawn should stand, but the board may disagree
(someone tripped over the cable and knocked a pawn; a simulated board starts
with the pawns on their corners). :meth:`MagicReferee.resume` hands over to a
:class:`SetupCheck`: the machine goes to ``waiting_for_setup`` and the
board is compared with the saved positions by the referee's one belief-vs-
board check (:mod:`..belief`): what does not fit becomes the instruction's
requests (each missing pawn's cell blinks in its colour, an unexplained
closed reed pulses red), and the events ``game_resumed``, ``setup_check``
(what is missing, what is extra) and finally ``setup_restored`` tell the
people at the board. When the reeds match, the tracker takes the matched
positions as the truth, the machine returns to the state it was saved in,
and timers the check suspended (settle, ball grace) start again.

Rules of the check: every pawn that was on a cell must close that cell's
reed (pawns sharing a cell close it together); a pawn that was off the
board (lifted, or in the gap of a slide) may come back on any cell, so as
many extra closed reeds as such pawns are given to them (more cannot be a
pawn: a stray magnet or a stuck reed is pointed at, never waited for); the
tray must be empty (a pawn lifted to put it back drops its ball), unless a
player still has to fetch a dropped ball. The board must match for
:attr:`SetupCheck.confirm_ms` (a dropped ball takes that long to arrive).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from mazeboard.hal.grid import Cell, format_edge

if TYPE_CHECKING:  # pragma: no cover
    from .referee import MagicReferee

#: states a saved game can be resumed in (``game_over`` is archived, not resumed)
RESUMABLE: tuple[str, ...] = ("waiting_for_roll", "moving", "waiting_for_correction", "waiting_for_return")

#: transitions into and out of ``waiting_for_setup`` (one way back per resumable state)
SETUP_TRANSITIONS: list[dict[str, Any]] = [
    {"trigger": "check_setup", "source": list(RESUMABLE), "dest": "waiting_for_setup"},
    *({"trigger": f"setup_done_{s}", "source": "waiting_for_setup", "dest": s} for s in RESUMABLE),
]

#: referee timers suspended while the pawns are put back (they would judge a board in disarray)
SUSPENDED_TIMERS: tuple[str, ...] = ("settle", "close", "offboard")


class SetupCheck:
    """One check of the board against the saved game, owned by the referee until it passes."""

    def __init__(self, referee: "MagicReferee") -> None:
        self.ref = referee
        at = referee.tracker.at
        self.expected: dict[str, Cell] = {p: c for p, c in at.items() if c is not None}
        self.unplaced: list[str] = [p for p, c in at.items() if c is None]
        self.back_to = referee.state
        self._shown: tuple[dict[str, Cell], list[Cell], list[str]] | None = None

    # -- the check ---------------------------------------------------------------
    def may(self) -> dict[str, frozenset[Cell] | None]:
        """Belief for :func:`..belief.reconcile`: each saved pawn on its saved cell; a pawn that
        was off the board is free (it may come back anywhere)."""
        may: dict[str, frozenset[Cell] | None] = {p: frozenset({c}) for p, c in self.expected.items()}
        may.update({p: None for p in self.unplaced})
        return may

    def begin(self, closed: Iterable[Cell], hall: Iterable[str]) -> None:
        """Announce the resumed game, suspend timers and compare the board (``closed`` reeds, ``hall`` sensors)."""
        ref = self.ref
        ref.hall_active = set(hall)
        for name in SUSPENDED_TIMERS:
            ref._cancel(name)
        ref.tracker.set_closed(closed)
        ref._emit(
            "game_resumed", state=self.back_to, player=ref.current, scores=dict(ref.scores),
            corners=dict(ref.corners), target=list(ref.target) if ref.target else None,
            known_walls=sorted(format_edge(e) for e in ref.known_walls), positions=ref.tracker.snapshot(),
            returner=ref.returner,
        )
        if ref.state != "waiting_for_setup":
            ref._go("check_setup")
        self._shown = None
        self.changed()

    def missing(self) -> dict[str, Cell]:
        """Pawns whose saved cell's reed is open: pawn -> the cell it belongs on."""
        unmatched = set(self.ref.match().unmatched)
        return {p: c for p, c in self.expected.items() if p in unmatched}

    def extra(self) -> list[Cell]:
        """Closed reeds no saved pawn explains."""
        return list(self.ref.match().extra)

    def tray(self) -> list[str]:
        """Tray Hall-effect sensors sensing a ball that should not be there (lifting a pawn drops
        its ball): any, unless a player still has to come back for a dropped ball."""
        ref = self.ref
        return [] if ref.returner is not None else sorted(ref.hall_active)

    def _fits(self) -> bool:
        """Every saved pawn back on its cell and the tray empty. Closed reeds beyond those are
        given to the pawns that were off the board; any left cannot be a pawn (each pawn is on
        its cell): a stray magnet or a stuck reed, pointed at without holding the game."""
        return not self.missing() and not self.tray()

    def changed(self) -> None:
        """A sensor changed: finish when the board matches, else tell what is still wrong (once per change)."""
        missing, extra, tray = self.missing(), self.extra(), self.tray()
        self.ref._cancel("setup")
        if self._fits():
            self.ref._after("setup", self.confirm_ms, self._confirmed)
            self.ref._refresh()
            return
        if self._shown != (missing, extra, tray):
            self._shown = (missing, extra, tray)
            self.ref._emit("setup_check", missing=missing, extra=extra, tray=tray)
            self.ref._refresh()

    @property
    def confirm_ms(self) -> int:
        """How long the board must match before play goes on: long enough for a ball that
        dropped when a pawn was lifted to reach the tray (``ball_roll_ms`` max + slack)."""
        opts = self.ref.options
        return opts.ball_roll_ms[1] + opts.ball_slack_ms

    def _confirmed(self) -> None:
        self.ref._timers.pop("setup", None)
        if self._fits():
            self._done(self.extra())

    def _done(self, extra: list[Cell]) -> None:
        ref = self.ref
        match = ref.match()
        positions: dict[str, Cell | None] = {p: match.at.get(p) or c for p, c in self.expected.items()}
        for pawn, cell in zip(self.unplaced, extra):
            positions[pawn] = cell
        ref.tracker.resync(positions, ref.tracker.closed)
        ref.setup_check = None
        move = ref.move
        corr = ref.correction
        ref._emit(
            "setup_restored", state=self.back_to, player=ref.current,
            roll=move.roll if move else None, steps=len(move.path) - 1 if move else 0,
            legal=list(move.legal) if move else [],
            closing=bool(self.back_to == "moving" and move and move.closing),
            correction={"player": corr.player, "allowed": sorted(corr.allowed)} if corr else None,
            returner=ref.returner,
        )
        ref._go(f"setup_done_{self.back_to}")
        opts = ref.options
        if self.back_to == "moving" and move is not None:
            if move.closing is not None:
                ref._after("close", opts.ball_grace_ms, ref._finish_move)
            elif len(move.path) > 1 and ref.settle_ms(move.player) > 0:
                ref._after("settle", ref.settle_ms(move.player), lambda: ref._close_move("settled"))
