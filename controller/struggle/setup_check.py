"""After a restart: put the tokens back where the saved game has them, then play on.

When a saved game has been replayed (:mod:`mazeboard.controller.persist`), the
referee knows where every token belongs -- on the track spaces and the
arrival places as the race has them (all on the start space between rounds)
-- but the board may disagree: a token knocked while the power was out, a
simulated board that starts with all tokens on the start. :meth:`StruggleReferee.resume`
hands over to a :class:`SetupCheck`: the machine goes to
``waiting_for_setup`` and the board is compared with the saved game by the
same belief-vs-board check as in play (:func:`.instructions.token_requests`,
reason ``resumed``): each token that is not where it belongs is a request
(its space blinks, the reed it stands on instead pulses). The events
``game_resumed`` (the saved game: state, whose turn, round, scores, where the
tokens belong), ``setup_check`` (what is missing, what is extra; each time
that changes) and finally ``setup_restored`` tell the people at the board.
Once the reeds have matched for ``settle_ms``, the machine returns to the state
it was saved in and the settle timer it suspended starts again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from .instructions import compare

if TYPE_CHECKING:  # pragma: no cover
    from .referee import StruggleReferee

#: states a saved game can be resumed in (``game_over`` is archived, not resumed)
RESUMABLE: tuple[str, ...] = ("waiting_for_tokens", "waiting_for_throw", "choosing", "placing", "entering_cards")

#: transitions into and out of ``waiting_for_setup`` (one way back per resumable state)
SETUP_TRANSITIONS: list[dict[str, Any]] = [
    {"trigger": "check_setup", "source": list(RESUMABLE), "dest": "waiting_for_setup"},
    *({"trigger": f"setup_done_{s}", "source": "waiting_for_setup", "dest": s} for s in RESUMABLE),
]


class SetupCheck:
    """One check of the board against the saved game, owned by the referee until it passes."""

    def __init__(self, referee: "StruggleReferee") -> None:
        self.ref = referee
        self.back_to = referee.state
        self._shown: tuple[dict[str, str], list[str]] | None = None

    def begin(self, closed: Iterable[str], hall: Iterable[str] = ()) -> None:
        """Announce the resumed game, suspend the settle timer, compare the board (``closed`` reeds)."""
        ref = self.ref
        ref._cancel("settle")
        ref._cancel("setup")
        ref.closed = set(closed)
        ref.where.forget(ref.closed, ref.home())  # which token stands where: unknown after a restart
        ref._emit("game_resumed", state=self.back_to, player=ref.current, players=list(ref.players),
                  track=ref.track.to_list(), round=ref.round, rounds=ref.options.rounds, scores=dict(ref.totals),
                  spaces=ref.race.at(), arrived=list(ref.race.arrived), home=dict(ref.home()))
        if ref.state != "waiting_for_setup":
            ref._go("check_setup")
        self._shown = None
        self.changed()

    def changed(self) -> None:
        """After every input: confirm once the board matches, else tell what is still wrong (once per change)."""
        ref = self.ref
        missing, extra = compare(ref.home(), ref.closed)
        if not missing and not extra:
            if "setup" not in ref._timers:
                ref._after("setup", ref.options.settle_ms, self._confirmed)
                ref._refresh()
            return
        ref._cancel("setup")
        if self._shown != (missing, extra):
            self._shown = (missing, extra)
            ref._emit("setup_check", missing=missing, extra=extra)
            ref._refresh()

    def _confirmed(self) -> None:
        ref = self.ref
        ref._timers.pop("setup", None)
        if ref.fits():
            self._done()

    def _done(self) -> None:
        ref = self.ref
        # the people set the tokens by their letters, as the check's requests named them: trusted
        # where they belong (a move of the play no reed can see: not made yet, as before the restart)
        ref.where.settle(ref._settled_at())
        ref.setup_check = None
        ref._emit("setup_restored", state=self.back_to, player=ref.current)
        ref._go(f"setup_done_{self.back_to}")
        ref._check_placed()
