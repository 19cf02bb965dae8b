"""Simulated Struggle players: they follow the board's instruction and act with their hands.

A :class:`StrugglePlayer` knows only what a person at the table knows: its
own objective card (dealt privately, or a physical card it drew), the hands
thrown, the outcomes the board lists, where the tokens stand, and what the
board asks now (the ``instruction`` events: docs/event-log.md). When the
instruction is its to follow -- its turn, or a request it is asked to do --
it throws, holds the dice that help its card (aces, and the figures of the
tokens it wants to arrive next), re-throws the others while that is worth
it, interprets the hand in its own interest (its own judgement of the listed
outcomes, not the board's hint), moves the tokens where the requests say
(after a play, after a knock, after a restart, between rounds), and enters
its physical card when asked. Requests with nobody named are done by the
player whose turn it is, or, when the whole table is asked, by the first
player. Like a person it looks again when its hands are free, and presses
again (a few times) when the board did not react.
"""

from __future__ import annotations

import itertools
import random
from typing import Any, Mapping, Sequence

from mazeboard.hal.clock import Timer
from mazeboard.hal.events import GameEvent
from mazeboard.hal.struggle import ACE, DIE_BUTTONS, PLACES, TOKENS

from .hands import BUTTON_FOR, Act, StruggleHands, TableView
from .reach import token_for
from .world import StruggleWorld

#: how long a player waits for the board to react before doing the same again (ms), and how often
RETRY_MS = 4000
RETRIES = 3
#: how long after an announcement (or its hands coming free) a player looks at the board (ms)
LOOK_MS = 250


