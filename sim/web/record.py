"""Record a live session as a scenario file (SCENARIOS.md) that replays it.

:class:`Recorder` notes every physical action done to the
:class:`~mazeboard.sim.world.World` -- by the people at the page and by
the simulated players alike -- with the time it started and how long the
hand took, plus the dice and targets the controller announced. :meth:`Recorder.scenario`
turns that into the TOML table of a Magic Labyrinth scenario: the walls
spelled out, forced dice and targets, and the actions in order with ``wait``
lines for the pauses between them. Replayed with
``mazeboard sim --scenario FILE`` on virtual time, the controller sees the
same sensor signals at (nearly) the same moments. Lifting, placing and
fishing out a ball are replayed as instant hand moves (``[sim] hand_ms = 0``,
``fetch_ms = 0``: those times only keep a hand busy); presses and slides
that overlapped in the live session (two hands at once) are serialised, the
later one starting when the earlier one is done.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Callable

import tomli_w

from mazeboard.hal.board import GameSetup
from mazeboard.hal.boards import MAGIC_CORNERS
from mazeboard.hal.clock import Scheduler
from mazeboard.hal.events import GameEvent
from mazeboard.hal.grid import Edge, format_edge

from ..world import Physics, World

#: hand actions whose duration only delays the hand, not the sensors: replayed as instant
#: (``[sim] hand_ms = 0, fetch_ms = 0``) so that two hands busy at once in the live
#: session rarely have to wait for each other in the single replaying hand
INSTANT = {"lift", "place", "fetch-ball"}
REPLAY_PHYSICS = {"hand_ms": 0, "fetch_ms": 0}

#: consecutive one-cell slides of one pawn closer than this are written as one slide line
MERGE_SLIDE_MS = 10


@dataclass(frozen=True)
class Recorded:
    """One physical action: scenario ``words`` (``["slide", "red", "b1"]``), start and duration in ms."""

    t_ms: int
    words: tuple[str, ...]
    duration_ms: int


class Recorder:
    """Wraps ``world``'s hand methods (press, slide_step, lift, place, fetch_ball) to note each call.

    The wrappers are set on the instance and call the original methods, so
    the world behaves exactly as before. Feed :meth:`watch` the game events
    to note dice and targets.
    """

    def __init__(self, world: World, scheduler: Scheduler) -> None:
        self.world = world
        self.scheduler = scheduler
        self.actions: list[Recorded] = []
        self.dice: list[int] = []
        self.targets: list[str] = []
        self._fetch_waiting: set[str] = set()
        wrap = self._wrap
        world.press = wrap(world.press, lambda b: ("press", b))  # type: ignore[method-assign]
        world.slide_step = wrap(world.slide_step, lambda p, c: ("slide", p, c))  # type: ignore[method-assign]
        world.lift = wrap(world.lift, lambda p: ("lift", p))  # type: ignore[method-assign]
        world.place = wrap(world.place, lambda p, c: ("place", p, c))  # type: ignore[method-assign]
        world.fetch_ball = self._wrap_fetch(world.fetch_ball)  # type: ignore[method-assign,assignment]

    def _wrap(self, method: Callable[..., int], words: Callable[..., tuple[str, ...]]) -> Callable[..., int]:
        @functools.wraps(method)
        def recorded(*args: Any) -> int:
            t = self.scheduler.now_ms()
            duration = method(*args)
            self.actions.append(Recorded(t, words(*args), duration))
            return duration

        return recorded

    def _wrap_fetch(self, method: Callable[[str], int]) -> Callable[[str], int]:
        # World.fetch_ball calls itself again every 20 ms while the ball still rolls:
        # only the hand's first reach is an action.
        @functools.wraps(method)
        def recorded(player: str) -> int:
            t = self.scheduler.now_ms()
            again = player in self._fetch_waiting
            duration = method(player)
            if self.world.pawns[player].ball == "rolling":
                self._fetch_waiting.add(player)
            else:
                self._fetch_waiting.discard(player)
            if not again:
                self.actions.append(Recorded(t, ("fetch-ball", player), duration))
            return duration

        return recorded

    def watch(self, event: GameEvent) -> None:
        """Note the die results and targets the controller announced (forced on replay)."""
        if event.type == "die_rolled":
            self.dice.append(int(event["value"]))
        elif event.type == "target":
            self.targets.append(str(event["symbol"]))

    def action_lines(self) -> list[str]:
        """The actions as scenario lines, with ``wait MS`` for the pauses between them."""
        lines: list[str] = []
        free_at = 0  # when the replaying hand is done with the previous action
        last_slide: tuple[str, int] | None = None  # (player, index in lines) of a slide to extend
        for a in self.actions:
            start = max(a.t_ms, free_at)
            gap = start - free_at
            if a.words[0] == "slide" and last_slide and last_slide[0] == a.words[1] and gap < MERGE_SLIDE_MS:
                lines[last_slide[1]] += f" {a.words[2]}"
                start = free_at  # the replay slides on without the pause
            else:
                if gap > 0:
                    lines.append(f"wait {gap}")
                lines.append(" ".join(a.words))
                last_slide = (a.words[1], len(lines) - 1) if a.words[0] == "slide" else None
            free_at = start + (0 if a.words[0] in INSTANT else a.duration_ms)
        return lines

    def scenario(self, setup: GameSetup, walls: frozenset[Edge], physics: Physics,
                 corners: dict[str, str]) -> dict[str, Any]:
        """The scenario as a TOML-ready table (SCENARIOS.md, Magic Labyrinth)."""
        data: dict[str, Any] = {
            "game": setup.game,
            "players": list(setup.players),
            "seed": setup.seed,
            "walls": sorted(format_edge(e) for e in walls),
            "dice": list(self.dice),
            "targets": list(self.targets),
            "actions": self.action_lines(),
        }
        options = dict(setup.options)
        default_corners = dict(zip(setup.players, MAGIC_CORNERS.get(len(setup.players), ())))
        if corners != default_corners:
            options["start_corners"] = [corners[p] for p in setup.players]
        if options:
            data["options"] = options
        changed = {k: v for k, v in physics.__dict__.items() if getattr(Physics(), k) != v}
        changed.update(REPLAY_PHYSICS)
        data["sim"] = {k: list(v) if isinstance(v, tuple) else v for k, v in changed.items()}
        return data

    def to_toml(self, setup: GameSetup, walls: frozenset[Edge], physics: Physics,
                corners: dict[str, str], title: str = "") -> str:
        """The scenario file's text, with a comment saying how to replay it."""
        header = (
            f"# {title or 'A session of the mazeboard browser simulator'}\n"
            "# Replay it with:  mazeboard sim --scenario THIS_FILE.toml --events -\n\n"
        )
        return header + tomli_w.dumps(self.scenario(setup, walls, physics, corners), multiline_strings=False)

