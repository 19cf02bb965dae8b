"""Which token may stand where: what the reeds can vouch for, and what they cannot.

Reed switches sense occupancy only: they cannot tell the five tokens apart, and a
token leaving a space another token shares changes no reed. So the referee keeps,
for every token, the set of sensors it *may* stand on now (``may``), narrowed or
widened by each reed change, and never names a token where it cannot know it is.

* :meth:`Whereabouts.settle` -- the board matched and the referee is sure: each token
  stands where it belongs (its ``origin`` from then on).
* :meth:`Whereabouts.forget` -- after a restart: any token may stand on any closed
  sensor, or be in a hand (the board check then names no token's place by guess).
* A reed **opens**: whatever stood there is in a hand now: the token, when only one
  may have stood there, or any of those that may have, when each of them was standing
  where the board knew it or where it was asked to go (:data:`AIR`: lifted, trusted to
  be set down where it belongs); else one of those that may have stood there
  (:data:`SOME`: a token lifted, the board cannot say which). The lift is remembered
  (the tokens the hand may hold).
* A reed **closes**: a token was set down there. Which one?

  1. Where the board asked a token to go, and that token is not in doubt and could
     have come (in a hand, or on a space it may share, or one a token in a hand may have been
     set down on unseen: as asked, at the head of a chain of moves, or parked while its own
     space was taken): that token -- people move the token the board names ("K on s0 must go
     to s2"; several asked there: any of them).
  2. Else a hand sets down what it lifted last: the most recent lift's token; when
     that lift was of one token the board knows, it is known to stand there (a token
     knocked off its own space and seen landing).
  3. Else a token left a space it shared with others (no reed opened): each token that
     could have *may* stand there now (named only when one could).

  A closed sensor only one token may stand on holds that token (narrowing).

A token is **in doubt** when it may stand somewhere other than where it belongs or
where it was known before the play, or may be the token of a lift the board could not
name (:data:`SOME`); a token surely in a hand (:data:`AIR`) is trusted to be set down
where it was asked, unseen on an occupied space. When the reeds match while a token is
in doubt, the reeds cannot tell whether two tokens were swapped: the referee asks the
players to check (:mod:`.instructions`, action ``confirm``) instead of carrying on with
a belief that may be false (issue 11, attack finding 12: J knocked off the start, then
put on 9's space, taken for 9).

Heuristic, documented (docs/struggle.md): one hand at a time (rule 2). A token set
down unseen on an occupied space by mistake, then another token knocked, could be
named wrongly; both are accidents the instruction asked about.
Pure; a few set operations per reed change (five tokens).
"""

from __future__ import annotations

from typing import AbstractSet, Iterable, Mapping

#: in a hand (lifted): off the board, or set down unseen on an occupied sensor
AIR = "air"
#: perhaps the token in a hand: a lift from a sensor several tokens may have stood on
SOME = "some"
#: where a piece may be without a reed to show it
HANDS = frozenset({AIR, SOME})


