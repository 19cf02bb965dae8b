"""Simulated players after the controller restarted: catch up, put the pawns back, play on.

A restarted controller announces ``game_resumed`` (what the saved game
knows: corners, target, learned walls), ``setup_check`` (pawns whose cell
is empty, closed cells nobody should be on) and, once the board matches,
``setup_restored`` (the state play continues in). :class:`ResumeHelper`
listens to those announcements for a session's :class:`SimPlayer`\\ s and
acts only through their hands, like a family at the board would: it tells
each player what the announcement said, lifts misplaced pawns onto the cells
the LEDs point at, and has whoever is due carry on (roll, finish the slide,
stand where the correction asks, go back to the start corner).
"""

from __future__ import annotations

from typing import Callable

from mazeboard.hal.events import GameEvent
from mazeboard.hal.grid import edge_of

from .hands import Action
from .players import SimPlayer
from .world import World


class ResumeHelper:
    """Drives ``players`` (simulated) on ``world`` through a restart's announcements."""

    def __init__(self, players: list[SimPlayer], world: World) -> None:
        self.players = {p.player: p for p in players}
        self.world = world
        self._fixing: set[str] = set()
        self._returner: str | None = None
        self._handlers: dict[str, Callable[[GameEvent], None]] = {
            "game_resumed": self._resumed,
            "setup_check": self._check,
            "setup_restored": self._restored,
        }
        #: what each ``setup_restored`` state asks of the player due
        self._carry_on: dict[str, Callable[[SimPlayer, GameEvent], None]] = {
            "waiting_for_roll": self._roll,
            "moving": self._slide_on,
            "waiting_for_correction": self._correct,
            "waiting_for_return": self._return,
        }

    def watch(self, event: GameEvent) -> None:
        handler = self._handlers.get(event.type)
        if handler is not None:
            handler(event)

    def _resumed(self, ev: GameEvent) -> None:
        self._returner = ev["returner"]
        for name, player in self.players.items():
            player.corner = ev["corners"].get(name)
            player.target = ev["target"][1] if ev["target"] else None
            player.walls = {edge_of(*e.split("-")) for e in ev["known_walls"]}

    def _check(self, ev: GameEvent) -> None:
        for name, cell in ev["missing"].items():
            player = self.players.get(name)
            if player is None or name in self._fixing:
                continue
            self._fixing.add(name)
            player.hands.abort()
            actions = [Action("wait", ms=player.rng.randint(*player.think_ms))]
            if self.world.pawns[name].cell is not None:
                actions.append(Action("lift", player=name))
            actions.append(Action("place", player=name, cells=(cell,)))
            if name != self._returner:  # lifting dropped the ball; a returner fetches it on the way back
                actions.append(Action("fetch-ball", player=name))
            player.hands.do(*actions)

    def _restored(self, ev: GameEvent) -> None:
        self._fixing.clear()
        due = ev["returner"] or (ev["correction"] or {}).get("player") or ev["player"]
        player = self.players.get(due)
        carry_on = self._carry_on.get(ev["state"])
        if player is not None and carry_on is not None:
            carry_on(player, ev)

    # -- carrying on ---------------------------------------------------------------
    def _roll(self, player: SimPlayer, ev: GameEvent) -> None:
        player.hands.do(Action("wait", ms=player.rng.randint(*player.think_ms)), Action("press", button="roll"))

    def _slide_on(self, player: SimPlayer, ev: GameEvent) -> None:
        if ev["closing"]:
            return  # the move is already over; the controller closes it
        here = self.world.pawns[player.player].cell
        left = ev["roll"] - ev["steps"]
        if here is None or player.target is None:
            return
        path = player.plan(here, player.target, left, set(ev["legal"]) | {here}) if left > 0 else []
        actions = [Action("wait", ms=player.rng.randint(*player.think_ms))]
        if path:
            actions.append(Action("slide", player=player.player, cells=tuple(path)))
        if len(path) < left and (not path or path[-1] != player.target):
            actions.append(Action("press", button="done"))
        player.hands.do(*actions)

    def _correct(self, player: SimPlayer, ev: GameEvent) -> None:
        allowed = ev["correction"]["allowed"]
        taken = {p.cell for p in self.world.pawns.values() if p.player != player.player}
        free = [c for c in allowed if c not in taken] or allowed
        if not free:
            return
        actions = []
        if self.world.pawns[player.player].cell is not None:
            actions.append(Action("lift", player=player.player))
        actions += [Action("place", player=player.player, cells=(free[0],)), Action("fetch-ball", player=player.player)]
        player.hands.do(*actions)

    def _return(self, player: SimPlayer, ev: GameEvent) -> None:
        if player.corner is None or self.world.pawns[player.player].cell == player.corner:
            return
        actions = []
        if self.world.pawns[player.player].cell is not None:
            actions.append(Action("lift", player=player.player))
        actions += [Action("place", player=player.player, cells=(player.corner,)),
                    Action("fetch-ball", player=player.player)]
        player.hands.do(*actions)
