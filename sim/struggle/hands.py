"""Hands at the Struggle board, and what the people at the table see.

:class:`TableView` keeps what the board has announced (the screen and the
LEDs a person looks at): whose turn it is, the dice held, the outcomes listed
for a hand and the one selected, where the last play sends each token.

:class:`StruggleHands` carries out :class:`Move` actions one after another on
a :class:`~mazeboard.sim.struggle.world.StruggleWorld`, each taking its time.
Like a person, a hand waits for the board before pressing the dice buttons:
a ``throw``/``hold``/``stop`` waits (up to ``patience_ms``) while tokens are
still being placed, a ``reset`` until the round is over, and ``play``/``follow`` read the view when they run.
Scenario mistakes found only then (a ``play`` the hand does not allow)
raise :class:`~mazeboard.hal.errors.ScenarioError` naming the action.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, replace
from typing import Any, Callable

from mazeboard.hal.clock import Scheduler
from mazeboard.hal.errors import ScenarioError
from mazeboard.hal.events import GameEvent
from mazeboard.hal.struggle import ACE, DIE_BUTTONS, TOKENS, place_sensor, space_sensor

from .world import StruggleWorld

#: what a physical card entry means -> the button entering it (die n = the n-th token, throw = the ace;
#: the controller's side of this protocol is mazeboard.controller.struggle.cards)
BUTTON_FOR: dict[str, str] = {**{t: b for t, b in zip(TOKENS, DIE_BUTTONS)}, ACE: "throw"}


@dataclass(frozen=True)
class Act:
    """One action (SCENARIOS.md, Struggle): ``kind`` and its words.

    kinds: ``throw``, ``stop``, ``press`` (button), ``hold`` (1-based dice to
    keep), ``select`` (outcome ``number``), ``play`` (``ace``, ``order``),
    ``follow``, ``reset``, ``move`` (token, sensor), ``wait`` (ms),
    ``glitch`` (sensor, ms), ``card`` (a physical objective card entered on
    the dice buttons, ``card``: its five entries for places A-E).
    ``text``/``index``: the scenario line, for errors.
    """

    kind: str
    button: str = ""
    dice: tuple[int, ...] = ()
    ace: tuple[str, ...] = ()
    order: tuple[str, ...] = ()
    token: str = ""
    sensor: str = ""
    ms: int = 0
    number: int = 0
    by_rank: bool = False  # ``select``: ``number`` is the outcome's ``rank``, its index in the rules' order (a scenario's)
    card: tuple[str, ...] = ()
    index: int = -1
    text: str = ""


class TableView:
    """What the board has announced, as the people at the table see it."""

    def __init__(self) -> None:
        self.current: str | None = None
        self.ready = False  # a turn is under way and no placement is pending
        self.held: tuple[int, ...] = ()
        self.throws = 0
        self.faces: tuple[str, ...] = ()
        self.outcomes: list[dict[str, Any]] = []
        self.selected = 0
        self.choosing = False
        self.spaces: dict[str, int] = {t: 0 for t in TOKENS}
        self.arrived: list[str] = []
        self.moved: list[str] = []
        self.over = False
        self.round_done = True  # no round under way: the tokens belong on the start
        self.card_wanted: str | None = None  # the player asked to enter a physical card
        self.placing = False  # a play was made and its turn has not ended
        #: the board waits for Stop to end the turn (a move of the play no reed can see: the instruction
        #: lists ``stop``, asks for nothing that blocks and runs no countdown)
        self.stop_wanted = False
        #: Stop ends the turn now (the tokens stand, or stand as far as the reeds can tell: a check)
        self.stop_ends = False
        self._handlers: dict[str, Callable[[GameEvent], None]] = {
            "turn_started": self._turn_started,
            "hand": self._hand,
            "held": lambda e: setattr(self, "held", tuple(e["held"])),
            "outcomes": self._outcomes,
            "selected": lambda e: setattr(self, "selected", e["index"]),
            "played": self._played,
            "turn_ended": self._turn_ended,
            "instruction": self._instruction,
            "round_started": self._round_started,
            "round_over": lambda e: setattr(self, "round_done", True),
            "game_over": lambda e: setattr(self, "over", True),
            "card_wanted": lambda e: setattr(self, "card_wanted", e["player"]),
            "card_entered": lambda e: setattr(self, "card_wanted", None),
        }

    def watch(self, event: GameEvent) -> None:
        handler = self._handlers.get(event.type)
        if handler is not None:
            handler(event)

    def _turn_started(self, e: GameEvent) -> None:
        self.current = e["player"]
        self.ready = True
        self.held, self.throws, self.faces, self.outcomes, self.choosing = (), 0, (), [], False

    def _turn_ended(self, e: GameEvent) -> None:
        self.ready = self.placing = self.stop_wanted = self.stop_ends = False

    def _instruction(self, e: GameEvent) -> None:
        # a check of tokens the board cannot tell apart, while placing a play, ends the turn at Stop too
        # (Struggle newcomer 15: after a token set down wrong, "Place tokens as shown" put every token right
        # and then waited at "check that these stand where they belong ... press Stop")
        self.stop_ends = (e["action"] in ("place", "confirm") and self.placing and "stop" in (e["buttons"] or {})
                          and not any(r["blocking"] for r in e["requests"] or ()))
        self.stop_wanted = self.stop_ends and e["until"] is None

    def _hand(self, e: GameEvent) -> None:
        self.faces = tuple(e["faces"])
        self.throws = e["throw"]
        self.held = tuple(e["held"])

    def _outcomes(self, e: GameEvent) -> None:
        self.outcomes = list(e["outcomes"])
        self.selected = e["selected"]
        self.choosing = True

    def _played(self, e: GameEvent) -> None:
        self.choosing = False
        self.ready = False
        self.placing = True
        self.spaces = dict(e["spaces"])
        self.arrived = list(e["arrived_order"])
        self.moved = [m["token"] for m in e["moves"]] + [d for m in e["moves"] for d in m.get("displaced", [])]

    def _round_started(self, e: GameEvent) -> None:
        self.round_done = False
        self.spaces = {t: 0 for t in TOKENS}
        self.arrived = []

    def where(self, token: str) -> str:
        """The sensor ``token`` belongs on after the last play."""
        if token in self.arrived:
            return place_sensor("ABCDE"[self.arrived.index(token)])
        return space_sensor(self.spaces[token])

    def find(self, ace: tuple[str, ...], order: tuple[str, ...]) -> tuple[int, int] | None:
        """(index of the listed outcome the play ``ace``/``order`` leads to, index of that play
        among the outcome's plays); aces are interchangeable, so their values count in any order."""
        ace = tuple(sorted(ace, key=TOKENS.index))
        text = " ".join(p for p in (("ace=" + ",".join(ace)) if ace else "", "order=" + ",".join(order)) if p)
        for o in self.outcomes:
            if text in o["plays"]:
                return int(o["index"]), list(o["plays"]).index(text)
        return None


class StruggleHands:
    """Runs actions in order against ``world``; ``idle`` when nothing is queued or running."""

    #: a ``move`` of a token another hand holds waits this long at most (ms), then is dropped
    HELD_PATIENCE_MS = 5000
    #: after ``follow`` the hand looks this long (ms) at most for the board to wait for Stop
    PLACED_LOOK_MS = 500

    def __init__(self, world: StruggleWorld, scheduler: Scheduler, view: TableView,
                 where: str = "hands", patience_ms: int = 20000,
                 on_idle: Callable[[], None] | None = None) -> None:
        self.world = world
        self.scheduler = scheduler
        self.view = view
        self.where = where
        self.patience_ms = patience_ms
        #: called each time the queue runs dry (a player looks at the board again)
        self.on_idle = on_idle
        self._queue: deque[Act] = deque()
        self._busy = False
        self._waited = 0
        self.done: list[Act] = []
        self._run: dict[str, Callable[[Act], int]] = {
            "press": lambda a: self.world.press(a.button),
            "throw": lambda a: self._button(a, "throw"),
            "stop": lambda a: self._button(a, "stop"),
            "hold": self._hold,
            "select": self._select,
            "play": self._play,
            "follow": self._follow,
            "placed": self._placed,
            "reset": self._reset,
            "move": self._move,
            "wait": lambda a: a.ms,
            "glitch": lambda a: self.world.glitch(a.sensor, a.ms),
            "card": self._card,
        }

    @property
    def idle(self) -> bool:
        return not self._busy and not self._queue

    def pressing(self, button: str) -> bool:
        """Whether a press of ``button`` by this hand is not over yet: waiting in the queue, or the
        hand's current act (``done``'s last while busy)."""
        def same(a: Act) -> bool:
            return a.kind == "press" and a.button == button
        return any(same(a) for a in self._queue) or (self._busy and bool(self.done) and same(self.done[-1]))

    def do(self, *acts: Act) -> None:
        self._queue.extend(acts)
        if not self._busy:
            self._next()

    def abort(self) -> None:
        self._queue.clear()

    def _next(self) -> None:
        if not self._queue:
            was_busy, self._busy = self._busy, False
            if was_busy and self.on_idle is not None:
                self.on_idle()
            return
        self._busy = True
        act = self._queue[0]
        if not self._board_ready(act) and not self.view.over and self._waited < self.patience_ms:
            self._waited += 50  # a person waits for the board before pressing
            self.scheduler.call_later(50, self._next)
            return
        self._waited = 0
        self._queue.popleft()
        self.done.append(act)
        self.scheduler.call_later(self._run[act.kind](act), self._next)

    def _move(self, act: Act) -> int:
        """Lift a token and set it down; a token in another hand right now (someone else is
        moving it) is waited for, up to :attr:`HELD_PATIENCE_MS` (``act.ms`` counts the wait)."""
        if self.world.tokens[act.token] is None:
            if act.ms >= self.HELD_PATIENCE_MS:
                return 0
            return self._first([Act("wait", ms=100), replace(act, ms=act.ms + 100)])
        return self.world.move(act.token, act.sensor)

    def _board_ready(self, act: Act) -> bool:
        """Whether a person would do ``act`` now: dice buttons during a turn, the
        reset once the round is over; everything else at once."""
        if act.kind in ("throw", "stop", "hold"):
            return self.view.ready
        if act.kind == "reset":
            return self.view.round_done
        if act.kind == "card":
            return self.view.card_wanted is not None
        if act.kind == "placed":  # the board has said what it does once the tokens stand (a glance)
            ends = self.view.stop_wanted or (act.button == "stop" and self.view.stop_ends)
            return not self.view.placing or ends or self._waited >= self.PLACED_LOOK_MS
        return True

    def _fail(self, act: Act, why: str) -> ScenarioError:
        return ScenarioError(f"{self.where}: actions[{act.index}] {act.text!r}: {why}")

    # -- composite actions: expand into presses and moves ------------------------
    def _first(self, acts: list[Act]) -> int:
        """Run ``acts`` before the rest of the queue; returns 0 (they take their own time)."""
        self._queue.extendleft(reversed(acts))
        return 0

    def _button(self, act: Act, button: str) -> int:
        return self.world.press(button)

    def _hold(self, act: Act) -> int:
        want = {d for d in act.dice}
        have = set(self.view.held)
        presses = [Act("press", button=DIE_BUTTONS[d - 1]) for d in sorted(want ^ have)]
        return self._first(presses)

    def _select(self, act: Act) -> int:
        n = len(self.view.outcomes)
        if not self.view.choosing or not n:
            if act.index < 0:  # a simulated player's choice, overtaken: someone else pressed Stop meanwhile
                return 0
            raise self._fail(act, "no outcomes are listed (throw and stop first)")
        if act.number >= n:
            raise self._fail(act, f"outcome {act.number} is not listed (0..{n - 1})")
        # a scenario's N is the outcome's index in the rules' order (its ``rank``): the board lists its pick for the
        # card first, and a file plays the same way whether a card is dealt or not (attack 16)
        index = next((i for i, o in enumerate(self.view.outcomes) if o.get("rank") == act.number), act.number) \
            if act.by_rank else act.number
        return self._first(self._presses_to(index) + [Act("press", button="stop")])

    def _presses_to(self, index: int) -> list[Act]:
        n = len(self.view.outcomes)
        fwd = (index - self.view.selected) % n
        back = self.view.selected - index  # die1 steps back, never past the first way (the board offers it
        if 0 < back < fwd:                 # only when there is a previous way); throw goes on round
            return [Act("press", button="die1")] * back
        return [Act("press", button="throw")] * fwd

    def _play(self, act: Act) -> int:
        if not self.view.choosing:
            raise self._fail(act, "no hand is waiting to be interpreted (throw and stop first)")
        found = self.view.find(act.ace, act.order)
        if found is None:
            faces = " ".join(self.view.faces)
            raise self._fail(act, f"the hand {faces} cannot be played that way (ace values must be figures "
                                  f"among the other dice, and order must list every token with figures)")
        index, play = found
        # die2 names another order of the selected outcome's moves (the order ``played`` lists)
        orders = [Act("press", button="die2")] * play
        return self._first(self._presses_to(index) + orders + [Act("press", button="stop")])

    def _follow(self, act: Act) -> int:
        """Move every token whose place differs from where the last play sends it; then, when
        the board waits for Stop (a move of the play no reed can see), press it, as a person who
        has checked the tokens does. ``act.button`` ``stop`` (the page's "Place tokens as shown"):
        press Stop once the tokens stand whatever ends the turn (its countdown too): one ending."""
        order = list(dict.fromkeys(self.view.moved + list(TOKENS)))
        moves = [Act("move", token=t, sensor=self.view.where(t)) for t in order
                 if self.world.tokens[t] != self.view.where(t)]
        return self._first(moves + [replace(act, kind="placed")])

    def _placed(self, act: Act) -> int:
        """After ``follow``: Stop when the board waits for it (else its countdown passes the turn),
        or whenever it ends the turn for a ``follow`` told so (``button`` ``stop``)."""
        ends = self.view.stop_wanted or (act.button == "stop" and self.view.stop_ends)
        return self.world.press("stop") if self.view.placing and ends else 0

    def _card(self, act: Act) -> int:
        """Enter a physical objective card: a dice button per place A-E, then stop (docs/struggle.md)."""
        if self.view.card_wanted is None:
            raise self._fail(act, "the board is not asking for a card (cards are entered when the race is over, "
                                  "with the option cards = \"physical\")")
        presses = [Act("press", button=BUTTON_FOR[v]) for v in act.card]
        return self._first(presses + [Act("press", button="stop")])

    def _reset(self, act: Act) -> int:
        """Gather every token on the start space (between rounds)."""
        start = space_sensor(0)
        return self._first([Act("move", token=t, sensor=start) for t in TOKENS if self.world.tokens[t] != start])
