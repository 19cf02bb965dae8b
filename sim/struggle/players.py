"""Simulated Struggle players: they watch the board's announcements and act with their hands.

A :class:`StrugglePlayer` knows only what a person at the table knows: its
own objective card (dealt privately), the hands thrown, the outcomes the
board lists and where the tokens stand. On its turn it throws, holds the
dice that help its card (aces, and the figures of the tokens it wants to
arrive next), re-throws the others while that is worth it, interprets the
hand in its own interest (its own judgement of the listed outcomes, not the
board's hint), then moves the tokens where the LEDs show. The player whose
play ended a round gathers the tokens on the start for the next one.
"""

from __future__ import annotations

import itertools
import random
from typing import Any, Sequence

from mazeboard.hal.events import GameEvent
from mazeboard.hal.struggle import ACE, DICE, DIE_BUTTONS, TOKENS

from .hands import Act, StruggleHands, TableView
from .world import StruggleWorld


def judge(card: Sequence[str], spaces: dict[str, int], arrived: Sequence[str]) -> tuple[int, int, int]:
    """How good a race looks for ``card`` (bigger is better): matches if it froze now
    (the arrived ones counted twice: they are certain), then how many pairs of tokens are in the card's order, then the lead token's progress."""
    rest = sorted(spaces.items(), key=lambda kv: (-kv[1], TOKENS.index(kv[0])))
    order = list(arrived) + [t for t, _ in rest]
    matches = sum(1 for want, got in zip(card, order) if want in (ACE, got))
    matches += sum(1 for want, got in zip(card, arrived) if want in (ACE, got))  # these are certain
    depth = {t: 1000 - i for i, t in enumerate(arrived)}
    depth.update(spaces)
    wanted = [t for t in card if t != ACE]
    pairs = sum((depth[a] > depth[b]) - (depth[a] < depth[b]) for a, b in itertools.combinations(wanted, 2))
    lead = next((t for t in wanted if t not in arrived), None)
    return matches, pairs, depth[lead] if lead else 0


class StrugglePlayer:
    """One simulated player (a colour) at a simulated Struggle board."""

    def __init__(self, player: str, world: StruggleWorld, rng: random.Random,
                 think_ms: tuple[int, int] = (300, 1200), greed: float = 0.8) -> None:
        self.player = player
        self.world = world
        self.rng = rng
        self.think_ms = think_ms
        self.greed = greed  # chance of re-throwing when the hand could be better
        self.view = TableView()
        self.hands = StruggleHands(world, world.scheduler, self.view, where=f"player {player}")
        self.card: tuple[str, ...] = ()
        self.rounds = 1
        self._handlers = {
            "game_started": lambda e: setattr(self, "rounds", e["rounds"]),
            "objective": self._objective,
            "turn_started": self._turn_started,
            "hand": self._hand,
            "outcomes": self._outcomes,
            "played": self._played,
            "warning": self._warning,
            "round_over": self._round_over,
        }

    def watch(self, event: GameEvent) -> None:
        self.view.watch(event)
        handler = self._handlers.get(event.type)
        if handler is not None:
            handler(event)

    def _mine(self, event: GameEvent) -> bool:
        return bool(event.get("player") == self.player)

    def _think(self) -> Act:
        return Act("wait", ms=self.rng.randint(*self.think_ms))

    # -- what the player sees ------------------------------------------------------
    def _objective(self, e: GameEvent) -> None:
        if self._mine(e):
            self.card = tuple(e["card"])

    def _turn_started(self, e: GameEvent) -> None:
        if self._mine(e):
            self.hands.do(self._think(), Act("throw"))

    def wanted(self) -> list[str]:
        """Tokens this player wants to arrive next: the first two racing ones on its card."""
        racing = [t for t in self.card if t != ACE and t not in self.view.arrived]
        return racing[:2]

    def keep(self, faces: Sequence[str]) -> set[int]:
        """Dice worth keeping (0-based): aces and the wanted tokens' figures."""
        want = set(self.wanted())
        return {i for i, f in enumerate(faces) if f == ACE or f in want}

    def _hand(self, e: GameEvent) -> None:
        if not self._mine(e):
            return
        faces = e["faces"]
        keep = self.keep(faces)
        if e["throw"] < 3 and len(keep) < DICE and self.rng.random() < self.greed:
            toggles = sorted(keep ^ {i - 1 for i in e["held"]})
            presses = [Act("press", button=DIE_BUTTONS[i]) for i in toggles]
            self.hands.do(self._think(), *presses, Act("throw"))
        else:
            self.hands.do(self._think(), Act("stop"))

    def choose(self, outcomes: Sequence[dict[str, Any]]) -> int:
        """The listed outcome this player likes best for its card."""
        return max(range(len(outcomes)),
                   key=lambda i: (judge(self.card, outcomes[i]["spaces"], outcomes[i]["arrived"]), -i))

    def _outcomes(self, e: GameEvent) -> None:
        if not self._mine(e):
            return
        best = self.choose(e["outcomes"])
        self.hands.do(self._think(), Act("select", number=best))

    def _played(self, e: GameEvent) -> None:
        if self._mine(e):
            self.hands.do(Act("wait", ms=200), Act("follow"))

    def _warning(self, e: GameEvent) -> None:
        if self._mine(e) and e["kind"] == "misplaced" and self.hands.idle:
            self.hands.do(Act("follow"))

    def _round_over(self, e: GameEvent) -> None:
        if self.view.current == self.player and e["round"] < self.rounds:
            self.hands.do(Act("wait", ms=500), Act("reset"))
