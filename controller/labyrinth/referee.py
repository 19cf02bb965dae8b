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
  where every pawn must end up and waits until every pawn stands there (by
  occupancy) with the reeds still for ``shift_settle_ms``; after
  ``wrap_timeout_ms`` it warns ``not_wrapped`` (a pawn missing from the
  inserted tile) or ``misplaced`` (a reed closed where no pawn should be, or
  open where one should be).
* ``waiting_for_move`` -- the reachable cells are lit; the mover (own pawn, or
  Vader for a Vader card) may move to any of them; ``done`` ends the move and
  the card on the final tile counts then (and only then).
* ``waiting_for_correction`` -- the mover's own correction: after
  ``unreachable`` (it stands on a tile not connected to its start) or
  ``lifted`` (Done pressed with the mover in the air) its reachable cells
  blink until it stands on one.
* ``waiting_for_confirmation`` -- after ``ambiguous``: the mover ended on a
  tile it shares with other pawns and the reeds cannot tell which of
  several; its candidate cells blink, the referee's guess brighter; ``rotate``
  moves the guess to the next candidate, ``done`` confirms it.
* ``waiting_for_answer`` -- with the box's own cards (``cards = "physical"``):
  the move ended on a picture that may be the player's card; the tile blinks
  in the player's colour, ``done`` says yes (``card_found``: the controller
  records the picture, the tile flashes in the player's colour), ``rotate``
  no (``card_denied``); then the turn ends.
* ``waiting_for_layout`` -- with ``guided_layout``, before the first turn: one
  tile of the deal at a time (:mod:`.layout_guide`); ``done`` goes on,
  ``rotate`` back; after the spare -> ``waiting_for_pawns``.
* ``waiting_for_pawns`` -- after the guided layout: the pawns on their start
  squares and Vader on its tile (the reed check, requests ``set_up``); play
  begins as soon as the board matches.
* ``waiting_for_setup`` -- after a restart, until the board matches the saved
  game (:mod:`.setup_check`).
* ``game_over``.

Belief vs board (:mod:`..belief`): in every state the referee knows where
each pawn may stand -- where the last push or move left it, where a push in
progress takes it, anywhere for the mover during its move (followed by
:class:`~.sensing.MoveWatch`) -- and compares that with the closed reeds
after every input, by occupancy (pawns may share a tile). A pawn that is not
where it may stand (moved out of turn, lifted, moved before the shift, not
carried by the push) becomes a request of the instruction
(:mod:`.instructions`) with a warning the first time; a request blocks the
shift, the end of the move and the answer to a question until the board
matches. A button the instruction does not list does nothing (a flash points
at what the board asks instead); a slot sensor that fires when no shift is
due is warned about (``forbidden_slot``, ``extra_shift``) so the hand pulls
the tile back.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping


from mazeboard.hal.board import GameSetup, LedLayout
from mazeboard.hal.clock import Scheduler
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.events import ButtonPressed, GameEvent, LedFrame, ReedChanged
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
)
from mazeboard.hal.labyrinth_editions import VADER, deal, edition

from ..belief import Match, reconcile
from ..instruction import Instruction
from ..referee_core import RefereeCore
from ..leds import LedDriver, Scene
from . import instructions, layout_guide, rules
from .cards import Question, answer
from .cards import ask as ask_card
from .instructions import MOVER_KINDS
from .layout_guide import LayoutGuide
from .rules import LabyrinthOptions
from .sensing import Moved, MoveWatch, Seen, order_options
from .setup_check import MOVE_STATES, SETUP_TRANSITIONS, SetupCheck

log = logging.getLogger(__name__)

STATES = ["waiting_for_shift", "waiting_for_settle", "waiting_for_move", "waiting_for_correction",
          "waiting_for_confirmation", "waiting_for_answer", "game_over", "waiting_for_setup",
          "waiting_for_layout", "waiting_for_pawns"]

