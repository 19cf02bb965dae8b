"""The Labyrinth referee: sensor events in, game events and LED frames out (RULES.md §2).

Sensors (hal vocabulary, no new event type): reed switches under the 49
cells (:class:`ReedChanged`; pawns and the Vader pawn carry magnets), one
sensor per insertion slot reported as ``ButtonPressed("slot:S-b")`` when the
spare enters that slot, the ``rotate`` button (turns the spare a quarter
clockwise in the controller's model; the physical tile is turned by hand to
match) and the ``done`` button (ends the optional move).

One ``transitions`` machine sequences the turn; its states are named for
what the controller waits for. Every rule question goes to :mod:`.rules`.

* ``waiting_for_shift`` -- the spare may be rotated; a slot sensor inserts it
  (the forbidden slot gets a ``forbidden_slot`` warning and nothing moves).
* ``waiting_for_settle`` -- the line is being pushed: pawns ride on their
  tiles, a pawn pushed off must be set on the inserted tile. The referee knows
  where every pawn must end up and waits until the reeds show exactly that
  for ``shift_settle_ms``; after ``wrap_timeout_ms`` it warns ``not_wrapped``
  (a pawn missing from the inserted tile) or ``misplaced`` (a reed closed
  where no pawn should be).
* ``waiting_for_move`` -- the reachable cells are lit; the mover (own pawn, or
  Vader for a Vader card) may move to any of them; ``done`` ends the move and
  the card on the final tile counts then (and only then).
* ``waiting_for_correction`` -- after ``unreachable``, ``out_of_turn``,
  ``moved_before_shift`` or ``lifted``: LEDs blink where the pawn may stand.
* ``game_over``.
"""

from __future__ import annotations

import logging
import random
import itertools
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from transitions import Machine

from mazeboard.hal.board import GameSetup, LedLayout
from mazeboard.hal.clock import Scheduler, Timer
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.events import ButtonPressed, GameEvent, LedFrame, ReedChanged, SensorEvent
from mazeboard.hal.grid import Cell
from mazeboard.hal.labyrinth import (
    CELLS,
    DONE_BUTTON,
    GRID,
    INDEX,
    ROTATE_BUTTON,
    SLOT_NAMES,
    SLOTS,
    Maze,
    bits_of,
    cells_of,
    neighbours,
)
from mazeboard.hal.labyrinth_editions import VADER, deal, edition

from ..leds import LEGAL_LEVEL, PLAYER_RGB, PROMPT_RGB, TARGET_RGB, WARNING_RGB, LedDriver, Scene, scale
from ..tracker import Movement, PawnTracker, Placed, Stepped
from . import rules
from .rules import LabyrinthOptions

log = logging.getLogger(__name__)

STATES = ["waiting_for_shift", "waiting_for_settle", "waiting_for_move", "waiting_for_correction", "game_over"]

#: The turn as a table (transitions' declarative form).
TRANSITIONS: list[dict[str, Any]] = [
    {"trigger": "pushed", "source": "waiting_for_shift", "dest": "waiting_for_settle"},
    {"trigger": "settled", "source": "waiting_for_settle", "dest": "waiting_for_move"},
    {"trigger": "move_over", "source": ["waiting_for_move", "waiting_for_correction"], "dest": "waiting_for_shift"},
    {"trigger": "hold", "source": ["waiting_for_shift", "waiting_for_move"], "dest": "waiting_for_correction"},
    {"trigger": "resume_shift", "source": "waiting_for_correction", "dest": "waiting_for_shift"},
    {"trigger": "resume_move", "source": "waiting_for_correction", "dest": "waiting_for_move"},
    {"trigger": "finished", "source": "*", "dest": "game_over"},
]
INITIAL = "waiting_for_shift"


class _Flow:
    state: str


@dataclass
class _Correction:
    pawn: str
    kind: str
    allowed: frozenset[Cell]
    then: Callable[[], None]


@dataclass
class _Push:
    slot: str
    t_ms: int
    expect: dict[str, Cell]
    wrapped: tuple[tuple[str, Cell, Cell], ...]
    warned: bool = False
    #: per pawn whose cell is uncertain (it ended on a cell shared with others), its possible cells after the push
    alternatives: list[list[tuple[str, Cell]]] = field(default_factory=list)


