"""Hands: carry out physical actions one after another, each taking its time.

An action is a small frozen value (:class:`Action`); :class:`Hands` runs a
queue of them against a :class:`~mazeboard.sim.world.World` on the
scheduler. Scenario files and simulated players both act through hands, so
both produce the same kind of sensor signals.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Callable

from mazeboard.hal.clock import Scheduler, Timer
from mazeboard.hal.errors import ScenarioError

from .world import World


@dataclass(frozen=True)
class Action:
    """One physical action (SCENARIOS.md actions).

    ``kind``: press | slide | lift | place | fetch-ball | wait | glitch.
    ``player``/``button``/``cells``/``ms`` as the kind needs; ``text`` is the
    scenario line, ``index`` its position (for error messages).
    """

    kind: str
    player: str | None = None
    button: str | None = None
    cells: tuple[str, ...] = ()
    ms: int = 0
    text: str = ""
    index: int = -1


class Hands:
    """Runs actions in order; ``idle`` is true when nothing is queued or running.

    ``where`` (a scenario file): the script's hands. The scenario parser follows
    the pawns through the actions, but whether the maze moves depends on the
    controller (a refused insertion is withdrawn), so an action the world cannot
    do then (placing a pawn that still stands somewhere, sliding off its path)
    raises :class:`~mazeboard.hal.errors.ScenarioError` naming the file and the
    action. Without ``where`` (simulated players) it is the world's
    ``ValueError``: a bug of the player, not input; ``on_error`` (the
    browser's people, whose page may plan on a world that moved meanwhile)
    is told it instead, and the hand goes idle.
    """

    def __init__(self, world: World, scheduler: Scheduler, on_idle: Callable[[], None] | None = None,
                 where: str | None = None, on_error: Callable[[ValueError], None] | None = None,
                 stops_at_drop: bool = False) -> None:
        self.world = world
        #: a person's hand (the browser's people): it stops sliding a pawn whose ball fell after the slide was
        #: asked, dropping the rest of that slide and the slides of that pawn queued after it, as a person who
        #: sees the ball fall stops (an attack, session 6: a drag's steps, sent at once, carried the pawn on past
        #: the drop); a scenario's script or a simulated player slides as told
        self.stops_at_drop = stops_at_drop
        self.where = where
        #: the browser's people: an action the world cannot do now is dropped with the rest of the queue and
        #: told to ``on_error`` (then ``on_idle``), never raised into the server's loop (Labyrinth newcomer 15:
        #: "internal error: ValueError: cannot slide red from b4 to b4" ended the game)
        self.on_error = on_error
        self.scheduler = scheduler
        #: each action with its pawn's ball as it was when the action was asked (``stops_at_drop``: a slide
        #: asked with the ball on stops when it falls; one asked while it rolls is a drag's tail, dropped)
        self._queue: deque[tuple[Action, str | None]] = deque()
        self._busy = False
        self._timer: Timer | None = None
        self._on_idle = on_idle
        self._slide: deque[str] = deque()
        self._slide_player: str | None = None
        self._slide_ball: str | None = None
        self._action: Action | None = None
        self.done: list[Action] = []

    @property
    def idle(self) -> bool:
        return not self._busy and not self._queue

    @property
    def pending(self) -> int:
        """Actions not yet finished: those waiting plus the one under way (0 when idle). A page's limit on
        queued actions counts these, never actions since the hand was last idle (a person stepping steadily keeps
        the hand busy without a queue: CI79 refused the seventh such step as "still busy")."""
        return len(self._queue) + (1 if self._busy else 0)

    def do(self, *actions: Action) -> None:
        self._queue.extend(self._asked(a) for a in actions)
        if not self._busy:
            self._next()

    def first(self, *actions: Action) -> None:
        """Queue ``actions`` ahead of the rest, in their order (a subclass's hand looking again, its next step)."""
        self._queue.extendleft(reversed([self._asked(a) for a in actions]))

    def _asked(self, a: Action) -> tuple[Action, str | None]:
        """``a`` with its pawn's ball as it is now, when ``a`` is a slide (``stops_at_drop``)."""
        return a, self._ball(a.player) if a.kind == "slide" and a.player else None

    def abort(self) -> None:
        """Stop after the step under way: drop the rest of a slide and the queue."""
        self._queue.clear()
        self._slide.clear()

    def _after(self, ms: int) -> None:
        self._timer = self.scheduler.call_later(ms, self._next)

    def _ball(self, player: str) -> str | None:
        pawn = getattr(self.world, "pawns", {}).get(player)
        return getattr(pawn, "ball", None)

    def _fell(self, player: str | None, asked: str | None) -> bool:
        """Whether a slide of ``player`` asked with its ball ``asked`` (attached | rolling | tray) is not to be
        done (``stops_at_drop`` only): its ball fell since, or was falling as it was asked."""
        return bool(self.stops_at_drop and player
                    and ((asked == "attached" and self._ball(player) != "attached") or asked == "rolling"))

    def _next(self) -> None:
        try:
            if self._slide and self._fell(self._slide_player, self._slide_ball):
                self._slide.clear()
            if self._slide and self._slide_player is not None:
                self._after(self.world.slide_step(self._slide_player, self._slide.popleft()))
                return
            while self._queue and self._queue[0][0].kind == "slide" and self._fell(self._queue[0][0].player,
                                                                                   self._queue[0][1]):
                self._queue.popleft()  # dropped, never done
            if not self._queue:
                self._busy = False
                if self._on_idle:
                    self._on_idle()
                return
            self._busy = True
            action, self._slide_ball = self._queue.popleft()
            self._action = action
            self.done.append(action)
            self._after(self._run(action))
        except ScenarioError:
            raise
        except ValueError as e:
            a = self._action
            if self.where is None and self.on_error is not None:
                self.abort()
                self._busy = False
                self.on_error(e)
                if self._on_idle:
                    self._on_idle()
                return
            if self.where is None or a is None:
                raise
            raise ScenarioError(f"{self.where}: actions[{a.index}] {a.text!r}: {e} "
                                "(the board is not where the script expects it)") from None

    def _run(self, a: Action) -> int:
        if a.kind == "slide":
            self._slide = deque(a.cells)
            self._slide_player = a.player
            return 0
        return WORLD_ACTIONS[a.kind](self.world, a)


#: action kind -> what the hand does to the world; returns the time it takes (ms).
WORLD_ACTIONS: dict[str, Callable[[World, Action], int]] = {
    "press": lambda w, a: w.press(a.button or ""),
    "lift": lambda w, a: w.lift(a.player or ""),
    "place": lambda w, a: w.place(a.player or "", a.cells[0]),
    "fetch-ball": lambda w, a: w.fetch_ball(a.player or ""),
    "glitch": lambda w, a: w.glitch(a.cells[0], a.ms),
    "wait": lambda w, a: a.ms,
}