#: The turn as a table (transitions' declarative form).
TRANSITIONS: list[dict[str, Any]] = [
    {"trigger": "pushed", "source": "waiting_for_shift", "dest": "waiting_for_settle"},
    {"trigger": "settled", "source": "waiting_for_settle", "dest": "waiting_for_move"},
    {"trigger": "move_over", "source": ["waiting_for_move", "waiting_for_correction", "waiting_for_confirmation",
                                        "waiting_for_answer"], "dest": "waiting_for_shift"},
    {"trigger": "ask_card", "source": ["waiting_for_move", "waiting_for_correction", "waiting_for_confirmation"],
     "dest": "waiting_for_answer"},
    {"trigger": "laid", "source": "waiting_for_layout", "dest": "waiting_for_pawns"},
    {"trigger": "pawns_ready", "source": "waiting_for_pawns", "dest": "waiting_for_shift"},
    {"trigger": "hold", "source": "waiting_for_move", "dest": "waiting_for_correction"},
    {"trigger": "resume_move", "source": ["waiting_for_correction", "waiting_for_confirmation"],
     "dest": "waiting_for_move"},
    {"trigger": "ask", "source": ["waiting_for_move", "waiting_for_correction"], "dest": "waiting_for_confirmation"},
    {"trigger": "finished", "source": "*", "dest": "game_over"},
    *SETUP_TRANSITIONS,  # after a restart: check_setup, setup_done_<state> (setup_check.py)
]
INITIAL = "waiting_for_shift"
#: the first state with ``guided_layout``
INITIAL_GUIDED = "waiting_for_layout"


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


@dataclass(frozen=True)
class Belief:
    """What the referee believes against what the reeds show (see :meth:`LabyrinthReferee.belief`)."""

    may: Mapping[str, frozenset[Cell] | None]
    hint: Mapping[str, Cell | None]
    match: Match
    strays: tuple[Cell, ...]
    strays_block: bool


