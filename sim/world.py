"""The physical board: pawns with magnets over reed switches, balls, the tray, buttons.

Everything here happens on the injected scheduler, as raw sensor levels
handed to ``raw(channel, level)`` (a :class:`~mazeboard.hal.debounce.Debouncer`):

* a reed switch is closed while a magnet (a pawn, or a glitch) is over it;
  each change bounces for up to ``bounce_ms``;
* sliding one cell takes ``step_ms``; the magnet crosses the edge half way,
  the old reed opens and the new one closes within ``transit_jitter_ms`` of
  that moment, so both gaps and overlaps happen (HARDWARE.md);
* a pawn crossing an edge with a wall, or lifted off the board, loses its
  ball; the ball rolls for ``ball_roll_ms`` (seeded) to one of the tray's
  four corners, where that corner's Hall-effect sensor senses it;
* fishing the ball out empties that corner and re-attaches the ball.

Channel keys: ``("reed", cell)``, ``("hall", sensor)``, ``("button", name)``.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass
from typing import Any, Callable, Hashable, Iterable, Mapping, cast

from mazeboard.hal import settings
from mazeboard.hal.clock import Scheduler, Timer
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.events import TRAY_SENSORS
from mazeboard.hal.grid import Cell, Edge, Grid, edge_of

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Physics:
    """Simulator physics; names are the keys of a scenario's ``[sim]`` table (milliseconds)."""

    step_ms: int = 250
    bounce_ms: int = 2
    ball_roll_ms: tuple[int, int] = (200, 400)
    transit_jitter_ms: int = 20
    press_ms: int = 80
    hand_ms: int = 300
    fetch_ms: int = 800
    lift_drops_ball: bool = True

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any], where: str = "sim") -> "Physics":
        """Build from a TOML table; raises :class:`ConfigError` naming the key."""
        phys = settings.from_mapping(cls, raw, where, what="setting")
        if phys.step_ms < 2 * phys.transit_jitter_ms + 2:
            raise ConfigError(f"{where}.step_ms: must exceed twice transit_jitter_ms")
        return phys


class Contacts:
    """Raw levels of switch-like inputs (reeds, buttons, digital Hall outputs).

    :meth:`set` hands the new level to ``raw`` at once, then, when asked,
    bounces: up to two extra flips each way within ``bounce_ms`` (seeded),
    ending at the new level (HARDWARE.md: reeds bounce for a few ms on each
    change). A new change cancels the bounce still under way. ``on_change``
    is told after every change (views).
    """

    def __init__(self, scheduler: Scheduler, rng: random.Random, raw: Callable[[Hashable, bool], None],
                 bounce_ms: int, on_change: Callable[[], None] | None = None) -> None:
        self.scheduler = scheduler
        self.rng = rng
        self.raw = raw
        self.bounce_ms = bounce_ms
        self.on_change = on_change
        #: channel key -> current physical level
        self.level: dict[Hashable, bool] = {}
        self._bounce: dict[Hashable, list[Timer]] = {}

    def set(self, key: Hashable, level: bool, bounce: bool = True) -> None:
        if self.level.get(key) == level:
            return
        self.level[key] = level
        for t in self._bounce.pop(key, []):
            t.cancel()
        self.raw(key, level)
        if bounce and self.bounce_ms > 0:
            flips = sorted(self.rng.randint(0, self.bounce_ms) for _ in range(2 * self.rng.randint(0, 2)))
            timers = []
            for i, dt in enumerate(flips):
                lvl = level if i % 2 else not level
                timers.append(self.scheduler.call_later(dt, lambda lvl=lvl: self.raw(key, lvl)))
            if flips:
                timers.append(self.scheduler.call_later(flips[-1], lambda: self.raw(key, level)))
            self._bounce[key] = timers
        if self.on_change:
            self.on_change()


@dataclass
class Pawn:
    player: str
    cell: Cell | None
    ball: str = "attached"  # attached | rolling | tray
    ball_sensor: str | None = None


