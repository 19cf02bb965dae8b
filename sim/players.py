"""Simulated players: they watch what the board announces and act only with their hands.

A :class:`SimPlayer` presses roll on its turn, slides its pawn step by step
toward the target along the shortest path it believes open, remembers the
walls it hit and those others revealed (``wall_learned``), goes back to its
start corner and fishes its ball out after a drop, and presses done when it
chooses to stop short (or, by temperament, lets the pawn rest until the
controller's settle time ends the move). It never reads the hidden walls.
"""

from __future__ import annotations

import heapq
import random
from typing import Any, Iterable, Mapping

from mazeboard.hal.events import GameEvent
from mazeboard.hal.grid import Cell, Edge, Grid, edge_of

from .hands import Action, Hands
from .world import World


class SimPlayer:
    """One simulated player of colour ``player`` acting on ``world`` through its own hands."""

    def __init__(
        self,
        player: str,
        world: World,
        rng: random.Random,
        think_ms: tuple[int, int] = (300, 1200),
        settle_chance: float = 0.25,
    ) -> None:
        self.player = player
        self.world = world
        self.grid: Grid = world.grid
        self.rng = rng
        self.think_ms = think_ms
        self.settle_chance = settle_chance
        self.hands = Hands(world, world.scheduler)
        self.walls: set[Edge] = set()
        self.suspect: set[Edge] = set()
        self.corner: Cell | None = None
        self.target: Cell | None = None
        self._slide_path: list[Cell] = []
        self.my_turn = False
        self.rolled = False
        #: how long to wait for the die before pressing roll again (a refused press)
        self.retry_roll_ms = 2500
        self._handlers = {
            "game_started": self._game_started,
            "target": self._target,
            "turn_started": self._turn_started,
            "die_rolled": self._die_rolled,
            "wall_learned": self._wall_learned,
            "ball_dropped": self._ball_dropped,
            "returned_to_start": self._returned,
            "warning": self._warning,
            "instruction": self._instruction,
            "game_over": self._game_over,
        }
        self._asked: tuple[Any, ...] | None = None
        self._roll_asked = False

    def watch(self, event: GameEvent) -> None:
        handler = self._handlers.get(event.type)
        if handler is not None:
            handler(event)

    # -- what the player sees ------------------------------------------------
    def _think(self) -> Action:
        return Action("wait", ms=self.rng.randint(*self.think_ms))

    def _game_started(self, ev: GameEvent) -> None:
        self.corner = ev["corners"][self.player]

    def _target(self, ev: GameEvent) -> None:
        self.target = ev["cell"]

    def _wall_learned(self, ev: GameEvent) -> None:
        a, b = ev["edge"].split("-")
        self.walls.add(edge_of(a, b))

    def _turn_started(self, ev: GameEvent) -> None:
        self.my_turn = ev["player"] == self.player
        self.rolled = False
        self._roll_asked = False

    def _instruction(self, ev: GameEvent) -> None:
        """Follow the board: put my pawn where a request asks, fish my ball out, roll when asked."""
        mine = [r for r in ev["requests"] if r["blocking"] and r["by"] == self.player]
        if mine:
            self._answer(mine)
            return
        self._asked = None
        if ev["action"] == "roll" and ev["player"] == self.player and "roll" in ev["buttons"]:
            self.my_turn = True
            if self.rolled:  # the roll was undone (another pawn's ball fell): roll again
                self.hands.abort()
                self.rolled = False
                self._roll_asked = False
            if not self._roll_asked:
                self._press_roll()

    def _answer(self, requests: list[Mapping[str, Any]]) -> None:
        """Do what the board asks of my pieces (once per request), when my hands are free."""
        key = tuple((r["kind"], r["from"], tuple(r["to"])) for r in requests)
        if key == self._asked or not self.hands.idle:
            return
        self._asked = key
        actions: list[Action] = [self._think()]
        here = self.world.pawns[self.player].cell
        for r in requests:
            if r["kind"] == "pawn" and r["to"] and r["piece"] == self.player:
                taken = {p.cell for p in self.world.pawns.values() if p.player != self.player}
                free = [c for c in r["to"] if c not in taken] or list(r["to"])
                spot = min(free, key=lambda c: self.grid.distance(here, c) if here else 0)
                if spot == here:
                    continue
                if here is not None and self.grid.adjacent(here, spot):
                    actions.append(Action("slide", player=self.player, cells=(spot,)))
                else:
                    if here is not None:
                        actions.append(Action("lift", player=self.player))
                    actions.append(Action("place", player=self.player, cells=(spot,)))
                here = spot
            elif r["kind"] == "ball":  # the steel balls look alike: fish out the one asked for, else any
                in_tray = [p for balls in self.world.tray.values() for p in balls]
                wanted = r["piece"] or self.player
                owner = wanted if wanted in in_tray or not in_tray else in_tray[0]
                actions.append(Action("fetch-ball", player=owner))
        if len(actions) > 1:
            self.hands.do(*actions)

    def _press_roll(self) -> None:
        """Press roll (after what the hands are doing); like a person, press again if the
        die does not come (the controller refuses a roll while it waits for something else)."""
        self._roll_asked = True
        self.hands.do(self._think(), Action("press", button="roll"))
        self.world.scheduler.call_later(self.retry_roll_ms, self._roll_again)

    def _roll_again(self) -> None:
        self._roll_asked = False
        if not self.my_turn or self.rolled:
            return
        if self.hands.idle:
            self._press_roll()
        else:  # still busy (fetching the ball): look again soon
            self._roll_asked = True
            self.world.scheduler.call_later(500, self._roll_again)

    def _die_rolled(self, ev: GameEvent) -> None:
        if ev["player"] != self.player:
            return
        self.rolled = True
        self._roll_asked = False
        here = self.world.pawns[self.player].cell
        if here is None or self.target is None:
            return
        path = self.plan(here, self.target, ev["value"], set(ev["legal"]))
        self._slide_path = [here, *path]
        actions = [self._think()]
        if path:
            actions.append(Action("slide", player=self.player, cells=tuple(path)))
        if len(path) < ev["value"] and (not path or path[-1] != self.target):
            if not path or self.rng.random() >= self.settle_chance:
                actions.append(Action("press", button="done"))
        self.hands.do(*actions)

    def _ball_dropped(self, ev: GameEvent) -> None:
        if ev["player"] != self.player or self.corner is None:
            return
        self.hands.abort()
        if ev["edge"] is None:
            self.suspect.update(edge_of(a, b) for a, b in zip(self._slide_path, self._slide_path[1:]))
        self.hands.do(
            Action("wait", ms=150),
            Action("lift", player=self.player),
            Action("place", player=self.player, cells=(self.corner,)),
            Action("fetch-ball", player=self.player),
        )

    def _returned(self, ev: GameEvent) -> None:
        """Back on the corner with the ball: a request I answer later is a new one."""
        if ev["player"] == self.player:
            self._asked = None

    def _game_over(self, ev: GameEvent) -> None:
        self.my_turn = False

    def _warning(self, ev: GameEvent) -> None:
        # A careful player: after "occupied" it steps back along its path to a free cell.
        if ev["player"] != self.player or ev["kind"] != "occupied":
            return
        here = self.world.pawns[self.player].cell
        taken = {p.cell for p in self.world.pawns.values() if p.player != self.player}
        back = [c for c in reversed(self._slide_path[:-1]) if c not in taken]
        if here is not None and back and self.grid.adjacent(here, back[0]):
            self.hands.do(Action("slide", player=self.player, cells=(back[0],)))

    # -- planning ----------------------------------------------------------------
    def plan(self, here: Cell, target: Cell, roll: int, legal: Iterable[Cell]) -> list[Cell]:
        """Cells to slide through (``here`` excluded): toward ``target`` by the
        cheapest path around known walls (suspected edges cost more), at most
        ``roll`` steps, ending on a cell the controller lit as legal."""
        path = self._route(here, target)
        ok = set(legal)
        steps = path[1 : roll + 1]
        while steps and steps[-1] not in ok:
            steps.pop()
        return steps

    def _route(self, here: Cell, target: Cell) -> list[Cell]:
        """Cheapest path around the walls I believe in; when they shut the target off (a wall
        the board learned wrongly after people meddled), through them at a high cost: like a
        person, try again rather than give up."""
        path = self._search(here, target, blocked=True)
        if path == [here] and target != here:
            path = self._search(here, target, blocked=False)
        return path

    def _search(self, here: Cell, target: Cell, blocked: bool) -> list[Cell]:
        cost = {here: 0}
        prev: dict[Cell, Cell] = {}
        heap = [(0, self.rng.random(), here)]
        while heap:
            c, _, cell = heapq.heappop(heap)
            if cell == target:
                break
            if c > cost[cell]:
                continue
            for n in self.grid.neighbours(cell):
                e = edge_of(cell, n)
                if e in self.walls and blocked:
                    continue
                nc = c + (12 if e in self.walls else 4 if e in self.suspect else 1)
                if nc < cost.get(n, 1 << 30):
                    cost[n] = nc
                    prev[n] = cell
                    heapq.heappush(heap, (nc, self.rng.random(), n))
        if target not in prev and target != here:
            return [here]
        path = [target]
        while path[-1] != here:
            path.append(prev[path[-1]])
        return path[::-1]