class LabyrinthReferee(RefereeCore):
    """Referees one game of Labyrinth.

    ``setup.extra`` may force ``edition``, ``variants``, ``layout`` (7 rows,
    rank 7 first, SCENARIOS.md notation), ``spare`` and ``cards`` (player ->
    deck, top first; not with ``cards = "physical"``: nothing is dealt then);
    the rest is dealt from ``setup.seed``. Raises
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
        self.physical_cards = self.options.physical_cards
        #: cards each player holds (the win needs them all)
        self.cards_each = rules.cards_each(self.edition, self.players, self.options.cards_each)
        if self.physical_cards:
            if extra.get("cards"):
                raise ConfigError('cards: with cards = "physical" nothing is dealt: the players keep the box\'s '
                                  "own cards (leave cards out)")
            self.decks: dict[str, list[str]] = {p: [] for p in self.players}  # unknown to the controller
        elif extra.get("cards"):
            self.decks = rules.check_decks(self.edition, self.players, extra["cards"])
            self.cards_each = max(len(d) for d in self.decks.values())  # a scenario's own decks
        else:
            self.decks = rules.deal_cards(self.edition, self.players, self.rng, self.options.cards_each)
        self.corners = rules.corners_for(self.players, self.options.start_corners)
        positions: dict[str, Cell] = dict(self.corners)
        if self.options.vader:
            vader_cell = self.maze.cell_of(VADER)
            if vader_cell is None:
                raise ConfigError("spare: the Vader tile must lie on the board in the vader variant (its pawn starts there)")
            positions[VADER] = vader_cell
        self.found: dict[str, list[str]] = {p: [] for p in self.players}
        #: the guided layout under way (``guided_layout``; None once it is over, or without it)
        self.guide: LayoutGuide | None = LayoutGuide(self.maze, self.edition) if self.options.guided_layout else None
        self._init_core(scheduler, emit, STATES, TRANSITIONS, INITIAL_GUIDED if self.guide else INITIAL)
        self.leds = LedDriver(layout, scheduler, show)
        #: where every pawn stands (exact after each push; the mover's cell is updated when its move ends)
        self.positions: dict[str, Cell] = positions
        #: the closed reeds. Assumed at the start: the pawns on their start squares (as the lobby
        #: leaves them) and Vader on its tile -- with the guided layout Vader comes only after
        #: the tiles (its tile is not laid yet), so its reed is open until the pawn check sees it.
        self.closed: set[Cell] = set(self.corners.values()) if self.guide else set(positions.values())
        self.turn = 0
        self.quarters = 0
        self.forbidden: str | None = None
        self.push: _Push | None = None
        self.reach: dict[str, int] = {}
        #: every cell a mover may end on this turn, sorted (the cells the move lights)
        self.reach_cells: tuple[Cell, ...] = ()
        #: the move under way (waiting_for_move and its corrections)
        self.watch: MoveWatch | None = None
        self.steps = 0
        #: the cell the mover's last logged step reached (its start before the first)
        self.stepped: dict[str, Cell] = {}
        self.choice: _Choice | None = None
        #: box's own cards: the question after a move that ended on a picture
        self.question: Question | None = None
        self.correction: _Correction | None = None
        self.winner: str | None = None
        #: why a pawn is away from where it may stand (the warning that noticed it; once per excursion)
        self.why: dict[str, str] = {}
        #: after a restart, until the board matches the saved game
        self.setup_check: SetupCheck | None = None
        self._belief: tuple[Any, Belief] | None = None
        #: bumped by every reed change, and by every transition and change of the pawns' resting
        #: cells (the belief is recomputed then)
        self._reeds = 0
        self._moves = 0
        self._last_closure_ms = -(10**9)
        self._flash: tuple[frozenset[str], int] = (frozenset(), 0)
        #: a card just found: its tile flashes in the finder's colour until then (cell, player, ms)
        self._shine: tuple[Cell, str, int] | None = None
        self._dispatch: dict[type, Callable[[Any], None]] = {
            ReedChanged: self._on_reed,
            ButtonPressed: self._on_button,
        }
        self._buttons: dict[str, Callable[[], None]] = {ROTATE_BUTTON: self._press_rotate, DONE_BUTTON: self._press_done}
        for s in SLOT_NAMES:
            self._buttons[f"slot:{s}"] = lambda s=s: self._insert(s)  # type: ignore[misc]
        self._instructions = instructions.table(self)

    # -- public ------------------------------------------------------------

    @property
    def current(self) -> str:
        return self.players[self.turn]

    @property
    def scores(self) -> dict[str, int]:
        """Cards found per player."""
        return {p: len(self.found[p]) for p in self.players}

    def cards_left(self, player: str) -> int:
        """Cards ``player`` has not found yet."""
        return self.cards_each - len(self.found[player]) if self.physical_cards else len(self.decks[player])

    def movers(self) -> tuple[str, ...]:
        """Pawns the current player may move this turn (own pawn, Vader, or either)."""
        player = self.current
        if self.physical_cards:
            return rules.physical_movers(player, self.cards_left(player), self.edition, self.options)
        return rules.movers(player, self.decks[player], self.edition, self.options)

    def start(self) -> None:
        """Announce the game and the dealt layout, show each player their cards, start the first turn."""
        self._input(self._start)

    def _start(self) -> None:
        self._emit("game_started", game=rules.GAME, players=list(self.players), corners=dict(self.corners),
                   edition=self.edition.name, variants=self.options.variant_names, layout=self.maze.rows(),
                   spare=self.maze.spare.notation(), vader=self.positions.get(VADER), cards=self.options.cards,
                   cards_each=self.cards_each, guided=self.guide is not None)
        for p in self.players:
            self._show_cards(p)
        if self.guide is not None:
            self._emit("layout_step", **self.guide.fields())
            self._refresh()
            return
        self._start_turn()

    def _new_setup_check(self) -> SetupCheck:
        return SetupCheck(self)

    def resume(self, closed_reeds: frozenset[Cell], hall_active: frozenset[str] = frozenset()) -> None:
        """After a restart: during the guided layout (or its pawn check) the layout goes on with the
        same tile (:func:`.layout_guide.resume`); otherwise the board check of every game
        (:meth:`RefereeCore.resume`). ``hall_active`` is ignored (Labyrinth has no tray)."""
        if self.state in ("waiting_for_layout", "waiting_for_pawns"):
            self._input(lambda: layout_guide.resume(self, closed_reeds))
            return
        super().resume(closed_reeds, hall_active)

    def snapshot(self) -> dict[str, Any]:
        """The game as plain data (views, tests, saving). ``cards`` are secret: for private views
        (empty with the box's own cards: the controller does not know them)."""
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
            "cards_mode": self.options.cards,
            "cards_left": {p: self.cards_left(p) for p in self.players},
            "found": {p: list(f) for p, f in self.found.items()},
            "layout_step": self.guide.index if self.guide is not None else None,
            "question": None if self.question is None else list(self.question.asked),
            "winner": self.winner,
            "choice": None if self.choice is None else {"options": [list(o) for o in self.choice.options],
                                                        "guess": list(self.choice.guess)},
        }

    # -- belief vs board ---------------------------------------------------------
    def belief(self) -> Belief:
        """Where the referee believes the pawns are, against the closed reeds (computed once per
        change of what it depends on: the reeds, the state, the push, the move and its mover,
        the pawns' resting cells, the board check)."""
        key = (self._reeds, self._moves)
        cached = self._belief
        if cached is None or cached[0] != key:
            may, hint = self._may(), self._hint()
            loose = self._loose()
            explained = frozenset(self.positions[p] for p in self.riding())  # the cells a push leaves
            if loose is not None:  # during the move the loose closures are MoveWatch's, but the strays
                fixed = {c for cells in may.values() if cells is not None for c in cells}
                explained = frozenset(self.closed - fixed - set(loose[0]))
            match = reconcile(may, self.closed, hint, explained)
            strays = loose if loose is not None else (
                match.extra, self.setup_check is not None or self.state == "waiting_for_pawns")
            cached = self._belief = (key, Belief(may, hint, match, *strays))
        return cached[1]

    def may(self) -> dict[str, frozenset[Cell] | None]:
        """Where each pawn may stand now (see :meth:`_may`)."""
        return dict(self.belief().may)

    def hint(self) -> dict[str, Cell | None]:
        """Where the referee believes each pawn stands (the mover: where MoveWatch last saw it)."""
        return dict(self.belief().hint)

    def match(self) -> Match:
        """The board against :meth:`may`. During the move every closed reed no fixed pawn closes is
        the mover's to explain (MoveWatch: a step under way overlaps two cells, a slide over a
        shared tile shows nothing)."""
        return self.belief().match

    def strays(self) -> tuple[list[Cell], bool]:
        """Closed reeds no pawn is believed on, and whether they block play (see :meth:`_loose`)."""
        b = self.belief()
        return list(b.strays), b.strays_block

    def _may(self) -> dict[str, frozenset[Cell] | None]:
        """Where each pawn may stand now: where the last push or move left it, where a push in
        progress takes it, the saved cells after a restart; None for the turn's possible
        movers during the move (free: :class:`MoveWatch` follows them)."""
        if self.setup_check is not None:
            return self.setup_check.may()
        push = self.push
        base = push.expect if push is not None and self.state == "waiting_for_settle" else self.positions
        may: dict[str, frozenset[Cell] | None] = {p: frozenset({c}) for p, c in base.items()}
        if self.watch is not None and self.state in MOVE_STATES:
            for m in self.watch.candidates():
                may[m] = None
        return may

    def _hint(self) -> dict[str, Cell | None]:
        if self.setup_check is not None:
            return self.setup_check.hint()
        push = self.push
        if push is not None and self.state == "waiting_for_settle":
            return dict(push.expect)
        if self.watch is not None and self.state in MOVE_STATES:
            return self.watch.positions_now()
        return dict(self.positions)

    def riding(self) -> frozenset[str]:
        """Pawns the push in progress carries along with their tiles (until it is overdue): a
        movement in progress -- not asked for, and the cells they leave are not strays. A pawn
        pushed off is not among them: a hand must set it on the inserted tile."""
        push = self.push
        if self.state != "waiting_for_settle" or push is None or push.warned:
            return frozenset()
        wrapped = {p for p, _, _ in push.wrapped}
        return frozenset(p for p, c in push.expect.items() if p not in wrapped and self.positions.get(p) != c)

    def _loose(self) -> tuple[tuple[Cell, ...], bool] | None:
        """During the move (None otherwise): the closed reeds off the fixed pawns' cells that are
        strays, and whether they block play. They are the mover's (its cell, a step under way, a
        stray MoveWatch sorts out when the move ends) -- except when the mover is unseen and there
        are several: then the one nearest where it was last seen is taken for it and the others
        are strays that block (the end of the move cannot be judged until they are gone; one
        may be a pawn moved off a tile it shared, which the request then names). Outside the
        move a closed reed no pawn explains is a stray too: it blocks only the board check after
        a restart and the pawn check after the guided layout, otherwise it is pointed at."""
        watch = self.watch
        if watch is None or self.state not in MOVE_STATES or self.setup_check is not None:
            return None
        fixed = set(watch.fixed().values())
        loose = sorted(self.closed - fixed)
        seen = [c for m in watch.candidates() if (c := watch.at.get(m)) is not None]
        if seen or len(loose) < 2:  # the mover's: its cell, a step under way, or one MoveWatch follows
            return (), False
        last = [watch.last[m] for m in watch.candidates()]
        nearest = min(loose, key=lambda c: (min(GRID.distance(c, x) for x in last), c))
        return tuple(c for c in loose if c != nearest), True

    def blocked(self) -> bool:
        """A pawn that may not move now is not where it may stand, or a closed reed nobody
        explains must go first (:meth:`strays`): its request blocks play."""
        b = self.belief()
        return bool(b.match.unmatched) or (b.strays_block and bool(b.strays))

    def _settle_belief(self) -> None:
        """After an input: warn (once) about a pawn newly away from where it may stand; when the
        board matches, forget why pawns were away."""
        if self.state in ("game_over", "waiting_for_setup", "waiting_for_layout", "waiting_for_pawns"):
            return
        settling = self.state == "waiting_for_settle"
        if settling and self.why and not self.blocked():
            self.why.clear()
            return
        m = self.match()
        if not m.unmatched:
            self.why.clear()
            return
        for pawn in m.unmatched:
            if pawn in self.why or (settling and self._carried(pawn)):
                continue  # (a pawn the push carries is the push's to judge: _push_overdue)
            cell = self.positions.get(pawn)
            self.why[pawn] = instructions.away(self, pawn)  # (the kinds stay literal: docs/event-log.md's check)
            if self.why[pawn] == "moved_before_shift":
                self._warn(self.current, "moved_before_shift", cell, pawn=pawn)
            else:
                self._warn(instructions.owner(self, pawn), "out_of_turn", cell, pawn=pawn)

    def _carried(self, pawn: str) -> bool:
        """Whether the push under way moves ``pawn`` (its tile slides, or it is pushed off the board)."""
        push = self.push
        return push is None or self.positions.get(pawn) != push.expect.get(pawn) or any(
            p == pawn for p, _, _ in push.wrapped)

    def _input(self, fn: Callable[[], None]) -> None:
        def run() -> None:
            fn()
            if self._depth == 1:
                self._settle_belief()
                if self.state == "waiting_for_pawns" and not self.blocked():
                    self._go("pawns_ready")  # the pawns stand where the game starts them: play
                    self._start_turn()

        super()._input(run)

    # -- buttons -------------------------------------------------------------------
    def _on_button(self, ev: ButtonPressed) -> None:
        """A button (or slot sensor) acts only when the instruction lists it; otherwise nothing
        happens but a flash at what the board asks (a slot sensor out of place is warned about:
        the hand must pull the spare back out)."""
        if self.state == "game_over":
            return
        action = self._buttons.get(ev.button)
        if action is None:
            log.info("labyrinth: button %r has no meaning here: ignored", ev.button)
            return
        # what the board shows now: the instruction published when the last input ended (every
        # change republishes it), computed afresh only before the first
        said = self._said or self.instruction()
        if ev.button in said.buttons:
            action()
        elif ev.button.startswith("slot:"):
            slot = ev.button[len("slot:"):]
            if self.state == "waiting_for_shift" and slot == self.forbidden:
                self._warn(self.current, "forbidden_slot", None, slot=slot)
            else:  # already shifted this turn, or the board must be put right first
                self._warn(self.current, "extra_shift", None, slot=slot)
        else:
            self._point_at(said)

    def _point_at(self, said: Instruction) -> None:
        """A button that does nothing now: flash what the board asks instead (the cells of its
        requests, or the slots that take the spare)."""
        names = {c for r in said.requests for c in (*r.to, *([r.frm] if r.frm else []))}
        names |= {b for b in said.buttons if b.startswith("slot:")}
        if not names and said.action == "move":
            names = set(said.cells)
        self._flash = (frozenset(names), self._now() + self.options.warning_ms)
        self._refresh()

    def _show_cards(self, player: str) -> None:
        """Tell ``player`` (privately: their phone, the simulated player's eyes) the cards they may aim for."""
        cards = rules.open_cards(self.decks[player], self.options)
        if cards:
            self._emit("card_shown", player=player, cards=cards)

    # -- turns ---------------------------------------------------------------
    def _start_turn(self) -> None:
        self.quarters = 0
        self.reach = {}
        self.reach_cells = ()
        self.watch = None
        self.steps = 0
        self.stepped = {}
        self._emit("turn_started", player=self.current, pawns=list(self.movers()))
        self._refresh()

    def _next_turn(self) -> None:
        self.turn = (self.turn + 1) % len(self.players)
        self._start_turn()

    def _press_rotate(self) -> None:
        if self.state == "waiting_for_layout":
            layout_guide.lay(self, forward=False)
            return
        if self.state == "waiting_for_answer":
            answer(self, False)
            return
        if self.state == "waiting_for_confirmation" and self.choice is not None:
            choice = self.choice
            choice.index = (choice.index + 1) % len(choice.options)
            pawn, cell = choice.guess
            self._emit("guess", player=self.current, pawn=pawn, cell=cell)
            self._refresh()
            return
        self.quarters = (self.quarters + 1) % 4
        self._emit("spare_rotated", player=self.current, rotation=90 * self.quarters,
                   spare=self.maze.spare.turned(self.quarters).notation())
        self._refresh()

    # -- the push ------------------------------------------------------------------
    def _insert(self, slot: str) -> None:
        player = self.current
        out = rules.apply_shift(self.maze, self.positions, slot, self.quarters)
        inserted = out.maze.tile(SLOTS[slot].entry)
        self.maze = out.maze
        self.forbidden = out.forbidden_next
        self.push = _Push(slot, self._now(), dict(out.positions), out.wrapped)
        # the pawns that rode with their tiles (a pawn pushed off is said by ``wrapped`` once settled)
        off = {pawn for pawn, _, _ in out.wrapped}
        carried = [{"pawn": p, "from": self.positions[p], "to": to} for p, to in sorted(out.positions.items())
                   if p not in off and to != self.positions.get(p)]
        self._emit("shifted", player=player, slot=slot, rotation=90 * self.quarters, inserted=inserted.notation(),
                   ejected=out.ejected.notation(), forbidden_next=out.forbidden_next, layout=self.maze.rows(),
                   carried=carried)
        self._go("pushed")
        self._after("settle", self.options.shift_settle_ms, self._check_push)
        self._after("wrap", self.options.wrap_timeout_ms, self._push_overdue)

    def _check_push(self) -> None:
        """The reeds held still for ``shift_settle_ms``: the push is over when every pawn stands
        where the push took it (rules.apply_shift), by occupancy; a closed reed nobody explains
        is pointed at but does not hold the game."""
        self._timers.pop("settle", None)
        push = self.push
        if push is None or self.state != "waiting_for_settle":
            return
        if self.blocked():
            self._refresh()  # the reeds rest but a pawn is not where the push takes it: ask for it
            return
        self._cancel("wrap")
        self.push = None
        self.why.clear()
        for pawn, frm, to in push.wrapped:
            self._emit("wrapped", pawn=pawn, **{"from": frm, "to": to})
        self.positions = dict(push.expect)
        self._begin_move()
        self._go("settled")

    def _begin_move(self) -> None:
        movers = self.movers()
        self.reach = {p: self.maze.reachable(self.positions[p]) for p in movers}
        self.reach_cells = tuple(sorted({c for bits in self.reach.values() for c in cells_of(bits)}))
        self.watch = MoveWatch(dict(self.positions), movers, dict(self.reach), self.maze.openings)
        for pawn, bits in self.reach.items():
            self._emit("reachable", player=self.current, pawn=pawn, cells=cells_of(bits))

    def _push_overdue(self) -> None:
        push = self.push
        self._timers.pop("wrap", None)
        if push is None or self.state != "waiting_for_settle":
            return
        want = set(push.expect.values())
        unmatched = set(self.match().unmatched)
        for pawn, _, to in push.wrapped:
            if to not in self.closed or pawn in unmatched:
                self.why[pawn] = "not_wrapped"
                if to not in self.closed:
                    self._warn(self.current, "not_wrapped", to, pawn=pawn)
        wrap_cells = {to for _, _, to in push.wrapped}
        for cell in sorted((self.closed ^ want) - wrap_cells):
            self._warn(self.current, "misplaced", cell)
        for pawn in unmatched:
            self.why.setdefault(pawn, "misplaced")
        push.warned = True
        self._refresh()

    def _restart_timers(self) -> None:
        """After the board check of a restart: the timers of the state play goes on in."""
        if self.state == "waiting_for_settle":
            self._after("settle", self.options.shift_settle_ms, self._check_push)
            self._after("wrap", self.options.wrap_timeout_ms, self._push_overdue)
        elif self.state == "waiting_for_move" and self.steps and self.options.settle_ms > 0:
            self._after("settle", self.options.settle_ms, lambda: self._end_move("settled"))

    # -- the move --------------------------------------------------------------------
    def _press_done(self) -> None:
        """End the move once a step under way has landed (a closure within
        ``overlap_confirm_ms`` may still be a slide overlapping two cells); after a restart,
        the people confirm the tiles lie as saved."""
        state = self.state
        if state == "waiting_for_setup" and self.setup_check is not None:
            self.setup_check.confirmed()
            return
        if state == "waiting_for_confirmation":
            self._confirm()
            return
        if state == "waiting_for_layout":
            layout_guide.lay(self, forward=True)
            return
        if state == "waiting_for_answer":
            answer(self, True)
            return
        wait_ms = self._last_closure_ms + self.options.overlap_confirm_ms + 10 - self._now()
        if wait_ms > 0:
            self._after("close", wait_ms, lambda: self._end_move("done"))
            self._refresh()
        else:
            self._end_move("done")

    def _end_move(self, reason: str) -> None:
        """The player ends the move: find where the mover stands (ask when the reeds cannot tell)."""
        self._cancel("settle")
        self._timers.pop("close", None)
        self._refresh()  # the countdown is over, whatever follows
        watch = self.watch
        corr = self.correction
        if watch is None or (self.state != "waiting_for_move" and not (
                self.state == "waiting_for_correction" and corr is not None and corr.kind in MOVER_KINDS)):
            return
        if watch.disturbed(self.closed) is not None or self.blocked():
            return  # a pawn moved out of turn: its request blocks the end of the move
        options, _ = watch.options(self.closed)
        options = order_options(options)
        if watch.mover is not None and watch.visible(watch.mover):
            cell = watch.at[watch.mover]
            assert cell is not None
            if not (self.reach.get(watch.mover, 0) >> INDEX[cell]) & 1:
                if corr is None:
                    pawn = watch.mover
                    self._hold(pawn, "unreachable", cell, cells_of(self.reach.get(pawn, 0)),
                               lambda: self._mover_seen(pawn), lambda: None)
                return  # on an unreachable cell: it must go back first
        if not options:
            pawn = watch.mover or watch.movers[0]
            if corr is None:
                allowed = cells_of(self.reach.get(pawn, 0)) or [watch.last[pawn]]
                self._hold(pawn, "lifted", None, allowed, lambda: self._mover_seen(pawn),
                           lambda: self._end_move(reason))
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
            self._step(pawn, cell)  # unseen (a tile shared with another pawn) or set down by hand
            self.positions[pawn] = cell
            self._moves += 1
        player = self.current
        acted = pawn
        candidates = [pawn] if moved else list(watch.movers)
        self.watch = None
        if self.physical_cards:
            if ask_card(self, candidates, reason, acted):
                return  # the turn ends once the player answered (cards.answer)
        else:
            deck = self.decks[player]
            for p in candidates:
                here = self.positions[p]
                card = rules.found_card(self.maze, p, here, deck, self.edition, self.options)
                if card is not None:
                    acted = p
                    self._record_card(p, card, here)
                    break
        self._end_turn(reason, acted)

    def _record_card(self, pawn: str, card: str, cell: Cell) -> None:
        """``card`` is found by ``pawn`` on ``cell``: record it, say so (``card_found``; the tile
        flashes in the player's colour), show the player their next card."""
        player = self.current
        if not self.physical_cards:
            self.decks[player].remove(card)
        self.found[player].append(card)
        self._shine = (cell, player, self._now() + self.options.warning_ms)
        self._emit("card_found", player=player, pawn=pawn, card=card, cell=cell, remaining=self.cards_left(player))
        self._show_cards(player)

    def _end_turn(self, reason: str, acted: str) -> None:
        player = self.current
        own = self.positions.get(player)
        won = rules.has_won(self.maze, self.corners[player], own, self.cards_left(player), self.options) and (
            self.options.win_after_card or acted == player)
        self._emit("turn_ended", player=player, reason=reason)
        if won:
            self._game_over(player)
            return
        self._go("move_over")
        self._next_turn()

    # -- reeds -----------------------------------------------------------------------
    def _on_reed(self, ev: ReedChanged) -> None:
        self._reeds += 1
        if ev.closed:
            self.closed.add(ev.cell)
            self._last_closure_ms = ev.t_ms
        else:
            self.closed.discard(ev.cell)
        self._look(self.state)

    def _look(self, state: str) -> None:
        """React to the closed reeds as they are now, by state (pawns away from where they may
        stand are judged after the input, :meth:`_settle_belief`)."""
        if state == "waiting_for_settle":
            self._after("settle", self.options.shift_settle_ms, self._check_push)
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
            mover = self.watch.mover
            if any(isinstance(s, Moved) for s in seen) or (
                    mover is not None and self.watch.visible(mover) and self.watch.disturbed(self.closed) is None):
                self.choice = None  # the pawn showed itself: no need to ask
                self._go("resume_move")
                self._handle(seen)

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
            if isinstance(s, Moved):
                self._moved(s)
            # Disturbed: a pawn that may not move now moved; _settle_belief warns and asks for it back

    def _moved(self, mv: Moved) -> None:
        pawn, cell = mv.pawn, mv.to
        bits = self.reach.get(pawn, 0)
        if not (bits >> INDEX[cell]) & 1:
            self._hold(pawn, "unreachable", cell, cells_of(bits), lambda: self._mover_seen(pawn), lambda: None)
            return
        for b in mv.path:  # (its first cell: where it was set down after a correction, if not logged)
            self._step(pawn, b)
        if self.options.settle_ms > 0:
            self._after("settle", self.options.settle_ms, lambda: self._end_move("settled"))
        self._refresh()

    def _step(self, pawn: str, to: Cell) -> None:
        """Log the mover's step to ``to`` from the cell its last step reached (its start first):
        the log follows the pawn without a gap, also after a correction set it down elsewhere."""
        frm = self.stepped.get(pawn, self.positions[pawn])
        if frm == to:
            return
        self.steps += 1
        self.stepped[pawn] = to
        self._emit("step", player=self.current, pawn=pawn, **{"from": frm, "to": to}, steps=self.steps)

    def _hold(self, pawn: str, kind: str, cell: Cell | None, allowed: Iterable[Cell], resolved: Callable[[], bool],
              then: Callable[[], None]) -> None:
        """The mover must stand on one of ``allowed`` (its reachable cells): warn, ask for it
        (the instruction's request) and wait until ``resolved()`` holds after a reed change;
        then go back to the move and ``then()``."""
        self._cancel("settle")
        self._cancel("close")

        def done() -> None:
            self._go("resume_move")
            then()

        self.correction = _Correction(pawn, kind, frozenset(allowed), resolved, done)
        self._warn(self.current, kind, cell, refresh=False, pawn=pawn)
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
        self.question = None
        # the cards not found, nothing being secret now (each private page shows them: Labyrinth newcomer 33 read
        # "Beetle and 1 more" under "nothing here is secret any more"); unknown with physical cards
        left = {} if self.physical_cards else {"cards_left": {p: list(d) for p, d in self.decks.items()}}
        self._emit("game_over", winner=winner, scores=self.scores, **left)
        self._go("finished")

    # -- LEDs ----------------------------------------------------------------------
    def _go(self, trigger: str) -> None:
        self._moves += 1  # a new state: a push, a move, a board check begins or ends
        super()._go(trigger)

    def _seen(self) -> tuple[Any, ...]:
        """The reeds show in the scene and the requests (MoveWatch follows the mover from them)."""
        return (frozenset(self.closed),)

    def _scene(self, instruction: Instruction) -> Scene:
        return instructions.scene(self, instruction)


def reachable_cells(maze: Maze, cell: Cell) -> list[Cell]:
    """Sorted cells connected to ``cell`` (a convenience for views and tests)."""
    return cells_of(maze.reachable(cell))


__all__ = ["LabyrinthReferee", "STATES", "TRANSITIONS", "INITIAL", "reachable_cells", "bits_of", "CELLS"]
