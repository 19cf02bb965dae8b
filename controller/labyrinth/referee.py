"""The Labyrinth referee: sensor events in, game events and LED frames out (RULES.md §2).

Sensors (hal vocabulary, no new event type): reed switches under the 49
cells (:class:`ReedChanged`; pawns and the Vader pawn carry magnets), one
sensor per insertion slot reported as ``ButtonPressed("slot:S-b")`` when the
spare enters that slot, the ``rotate`` button (turns the spare a quarter
clockwise in the controller's model; the physical tile is turned by hand to
match) and the ``done`` button (ends the optional move).

One ``transitions`` machine sequences the turn; its states are named for
what the controller waits for. Every rule question goes to :mod:`.rules`;
where the pawns stand is read by :mod:`.sensing` (a reed cannot count the
pawns on it, and pawns may share tiles).

* ``waiting_for_shift`` -- the spare may be rotated; a slot sensor inserts it
  (the forbidden slot gets a ``forbidden_slot`` warning and nothing moves).
* ``waiting_for_settle`` -- the line is being pushed: pawns ride on their
  tiles, a pawn pushed off must be set on the inserted tile. The referee knows
  where every pawn must end up and waits until the reeds show exactly that
  for ``shift_settle_ms``; after ``wrap_timeout_ms`` it warns ``not_wrapped``
  (a pawn missing from the inserted tile) or ``misplaced`` (a reed closed
  where no pawn should be, or open where one should be) and blinks the
  cells where pawns belong until the reeds agree.
* ``waiting_for_move`` -- the reachable cells are lit; the mover (own pawn, or
  Vader for a Vader card) may move to any of them; ``done`` ends the move and
  the card on the final tile counts then (and only then).
* ``waiting_for_correction`` -- after ``unreachable``, ``out_of_turn``,
  ``moved_before_shift`` or ``lifted``: LEDs blink where the pawn may stand.
* ``waiting_for_confirmation`` -- after ``ambiguous``: the mover ended on a
  tile it shares with other pawns and the reeds cannot tell which of
  several; its candidate cells blink, the referee's guess brighter; ``rotate``
  moves the guess to the next candidate, ``done`` confirms it.
* ``game_over``.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass
from typing import Any, Callable, Iterable


from mazeboard.hal.board import GameSetup, LedLayout
from mazeboard.hal.clock import Scheduler
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.events import ButtonPressed, GameEvent, LedFrame, ReedChanged
from mazeboard.hal.grid import Cell
from mazeboard.hal.labyrinth import (
    CELLS,
    DONE_BUTTON,
    INDEX,
    ROTATE_BUTTON,
    SLOT_NAMES,
    SLOTS,
    Maze,
    bits_of,
    cells_of,
)
from mazeboard.hal.labyrinth_editions import VADER, deal, edition

from ..instruction import Instruction, Request
from ..referee_core import RefereeCore
from ..leds import LEGAL_LEVEL, PLAYER_RGB, PROMPT_RGB, TARGET_RGB, WARNING_RGB, LedDriver, Scene, scale
from . import rules
from .rules import LabyrinthOptions
from .sensing import Disturbed, Moved, MoveWatch, Seen, order_options

log = logging.getLogger(__name__)

STATES = ["waiting_for_shift", "waiting_for_settle", "waiting_for_move", "waiting_for_correction",
          "waiting_for_confirmation", "game_over"]

#: The turn as a table (transitions' declarative form).
TRANSITIONS: list[dict[str, Any]] = [
    {"trigger": "pushed", "source": "waiting_for_shift", "dest": "waiting_for_settle"},
    {"trigger": "settled", "source": "waiting_for_settle", "dest": "waiting_for_move"},
    {"trigger": "move_over", "source": ["waiting_for_move", "waiting_for_correction", "waiting_for_confirmation"],
     "dest": "waiting_for_shift"},
    {"trigger": "hold", "source": ["waiting_for_shift", "waiting_for_move"], "dest": "waiting_for_correction"},
    {"trigger": "resume_shift", "source": "waiting_for_correction", "dest": "waiting_for_shift"},
    {"trigger": "resume_move", "source": ["waiting_for_correction", "waiting_for_confirmation"],
     "dest": "waiting_for_move"},
    {"trigger": "ask", "source": ["waiting_for_move", "waiting_for_correction"], "dest": "waiting_for_confirmation"},
    {"trigger": "finished", "source": "*", "dest": "game_over"},
]
INITIAL = "waiting_for_shift"
#: correction kinds about the mover's own position (done may end the move from them)
MOVER_KINDS = ("unreachable", "lifted")


@dataclass
class _Correction:
    pawn: str
    kind: str
    allowed: frozenset[Cell]
    resolved: Callable[[], bool]
    then: Callable[[], None]


@dataclass
class _Push:
    slot: str
    t_ms: int
    expect: dict[str, Cell]
    wrapped: tuple[tuple[str, Cell, Cell], ...]
    warned: bool = False


@dataclass
class _Choice:
    """The mover's possible (pawn, cell) when the reeds cannot tell; ``index`` is the guess shown."""

    options: list[tuple[str, Cell]]
    reason: str
    index: int = 0

    @property
    def guess(self) -> tuple[str, Cell]:
        return self.options[self.index]


