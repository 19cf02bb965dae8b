"""What a hand at the Struggle table does about a request of the board's instruction.

A request names a token, where the board thinks it is (``from``, a sensor,
or None: nowhere it can see) and where it must go. A person looks at the
board: the tokens carry their letters, so they take the token the request
names, or, when the board cannot name one, the token on the cell that
pulses. :func:`token_for` makes that choice on the simulated board;
:class:`StruggleReach` is a table-mate's hands
(:class:`~mazeboard.sim.tablemate.Reach`) built on it.
"""

from __future__ import annotations

from typing import Sequence

from mazeboard.hal.struggle import TOKENS

from .world import StruggleWorld


def token_for(world: StruggleWorld, piece: str, frm: str | None, to: Sequence[str] = ()) -> str | None:
    """The physical token a hand takes for a request about ``piece`` seen on ``frm`` that must go
    to ``to``: the token the request names (a person reads the letters; each such move puts a
    token where the referee believes it is, so letters and belief converge), wherever it
    stands -- unless it already stands where the request wants it (the reeds cannot tell
    tokens apart: the name was a guess), or the board cannot name one (``piece`` empty); then
    the token standing on ``frm``. None: the token is in another hand right now (wait), or
    nothing fits."""
    tokens = world.tokens
    if piece in tokens and tokens[piece] not in to:
        return piece if tokens[piece] is not None else None
    if frm is not None:
        here = [t for t in TOKENS if tokens[t] == frm]
        if here:
            return here[0]
    return None


class StruggleReach:
    """A table-mate's hands on the simulated Struggle board."""

    def __init__(self, world: StruggleWorld) -> None:
        self.world = world

    def put(self, piece: str, kind: str, frm: str | None, to: Sequence[str]) -> str | None:
        if kind != "token" or not to:
            return None  # a stray magnet in the simulator is a reed glitch: it ends by itself
        token = token_for(self.world, piece, frm, to)
        if token is None or self.world.tokens[token] in to:
            return None
        spot = to[0]
        self.world.move(token, spot)
        return f"{token} -> {spot}"

    def fish(self, piece: str) -> str | None:
        return None  # Struggle has no tray

    def press(self, button: str) -> None:
        self.world.press(button)
