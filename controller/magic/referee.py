"""The Magic Labyrinth referee: sensor events in, game events and LED frames out.

One ``transitions`` machine holds the game flow; its states are named for
what the controller waits for. The machine only sequences; every rule
question goes to :mod:`.rules` (pure). Pawn movements come from
:class:`~mazeboard.controller.tracker.PawnTracker`, the ball from the tray's
Hall-effect sensors, the die and the done signal from the buttons.

Belief vs board (:mod:`..belief`): the referee keeps where every pawn
belongs (``home``: where it rests; the mover is free during its move, held
to the cells a correction allows, a ball-dropper to its start corner) and
compares it with the closed reeds and the tray after every input. Whatever
does not fit becomes a request of the instruction (:mod:`.instructions`):
a pawn moved out of turn, lifted, or set down elsewhere; a ball in the tray.
A request blocks the roll and the end of a move until the board matches.
Warnings (RULES.md §1 Referee policy) are events plus an LED flash; after
``overstep``, ``occupied``, ``jump`` and ``lifted`` the move waits
(``waiting_for_correction``) until the mover stands where allowed.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from mazeboard.hal.board import GameSetup, LedLayout
from mazeboard.hal.clock import Scheduler
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.events import ButtonPressed, GameEvent, HallChanged, LedFrame, ReedChanged
from mazeboard.hal.grid import Cell, Edge, edge_of, format_edge

from ..belief import Match, reconcile
from ..instruction import Instruction
from ..leds import LedDriver, Scene
from ..referee_core import RefereeCore
from ..tracker import Lifted, Movement, PawnTracker, Placed, Stepped
from . import ball, instructions, rules
from .rules import GRID, MagicOptions, TimedStep
from .setup_check import SETUP_TRANSITIONS, SetupCheck

log = logging.getLogger(__name__)

STATES = ["waiting_for_roll", "moving", "waiting_for_correction", "waiting_for_return", "game_over",
          "waiting_for_setup"]

#: The game flow as a table (transitions' declarative form).
TRANSITIONS: list[dict[str, Any]] = [
    {"trigger": "rolled", "source": "waiting_for_roll", "dest": "moving"},
    {"trigger": "move_over", "source": ["moving", "waiting_for_correction"], "dest": "waiting_for_roll"},
    {"trigger": "ball_lost", "source": ["moving", "waiting_for_correction", "waiting_for_roll"], "dest": "waiting_for_return"},
    {"trigger": "hold", "source": ["moving", "waiting_for_roll"], "dest": "waiting_for_correction"},
    {"trigger": "resume_moving", "source": "waiting_for_correction", "dest": "moving"},
    {"trigger": "resume_waiting", "source": ["waiting_for_correction", "waiting_for_return"], "dest": "waiting_for_roll"},
    {"trigger": "finished", "source": "*", "dest": "game_over"},
    *SETUP_TRANSITIONS,  # after a restart: check_setup, setup_done_<state> (setup_check.py)
]


@dataclass
class _Correction:
    """``player``'s pawn must stand on one of ``allowed`` (and every other pawn at home)
    before ``then()`` carries on."""

    player: str
    kind: str
    allowed: frozenset[Cell]
    then: Callable[[], None]


@dataclass
class _Move:
    player: str
    roll: int
    start: Cell
    legal: list[Cell]
    path: list[Cell]
    timed: list[TimedStep]
    closing: str | None = None  # reason, while the ball-grace timer runs
    lifted_ms: int | None = None  # when the mover was last lifted off the board (a lift drops the ball)


class MagicReferee(RefereeCore):
    """Referees one game of The Magic Labyrinth.

    ``emit`` receives every :class:`GameEvent` (the event log and announcers);
    ``show`` receives every :class:`LedFrame`. Call :meth:`start`, then feed
    :meth:`on_sensor` with the board's debounced sensor events.

    Raises :class:`ConfigError` for a setup that breaks the rules (player
    count, unknown target symbol, bad options).
    """

    def __init__(
        self,
        setup: GameSetup,
        scheduler: Scheduler,
        layout: LedLayout,
        emit: Callable[[GameEvent], None],
        show: Callable[[LedFrame], None],
        options: MagicOptions | None = None,
    ) -> None:
        self.players = rules.validate_players(setup.players)
        self.options = options or MagicOptions.from_mapping(setup.options)
        self.corners = self.options.corners_for(self.players)
        self.rng = random.Random(setup.seed)
        self.bag = rules.TargetBag(self.rng, setup.targets)
        self._forced_dice = list(setup.dice)
        for d in self._forced_dice:
            if d not in rules.DIE_FACES:
                raise ConfigError(f"dice: {d!r} is not a face of the die (1, 2, 3, 4)")
        self._init_core(scheduler, emit, STATES, TRANSITIONS, "waiting_for_roll")
        self.leds = LedDriver(layout, scheduler, show)
        self.tracker = PawnTracker(
            GRID, self.corners, self._inputs, self._on_move, prefer=self._preferred_pawn,
            overlap_confirm_ms=self.options.overlap_confirm_ms, visited=self._visited,
        )
        self.scores = {p: 0 for p in self.players}
        self.turn = 0
        self.target: tuple[str, Cell] | None = None
        self.known_walls: set[Edge] = set()
        self.known_open: set[Edge] = set()
        self.hall_active: set[str] = set()
        #: tray sensor -> whose ball lies there, as far as the board can tell ("" when not)
        self.ball_owner: dict[str, str] = {}
        #: pawn -> when it was last lifted and set down again (ms): a lift releases the ball
        self.lifted_at: dict[str, int] = {}
        self.winner: str | None = None
        self.move: _Move | None = None
        self.last_move: _Move | None = None
        self._return_ends_turn = False
        self.correction: _Correction | None = None
        self.returner: str | None = None
        #: where each pawn belongs when it is not the one moving (belief; see module doc)
        self.home: dict[str, Cell] = dict(self.corners)
        #: why a pawn is away from its home (the warning that noticed it)
        self.why: dict[str, str] = {}
        #: the current player must roll again, and why (another pawn's ball ended the roll)
        self.roll_again: str | None = None
        self.just_moved: tuple[str, Cell] | None = None  # steps used up / symbol taken: more is overstep
        self._last_moved: tuple[str, int] | None = None
        self._flash: tuple[frozenset[Cell], int] = (frozenset(), 0)
        self._match: tuple[Any, ...] | None = None
        self._home_v = 0  # bumped whenever ``home`` changes (the match cache's key)
        self.setup_check: SetupCheck | None = None  # after a restart, until the pawns are back
        self._dispatch: dict[type, Callable[[Any], None]] = {
            ReedChanged: self._on_reed,
            HallChanged: lambda ev: ball.on_hall(self, ev),
            ButtonPressed: self._on_button,
        }
        self._buttons: dict[str, Callable[[], None]] = {"roll": self._press_roll, "done": self._press_done}
        self._instructions = instructions.table(self)
        self._settle_for = dict(self.options.player_settle_ms)

    # -- public ------------------------------------------------------------

    @property
    def current(self) -> str:
        return self.players[self.turn]

    def start(self) -> None:
        """Announce the game, draw the first target, start the first turn."""
        self._input(self._start)

    def _start(self) -> None:
        self._emit("game_started", game=rules.GAME, players=list(self.players), corners=dict(self.corners),
                   win_tokens=self.options.win_tokens)
        if self._draw_target():
            self._start_turn()

    def _new_setup_check(self) -> SetupCheck:
        return SetupCheck(self)

    def snapshot(self) -> dict[str, Any]:
        """The game as plain data (for views, tests and saving)."""
        return {
            "state": self.state,
            "current": self.current,
            "scores": dict(self.scores),
            "positions": self.tracker.snapshot(),
            "target": self.target,
            "known_walls": sorted(format_edge(e) for e in self.known_walls),
            "roll": self.move.roll if self.move else None,
            "steps": len(self.move.path) - 1 if self.move else 0,
            "winner": self.winner,
        }

    # -- belief vs board ---------------------------------------------------------
    def may(self) -> dict[str, frozenset[Cell] | None]:
        """Where each pawn may stand now: its home, the cells a correction allows, its start
        corner after a ball drop, the saved cells after a restart; None for the mover
        during its move (free, followed by the tracker)."""
        if self.setup_check is not None:
            return self.setup_check.may()
        may: dict[str, frozenset[Cell] | None] = {p: frozenset({c}) for p, c in self.home.items()}
        move = self.move
        if self.state == "moving" and move is not None:
            may[move.player] = None
        corr = self.correction
        if corr is not None:
            may[corr.player] = corr.allowed
        return may

    def match(self) -> Match:
        """The board against :meth:`may` (cached until a sensor or the belief changes)."""
        t = self.tracker
        # what may() and the board depend on, compared by counters and identity (cheap; the cache
        # holds the objects, so an identity cannot be reused while it is compared)
        c = self._match
        if (c is None or c[0] != t.version or c[1] != self._home_v or c[2] != self.state
                or c[3] is not self.move or c[4] is not self.correction or c[5] is not self.setup_check):
            m = self._quick_match() or reconcile(self.may(), t.closed, t.at, t.pending_cells())
            c = self._match = (t.version, self._home_v, self.state, self.move, self.correction, self.setup_check, m)
        return c[6]

    def _quick_match(self) -> Match | None:
        """The usual case without a search: every pawn the tracker has on its own home cell
        (the mover anywhere during its move), and no other closed reed; None otherwise."""
        if self.setup_check is not None or self.correction is not None:
            return None
        t = self.tracker
        free = self.move.player if self.state == "moving" and self.move is not None else None
        covered = set()
        for pawn, cell in t.at.items():
            if pawn == free:
                if cell is not None:
                    covered.add(cell)
            elif cell is None or cell != self.home[pawn] or cell not in t.closed:
                return None
            else:
                covered.add(cell)
        if not t.closed <= covered and not t.closed - covered <= t.pending_cells():
            return None
        return Match(dict(t.at), (), (), agrees=True)

    def blocked(self) -> bool:
        """A pawn stands where it may not, or a ball lies in the tray that is not expected there."""
        return bool(self.match().unmatched) or bool(self.hall_active and self.returner is None)

    def _settle_belief(self) -> None:
        """After an input: when the board matches, take the matched cells as where the pawns are
        (the tracker may have mixed two pawns up) and forget why they were away; carry on a
        correction or a return that the board now satisfies."""
        if self.state == "game_over" or self.setup_check is not None:
            return
        m = self.match()
        if m.unmatched:
            return
        if m.agrees and not self.why and self.correction is None and self.returner is None:
            return  # nothing pending and the tracker agrees: the usual case
        for pawn, cell in m.at.items():
            if cell is not None and self.tracker.at.get(pawn) != cell and self.may().get(pawn) is not None:
                self.tracker.assume(pawn, cell, unseen=len([p for p, c in m.at.items() if c == cell]) > 1)
        self.why.clear()
        corr = self.correction
        if corr is not None and self.state == "waiting_for_correction" and not self.hall_active:
            self.correction = None
            corr.then()
        elif self.returner is not None and self.state == "waiting_for_return" and not self.hall_active:
            ball.returned(self)

    def _input(self, fn: Callable[[], None]) -> None:
        def run() -> None:
            fn()
            if self._depth == 1:
                for _ in range(4):  # a correction carried on may satisfy the next check at once
                    before = (self.state, self.correction, self.returner)
                    self._settle_belief()
                    if (self.state, self.correction, self.returner) == before:
                        break
                self._pace_settle()

        super()._input(run)

    def _pace_settle(self) -> None:
        """The settle countdown runs only while nothing blocks: a pawn moved or lifted by someone
        else, a ball in the tray pause it (the mover waits for the board to be put right), and
        it starts again, whole, once the board matches. Nor on another pawn's cell, where no move ends."""
        move = self.move
        if self.state != "moving" or move is None or move.closing is not None or len(move.path) < 2:
            return
        if self.blocked() or self._on_another(move):
            if "settle" in self._timers:
                self._cancel("settle")
                self._refresh()
        elif "settle" not in self._timers and self.settle_ms(move.player) > 0:
            self._after("settle", self.settle_ms(move.player), lambda: self._close_move("settled"))
            self._refresh()

    def _on_another(self, move: _Move) -> bool:
        """The mover stands on a cell another pawn holds, other than where its move began (no move ends there:
        RULES.md §1 `occupied`): its countdown waits for the next step."""
        here = self.tracker.at.get(move.player)
        return here is not None and here != move.start and here in self.tracker.occupied(exclude=move.player)

    # -- plumbing ------------------------------------------------------------
    def _visited(self, pawn: str) -> list[Cell]:
        return self.move.path if self.move is not None and self.move.player == pawn else []

    def _preferred_pawn(self) -> str | None:
        if self.correction is not None:
            return self.correction.player
        if self.returner is not None:
            return self.returner
        return self.current

    # -- turns ---------------------------------------------------------------
    def _start_turn(self) -> None:
        if self.move is not None:
            self.last_move = self.move
        self.move = None
        self._emit("turn_started", player=self.current)
        self._refresh()

    def _next_turn(self) -> None:
        self.turn = (self.turn + 1) % len(self.players)
        self.roll_again = None
        self._start_turn()

    def _press_roll(self) -> None:
        if self.state != "waiting_for_roll":
            log.info("roll pressed in %s: ignored", self.state)
            return
        player = self.current
        start = self.tracker.at[player]
        if start is None or self.blocked():
            self._point_at_requests()
            return
        value = self._forced_dice.pop(0) if self._forced_dice else rules.roll_die(self.rng)
        walls = self.known_walls if self.options.assist else ()
        legal = rules.legal_end_cells(start, value, self.tracker.occupied(exclude=player), walls,
                                      target=self.target[1] if self.target else None)
        self.just_moved = None
        self.roll_again = None
        self.move = _Move(player, value, start, legal, [start], [])
        self._emit("die_rolled", player=player, value=value, legal=legal)
        self._go("rolled")

    def _point_at_requests(self) -> None:
        """A button that cannot act while the board must be put right: flash what it asks."""
        cells = frozenset(c for r in self.instruction().requests for c in (*r.to, *([r.frm] if r.frm else [])))
        log.info("%s: the board must be put right first", self.state)
        self._flash = (cells & set(GRID.cells), self._now() + self.options.warning_ms)
        self._refresh()

    def _press_done(self) -> None:
        if self.state == "moving" and self.move is not None and self.move.closing is None:
            self._close_move("done")

    def settle_ms(self, player: str) -> int:
        """How long ``player``'s pawn may rest before its move ends (``player_settle_ms`` or ``settle_ms``)."""
        return self._settle_for.get(player, self.options.settle_ms)

    # -- movement --------------------------------------------------------------
    def _on_reed(self, ev: ReedChanged) -> None:
        self.tracker.on_reed(ev)
        if self.setup_check is not None:
            self.setup_check.changed()

    def _on_move(self, mv: Movement) -> None:
        if isinstance(mv, Lifted) and self.state != "game_over":
            # once off its cell longer than a slide's gap, the pawn is in a hand: what the board asks is said anew
            # then (instructions.requests), without waiting for the next change (the board check too: an attack)
            self._after(f"in_hand:{mv.pawn}", self.options.offboard_ms, self._refresh)
        if self.state in ("game_over", "waiting_for_setup"):
            return
        if isinstance(mv, Lifted):
            move = self.move
            if self.state == "moving" and move is not None and mv.pawn == move.player and move.closing is None:
                self._after("offboard", self.options.offboard_ms, self._offboard_check)
            return
        cell = mv.to if isinstance(mv, Stepped) else mv.cell
        pawn = mv.pawn
        self._last_moved = (pawn, mv.t_ms)
        corr = self.correction
        move = self.move
        if isinstance(mv, Placed):
            self.lifted_at[pawn] = mv.lifted_ms if mv.lifted_ms is not None else mv.t_ms
            if move is not None and pawn == move.player:
                move.lifted_ms = self.lifted_at[pawn]
        if corr is not None and pawn == corr.player:
            if move is not None and pawn == move.player and isinstance(mv, Stepped):
                move.timed.append(TimedStep(mv.t_ms, edge_of(mv.frm, mv.to)))
            return  # judged by the board check when the input ends
        if move is None or pawn != move.player or self.state not in ("moving",):
            self._displaced(pawn, cell, mv)
            return
        self._cancel("offboard")
        if move.closing is not None:
            reason = move.closing
            end = move.path[-1]
            self._cancel("close")
            move.closing = None
            self._hold(pawn, "overstep", cell, {end}, lambda: self._reclose(reason))
            return
        if isinstance(mv, Placed):
            self._hold(pawn, "jump", cell, {mv.frm}, lambda: self._go("resume_moving"))
            return
        move.path.append(cell)
        move.timed.append(TimedStep(mv.t_ms, edge_of(mv.frm, mv.to)))
        steps = len(move.path) - 1
        self._emit("step", player=pawn, **{"from": mv.frm, "to": cell}, steps=steps)
        if cell in move.path[:-1]:
            self._warn(pawn, "revisit", cell)
        if self.target and cell == self.target[1] and steps <= move.roll:
            self._close_move("symbol_collected")
        elif steps >= move.roll:
            self._close_move("steps_used")
        else:
            settle = self.settle_ms(pawn)
            # (no countdown on another pawn's cell: no move ends there, the words say to slide on; an attack saw
            # "the move's time ran out" and the occupied correction follow them)
            if self._on_another(move):
                self._cancel("settle")
            elif settle > 0:
                self._after("settle", settle, lambda: self._close_move("settled"))
            self._refresh()

    def _displaced(self, pawn: str, cell: Cell, mv: Movement) -> None:
        """A pawn that is not moving now moved: warn (once per excursion); the board check
        asks for it back on its home cell."""
        if pawn in self.why or cell == self.home.get(pawn) or pawn == self.returner:
            return  # already asked back, back home, or on its way to the start corner
        self._cancel("settle")
        if self.just_moved and self.just_moved[0] == pawn and pawn != self.current:
            self.why[pawn] = "overstep"
            self._warn(pawn, "overstep", cell)
        elif pawn == self.current and self.state == "waiting_for_roll":
            self.why[pawn] = "moved_before_roll"
            self._warn(pawn, "moved_before_roll", cell)
        else:
            self.why[pawn] = "out_of_turn"
            self._warn(pawn, "out_of_turn", cell)

    def _offboard_check(self) -> None:
        """The mover left its cell and appeared nowhere: if a neighbour is held by
        another pawn, the mover rests there (a reed already closed cannot tell)."""
        self._timers.pop("offboard", None)
        move = self.move
        if move is None or self.state != "moving" or move.closing is not None:
            return
        self._assume_on_occupied(move)

    def _assume_on_occupied(self, move: _Move) -> bool:
        pawn = move.player
        if self.tracker.at[pawn] is not None:
            return False
        last = self.tracker.last[pawn]
        held = [c for c in GRID.neighbours(last)
                if c in self.tracker.closed and (self.tracker.pawns_at(c) or c in self.tracker.stray)]
        if not held:
            return False  # lifted: wait until it is set down
        before = move.path[-2] if len(move.path) > 1 else None
        straight = [c for c in held if before and GRID.distance(before, c) == 2]
        cell = (straight or held)[0]
        self.tracker.assume(pawn, cell, unseen=True)
        self._on_move(Stepped(self._now(), pawn, last, cell))
        return True

    def _reclose(self, reason: str) -> None:
        self._go("resume_moving")
        self._close_move(reason)

    def _close_move(self, reason: str) -> None:
        """The move is over; wait ``ball_grace_ms`` for a ball still rolling, then settle it."""
        assert self.move is not None
        self._cancel("settle")
        self._cancel("offboard")
        self.move.closing = reason
        self._after("close", self.options.ball_grace_ms, self._finish_move)
        self._refresh()

    def _finish_move(self) -> None:
        move = self.move
        assert move is not None and move.closing is not None
        self._timers.pop("close", None)
        reason = move.closing
        player = move.player
        if self.tracker.at[player] is None:
            move.closing = None
            if self._assume_on_occupied(move):  # it stepped onto a cell another pawn holds before the end
                if move.closing is None and self.state == "moving":
                    self._close_move(reason)
                return
            move.closing = reason
        cell = self.tracker.at[player]
        if cell is None:  # lifted meanwhile: wait, showing where it may be set down
            move.closing = None
            self._hold(player, "lifted", None, set(move.legal), lambda: self._reclose(reason), warn=False)
            return
        others = self.tracker.occupied(exclude=player)
        if cell in others and cell != move.start:  # staying put on a cell shared before is allowed
            move.closing = None
            free = set(rules.legal_end_cells(move.start, move.roll, others)) - others
            self._hold(player, "occupied", cell, free, lambda: self._reclose(reason))
            return
        if self.blocked():  # another pawn must be put back before the turn can end
            move.closing = None
            self._hold(player, "displaced", None, {cell}, lambda: self._reclose(reason), warn=False)
            return
        self.home[player] = cell
        self._home_v += 1
        self.known_open.update(s.edge for s in move.timed)
        if not self.options.remember_walls:
            self.known_walls.clear()
        if reason == "symbol_collected" and self.target and cell == self.target[1]:
            symbol = self.target[0]
            if self._collect(player, symbol, cell):
                return
            self._emit("turn_ended", player=player, reason=reason)
            self.just_moved = (player, cell)
            self._go("move_over")
            if self._draw_target():
                self._next_turn()
            return
        self._emit("turn_ended", player=player, reason=reason)
        self.just_moved = (player, cell) if reason == "steps_used" else None
        self._go("move_over")
        self._next_turn()

    def _hold(self, player: str, kind: str, cell: Cell | None, allowed: Iterable[Cell],
              then: Callable[[], None], warn: bool = True) -> None:
        """Warn (unless ``warn`` is false), show where ``player``'s pawn may stand,
        and wait until the board matches (the board check, after the input)."""
        self._cancel("settle")
        self.correction = _Correction(player, kind, frozenset(allowed), then)
        if warn:
            self._warn(player, kind, cell, refresh=False)
        if self.state != "waiting_for_correction":
            self._go("hold")
        else:
            self._refresh()

    def _warn(self, player: str, kind: str, cell: Cell | None, refresh: bool = True) -> None:
        self._emit("warning", player=player, kind=kind, cell=cell)
        cells = frozenset({cell}) if cell else frozenset(self.corners.values())
        self._flash = (cells, self._now() + self.options.warning_ms)
        if refresh:
            self._refresh()

    # -- symbols ---------------------------------------------------------------
    def _collect(self, player: str, symbol: str, cell: Cell) -> bool:
        """Give ``player`` the token; True when that wins the game."""
        self.scores[player] += 1
        self._emit("symbol_collected", player=player, symbol=symbol, cell=cell, score=self.scores[player])
        self.target = None
        if self.scores[player] >= self.options.win_tokens:
            self._game_over(player)
            return True
        return False

    def _draw_target(self) -> bool:
        """Draw targets until one lies on a free cell (chain rule); False when the game ended."""
        while True:
            symbol = self.bag.draw()
            if symbol is None:
                self._game_over(rules.leader(self.scores, self.players))
                return False
            cell = rules.symbol_cell(symbol)
            self.target = (symbol, cell)
            self._emit("target", symbol=symbol, cell=cell)
            holders = [p for p in self.players if self.tracker.at[p] == cell]
            if not holders:
                self._refresh()
                return True
            if self._collect(holders[0], symbol, cell):
                return False

    def _game_over(self, winner: str) -> None:
        self.winner = winner
        for name in list(self._timers):
            self._cancel(name)
        self.correction = None
        self._emit("game_over", winner=winner, scores=dict(self.scores))
        self._go("finished")

    # -- LEDs ----------------------------------------------------------------------
    def _seen(self) -> tuple[Any, ...]:
        m = self.match()
        at = self.tracker.at
        off = bool(m.unmatched or m.extra)
        return (m.unmatched, m.extra, tuple(at.values()) if off else None, self.tracker.last.get(self.current),
                frozenset(self.hall_active), self.state)

    def _scene(self, instruction: Instruction) -> Scene:
        return instructions.scene(self, instruction)