class World:
    """The simulated physical board. Methods act now; timed motions are scheduled.

    ``walls``: the hidden maze (never shown to the controller). ``pawns``:
    player -> start cell (None: off the board). ``on_change`` (optional) is told after every
    physical change, for views.
    """

    def __init__(
        self,
        grid: Grid,
        walls: Iterable[Edge],
        pawns: Mapping[str, Cell | None],
        scheduler: Scheduler,
        physics: Physics,
        rng: random.Random,
        raw: Callable[[Hashable, bool], None],
        buttons: Iterable[str] = ("roll", "done"),
        on_change: Callable[[], None] | None = None,
    ) -> None:
        self.grid = grid
        self.walls = frozenset(walls)
        self.scheduler = scheduler
        self.physics = physics
        self.rng = rng
        self._raw = raw
        self.buttons = tuple(buttons)
        self.on_change = on_change
        self.pawns = {p: Pawn(p, c) for p, c in pawns.items()}
        self.magnets: dict[Cell, int] = {c: 0 for c in grid.cells}
        self.glitches: dict[Cell, int] = {c: 0 for c in grid.cells}
        #: pawn -> the cells its magnet closes now (two while a slide overlaps, none in a gap)
        self.under: dict[str, set[Cell]] = {p: ({c} if c is not None else set()) for p, c in pawns.items()}
        #: pawn -> the timers of the slide step under way (a lift stops them)
        self._sliding: dict[str, list[Timer]] = {}
        for c in pawns.values():
            if c is not None:  # None: the pawn is off the board (beside it, in the lobby)
                self.magnets[c] += 1
        self.tray: dict[str, list[str]] = {s: [] for s in TRAY_SENSORS}
        self.contacts = Contacts(scheduler, rng, raw, physics.bounce_ms, self._changed)
        for c in grid.cells:
            self.contacts.level[("reed", c)] = self.magnets[c] > 0
        for s in TRAY_SENSORS:
            self.contacts.level[("hall", s)] = False
        for b in self.buttons:
            self.contacts.level[("button", b)] = False
        self.balls_dropped = 0

    # -- sensor levels -------------------------------------------------------
    def levels(self) -> dict[Hashable, bool]:
        """Every channel's current physical level (for the debouncer's initial state)."""
        return dict(self.contacts.level)

    def _set(self, key: Hashable, level: bool) -> None:
        self.contacts.set(key, level, bounce=cast(tuple[str, str], key)[0] != "hall")

    def _changed(self) -> None:
        if self.on_change:  # read at call time: views attach it after construction
            self.on_change()

    def _reed(self, cell: Cell) -> None:
        self._set(("reed", cell), self.magnets[cell] > 0 or self.glitches[cell] > 0)

    def _magnet(self, cell: Cell, delta: int) -> None:
        self.magnets[cell] += delta
        self._reed(cell)

    # -- hands -----------------------------------------------------------------
    def press(self, button: str) -> int:
        """Press and release ``button``; returns the duration in ms."""
        self._set(("button", button), True)
        self.scheduler.call_later(self.physics.press_ms, lambda: self._set(("button", button), False))
        return self.physics.press_ms + 40

    def slide_step(self, player: str, to: Cell) -> int:
        """Slide ``player``'s pawn one cell to ``to``; returns the step time in ms."""
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
        under = self.under[player]

        def cross() -> None:
            pawn.cell = to
            if edge_of(frm, to) in self.walls and pawn.ball == "attached":
                self._drop(pawn)
            if self.on_change:
                self.on_change()

        def off() -> None:
            if frm in under:
                under.discard(frm)
                self._magnet(frm, -1)

        def on() -> None:
            under.add(to)
            self._magnet(to, +1)

        def over() -> None:
            self._sliding.pop(player, None)

        self._stop_slide(player)
        self._sliding[player] = [sched.call_later(leave, off), sched.call_later(half, cross),
                                 sched.call_later(arrive, on), sched.call_later(max(leave, half, arrive), over)]
        return ph.step_ms

    def _stop_slide(self, player: str) -> None:
        """A hand takes the pawn mid-slide: the step's remaining motions do not happen."""
        for timer in self._sliding.pop(player, []):
            timer.cancel()

    def lift(self, player: str) -> int:
        pawn = self.pawns[player]
        if pawn.cell is None:
            raise ValueError(f"{player}'s pawn is already off the board")
        pawn.cell = None
        self._stop_slide(player)
        for cell in sorted(self.under[player]):
            self._magnet(cell, -1)
        self.under[player] = set()
        if pawn.ball == "attached" and self.physics.lift_drops_ball:
            self._drop(pawn)
        return self.physics.hand_ms

    def place(self, player: str, cell: Cell) -> int:
        pawn = self.pawns[player]
        if pawn.cell is not None:
            raise ValueError(f"{player}'s pawn is on {pawn.cell}, lift it first")
        pawn.cell = cell
        self.under[player] = {cell}
        self._magnet(cell, +1)
        return self.physics.hand_ms

    def fetch_ball(self, player: str) -> int:
        """Take ``player``'s ball out of the tray and re-attach it (waits for a rolling ball)."""
        pawn = self.pawns[player]
        if pawn.ball == "rolling":
            self.scheduler.call_later(20, lambda: self.fetch_ball(player))
            return self.physics.fetch_ms
        if pawn.ball == "tray" and pawn.ball_sensor is not None:
            sensor = pawn.ball_sensor
            self.tray[sensor].remove(player)
            pawn.ball, pawn.ball_sensor = "attached", None
            self._set(("hall", sensor), bool(self.tray[sensor]))
        else:
            log.info("fetch-ball %s: the ball is not in the tray", player)
        return self.physics.fetch_ms

    def glitch(self, cell: Cell, ms: int) -> int:
        """A spurious closure of the reed under ``cell`` for ``ms`` milliseconds."""
        self.glitches[cell] += 1
        self._reed(cell)

        def end() -> None:
            self.glitches[cell] -= 1
            self._reed(cell)

        self.scheduler.call_later(ms, end)
        return 0

    # -- the ball -----------------------------------------------------------------
    def _drop(self, pawn: Pawn) -> None:
        pawn.ball = "rolling"
        self.balls_dropped += 1
        lo, hi = self.physics.ball_roll_ms
        delay = self.rng.randint(lo, hi)
        sensor = self.rng.choice(TRAY_SENSORS)

        def land() -> None:
            if pawn.ball != "rolling":
                return
            pawn.ball, pawn.ball_sensor = "tray", sensor
            self.tray[sensor].append(pawn.player)
            self._set(("hall", sensor), True)

        self.scheduler.call_later(delay, land)

    # -- views -----------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return {
            "pawns": {p: {"cell": pw.cell, "ball": pw.ball} for p, pw in self.pawns.items()},
            "tray": {s: list(v) for s, v in self.tray.items()},
            "reeds": sorted(c for c in self.grid.cells if self.contacts.level[("reed", c)]),
        }