class LabyrinthReferee(RefereeCore):
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
        self.corners = rules.corners_for(self.players, self.options.start_corners)
        positions: dict[str, Cell] = dict(self.corners)
        if self.options.vader:
            vader_cell = self.maze.cell_of(VADER)
            if vader_cell is None:
                raise ConfigError("spare: the Vader tile must lie on the board in the vader variant (its pawn starts there)")
            positions[VADER] = vader_cell
        self.found: dict[str, list[str]] = {p: [] for p in self.players}
        self._init_core(scheduler, emit, STATES, TRANSITIONS, INITIAL)
        self.leds = LedDriver(layout, scheduler, show)
        #: where every pawn stands (exact after each push; the mover's cell is updated when its move ends)
        self.positions: dict[str, Cell] = positions
        self.closed: set[Cell] = set(positions.values())
        self.turn = 0
        self.quarters = 0
        self.forbidden: str | None = None
        self.push: _Push | None = None
        self.reach: dict[str, int] = {}
        #: the move under way (waiting_for_move and its corrections)
        self.watch: MoveWatch | None = None
        self.steps = 0
        self.choice: _Choice | None = None
        self.correction: _Correction | None = None
        self.winner: str | None = None
        self._last_closure_ms = -(10**9)
        self._flash: tuple[frozenset[str], int] = (frozenset(), 0)
        self._dispatch: dict[type, Callable[[Any], None]] = {
            ReedChanged: self._on_reed,
            ButtonPressed: self._on_button,
        }
        self._buttons: dict[str, Callable[[], None]] = {ROTATE_BUTTON: self._press_rotate, DONE_BUTTON: self._press_done}
        for s in SLOT_NAMES:
            self._buttons[f"slot:{s}"] = lambda s=s: self._insert(s)  # type: ignore[misc]
        self._instructions = {
            "waiting_for_shift": self._say_shift,
            "waiting_for_settle": self._say_settle,
            "waiting_for_move": self._say_move,
            "waiting_for_correction": self._say_correct,
            "waiting_for_confirmation": self._say_confirm,
            "game_over": lambda: Instruction(None, "game_over", "game_over", {"winner": self.winner, "again": ""}),
        }

    # -- public ------------------------------------------------------------

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
        self._input(self._start)

    def _start(self) -> None:
        self._emit("game_started", game=rules.GAME, players=list(self.players), corners=dict(self.corners),
                   edition=self.edition.name, variants=self.options.variant_names, layout=self.maze.rows(),
                   spare=self.maze.spare.notation(), vader=self.positions.get(VADER))
        for p in self.players:
            self._show_cards(p)
        self._start_turn()

    def snapshot(self) -> dict[str, Any]:
        """The game as plain data (views, tests, saving). ``cards`` are secret: for private views."""
        return {
            "state": self.state,
            "current": self.current,
            "scores": self.scores,
            "positions": self.watch.positions_now() if self.watch else dict(self.positions),
            "layout": self.maze.rows(),
            "spare": self.maze.spare.turned(self.quarters).notation(),
            "rotation": 90 * self.quarters,
            "forbidden": self.forbidden,
            "reachable": {p: cells_of(b) for p, b in self.reach.items()},
            "cards": {p: list(d) for p, d in self.decks.items()},
            "found": {p: list(f) for p, f in self.found.items()},
            "winner": self.winner,
            "choice": None if self.choice is None else {"options": [list(o) for o in self.choice.options],
                                                        "guess": list(self.choice.guess)},
        }

    # -- what the board asks ----------------------------------------------------
    def _say_shift(self) -> Instruction:
        buttons = {ROTATE_BUTTON: "turn the spare a quarter clockwise"}
        buttons.update({f"slot:{s}": f"push the spare in at {s}" for s in SLOT_NAMES if s != self.forbidden})
        return Instruction(self.current, "shift", "lab.shift",
                           {"forbidden_text": f" (not {self.forbidden})" if self.forbidden else ""},
                           self._pawn_requests(), buttons)

    def _say_settle(self) -> Instruction:
        return Instruction(self.current, "settle", "lab.settle", {}, self._pawn_requests())

    def _say_move(self) -> Instruction:
        movers = " or ".join("Vader" if m == VADER else "your pawn" for m in self.movers())
        cells = sorted({c for bits in self.reach.values() for c in cells_of(bits)})
        return Instruction(self.current, "move", "lab.move", {"movers": movers}, (), {DONE_BUTTON: "end the move"},
                           tuple(cells))

    def _say_correct(self) -> Instruction:
        buttons = {DONE_BUTTON: "end the move"} if self.correction and self.correction.kind in MOVER_KINDS else {}
        return Instruction(self.current, "correct", "correct", {}, self._pawn_requests(), buttons)

    def _say_confirm(self) -> Instruction:
        pawn, cell = self.choice.guess if self.choice else (self.current, "")
        return Instruction(self.current, "confirm", "lab.confirm", {"pawn": pawn, "cell": cell}, (),
                           {ROTATE_BUTTON: "try the next cell", DONE_BUTTON: "yes, it stands there"},
                           tuple(c for _, c in self.choice.options) if self.choice else ())

    def _pawn_requests(self) -> tuple[Request, ...]:
        """The correction under way, or the pawns a push must carry (once the push is overdue)."""
        corr = self.correction
        if corr is not None:
            at = self.watch.positions_now().get(corr.pawn) if self.watch else self.positions.get(corr.pawn)
            by = corr.pawn if corr.pawn in self.players else self.current
            return (Request(corr.pawn, "pawn", corr.kind, at, tuple(sorted(corr.allowed)), by),)
        push = self.push
        if push is not None and self.state == "waiting_for_settle" and push.warned:
            return tuple(Request(p, "pawn", "misplaced", None, (c,), p if p in self.players else self.current)
                         for p, c in sorted(push.expect.items()) if c not in self.closed)
        return ()

    # -- plumbing ------------------------------------------------------------





    def _show_cards(self, player: str) -> None:
        """Tell ``player`` (privately: their phone, the simulated player's eyes) the cards they may aim for."""
        cards = rules.open_cards(self.decks[player], self.options)
        if cards:
            self._emit("card_shown", player=player, cards=cards)

    # -- turns ---------------------------------------------------------------
    def _start_turn(self) -> None:
        self.quarters = 0
        self.reach = {}
        self.watch = None
        self.steps = 0
        self._emit("turn_started", player=self.current, pawns=list(self.movers()))
        self._refresh()

    def _next_turn(self) -> None:
        self.turn = (self.turn + 1) % len(self.players)
        self._start_turn()

    def _press_rotate(self) -> None:
        if self.state == "waiting_for_confirmation" and self.choice is not None:
            choice = self.choice
            choice.index = (choice.index + 1) % len(choice.options)
            pawn, cell = choice.guess
            self._emit("guess", player=self.current, pawn=pawn, cell=cell)
            self._refresh()
            return
        if self.state != "waiting_for_shift":
            log.info("rotate pressed in %s: ignored", self.state)
            return
        self.quarters = (self.quarters + 1) % 4
        self._emit("spare_rotated", player=self.current, rotation=90 * self.quarters,
                   spare=self.maze.spare.turned(self.quarters).notation())
        self._refresh()

    # -- the push ------------------------------------------------------------------
    def _insert(self, slot: str) -> None:
        player = self.current
        if self.state != "waiting_for_shift":
            self._warn(player, "extra_shift", None, slot=slot)
            return
        if slot == self.forbidden:
            self._warn(player, "forbidden_slot", None, slot=slot)
            return
        out = rules.apply_shift(self.maze, self.positions, slot, self.quarters)
        inserted = out.maze.tile(SLOTS[slot].entry)
        self.maze = out.maze
        self.forbidden = out.forbidden_next
        self.push = _Push(slot, self._now(), dict(out.positions), out.wrapped)
        self._emit("shifted", player=player, slot=slot, rotation=90 * self.quarters, inserted=inserted.notation(),
                   ejected=out.ejected.notation(), forbidden_next=out.forbidden_next)
        self._go("pushed")
        self._after("settle", self.options.shift_settle_ms, self._check_push)
        self._after("wrap", self.options.wrap_timeout_ms, self._push_overdue)

    def _check_push(self) -> None:
        """The reeds held still for ``shift_settle_ms``: the push is over when they show
        exactly the cells where the pawns must be (the push moved them, rules.apply_shift)."""
        push = self.push
        if push is None or self.state != "waiting_for_settle":
            return
        if self.closed != set(push.expect.values()):
            return
        self._cancel("wrap")
        self.push = None
        for pawn, frm, to in push.wrapped:
            self._emit("wrapped", pawn=pawn, **{"from": frm, "to": to})
        self.positions = dict(push.expect)
        movers = self.movers()
        self.reach = {p: self.maze.reachable(self.positions[p]) for p in movers}
        self.watch = MoveWatch(dict(self.positions), movers, dict(self.reach), self.maze.openings)
        for pawn, bits in self.reach.items():
            self._emit("reachable", player=self.current, pawn=pawn, cells=cells_of(bits))
        self._go("settled")

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
        self._refresh()

    # -- the move --------------------------------------------------------------------
    def _press_done(self) -> None:
        """End the move once a step under way has landed (a closure within
        ``overlap_confirm_ms`` may still be a slide overlapping two cells)."""
        state = self.state
        if state == "waiting_for_confirmation":
            self._confirm()
            return
        corr = self.correction
        if state == "waiting_for_correction" and corr is not None and corr.kind in MOVER_KINDS:
            pass  # the pawn may stand on a shared cell now: look again
        elif state != "waiting_for_move":
            return
        if "close" in self._timers:
            return
        wait_ms = self._last_closure_ms + self.options.overlap_confirm_ms + 10 - self._now()
        if wait_ms > 0:
            self._after("close", wait_ms, lambda: self._end_move("done"))
        else:
            self._end_move("done")

    def _end_move(self, reason: str) -> None:
        """The player ends the move: find where the mover stands (ask when the reeds cannot tell)."""
        self._cancel("settle")
        self._timers.pop("close", None)
        watch = self.watch
        corr = self.correction
        if watch is None or (self.state != "waiting_for_move" and not (
                self.state == "waiting_for_correction" and corr is not None and corr.kind in MOVER_KINDS)):
            return
        if watch.disturbed(self.closed) is not None:
            return  # a pawn moved out of turn: the out_of_turn correction is under way
        options, _ = watch.options(self.closed)
        options = order_options(options)
        if watch.mover is not None and watch.visible(watch.mover):
            cell = watch.at[watch.mover]
            assert cell is not None
            if not (self.reach.get(watch.mover, 0) >> INDEX[cell]) & 1:
                if corr is None:
                    pawn = watch.mover
                    self._hold(pawn, "unreachable", cell, cells_of(self.reach.get(pawn, 0)),
                               lambda: self._mover_seen(pawn), lambda: None, "resume_move")
                return  # on an unreachable cell: it must go back first
        if not options:
            pawn = watch.mover or watch.movers[0]
            if corr is None:
                allowed = cells_of(self.reach.get(pawn, 0)) or [watch.last[pawn]]
                self._hold(pawn, "lifted", None, allowed, lambda: self._mover_seen(pawn),
                           lambda: self._end_move(reason), "resume_move")
            return
        if corr is not None:
            self.correction = None
            self._go("resume_move")
        if len(options) > 1:
            self._ask(options, reason)
            return
        self._finish_move(options[0], reason)

    def _ask(self, options: list[tuple[str, Cell]], reason: str) -> None:
        """Several cells fit: warn ``ambiguous``, blink them, wait for rotate/done."""
        self.choice = _Choice(options, reason)
        pawn, cell = options[0]
        self._go("ask")
        self._warn(self.current, "ambiguous", cell, pawn=pawn, cells=[c for _, c in options],
                   pawns=[p for p, _ in options])

    def _confirm(self) -> None:
        choice = self.choice
        if choice is None:
            return
        self.choice = None
        self._finish_move(choice.guess, choice.reason)

    def _finish_move(self, final: tuple[str, Cell], reason: str) -> None:
        watch = self.watch
        assert watch is not None
        pawn, cell = final
        moved = watch.mover is not None or cell != self.positions[pawn]
        if moved:
            frm = (watch.at.get(pawn) or watch.last[pawn]) if pawn == watch.mover else self.positions[pawn]
            if frm != cell:  # unseen by the reeds (a cell shared with another pawn): step from where last seen
                self.steps += 1
                self._emit("step", player=self.current, pawn=pawn, **{"from": frm, "to": cell}, steps=self.steps)
            self.positions[pawn] = cell
        player = self.current
        deck = self.decks[player]
        acted = pawn
        for p in ([pawn] if moved else list(watch.movers)):
            here = self.positions[p]
            card = rules.found_card(self.maze, p, here, deck, self.edition, self.options)
            if card is not None:
                deck.remove(card)
                self.found[player].append(card)
                acted = p
                self._emit("card_found", player=player, pawn=p, card=card, cell=here, remaining=len(deck))
                self._show_cards(player)
                break
        self.watch = None
        own = self.positions.get(player)
        won = rules.has_won(self.maze, self.corners[player], own, deck, self.options) and (
            self.options.win_after_card or acted == player)
        self._emit("turn_ended", player=player, reason=reason)
        if won:
            self._game_over(player)
            return
        self._go("move_over")
        self._next_turn()

    # -- reeds -----------------------------------------------------------------------
    def _on_reed(self, ev: ReedChanged) -> None:
        if ev.closed:
            self.closed.add(ev.cell)
            self._last_closure_ms = ev.t_ms
        else:
            self.closed.discard(ev.cell)
        self._look(self.state)

    def _look(self, state: str) -> None:
        """React to the closed reeds as they are now, by state."""
        if state == "waiting_for_settle":
            self._after("settle", self.options.shift_settle_ms, self._check_push)
        elif state == "waiting_for_shift":
            missing = sorted(set(self.positions.values()) - self.closed)
            if missing:  # a pawn taken before the shift (a stray closure alone changes nothing)
                pawns = [p for p, c in self.positions.items() if c == missing[0]]
                pawn = self.current if self.current in pawns else pawns[0]
                self._hold(pawn, "moved_before_shift", missing[0], missing, self._all_home, lambda: None,
                           "resume_shift")
        elif state == "waiting_for_move" and self.watch is not None:
            self._handle(self.watch.update(self.closed))
        elif state == "waiting_for_correction":
            corr = self.correction
            if corr is not None and self.watch is not None and corr.kind in MOVER_KINDS:
                self.watch.update(self.closed)  # follow the mover; steps during a correction are not counted
            if corr is not None and corr.resolved():
                self.correction = None
                corr.then()
        elif state == "waiting_for_confirmation" and self.watch is not None:
            seen = self.watch.update(self.closed)
            if seen or (self.watch.mover is not None and self.watch.visible(self.watch.mover)):
                self.choice = None  # the pawn showed itself: no need to ask
                self._go("resume_move")
                self._handle(seen)

    def _all_home(self) -> bool:
        return set(self.positions.values()) <= self.closed

    def _mover_seen(self, pawn: str) -> bool:
        watch = self.watch
        if watch is None or watch.disturbed(self.closed) is not None:
            return False
        cell = watch.at.get(pawn)
        return watch.visible(pawn) and cell is not None and bool((self.reach.get(pawn, 0) >> INDEX[cell]) & 1)

    def _handle(self, seen: list[Seen]) -> None:
        for s in seen:
            if self.state != "waiting_for_move":
                return
            if isinstance(s, Disturbed):
                pawn = s.pawns[0]
                watch = self.watch

                def undisturbed() -> bool:
                    return watch is not None and watch.disturbed(self.closed) is None

                self._hold(pawn, "out_of_turn", s.cells[0], s.cells, undisturbed,
                           lambda: self._look("waiting_for_move"), "resume_move")
            elif isinstance(s, Moved):
                self._moved(s)

    def _moved(self, mv: Moved) -> None:
        pawn, cell = mv.pawn, mv.to
        bits = self.reach.get(pawn, 0)
        if not (bits >> INDEX[cell]) & 1:
            self._hold(pawn, "unreachable", cell, cells_of(bits), lambda: self._mover_seen(pawn), lambda: None,
                       "resume_move")
            return
        for a, b in zip(mv.path, mv.path[1:]):
            self.steps += 1
            self._emit("step", player=self.current, pawn=pawn, **{"from": a, "to": b}, steps=self.steps)
        if self.options.settle_ms > 0:
            self._after("settle", self.options.settle_ms, lambda: self._end_move("settled"))
        self._refresh()

    def _hold(self, pawn: str, kind: str, cell: Cell | None, allowed: Iterable[Cell], resolved: Callable[[], bool],
              then: Callable[[], None], resume: str) -> None:
        """Warn, blink ``allowed`` (where ``pawn`` may stand) and wait until ``resolved()``
        holds after a reed change; then ``resume`` and ``then()``."""
        self._cancel("settle")

        def done() -> None:
            self._go(resume)
            then()

        self.correction = _Correction(pawn, kind, frozenset(allowed), resolved, done)
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
        self.choice = None
        self._emit("game_over", winner=winner, scores=self.scores)
        self._go("finished")

    # -- LEDs ----------------------------------------------------------------------
    def _seen(self) -> tuple[Any, ...]:
        return (frozenset(self.closed),)  # the reeds show in the scene and the requests

    def _scene(self, instruction: Instruction) -> Scene:
        """Compose the scene: whose turn (start square), allowed and forbidden slots while
        waiting for the shift, where pushed-off pawns go, the reachable cells in the
        player's colour, open targets only in the younger variant (cards are secret),
        the candidate cells of an ``ambiguous`` mover (the guess alternating with the prompt colour)."""
        state = self.state
        if state == "game_over":
            return Scene(win_rgb=PLAYER_RGB.get(self.winner or "", TARGET_RGB), win_start_ms=self._now())
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
            if self.push.warned:  # overdue: show where every pawn belongs that the reeds miss
                for pawn, c in self.push.expect.items():
                    if c not in self.closed:
                        blink[c] = (PLAYER_RGB.get(pawn, rgb), PROMPT_RGB)
        if self.choice is not None and state == "waiting_for_confirmation":
            for i, (pawn, c) in enumerate(self.choice.options):
                prgb = PLAYER_RGB.get(pawn, rgb)
                blink[c] = (prgb, PROMPT_RGB) if i == self.choice.index else (scale(prgb, 0.3), (0, 0, 0))
        if self.correction is not None:
            crgb = PLAYER_RGB.get(self.correction.pawn, rgb)
            for c in self.correction.allowed:
                blink[c] = (crgb, scale(crgb, 0.1))
        names, until = self._flash
        flash = {n: WARNING_RGB for n in names} if until > self._now() else {}
        return Scene(cells=cells, blink=blink, flash=flash, flash_until_ms=until)


def reachable_cells(maze: Maze, cell: Cell) -> list[Cell]:
    """Sorted cells connected to ``cell`` (a convenience for views and tests)."""
    return cells_of(maze.reachable(cell))


__all__ = ["LabyrinthReferee", "STATES", "TRANSITIONS", "INITIAL", "reachable_cells", "bits_of", "CELLS"]
