"""The Labyrinth's pawns on the simulated board: a :class:`~mazeboard.sim.world.World` whose slides
know they are under way.

On a Labyrinth table more than one hand may reach for a pawn at once: the
row a player pushes carries the pawns on it, while someone may be sliding
or lifting one of them. The shared :class:`World` schedules a slide's reed
changes (the old reed opens, the new one closes, half a step apart) and
assumes nobody touches the pawn meanwhile; a lift in between would then open
a reed twice and close one under no pawn -- a magnet that exists nowhere on a
real board. :class:`TileWorld` keeps each slide under way (:attr:`sliding`)
so that:

* lifting a sliding pawn takes its magnet away from wherever it is at that
  moment (the cell it leaves, the cell it enters, or both while it overlaps
  them) and the rest of the slide does not happen;
* a second slide of a sliding pawn is refused (``ValueError``, as for any
  move the physical board does not allow): a hand waits until it lands
  (:meth:`landing_ms`).

The timing and the random draws are those of :meth:`World.slide_step`, so a
game without such clashes runs exactly as before.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mazeboard.hal.clock import Timer
from mazeboard.hal.grid import Cell

from ..world import World


@dataclass
class _Slide:
    frm: Cell
    to: Cell
    ends_ms: int
    timers: list[Timer] = field(default_factory=list)
    left: bool = False
    arrived: bool = False
    crossed: bool = False


class TileWorld(World):
    """A :class:`World` whose slides can be interrupted by a lift (see the module doc)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: pawn -> its slide under way
        self.sliding: dict[str, _Slide] = {}

    def landing_ms(self, player: str) -> int | None:
        """When ``player``'s slide under way is over (ms), or None when it is not sliding."""
        motion = self.sliding.get(player)
        return motion.ends_ms if motion is not None else None

    def slide_step(self, player: str, to: Cell) -> int:
        """Slide ``player``'s pawn one cell to ``to``; returns the step time in ms. Raises
        ValueError when the pawn is off the board, not next to ``to``, or already sliding."""
        if player in self.sliding:
            raise ValueError(f"{player}'s pawn is already sliding")
        pawn = self.pawns[player]
        frm = pawn.cell
        if frm is None or not self.grid.adjacent(frm, to):
            raise ValueError(f"cannot slide {player} from {frm} to {to}")
        ph = self.physics
        half = ph.step_ms // 2
        j = ph.transit_jitter_ms
        leave = half + self.rng.randint(-j, j)
        arrive = half + self.rng.randint(-j, j)
        sched = self.scheduler
        motion = _Slide(frm, to, sched.now_ms() + max(leave, half, arrive))

        def over() -> None:
            if motion.left and motion.arrived and motion.crossed and self.sliding.get(player) is motion:
                del self.sliding[player]

        def left() -> None:
            motion.left = True
            self._magnet(frm, -1)
            over()

        def cross() -> None:
            motion.crossed = True
            pawn.cell = to
            if self.on_change:
                self.on_change()
            over()

        def arrived() -> None:
            motion.arrived = True
            self._magnet(to, +1)
            over()

        motion.timers = [sched.call_later(leave, left), sched.call_later(half, cross), sched.call_later(arrive, arrived)]
        self.sliding[player] = motion
        return ph.step_ms

    def lift(self, player: str) -> int:
        """Lift ``player``'s pawn, also in the middle of a slide (its magnet leaves both cells)."""
        motion = self.sliding.pop(player, None)
        if motion is None:
            return super().lift(player)
        for t in motion.timers:
            t.cancel()
        self.pawns[player].cell = None
        if not motion.left:
            self._magnet(motion.frm, -1)
        if motion.arrived:
            self._magnet(motion.to, -1)
        return self.physics.hand_ms
