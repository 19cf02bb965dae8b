"""The Labyrinth's pawns on the simulated board: a :class:`~mazeboard.sim.world.World` whose
slides may not be doubled.

On a Labyrinth table more than one hand may reach for a pawn at once: the
row a player pushes carries the pawns on it, while someone may be sliding
one of them. :class:`World` lets a lift stop a slide under way (the magnet
goes with the hand); a second slide started while the first has not
landed would leave the cell the first one entered closed under no pawn. As
on a real board, :class:`TileWorld` refuses it (``ValueError``, like any
move the physical board does not allow): a hand waits until the pawn
landed (:meth:`landing_ms`). A game without such clashes runs exactly as on
:class:`World`.
"""

from __future__ import annotations

from mazeboard.hal.grid import Cell

from ..world import World


class TileWorld(World):
    """A :class:`World` whose pawns cannot be slid again before they landed (see the module doc)."""

    def landing_ms(self, player: str) -> int | None:
        """When ``player``'s slide under way is over (ms), or None when it is not sliding."""
        timers = self._sliding.get(player)
        return max(t.due_ms for t in timers) if timers else None

    def slide_step(self, player: str, to: Cell) -> int:
        """:meth:`World.slide_step`; raises ValueError while the pawn is still sliding."""
        if self._sliding.get(player):
            raise ValueError(f"{player}'s pawn is still sliding")
        return super().slide_step(player, to)