def physical_cards(seed: int, round_: int, players: int) -> list[tuple[str, ...]]:
    """The physical objective cards ``players`` people draw for round ``round_`` of game ``seed``:
    different cards, each an order of the five tokens with one place a joker (the ace)."""
    rng = random.Random(f"cards-{seed}-{round_}")
    cards: list[tuple[str, ...]] = []
    while len(cards) < players:
        order = rng.sample(TOKENS, len(TOKENS))
        order[rng.randrange(len(PLACES))] = ACE
        if tuple(order) not in cards:
            cards.append(tuple(order))
    return cards


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
    """One simulated player (a colour) at a simulated Struggle board.

    ``physical``: the game is played with physical objective cards (the player draws
    :func:`physical_cards` ``[index]`` of game ``seed`` each round and enters it when asked)."""

    def __init__(self, player: str, world: StruggleWorld, rng: random.Random,
                 think_ms: tuple[int, int] = (300, 1200), greed: float = 0.8,
                 physical: bool = False, seed: int = 0, index: int = 0) -> None:
        self.player = player
        self.world = world
        self.rng = rng
        self.think_ms = think_ms
        self.greed = greed  # chance of re-throwing when the hand could be better
        self.physical = physical
        self.seed = seed
        self.index = index
        self.view = TableView()
        self.hands = StruggleHands(world, world.scheduler, self.view, where=f"player {player}", on_idle=self._poke)
        self.card: tuple[str, ...] = ()
        self.rounds = 1
        self.players: tuple[str, ...] = ()
        self.said: dict[str, Any] | None = None
        self._acted: tuple[Any, ...] | None = None
        self._acted_at = 0
        self._tries = 0
        self._look: Timer | None = None
        self._handlers = {
            "game_started": self._game_started,
            "game_resumed": self._game_resumed,
            "round_started": lambda e: self._draw(e["round"]),
            "objective": self._objective,
            "instruction": self._instruction,
        }

    def watch(self, event: GameEvent) -> None:
        self.view.watch(event)
        handler = self._handlers.get(event.type)
        if handler is not None:
            handler(event)

    def _think(self) -> Act:
        return Act("wait", ms=self.rng.randint(*self.think_ms))

    # -- what the player sees ------------------------------------------------------
    def _game_started(self, e: GameEvent) -> None:
        self.rounds = e["rounds"]
        self.players = tuple(e["players"])

    def _game_resumed(self, e: GameEvent) -> None:
        """After a restart: what the saved game knows (the players' cards stay in their hands)."""
        self.rounds = e["rounds"]
        self.players = tuple(e["players"])
        self._draw(e["round"])
        self._acted = None

    def _draw(self, round_: int) -> None:
        if self.physical and round_ > 0:
            self.card = physical_cards(self.seed, round_, self.index + 1)[self.index]

    def _objective(self, e: GameEvent) -> None:
        if e["player"] == self.player:
            self.card = tuple(e["card"])

    def _instruction(self, e: GameEvent) -> None:
        self.said = e.to_dict()
        self._poke()

    def _poke(self) -> None:
        """Look at the board shortly (after the announcements of this input are all in)."""
        self._schedule(LOOK_MS)

    def _schedule(self, delay_ms: int) -> None:
        if self._look is not None:
            self._look.cancel()
        self._look = self.world.scheduler.call_later(delay_ms, self._looked)

    def _looked(self) -> None:
        self._look = None
        said = self.said
        if said is None or said.get("action") == "game_over" or not self.hands.idle:
            return  # the hands call back when they are free
        decided = self.decide(said)
        if decided is None:
            return
        key, acts = decided
        now = self.world.scheduler.now_ms()
        if key == self._acted:
            if self._tries >= RETRIES:
                return
            if now < self._acted_at + RETRY_MS:
                self._schedule(self._acted_at + RETRY_MS - now)
                return
            self._tries += 1
        else:
            self._tries = 0
        self._acted, self._acted_at = key, now
        self.hands.do(*acts)

    # -- what the player does ------------------------------------------------------
    def decide(self, said: Mapping[str, Any]) -> tuple[tuple[Any, ...], list[Act]] | None:
        """What to do about the instruction ``said`` (None: nothing, it is not mine): a key
        naming the decision (the same key is not acted on twice in a row, except to retry)
        and the actions."""
        if said["action"] == "confirm":  # the board cannot tell the tokens apart: check them, then Stop
            # the player named, else (between rounds: the whole table is asked) the first player
            mine = said["player"] == self.player if said["player"] is not None else self.players[:1] == (self.player,)
            return self._confirm(said) if mine else None
        # moves the reeds cannot see: a person reads the letters, so a token not yet where the
        # request says is moved (once moved, the request stays on show until the turn passes)
        unseen = [r for r in said["requests"] if not r["blocking"] and r["by"] == self.player
                  and r["piece"] in self.world.tokens and self.world.tokens[r["piece"]] not in r["to"]]
        requests = [r for r in said["requests"] if r["blocking"]]
        if requests:
            return self._fix(said, requests + unseen) if self._asked(said, requests) else None
        if unseen:
            return self._fix(said, unseen)
        if said["player"] != self.player:
            return None
        facts = said["messages"][0]["args"] if said.get("messages") else {}
        buttons = said["buttons"]
        if said["action"] == "place":  # its tokens stand where the play put them
            # the board waits for Stop (moves no reed can see: it cannot tell they are made) or counts down
            # (``until``): a person who has checked presses Stop when nothing else ends the turn
            wait = "stop" in buttons and said.get("until") is None
            return (("placed",) + tuple(r["piece"] for r in said["requests"]), [self._think(), Act("press", button="stop")]) \
                if wait else None
        decide = {"throw": self._throw, "choose": self._choose, "enter_card": self._enter_card}.get(said["action"])
        return decide(facts, buttons) if decide is not None else None

    def _asked(self, said: Mapping[str, Any], requests: list[Mapping[str, Any]]) -> bool:
        """Whether this player puts the board right: the one named, else whose turn it is,
        else (the whole table is asked) the first player."""
        by = next((r["by"] for r in requests if r["by"]), None)
        if by is not None:
            return bool(by == self.player)
        if said["player"] is not None:
            return bool(said["player"] == self.player)
        return bool(self.players) and self.players[0] == self.player

    def _fix(self, said: Mapping[str, Any], requests: list[Mapping[str, Any]]) -> tuple[tuple[Any, ...], list[Act]]:
        key = ("fix",) + tuple((r["piece"], r["from"], tuple(r["to"])) for r in requests)
        # placing its own play the player's hands are already on the tokens; otherwise it looks first
        acts: list[Act] = [Act("wait", ms=200) if said["action"] == "place" else self._think()]
        moved: set[str] = set()
        for r in requests:
            if r["kind"] != "token" or not r["to"]:
                continue  # a closed reed with no token on it: nothing a hand can take off
            token = token_for(self.world, r["piece"], r["from"], r["to"])
            if token is None or token in moved or self.world.tokens[token] in r["to"]:
                continue
            moved.add(token)
            acts.append(Act("move", token=token, sensor=r["to"][0]))
        return key, acts

    def _confirm(self, said: Mapping[str, Any]) -> tuple[tuple[Any, ...], list[Act]]:
        """The board asks to check the tokens it cannot tell apart: a person reads the letters,
        puts any token that stands elsewhere where it belongs, then presses Stop."""
        wrong = [r for r in said["requests"] if r["piece"] in self.world.tokens
                 and self.world.tokens[r["piece"]] not in r["to"]]
        if wrong:
            return self._fix(said, wrong)
        return ("confirm",) + tuple(r["piece"] for r in said["requests"]), [self._think(), Act("press", button="stop")]

    def _throw(self, facts: Mapping[str, Any], buttons: Mapping[str, str]) -> tuple[tuple[Any, ...], list[Act]] | None:
        throws = int(facts.get("throws", 0))
        faces = list(facts.get("faces", []))
        key = ("throw", throws, tuple(faces))
        if throws == 0:
            return (key, [self._think(), Act("press", button="throw")]) if "throw" in buttons else None
        keep = self.keep(faces)
        held = {d - 1 for d in facts.get("held", [])}
        if "throw" in buttons and len(keep) < len(faces) and self.rng.random() < self.greed:
            presses = [Act("press", button=DIE_BUTTONS[i]) for i in sorted(keep ^ held)]
            return key, [self._think(), *presses, Act("press", button="throw")]
        return (key, [self._think(), Act("press", button="stop")]) if "stop" in buttons else None

    def _choose(self, facts: Mapping[str, Any], buttons: Mapping[str, str]) -> tuple[tuple[Any, ...], list[Act]]:
        hand = " ".join(str(f) for f in facts.get("faces", []))  # ("hand": the faces in words, "ace")
        key = ("choose", hand)
        view = self.view
        if view.choosing and " ".join(view.faces) == hand and view.outcomes:
            return key, [self._think(), Act("select", number=self.choose(view.outcomes))]
        return key, [self._think(), Act("press", button="stop")]  # the outcomes were listed before a restart

    def _enter_card(self, facts: Mapping[str, Any], buttons: Mapping[str, str]) -> tuple[tuple[Any, ...], list[Act]] | None:
        entered = list(facts.get("entered", []))
        card = list(self.card)
        if not card:
            return None
        key = ("card", tuple(entered))
        presses: list[Act] = [self._think()]
        if entered != card[: len(entered)]:
            if len(entered) == len(PLACES):
                return key, presses + [Act("press", button="stop")]  # complete: stop can only confirm it
            presses += [Act("press", button="stop")] * len(entered)  # erase what is not mine
            entered = []
        presses += [Act("press", button=BUTTON_FOR[v]) for v in card[len(entered):]]
        return key, presses + [Act("press", button="stop")]

    def wanted(self) -> list[str]:
        """Tokens this player wants to arrive next: the first two racing ones on its card."""
        racing = [t for t in self.card if t != ACE and t not in self.view.arrived]
        return racing[:2]

    def keep(self, faces: Sequence[str]) -> set[int]:
        """Dice worth keeping (0-based): aces and the wanted tokens' figures."""
        want = set(self.wanted())
        return {i for i, f in enumerate(faces) if f == ACE or f in want}

    def choose(self, outcomes: Sequence[dict[str, Any]]) -> int:
        """The listed outcome this player likes best for its card."""
        return max(range(len(outcomes)),
                   key=lambda i: (judge(self.card, outcomes[i]["spaces"], outcomes[i]["arrived"]), -i))