class LabyrinthReferee:
    """Referees one game of Labyrinth.

    ``setup.extra`` may force ``edition``, ``variants``, ``layout`` (7 rows,
    rank 7 first, SCENARIOS.md notation), ``spare`` and ``cards`` (player ->
    deck, top first); the rest is dealt from ``setup.seed``. Raises
    :class:`ConfigError` for a setup that breaks the rules (players, edition,
    a layout that is not the edition's, decks, options).
    """

    def __init__(
        self,
        setup: GameSetup,
        scheduler: Scheduler,
        layout: LedLayout,
        emit: Callable[[GameEvent], None],
        show: Callable[[LedFrame], None],
    ) -> None:
        extra = setup.extra
        self.players = rules.validate_players(setup.players)
        self.edition = edition(extra.get("edition"))
        self.options = LabyrinthOptions.from_mapping(setup.options, extra.get("variants", ()))
        rules.check_edition_variants(self.edition, self.options)
        self.rng = random.Random(setup.seed)
        if extra.get("layout") is not None:
            self.maze = Maze.from_rows(extra["layout"], extra.get("spare"))
        else:
            self.maze = deal(self.edition, random.Random(f"layout-{setup.seed}"), self.options.vader)
        self.edition.check_maze(self.maze)
        if extra.get("cards"):
            self.decks = rules.check_decks(self.edition, self.players, extra["cards"])
        else:
            self.decks = rules.deal_cards(self.edition, self.players, self.rng)
        self.corners = rules.corners_for(self.players)
        positions: dict[str, Cell] = dict(self.corners)
        if self.options.vader:
            vader_cell = self.maze.cell_of(VADER)
            if vader_cell is None:
                raise ConfigError("spare: the Vader tile must lie on the board in the vader variant (its pawn starts there)")
            positions[VADER] = vader_cell
        self.found: dict[str, list[str]] = {p: [] for p in self.players}
        self._scheduler = scheduler
        self._emit_sink = emit
        self.leds = LedDriver(layout, scheduler, show)
        self.tracker = self._new_tracker(positions)
        self.closed: set[Cell] = set(positions.values())
        self.turn = 0
        self.quarters = 0
        self.forbidden: str | None = None
        self.push: _Push | None = None
        self.reach: dict[str, int] = {}
        self.mover: str | None = None
        self.steps = 0
        self.visited: set[Cell] = set()
        #: pawns whose cell the reeds could not tell (left on a shared cell) -> possible cells, best guess first
        self.uncertain: dict[str, list[Cell]] = {}
        self.correction: _Correction | None = None
        self.winner: str | None = None
        self._last_closure_ms = -(10**9)
        self._timers: dict[str, Timer] = {}
        self._flash: tuple[frozenset[str], int] = (frozenset(), 0)
        self._flow = _Flow()
        self._machine = Machine(model=self._flow, states=STATES, transitions=TRANSITIONS, initial=INITIAL,
                                queued=True, auto_transitions=False, send_event=False)
        self._dispatch: dict[type, Callable[[Any], None]] = {
            ReedChanged: self._on_reed,
            ButtonPressed: self._on_button,
        }
        self._buttons: dict[str, Callable[[], None]] = {ROTATE_BUTTON: self._press_rotate, DONE_BUTTON: self._press_done}
        for s in SLOT_NAMES:
            self._buttons[f"slot:{s}"] = lambda s=s: self._insert(s)  # type: ignore[misc]

    # -- public ------------------------------------------------------------
    @property
    def state(self) -> str:
        return self._flow.state

    @property
    def current(self) -> str:
        return self.players[self.turn]

    @property
    def scores(self) -> dict[str, int]:
        """Cards found per player."""
        return {p: len(self.found[p]) for p in self.players}

    def movers(self) -> tuple[str, ...]:
        """Pawns the current player may move this turn (own pawn, Vader, or either)."""
        return rules.movers(self.current, self.decks[self.current], self.edition, self.options)

    def start(self) -> None:
        """Announce the game and the dealt layout, show each player their cards, start the first turn."""
        self._emit("game_started", game=rules.GAME, players=list(self.players), corners=dict(self.corners),
                   edition=self.edition.name, variants=self.options.variant_names, layout=self.maze.rows(),
                   spare=self.maze.spare.notation(), vader=self.tracker.at.get(VADER))
        for p in self.players:
            self._show_cards(p)
        self._start_turn()

    def on_sensor(self, event: SensorEvent) -> None:
        """Feed one debounced sensor event; other event types are logged and ignored."""
        handler = self._dispatch.get(type(event))
        if handler is None:
            log.info("ignored sensor event %r", event)
            return
        handler(event)

    def snapshot(self) -> dict[str, Any]:
        """The game as plain data (views, tests, saving). ``cards`` are secret: for private views."""
        return {
            "state": self.state,
            "current": self.current,
            "scores": self.scores,
            "positions": self.tracker.snapshot(),
            "layout": self.maze.rows(),
            "spare": self.maze.spare.turned(self.quarters).notation(),
            "rotation": 90 * self.quarters,
            "forbidden": self.forbidden,
            "reachable": {p: cells_of(b) for p, b in self.reach.items()},
            "cards": {p: list(d) for p, d in self.decks.items()},
            "found": {p: list(f) for p, f in self.found.items()},
            "winner": self.winner,
        }

    # -- plumbing ------------------------------------------------------------
    def _now(self) -> int:
        return self._scheduler.now_ms()

    def _emit(self, type_: str, **fields: Any) -> None:
        self._emit_sink(GameEvent(self._now(), type_, fields))

    def _go(self, trigger: str) -> None:
        self._flow.trigger(trigger)  # type: ignore[attr-defined]
        self._refresh()

    def _after(self, name: str, delay_ms: int, fn: Callable[[], None]) -> None:
        self._cancel(name)
        self._timers[name] = self._scheduler.call_later(delay_ms, fn)

    def _cancel(self, name: str) -> None:
        timer = self._timers.pop(name, None)
        if timer is not None:
            timer.cancel()

    def _new_tracker(self, positions: dict[str, Cell]) -> PawnTracker:
        tracker: PawnTracker

        def on_move(mv: Movement) -> None:
            if tracker is self.tracker:
                self._on_move(mv)

        tracker = PawnTracker(GRID, positions, self._scheduler, on_move, prefer=self._preferred,
                              overlap_confirm_ms=self.options.overlap_confirm_ms)
        return tracker

    def _preferred(self) -> str | None:
        if self.correction is not None:
            return self.correction.pawn
        return self.mover or self.movers()[0]

    def _show_cards(self, player: str) -> None:
        """Tell ``player`` (privately: their phone, the simulated player's eyes) the cards they may aim for."""
        cards = rules.open_cards(self.decks[player], self.options)
        if cards:
            self._emit("card_shown", player=player, cards=cards)

    # -- turns ---------------------------------------------------------------
    def _start_turn(self) -> None:
        self.quarters = 0
        self.reach = {}
        self.mover = None
        self.steps = 0
        self.visited = set()
        self._emit("turn_started", player=self.current, pawns=list(self.movers()))
        self._refresh()

    def _next_turn(self) -> None:
        self.turn = (self.turn + 1) % len(self.players)
        self._start_turn()

    def _on_button(self, ev: ButtonPressed) -> None:
        if self.state == "game_over":
            return
        action = self._buttons.get(ev.button)
        if action is None:
            log.info("button %r has no meaning in Labyrinth: ignored", ev.button)
            return
        action()

    def _press_rotate(self) -> None:
        if self.state != "waiting_for_shift":
            log.info("rotate pressed in %s: ignored", self.state)
            return
        self.quarters = (self.quarters + 1) % 4
        self._emit("spare_rotated", player=self.current, rotation=90 * self.quarters,
                   spare=self.maze.spare.turned(self.quarters).notation())
        self._refresh()

    def _insert(self, slot: str) -> None:
        player = self.current
        if self.state != "waiting_for_shift":
            self._warn(player, "extra_shift", None, slot=slot)
            return
        if slot == self.forbidden:
            self._warn(player, "forbidden_slot", None, slot=slot)
            return
        positions = {p: c for p, c in self.tracker.at.items() if c is not None}
        for p, c in self.tracker.at.items():
            if c is None:  # not seen since its cell opened: where last seen, or on a shared cell
                positions[p] = self.tracker.last[p]
                others = sorted(self.tracker.occupied(exclude=p))
                self.uncertain[p] = [positions[p]] + [o for o in others if o != positions[p]]
        before = self.maze
        out = rules.apply_shift(self.maze, positions, slot, self.quarters)
        inserted = out.maze.tile(SLOTS[slot].entry)
        self.maze = out.maze
        self.forbidden = out.forbidden_next
        alternatives = []
        for p, cells in self.uncertain.items():  # where an unseen pawn would be after the push, per guess
            alternatives.append([(p, rules.apply_shift(before, {p: c}, slot, self.quarters).positions[p]) for c in cells])
        self.push = _Push(slot, self._now(), dict(out.positions), out.wrapped, alternatives=alternatives)
        self._emit("shifted", player=player, slot=slot, rotation=90 * self.quarters, inserted=inserted.notation(),
                   ejected=out.ejected.notation(), forbidden_next=out.forbidden_next)
        self._go("pushed")
        self._after("settle", self.options.shift_settle_ms, self._check_push)
        self._after("wrap", self.options.wrap_timeout_ms, self._push_overdue)

    def _check_push(self) -> None:
        push = self.push
        if push is None or self.state != "waiting_for_settle":
            return
        if self.closed != set(push.expect.values()) and not self._relocate(push):
            return
        self._cancel("wrap")
        self.push = None
        for options in push.alternatives:  # still possible after the push: closed cells only
            pawn = options[0][0]
            cells = [push.expect[pawn]] + [c for _, c in options if c in self.closed and c != push.expect[pawn]]
            if len(cells) > 1:
                self.uncertain[pawn] = cells
            else:
                self.uncertain.pop(pawn, None)
        for pawn, frm, to in push.wrapped:
            self._emit("wrapped", pawn=pawn, **{"from": frm, "to": to})
        self.tracker = self._new_tracker(dict(push.expect))
        self.reach = {p: self.maze.reachable(push.expect[p]) for p in self.movers()}
        for p in self.reach:  # a mover sharing its cell cannot open that reed when it leaves
            if len(self.tracker.pawns_at(push.expect[p])) > 1:
                self.tracker.assume(p, push.expect[p], unseen=True)
        for pawn, bits in self.reach.items():
            self._emit("reachable", player=self.current, pawn=pawn, cells=cells_of(bits))
        self._go("settled")

    def _relocate(self, push: _Push) -> bool:
        """Try the other cells a pawn of uncertain position may stand on (one reed cannot
        count the pawns on it); adopt the first guess the closed reeds confirm."""
        for combo in itertools.islice(itertools.product(*push.alternatives), 256):
            expect = dict(push.expect)
            expect.update(combo)
            if set(expect.values()) == self.closed:
                for pawn, cell in combo:
                    if cell != push.expect[pawn]:
                        log.info("the %s pawn was on another shared cell: now %s", pawn, cell)
                push.expect = expect
                return True
        return False

    def _push_overdue(self) -> None:
        push = self.push
        self._timers.pop("wrap", None)
        if push is None or self.state != "waiting_for_settle":
            return
        want = set(push.expect.values())
        for pawn, _, to in push.wrapped:
            if to not in self.closed:
                self._warn(self.current, "not_wrapped", to, pawn=pawn)
        wrap_cells = {to for _, _, to in push.wrapped}
        for cell in sorted((self.closed ^ want) - wrap_cells):
            self._warn(self.current, "misplaced", cell)
        push.warned = True

    def _press_done(self) -> None:
        """End the move once a step still being confirmed by the tracker (an overlap off a
        shared cell takes ``overlap_confirm_ms``) has landed."""
        if self.state != "waiting_for_move" or "close" in self._timers:
            return
        wait_ms = self._last_closure_ms + self.options.overlap_confirm_ms + 10 - self._now()
        if wait_ms > 0:
            self._after("close", wait_ms, lambda: self._end_move("done"))
        else:
            self._end_move("done")

    def _end_move(self, reason: str) -> None:
        self._cancel("settle")
        self._timers.pop("close", None)
        if self.state != "waiting_for_move":
            return  # a correction came first: the player presses done again
        player = self.current
        pawns = [self.mover] if self.mover else list(self.movers())
        for pawn in pawns:
            if self.tracker.at.get(pawn) is None and not self._on_shared_cell(pawn):
                allowed = cells_of(self.reach.get(pawn, 0)) or [self.tracker.last[pawn]]
                self._hold(pawn, "lifted", None, allowed, lambda: self._end_move(reason), "resume_move")
                return
        deck = self.decks[player]
        acted = pawns[0]
        for pawn in pawns:
            cell = self.tracker.at[pawn]
            assert cell is not None
            card = rules.found_card(self.maze, pawn, cell, deck, self.edition, self.options)
            if card is not None:
                deck.remove(card)
                self.found[player].append(card)
                acted = pawn
                self._emit("card_found", player=player, pawn=pawn, card=card, cell=cell, remaining=len(deck))
                self._show_cards(player)
                break
        own = self.tracker.at.get(player)
        won = rules.has_won(self.maze, self.corners[player], own, deck, self.options) and (
            self.options.win_after_card or acted == player)
        self._emit("turn_ended", player=player, reason=reason)
        if won:
            self._game_over(player)
            return
        self._go("move_over")
        self._next_turn()

    def _on_shared_cell(self, pawn: str) -> bool:
        """A mover off its cell that closed no reed stands on a cell another pawn already
        closes (sharing a tile is allowed, RULES.md §2 A turn, 4): take the reachable one
        next to where it was last seen, else the nearest. False when there is none."""
        bits = self.reach.get(pawn, 0)
        last = self.tracker.last[pawn]
        shared = [c for c in self.tracker.occupied(exclude=pawn) if (bits >> INDEX[c]) & 1 and c in self.closed]
        if not shared:
            return False
        near = neighbours(self.maze.openings, INDEX[last])
        # a slide goes on through open sides, rarely back where it came from; a hand may put it anywhere
        ranked = sorted(shared, key=lambda c: (not (near >> INDEX[c]) & 1, c in self.visited,
                                               GRID.distance(last, c), c))
        cell = ranked[0]
        if len(ranked) > 1:
            self.uncertain[pawn] = ranked
        self.tracker.assume(pawn, cell, unseen=True)
        if self.mover is None:
            self.mover = pawn
        self.steps += 1
        self._emit("step", player=self.current, pawn=pawn, **{"from": last, "to": cell}, steps=self.steps)
        return True

    # -- movement --------------------------------------------------------------
    def _on_reed(self, ev: ReedChanged) -> None:
        if ev.closed:
            self.closed.add(ev.cell)
            self._last_closure_ms = ev.t_ms
        else:
            self.closed.discard(ev.cell)
        if self.state == "game_over":
            return
        if self.state == "waiting_for_settle":
            self._after("settle", self.options.shift_settle_ms, self._check_push)
            return
        if not ev.closed:
            self._not_there(ev.cell)
        self.tracker.on_reed(ev)

    def _not_there(self, cell: Cell) -> None:
        """``cell`` opened: a pawn of uncertain position believed there with others was not
        there after all (its magnet would keep the reed closed); move it to its next guess."""
        for pawn, cells in list(self.uncertain.items()):
            if self.tracker.at.get(pawn) != cell or len(self.tracker.pawns_at(cell)) < 2:
                continue
            rest = [c for c in cells if c != cell and c in self.closed]
            if rest:
                self.tracker.assume(pawn, rest[0], unseen=True)
                if len(rest) > 1:
                    self.uncertain[pawn] = rest
                else:
                    del self.uncertain[pawn]

    def _on_move(self, mv: Movement) -> None:
        state = self.state
        if state in ("game_over", "waiting_for_settle") or not isinstance(mv, (Stepped, Placed)):
            return  # a pawn merely off its cell (lifted, in a gap) decides nothing yet
        cell = mv.to if isinstance(mv, Stepped) else mv.cell
        pawn = mv.pawn
        corr = self.correction
        if corr is not None:
            if pawn == corr.pawn:
                if cell in corr.allowed:
                    self.correction = None
                    corr.then()
            else:
                self._warn(self.current, "out_of_turn", cell, pawn=pawn)
            return
        if state == "waiting_for_shift":
            self._hold(pawn, "moved_before_shift", cell, [mv.frm], lambda: None, "resume_shift")
            return
        if state != "waiting_for_move":
            return
        if pawn not in self.reach or (self.mover is not None and pawn != self.mover):
            self._hold(pawn, "out_of_turn", cell, [mv.frm], lambda: None, "resume_move")
            return
        bits = self.reach[pawn]
        if not (bits >> INDEX[cell]) & 1:
            self._hold(pawn, "unreachable", cell, cells_of(bits), lambda: None, "resume_move")
            return
        self.mover = pawn
        self.steps += 1
        self.uncertain.pop(pawn, None)
        self.visited.add(mv.frm)
        self._emit("step", player=self.current, pawn=pawn, **{"from": mv.frm, "to": cell}, steps=self.steps)
        if self.options.settle_ms > 0:
            self._after("settle", self.options.settle_ms, lambda: self._end_move("settled"))
        self._refresh()

    def _hold(self, pawn: str, kind: str, cell: Cell | None, allowed: Iterable[Cell],
              then: Callable[[], None], resume: str) -> None:
        """Warn, blink where ``pawn`` may stand, and wait until it stands there; then ``resume`` and ``then()``."""
        self._cancel("settle")

        def done() -> None:
            self._go(resume)
            then()

        self.correction = _Correction(pawn, kind, frozenset(allowed), done)
        who = pawn if pawn in self.players and kind == "out_of_turn" else self.current
        self._warn(who, kind, cell, refresh=False, pawn=pawn)
        if self.state != "waiting_for_correction":
            self._go("hold")
        else:
            self._refresh()

    def _warn(self, player: str, kind: str, cell: Cell | None, refresh: bool = True, **more: Any) -> None:
        self._emit("warning", player=player, kind=kind, cell=cell, **more)
        if cell is not None:
            names = frozenset({cell})
        elif "slot" in more:
            names = frozenset({f"slot:{more['slot']}"})
        else:
            names = frozenset({self.corners[player]})
        self._flash = (names, self._now() + self.options.warning_ms)
        if refresh:
            self._refresh()

    def _game_over(self, winner: str) -> None:
        self.winner = winner
        for name in list(self._timers):
            self._cancel(name)
        self.correction = None
        self._emit("game_over", winner=winner, scores=self.scores)
        self._go("finished")

    # -- LEDs ----------------------------------------------------------------------
    def _refresh(self) -> None:
        """Compose the scene: whose turn (start square), allowed and forbidden slots while
        waiting for the shift, where pushed-off pawns go, the reachable cells in the
        player's colour, open targets only in the younger variant (cards are secret)."""
        state = self.state
        if state == "game_over":
            self.leds.set(Scene(win_rgb=PLAYER_RGB.get(self.winner or "", TARGET_RGB), win_start_ms=self._now()))
            return
        player = self.current
        rgb = PLAYER_RGB[player]
        cells: dict[str, tuple[int, int, int]] = {}
        blink: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {}
        if state == "waiting_for_shift":
            for s in SLOT_NAMES:
                cells[f"slot:{s}"] = scale(WARNING_RGB, 0.2) if s == self.forbidden else rgb
        if state == "waiting_for_move":
            for bits in self.reach.values():
                for c in cells_of(bits):
                    cells[c] = scale(rgb, LEGAL_LEVEL)
        if self.options.younger:
            for card in self.decks[player]:
                where = self.maze.cell_of(card)
                if where is not None:
                    cells[where] = TARGET_RGB
        cells[self.corners[player]] = rgb
        if self.push is not None and state == "waiting_for_settle":
            for pawn, _, to in self.push.wrapped:
                blink[to] = (PLAYER_RGB.get(pawn, rgb), PROMPT_RGB)
        if self.correction is not None:
            crgb = PLAYER_RGB.get(self.correction.pawn, rgb)
            for c in self.correction.allowed:
                blink[c] = (crgb, scale(crgb, 0.1))
        names, until = self._flash
        flash = {n: WARNING_RGB for n in names} if until > self._now() else {}
        self.leds.set(Scene(cells=cells, blink=blink, flash=flash, flash_until_ms=until))


def reachable_cells(maze: Maze, cell: Cell) -> list[Cell]:
    """Sorted cells connected to ``cell`` (a convenience for views and tests)."""
    return cells_of(maze.reachable(cell))


__all__ = ["LabyrinthReferee", "STATES", "TRANSITIONS", "INITIAL", "reachable_cells", "bits_of", "CELLS"]
