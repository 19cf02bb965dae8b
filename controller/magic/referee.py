"""The Magic Labyrinth referee: sensor events in, game events and LED frames out.

One ``transitions`` machine holds the game flow; its states are named for
what the controller waits for. The machine only sequences; every rule
question goes to :mod:`.rules` (pure). Pawn movements come from
:class:`~mazeboard.controller.tracker.PawnTracker`, the ball from the tray's
Hall-effect sensors, the die and the done signal from the buttons.

Warnings (RULES.md §1 Referee policy) are events plus an LED flash; after
``overstep``, ``occupied``, ``jump`` and ``moved_before_roll`` the LEDs
show where the pawn may stand and the game waits until it stands there.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass
from typing import Any, Callable, Iterable


from mazeboard.hal.board import GameSetup, LedLayout
from mazeboard.hal.clock import Scheduler
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.events import (
    ButtonPressed,
    GameEvent,
    HallChanged,
    LedFrame,
    ReedChanged,
)
from mazeboard.hal.grid import Cell, Edge, edge_of, format_edge

from ..referee_core import RefereeCore
from ..leds import LEGAL_LEVEL, PLAYER_RGB, PROMPT_RGB, TARGET_RGB, WARNING_RGB, LedDriver, Scene, scale
from ..tracker import Lifted, Movement, PawnTracker, Placed, Stepped
from . import rules
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
            GRID, self.corners, scheduler, self._on_move, prefer=self._preferred_pawn,
            overlap_confirm_ms=self.options.overlap_confirm_ms, visited=self._visited,
        )
        self.scores = {p: 0 for p in self.players}
        self.turn = 0
        self.target: tuple[str, Cell] | None = None
        self.known_walls: set[Edge] = set()
        self.known_open: set[Edge] = set()
        self.hall_active: set[str] = set()
        self.winner: str | None = None
        self.move: _Move | None = None
        self.last_move: _Move | None = None
        self._return_ends_turn = False
        self.correction: _Correction | None = None
        self.returner: str | None = None
        self.just_moved: tuple[str, Cell] | None = None  # steps used up / symbol taken: more is overstep
        self._last_moved: tuple[str, int] | None = None
        self._flash: tuple[frozenset[Cell], int] = (frozenset(), 0)
        self.setup_check: SetupCheck | None = None  # after a restart, until the pawns are back
        self._dispatch: dict[type, Callable[[Any], None]] = {
            ReedChanged: self._on_reed,
            HallChanged: self._on_hall,
            ButtonPressed: self._on_button,
        }
        self._buttons: dict[str, Callable[[], None]] = {"roll": self._press_roll, "done": self._press_done}

    # -- public ------------------------------------------------------------

    @property
    def current(self) -> str:
        return self.players[self.turn]

    def start(self) -> None:
        """Announce the game, draw the first target, start the first turn."""
        self._emit("game_started", game=rules.GAME, players=list(self.players), corners=dict(self.corners))
        if self._draw_target():
            self._start_turn()

    def resume(self, closed_reeds: frozenset[Cell], hall_active: frozenset[str]) -> None:
        """After a restart replayed the saved game: compare the board's closed reeds and
        active Hall-effect sensors with the saved game and guide the players until the
        pawns are back (state ``waiting_for_setup``, see :mod:`.setup_check`)."""
        if self.state == "game_over":
            return
        if self.setup_check is None:  # restarted again before the pawns were back: same check
            self.setup_check = SetupCheck(self)
        self.setup_check.begin(closed_reeds, hall_active)

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
        self._start_turn()

    def _press_roll(self) -> None:
        if self.state != "waiting_for_roll":
            log.info("roll pressed in %s: ignored", self.state)
            return
        player = self.current
        start = self.tracker.at[player]
        if start is None:
            log.info("roll pressed while %s's pawn is off the board: ignored", player)
            return
        value = self._forced_dice.pop(0) if self._forced_dice else rules.roll_die(self.rng)
        walls = self.known_walls if self.options.assist else ()
        legal = rules.legal_end_cells(start, value, self.tracker.occupied(exclude=player), walls)
        self.just_moved = None
        self.move = _Move(player, value, start, legal, [start], [])
        self._emit("die_rolled", player=player, value=value, legal=legal)
        self._go("rolled")

    def _press_done(self) -> None:
        if self.state == "moving" and self.move is not None and self.move.closing is None:
            self._close_move("done")

    # -- movement --------------------------------------------------------------
    def _on_reed(self, ev: ReedChanged) -> None:
        stray = ev.cell in self.tracker.stray
        self.tracker.on_reed(ev)
        if ev.closed and not stray and ev.cell in self.tracker.stray:
            self._unexplained_closure(ev)
        if self.setup_check is not None:
            self.setup_check.changed()
        elif self.returner is not None and self.state != "game_over":
            # a pawn set back on the very cell it was lifted from is no movement for the
            # tracker: the returner put back on its corner must still count (tests/fuzz)
            self._check_return()

    def _unexplained_closure(self, ev: ReedChanged) -> None:
        """A closure the tracker could not explain, on a cell the LEDs ask the awaited pawn
        (the one to correct, or the one to bring home) to go to, while that pawn rests on a
        cell it shares with another pawn (that reed could not open when it was lifted):
        it is that pawn, set down where asked. Without this the game would wait forever
        for a pawn that already stands where its cell blinks (found by tests/fuzz)."""
        if self.state in ("game_over", "waiting_for_setup"):
            return
        if self.correction is not None:
            pawn, wanted = self.correction.player, self.correction.allowed
        elif self.returner is not None:
            pawn, wanted = self.returner, frozenset({self.corners[self.returner]})
        else:
            return
        here = self.tracker.at[pawn]
        if ev.cell not in wanted or here is None or len(self.tracker.pawns_at(here)) < 2:
            return
        self.tracker.assume(pawn, ev.cell)
        self._on_move(Placed(ev.t_ms, pawn, here, ev.cell))

    def _on_move(self, mv: Movement) -> None:
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
        if corr is not None and pawn == corr.player:
            if self.move is not None and pawn == self.move.player and isinstance(mv, Stepped):
                self.move.timed.append(TimedStep(mv.t_ms, edge_of(mv.frm, mv.to)))
            if cell in corr.allowed:
                self.correction = None
                corr.then()
            return
        if pawn == self.returner:
            self._check_return()
            return
        if pawn != self.current:
            if self.state == "waiting_for_roll" and self.just_moved and self.just_moved[0] == pawn:
                self._hold(pawn, "overstep", cell, {self.just_moved[1]}, lambda: self._go("resume_waiting"))
            else:
                self._warn(pawn, "out_of_turn", cell)
            return
        frm = mv.frm
        self._cancel("offboard")
        if self.state == "waiting_for_roll":
            self._hold(pawn, "moved_before_roll", cell, {frm}, lambda: self._go("resume_waiting"))
            return
        if self.state != "moving" or self.move is None:
            self._warn(pawn, "moved_before_roll", cell)
            return
        move = self.move
        if move.closing is not None:
            reason = move.closing
            end = move.path[-1]
            self._cancel("close")
            move.closing = None
            self._hold(pawn, "overstep", cell, {end}, lambda: self._reclose(reason))
            return
        if isinstance(mv, Placed):
            self._hold(pawn, "jump", cell, {frm}, lambda: self._go("resume_moving"))
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
            if self.options.settle_ms > 0:
                self._after("settle", self.options.settle_ms, lambda: self._close_move("settled"))
            self._refresh()

    def _offboard_check(self) -> None:
        """The mover left its cell and appeared nowhere: if a neighbour is held by
        another pawn, the mover rests there (a reed already closed cannot tell)."""
        self._timers.pop("offboard", None)
        move = self.move
        if move is None or self.state != "moving" or move.closing is not None:
            return
        pawn = move.player
        if self.tracker.at[pawn] is not None:
            return
        last = self.tracker.last[pawn]
        held = [c for c in GRID.neighbours(last)
                if c in self.tracker.closed and (self.tracker.pawns_at(c) or c in self.tracker.stray)]
        if not held:
            return  # lifted: wait until it is set down
        before = move.path[-2] if len(move.path) > 1 else None
        straight = [c for c in held if before and GRID.distance(before, c) == 2]
        cell = (straight or held)[0]
        self.tracker.assume(pawn, cell, unseen=True)
        self._on_move(Stepped(self._now(), pawn, last, cell))

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

    def _hold(self, player: str, kind: str, cell: Cell | None, allowed: Iterable[Cell], then: Callable[[], None],
              warn: bool = True) -> None:
        """Warn (unless ``warn`` is false), show where ``player``'s pawn may stand,
        and wait until it stands there."""
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

    # -- the ball ----------------------------------------------------------------
    def _on_hall(self, ev: HallChanged) -> None:
        if ev.ball:
            self.hall_active.add(ev.sensor)
        else:
            self.hall_active.discard(ev.sensor)
        if self.state == "game_over":
            return
        if self.setup_check is not None:
            self.setup_check.changed()
            return
        if ev.ball and self.returner is None:
            self._ball_arrived(ev.t_ms)
        if self.returner is not None:
            self._check_return()

    def _ball_arrived(self, t_ms: int) -> None:
        move = self.move
        if move is not None and self.state in ("moving", "waiting_for_correction") and (
            self.correction is None or self.correction.player == move.player
        ) and self._has_moved(move):
            player, timed = move.player, move.timed
            for name in ("close", "settle", "offboard"):
                self._cancel(name)
            self.correction = None
            self._drop(player, timed, t_ms, turn_over=True)
            return
        # Not the mover's ball (it has not left its cell): the pawn that moved last
        # lost it, however late the ball (a slow tray). Its owner must fetch it, or
        # the tray would never be empty again.
        if self._last_moved is not None and self.state in ("waiting_for_roll", "moving"):
            player = self._last_moved[0]
            last = self.last_move if self.move is None or self.move.player != player else self.move
            timed = last.timed if last is not None and last.player == player else []
            for name in ("close", "settle", "offboard"):
                self._cancel(name)
            self._drop(player, timed, t_ms, turn_over=False)
            return
        log.info("ball sensed at %d ms with no pawn to blame: ignored", t_ms)

    def _has_moved(self, move: _Move) -> bool:
        """True when the mover has left its start cell during ``move`` (stepped or lifted)."""
        return bool(move.timed) or self.tracker.at[move.player] != move.start

    def _drop(self, player: str, timed: list[TimedStep], t_ms: int, turn_over: bool) -> None:
        edge = rules.infer_wall(timed, t_ms, self.options.ball_roll_ms, self.options.ball_slack_ms, self.known_open)
        off = self.tracker.off_since(player)
        if off is not None and off <= t_ms - self.options.ball_roll_ms[0] + self.options.ball_slack_ms:
            edge = None  # lifted early enough to have released the ball itself: cannot be told
        self._emit("ball_dropped", player=player, edge=format_edge(edge) if edge else None)
        if edge is not None:
            wall_edge = edge
            # the steps before the wall were crossed with the ball on: open
            for s in timed:
                if s.edge == wall_edge:
                    break
                self.known_open.add(s.edge)
            if wall_edge not in self.known_walls:
                self.known_walls.add(wall_edge)
                self._emit("wall_learned", edge=format_edge(wall_edge))
        self.just_moved = None
        if turn_over:
            self._emit("turn_ended", player=player, reason="ball_dropped")
        if not self.options.wait_for_return and turn_over:
            self._go("move_over")
            self._next_turn()
            return
        self.returner = player
        self._return_ends_turn = turn_over
        self._go("ball_lost")
        self._check_return()

    def _check_return(self) -> None:
        player = self.returner
        if player is None or self.hall_active:
            return
        corner = self.corners[player]
        at = self.tracker.at[player]
        if at != corner:
            if at is None and corner in self.tracker.closed and self.tracker.pawns_at(corner):
                self.tracker.assume(player, corner, unseen=True)  # set down beside a pawn already there
            else:
                return
        self.returner = None
        self._emit("returned_to_start", player=player)
        if self.state == "waiting_for_return":
            self._go("resume_waiting")
            if self._return_ends_turn:
                self._next_turn()

    # -- LEDs ----------------------------------------------------------------------
    def _refresh(self) -> None:
        """Compose the scene for the current state and hand it to the LED driver."""
        cells: dict[Cell, tuple[int, int, int]] = {}
        blink: dict[Cell, tuple[tuple[int, int, int], tuple[int, int, int]]] = {}
        state = self.state
        if state == "game_over":
            winner_rgb = PLAYER_RGB.get(self.winner or "", TARGET_RGB)
            self.leds.set(Scene(win_rgb=winner_rgb, win_start_ms=self._now()))
            return
        if self.setup_check is not None:
            self.leds.set(self.setup_check.scene())
            return
        player = self.current
        rgb = PLAYER_RGB[player]
        if state == "moving" and self.move is not None and self.move.closing is None:
            for c in self.move.legal:
                cells[c] = scale(rgb, LEGAL_LEVEL)
        cells[self.corners[player]] = rgb
        if self.target:
            cells[self.target[1]] = TARGET_RGB
        if self.correction is not None:
            crgb = PLAYER_RGB[self.correction.player]
            for c in self.correction.allowed:
                blink[c] = (crgb, scale(crgb, 0.1))
        if self.returner is not None:
            blink[self.corners[self.returner]] = (PLAYER_RGB[self.returner], PROMPT_RGB)
        flash_cells, until = self._flash
        flash = {c: WARNING_RGB for c in flash_cells} if until > self._now() else {}
        self.leds.set(Scene(cells=cells, blink=blink, flash=flash, flash_until_ms=until))