class Whereabouts:
    """The sensors each token (piece) may stand on now; see the module doc.

    ``at``: piece -> the sensor it stands on for sure (the start of the game)."""

    def __init__(self, at: Mapping[str, str]) -> None:
        self.pieces: tuple[str, ...] = tuple(at)
        self.may: dict[str, frozenset[str]] = {}
        self.origin: dict[str, str] = {}
        self._lifts: list[tuple[str, ...]] = []
        #: pieces lifted while their own space (where they belong) was taken: set down anywhere meanwhile, unseen
        self._parked: set[str] = set()
        self.settle(at)

    # -- what is known ------------------------------------------------------------------------
    def settle(self, at: Mapping[str, str]) -> None:
        """The referee is sure: piece ``p`` stands on ``at[p]`` (also its origin from now on)."""
        self.may = {p: frozenset({at[p]}) for p in self.pieces}
        self.origin = {p: at[p] for p in self.pieces}
        self._lifts = []
        self._parked = set()

    def forget(self, closed: AbstractSet[str], home: Mapping[str, str]) -> None:
        """After a restart nobody knows which token stands where (the power was out: tokens may
        have been knocked, lifted, or the board set up anew): each piece may stand on any closed
        sensor (``closed``) or be in a hand; ``home`` (where each belongs) is its origin."""
        anywhere = frozenset(closed) | {SOME}
        self.may = {p: anywhere for p in self.pieces}
        self.origin = {p: home[p] for p in self.pieces}
        self._lifts = []
        self._parked = set()

    def known(self, piece: str) -> str | None:
        """The sensor ``piece`` stands on for sure, or None (not known, or in a hand)."""
        cells = self.may[piece]
        if len(cells) == 1:
            (cell,) = cells
            return None if cell in HANDS else cell
        return None

    def lifted(self, piece: str) -> bool:
        """``piece`` is in a hand for sure (its reed opened, nothing set it down since)."""
        return self.may[piece] == {AIR}

    def here(self, sensor: str) -> tuple[str, ...]:
        """The pieces that may stand on ``sensor`` now."""
        return tuple(p for p in self.pieces if sensor in self.may[p])

    def doubtful(self, home: Mapping[str, str]) -> tuple[str, ...]:
        """Pieces that may stand somewhere other than ``home`` (where they belong) or their
        origin (where they were known before the play), or may be an unnamed lift's token. None
        when every piece belongs on one sensor (between rounds, all on the start): no two can be
        swapped, and when the reeds match each piece on the board stands there."""
        if len({home[p] for p in self.pieces}) == 1:
            return ()
        return tuple(p for p in self.pieces if not self._on_track(p, home))

    def _on_track(self, piece: str, home: Mapping[str, str]) -> bool:
        return self.may[piece] <= {home[piece], self.origin[piece], AIR}

    def sure(self, home: Mapping[str, str]) -> bool:
        """No piece is in doubt: when the reeds match, every piece stands where it belongs."""
        return not self.doubtful(home)

    def to_check(self, home: Mapping[str, str]) -> tuple[str, ...]:
        """The pieces a person must look at when the referee is not sure: those in doubt and
        every piece that belongs on a sensor they may stand on or belong on."""
        doubt = self.doubtful(home)
        sensors = {home[p] for p in doubt} | {c for p in doubt for c in self.may[p] if c not in HANDS}
        return tuple(p for p in self.pieces if home[p] in sensors)

    # -- reed changes -------------------------------------------------------------------------
    def opened(self, sensor: str, closed: AbstractSet[str], home: Mapping[str, str]) -> None:
        """``sensor``'s reed opened (``closed``: the reeds closed now; ``home``: where each piece
        belongs now): whatever stood there is in a hand."""
        lift = self.here(sensor)
        # one piece: the board knows which is in the hand; several, each moving as asked (from
        # where it was known to where it belongs): each is trusted; else the board cannot say
        sure = len(lift) == 1 or all(self._on_track(p, home) for p in lift)
        mark = AIR if sure else SOME
        for p in lift:
            self.may[p] = (self.may[p] - {sensor}) | {mark}
            if home[p] in closed:  # its own space still taken: the hand may park it anywhere meanwhile
                self._parked.add(p)
            else:
                self._parked.discard(p)
        if lift:
            self._lifts.append(lift)
        self._narrow(closed)

    def closed(self, sensor: str, closed: AbstractSet[str], home: Mapping[str, str]) -> None:
        """``sensor``'s reed closed (``closed``: the reeds closed now, ``sensor`` among them;
        ``home``: where each piece belongs now): a piece was set down there."""
        before = set(closed) - {sensor}
        asked = [p for p in self.pieces if home[p] == sensor and sensor not in self.may[p]
                 and self._on_track(p, home) and (AIR in self.may[p] or self._could_leave(p, before, home))]
        if asked:  # 1. the token the board asked there
            held = [p for p in asked if AIR in self.may[p]]
            if len(held) == 1 or len(asked) == 1:
                self.may[(held or asked)[0]] = frozenset({sensor})
            else:  # several asked there (they belong together): each may have come
                for p in asked:
                    self.may[p] = self.may[p] | {sensor}
        else:
            landed = self._last_lift()
            if landed:  # 2. what the hand lifted last
                self._land(landed, sensor)
            else:  # 3. a token that left a space it shares
                self._land([p for p in self.pieces if self._could_leave(p, before)], sensor)
        self._narrow(closed)

    def _last_lift(self) -> list[str]:
        """The most recent lift whose pieces may still be in a hand (popped), or []."""
        while self._lifts:
            lift = [p for p in self._lifts.pop() if self.may[p] & HANDS]
            if lift:
                return lift
        return []

    def _land(self, pieces: Iterable[str], sensor: str) -> None:
        """One of ``pieces`` now stands on ``sensor``: that one, when it is alone and known (not
        an unnamed lift's); else each of them may (and is no longer in the hand that set it down)."""
        pieces = list(pieces)
        if len(pieces) == 1 and SOME not in self.may[pieces[0]]:
            self.may[pieces[0]] = frozenset({sensor})
            return
        for p in pieces:
            self.may[p] = (self.may[p] - HANDS) | {sensor}

    def _could_leave(self, piece: str, closed: AbstractSet[str], home: Mapping[str, str] | None = None) -> bool:
        """``piece`` may have left a closed sensor it may share with another piece (no reed
        opened): another piece may stand there too, or a piece in a hand may have been set down
        there unseen.

        With ``home`` (the token the board asked where a reed closed, rule 1), a piece in a hand
        counts only where a person would set it down there: as asked (it belongs there), at the
        head of a chain of moves onto spaces being left (it belongs where a token stands that
        belongs there, ...), or parked (lifted while its own space was still taken: ``_parked``).
        Struggle newcomer 107 lifted 10, whose place was free, and set it on the place asked of Q:
        taken for Q (10 set on Q's space unseen, Q moved: three moves against the hand's one), Q,
        never touched, was then said to stand "where it does not belong"."""
        held = [p for p in self.pieces if self.may[p] & HANDS]
        if home is None:
            return any(c in closed and (held or len(self.here(c)) > 1) for c in self.may[piece] if c not in HANDS)
        if any(p in self._parked for p in held):
            return any(c in closed for c in self.may[piece] if c not in HANDS)
        spaces = [c for c in self.may[piece] if c not in HANDS and c in closed]
        if any(len(self.here(c)) > 1 for c in spaces):
            return True
        seen: set[str] = set()
        while spaces:  # the chain back from the space left: who belongs there, where may it stand, ...
            space = spaces.pop()
            seen.add(space)
            for p in self.pieces:
                if p != piece and home[p] == space:
                    if self.may[p] & HANDS:
                        return True
                    spaces += [c for c in self.may[p] if c not in HANDS and c in closed and c not in seen]
        return False

    def _narrow(self, closed: AbstractSet[str]) -> None:
        """A closed sensor only one piece may stand on holds that piece."""
        changed = True
        while changed:
            changed = False
            for sensor in sorted(closed):  # a fixed order: a replayed game narrows the same way
                here = self.here(sensor)
                if len(here) == 1 and len(self.may[here[0]]) > 1:
                    self.may[here[0]] = frozenset({sensor})
                    changed = True
