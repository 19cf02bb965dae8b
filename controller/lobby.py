"""The lobby: who plays, with which options, and when a game starts or is abandoned -- from the board.

One :class:`Lobby` lives as long as the service (``mazeboard service run``)
and follows the table through its phases; it is a state machine on
:class:`~.referee_core.RefereeCore`, so every state has an instruction and
the LEDs are rendered from it:

* ``seating`` -- no game: the board shows the lobby. The Magic Labyrinth and
  Labyrinth: each start corner has a colour (:data:`TABLES`, clockwise from
  a1: red, blue, green, yellow); a free corner pulses in its colour, a taken
  one (its reed closed: a pawn stands there) is steady. The players are the
  colours whose corners are taken, in that clockwise order; with two or more
  and nothing else on the board, the start button (Roll; Labyrinth: Done)
  starts the game. Struggle has no corners: Die 2, Die 3, Die 4 choose the
  player count (the arrival places A.. light in the players' colours), Throw
  starts.
* ``result`` -- after a game: the winner's colour (a rainbow sweep, then
  steady; a shared win: every winner's colour in turn, every winner named)
  for ``lobby_after_ms``, then ``seating`` by itself (the start button goes
  there at once).
* ``playing`` -- a game runs; its referee owns the LEDs. The lobby only
  watches the buttons for the abandon gesture, made of presses a turn never
  makes: the game's done button (Struggle: Stop) pressed ``abandon_presses``
  times within ``abandon_window_ms`` *while it does nothing in the game* (the
  game's instruction does not list it: before the roll, the push, the
  throw). A press the game acts on -- that button's or any other -- breaks
  the gesture, so a brisk turn (Stop, Stop, Stop each playing a step) or an
  impatient Done (the first ends the move) never asks. The last press is kept
  from the game.
* ``confirming_abandon`` -- every LED flashes red; the same gesture again
  (``abandon_presses`` presses of that button within ``abandon_window_ms``)
  abandons the game. Any other button, or ``abandon_confirm_ms`` without the
  gesture, plays on: the game's next natural press (the next player's Roll
  or Throw) never confirms; it plays on and does what it does in the game
  when the game's instruction lists it. The gesture's presses never reach
  the game; reed switches and Hall-effect sensors always do.

Phases: the service attaches the lobby to each board session in turn
(:meth:`Lobby.enter_lobby` / :meth:`Lobby.leave_lobby` for the lobby's own
session, :meth:`Lobby.enter_game` / :meth:`Lobby.leave_game` around a game).
Its timers run on the attached session's clock; nothing of the lobby is
journaled (a restart in the lobby comes back to the lobby).

The API a companion view calls (Part W: ``set_option``,
``request_start``, ``request_abandon``, ``snapshot``) must run on the board
session's clock thread, like every input: from another thread go through
:meth:`mazeboard.controller.service.Service.submit`.
"""

from __future__ import annotations

import logging
from collections import deque
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from mazeboard.hal.board import BoardRequest, LedLayout
from mazeboard.hal.boards import MAGIC_CORNERS, PLAYER_COLOURS, SEATS
from mazeboard.hal.clock import Scheduler, Timer
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.events import ButtonPressed, GameEvent, LedFrame, ReedChanged, SensorEvent
from mazeboard.hal.labyrinth_editions import LABYRINTH_CORNERS, edition

from . import config as cfg
from .instruction import Instruction, Request, listing, names, phrase, request_layers
from .leds import PLAYER_RGB, WARNING_RGB, LedDriver, Scene, scale, win_scene
from .referee_core import RefereeCore

log = logging.getLogger(__name__)

STATES = ["seating", "result", "playing", "confirming_abandon"]

TRANSITIONS: list[dict[str, Any]] = [
    {"trigger": "start", "source": "seating", "dest": "playing"},
    {"trigger": "resume", "source": ["seating", "result"], "dest": "playing"},
    {"trigger": "over", "source": ["playing", "confirming_abandon"], "dest": "result"},
    {"trigger": "open", "source": STATES, "dest": "seating"},
    {"trigger": "ask", "source": "playing", "dest": "confirming_abandon"},
    {"trigger": "play_on", "source": "confirming_abandon", "dest": "playing"},
]

#: how a button is called in the instructions
BUTTON_NAMES: dict[str, str] = {"roll": "Roll", "done": "Done", "throw": "Throw", "stop": "Stop", "rotate": "Rotate"}


@dataclass(frozen=True)
class TableKind:
    """What the lobby needs to know of a game's board.

    ``seats``: (colour, start corner) clockwise from a1 (empty: Struggle, no
    corners); ``default_corners``: the rules' corners by player count (a
    seating that matches needs no ``start_corners`` option); ``start``: the
    button that starts a game; ``gesture``: the button pressed repeatedly,
    while it does nothing in the game, to ask to abandon -- and again to
    confirm; ``idle``: when in a turn that button does nothing (in words);
    ``release``: the button pressed repeatedly in the lobby to free the seats
    of those not seated."""

    game: str
    seats: tuple[tuple[str, str], ...]
    default_corners: Mapping[int, tuple[str, ...]]
    start: str
    gesture: str
    idle: str
    release: str


TABLES: dict[str, TableKind] = {
    "magic-labyrinth": TableKind("magic-labyrinth", SEATS["magic-labyrinth"], MAGIC_CORNERS, "roll", "done",
                                 "before the roll", "done"),
    "labyrinth": TableKind("labyrinth", SEATS["labyrinth"], LABYRINTH_CORNERS, "done", "done", "before the push",
                           "rotate"),
    "struggle": TableKind("struggle", SEATS["struggle"], {}, "throw", "stop", "before the first throw", "stop"),
}
#: Struggle: die button -> player count
COUNT_BUTTONS: dict[str, int] = {"die2": 2, "die3": 3, "die4": 4}


@dataclass(frozen=True)
class GameResult:
    """How the last game ended: its ``winner`` and ``scores`` (the result shown; ``winners``: every
    player sharing the win, when several tie -- Struggle), or ``abandoned`` (``board``, ``phone``
    or ``service``: archived, nothing to show)."""

    winner: str | None = None
    scores: Mapping[str, int] | None = None
    abandoned: str | None = None
    winners: tuple[str, ...] = ()

    @property
    def all_winners(self) -> tuple[str, ...]:
        """Everyone who won (one player, or all who share the win); empty without a winner."""
        return self.winners or ((self.winner,) if self.winner is not None else ())


class _PhaseClock:
    """The lobby's scheduler: the attached session's clock (timers), and its time (events, LEDs)."""

    def __init__(self) -> None:
        self.live: Scheduler | None = None
        self.time: Callable[[], int] | None = None
        self._last = 0

    def now_ms(self) -> int:
        if self.time is not None:
            self._last = int(self.time())
        return self._last

    def call_later(self, delay_ms: int, fn: Callable[[], None], *, daemon: bool = False) -> Timer:
        if self.live is None:
            raise RuntimeError("the lobby is not attached to a board session")
        return self.live.call_later(delay_ms, fn, daemon=daemon)


class Lobby(RefereeCore):
    """The lobby of one board for the whole service (see the module doc).

    ``game``: the game kind (from the wiring file); ``config``: the settings
    (``[lobby]`` and the game's table of options, changed by :meth:`set_option`).
    Raises :class:`ConfigError` for an unknown game."""

    def __init__(self, game: str, config: cfg.Config) -> None:
        if game not in TABLES:
            raise ConfigError(f"game: {game!r} has no lobby (choose from {', '.join(TABLES)})")
        self.game = game
        self.kind = TABLES[game]
        self.config = config
        self.settings = config.lobby
        self._clock = _PhaseClock()
        self._init_core(self._clock, self._drop, STATES, TRANSITIONS, "seating")
        self.leds = LedDriver(LedLayout({}, 0), self._clock, lambda frame: None)
        self._layout = LedLayout({}, 0)
        self._gen = 0
        #: "lobby" (its own board session), "game" (beside a game's referee) or "" (detached)
        self.phase = ""
        self.closed: set[str] = set()
        self.count = config.struggle.players
        self.result: GameResult | None = None
        self._result_until = 0
        self._result_since = 0
        #: the players of the game under way (or about to start)
        self.players: tuple[str, ...] = ()
        #: who asked to abandon (board / phone) while confirming; who confirmed, once confirmed
        self.asked_by: str | None = None
        self.abandoned: str | None = None
        self._deadline = 0
        self._presses: deque[int] = deque()
        self._flash_until = 0
        self._hold: Callable[[bool], None] = lambda on: None
        self._game_instruction: Callable[[], Instruction] | None = None
        self._last_lobby: dict[str, Any] | None = None
        self._dispatch = {ReedChanged: self._on_reed, ButtonPressed: self._on_button}
        self._buttons = {}
        self._instructions = {
            "seating": self._say_seating,
            "result": self._say_result,
            "playing": self._say_playing,
            "confirming_abandon": self._say_abandon,
        }

    @staticmethod
    def _drop(event: GameEvent) -> None:
        pass

    # -- phases ---------------------------------------------------------------------------
    def _attach(self, phase: str, scheduler: Scheduler, now: Callable[[], int], layout: LedLayout,
                show: Callable[[LedFrame], None], emit: Callable[[GameEvent], None]) -> None:
        self._detach()
        self.phase = phase
        self._clock.live, self._clock.time = scheduler, now
        self._gen += 1
        gen = self._gen

        def shown(frame: LedFrame) -> None:  # only while this attachment lasts and the lobby owns the LEDs
            if self._gen == gen and (self.phase == "lobby" or self.state == "confirming_abandon"):
                show(frame)

        self._layout = layout
        self.leds = LedDriver(layout, self._clock, shown)
        self._emit_sink = emit
        self._said = None
        self._shown = None
        self._last_lobby = None

    def _detach(self) -> None:
        for name in list(self._timers):
            self._cancel(name)
        if self.phase:
            self.leds.set(Scene())  # stops its animation ticks
        self._gen += 1
        self.phase = ""
        self._clock.live = self._clock.time = None
        self._emit_sink = self._drop

    def enter_lobby(self, scheduler: Scheduler, layout: LedLayout, show: Callable[[LedFrame], None],
                    emit: Callable[[GameEvent], None], closed: frozenset[str] = frozenset()) -> None:
        """Show the lobby on a board session of its own: ``closed`` reeds as the board has them now;
        the last game's result first, if it has one."""
        self._attach("lobby", scheduler, scheduler.now_ms, layout, show, emit)
        self.closed = set(closed)

        def begin() -> None:
            result = self.result
            if result is not None and result.winner is not None and self.settings.lobby_after_ms > 0:
                if self.state != "result":
                    self._go("over")
                self._result_since = self._now()
                self._result_until = self._result_since + self.settings.lobby_after_ms
                self._after("result", self.settings.lobby_after_ms, self._open)
            elif self.state != "seating":
                self._go("open")
            self._refresh()

        self._input(begin)

    def leave_lobby(self) -> None:
        """The lobby's session ends (a game starts, or the service stops)."""
        self._detach()

    def enter_game(self, scheduler: Scheduler, now: Callable[[], int], layout: LedLayout,
                   show: Callable[[LedFrame], None], emit: Callable[[GameEvent], None],
                   hold: Callable[[bool], None], instruction: Callable[[], Instruction],
                   players: tuple[str, ...]) -> None:
        """A game runs on ``scheduler``'s board: watch its buttons (:meth:`gate`). ``now``: the game's
        time (its events' ``t``); ``show``: the board's LEDs, used only to ask to confirm an abandon,
        while ``hold(True)`` keeps the game's frames off them; ``emit``: the game's event stream;
        ``instruction``: the game's current instruction (said again after a cancelled abandon)."""
        self._attach("game", scheduler, now, layout, show, emit)
        self._hold, self._game_instruction = hold, instruction
        self.players = players
        self.abandoned = self.asked_by = None
        self._presses.clear()
        if self.state in ("seating", "result"):
            self._input(lambda: self._go("resume"))

    def leave_game(self, result: GameResult) -> None:
        """The game phase ends: ``result`` says how (a winner, abandoned, or ``GameResult()`` when the
        service stops and the game stays saved)."""
        if self.state == "confirming_abandon":
            self._hold(False)
        self._hold = lambda on: None
        self._game_instruction = None
        self.result = result
        self._detach()
        self.asked_by = None
        self._machine.set_state("result" if result.winner is not None else "seating", model=self._flow)

    # -- the lobby's own inputs ------------------------------------------------------------
    def _on_reed(self, ev: ReedChanged) -> None:
        (self.closed.add if ev.closed else self.closed.discard)(ev.cell)
        self._refresh()

    def _on_button(self, ev: ButtonPressed) -> None:
        if self.phase != "lobby":
            return
        if self.state == "result":
            if ev.button == self.kind.start:
                self._open()
            return
        if self.state != "seating":
            return
        if ev.button in COUNT_BUTTONS and not self.kind.seats:
            self.count = COUNT_BUTTONS[ev.button]
            self._refresh()
        elif ev.button == self.kind.start:
            self._start("board")
        elif ev.button == self.kind.release:
            self._release_press()

    def _release_press(self) -> None:
        """One press of the release gesture; the last of ``abandon_presses`` within
        ``abandon_window_ms`` frees the seats of every colour not seated now."""
        now = self._now()
        presses = self._presses
        presses.append(now)
        while presses and now - presses[0] > self.settings.abandon_window_ms:
            presses.popleft()
        if len(presses) < self.settings.abandon_presses:
            return
        presses.clear()
        seated = set(self.seated())
        colours = [c for c in PLAYER_COLOURS if c not in seated]
        self._emit("seats_released", colours=colours, by="board")
        log.info("lobby: seats released from the board: %s", ", ".join(colours) or "none")

    def _open(self) -> None:
        self._cancel("result")
        if self.state != "seating":
            self._go("open")

    def _start(self, by: str) -> str | None:
        why = self.not_ready()
        if why is not None:
            log.info("lobby: cannot start: %s", why)
            self._flash_until = self._now() + 1500
            self._refresh()
            return why
        self.players = self.seated()
        self._emit("game_requested", game=self.game, players=list(self.players), corners=self.corners(),
                   options=cfg.options_of(self.config.table(self.game)), by=by)
        log.info("lobby: %s start %s with %s", by, self.game, ", ".join(self.players))
        self._go("start")
        return None

    def _publish(self) -> None:
        """Publish (the ``lobby`` event when its snapshot changed, then the instruction and the LEDs)
        only where the lobby has the board: its own session, or asking to confirm an abandon."""
        if self.phase == "lobby":
            snap = self.snapshot()
            if snap != self._last_lobby:
                self._last_lobby = snap
                self._emit("lobby", **snap)
        if self.phase == "lobby" or (self.phase == "game" and self.state == "confirming_abandon"):
            super()._publish()

    # -- beside a game -----------------------------------------------------------------------
    def gate(self, event: SensorEvent) -> bool:
        """A sensor event of the game's board, before the game (and its journal) sees it: False to
        keep it from the game (the gesture's last press, the gesture's presses while confirming,
        another button while confirming that the game does not act on)."""
        if not isinstance(event, ButtonPressed) or self.phase != "game":
            return True
        if self.abandoned is not None:  # confirmed: the game ends, nothing more reaches it
            return False
        if self.state == "confirming_abandon":
            if event.button != self.kind.gesture:  # plays on, and plays: the game's next natural press
                acts = self._acts_in_game(event.button)
                self._input(lambda: self._play_on("button"))
                return acts
            if self._gesture_made():
                self._input(self._confirm)
            return False
        if self.state != "playing":
            return True
        if event.button != self.kind.gesture or self._acts_in_game(event.button):
            self._presses.clear()  # a press the game acts on is play, never part of the gesture
            return True
        if not self._gesture_made():
            return True  # the game ignores it (its instruction does not list it), as it always does
        self._input(lambda: self._ask("board"))
        return False

    def _acts_in_game(self, button: str) -> bool:
        """Whether the game acts on ``button`` now: its instruction lists it (issue 11: only the
        buttons listed act)."""
        return self._game_instruction is not None and button in self._game_instruction().buttons

    def _gesture_made(self) -> bool:
        """Count one press of the gesture's button: True (and start counting afresh) when it is
        the ``abandon_presses``-th within ``abandon_window_ms``."""
        now = self._clock.now_ms()
        presses = self._presses
        presses.append(now)
        while presses and now - presses[0] > self.settings.abandon_window_ms:
            presses.popleft()
        if len(presses) < self.settings.abandon_presses:
            return False
        presses.clear()
        return True

    def _ask(self, by: str) -> None:
        self.asked_by = by
        self._presses.clear()  # the confirmation is the whole gesture again
        self._deadline = self._now() + self.settings.abandon_confirm_ms
        self._go("ask")
        self._hold(True)
        self._emit("abandon_asked", by=by, until=self._deadline)
        self._after("confirm", self.settings.abandon_confirm_ms, lambda: self._play_on("timeout"))

    def _confirm(self) -> None:
        self._cancel("confirm")
        by = self.asked_by or "board"
        self.abandoned = by
        self._emit("game_abandoned", by=by, reason=f"asked from the {by}, confirmed on the board",
                   players=list(self.players))
        log.info("the game is abandoned (asked from the %s, confirmed on the board)", by)

    def given_up(self, reason: str) -> None:
        """The service puts the game aside (its session ended with no winner: ``reason``)."""
        self._input(lambda: self._emit("game_abandoned", by="service", reason=reason, players=list(self.players)))

    def _play_on(self, why: str) -> None:
        self._cancel("confirm")
        self.asked_by = None
        self._go("play_on")
        self._emit("abandon_cancelled", reason=why)
        self._hold(False)
        if self._game_instruction is not None:  # what the board asks is the game's again
            self._emit("instruction", **self._game_instruction().fields())

    # -- the API (board session's clock thread) ------------------------------------------------
    def set_option(self, game: str, key: str, value: Any) -> None:
        """Change one option of the next games (``[game].key`` of the config file), checked as the
        file is. Only in the lobby (not while a game runs). Raises :class:`ConfigError`
        (``game.key: reason``, or why not now); nothing changes then."""
        if game != self.game:
            raise ConfigError(f"game: this board plays {self.game}, not {game!r}")
        if self.state not in ("seating", "result"):
            raise ConfigError("options change in the lobby, not while a game is played")
        self.config = self.config.with_option(game, key, value)
        if game == "struggle" and key == "players":
            self.count = self.config.struggle.players
        self._input(self._refresh)

    def request_start(self, by: str = "phone") -> str | None:
        """Start a game with the players seated on the board, as the start button does. Returns
        None when the game starts, else why not (not in the lobby, fewer than two players,
        something on the board to clear)."""
        if self.phase != "lobby" or self.state not in ("seating", "result"):
            return "no lobby: a game is under way" if self.phase == "game" else "the lobby is not open"
        result: list[str | None] = []

        def go() -> None:
            if self.state == "result":
                self._open()
            result.append(self._start(by))

        self._input(go)
        return result[0]

    def request_abandon(self, by: str = "phone") -> str | None:
        """Ask the board to confirm abandoning the game under way (the abandon gesture on the board).
        Returns None when the board now asks, else why not."""
        if self.phase != "game" or self.state != "playing":
            return "the board is already asking" if self.state == "confirming_abandon" else "no game under way"
        self._input(lambda: self._ask(by))
        return None

    def snapshot(self) -> dict[str, Any]:
        """The lobby as plain data (the ``lobby`` event's fields; JSON-ready)."""
        return {
            "game": self.game,
            "state": self.state,
            "players": list(self.seated()) if self.state == "seating" else list(self.players),
            "seats": dict(self.kind.seats),
            "corners": self.corners(),
            "free": [c for colour, c in self.kind.seats if c not in self.closed],
            "strays": self.strays(),
            "count": self.count if not self.kind.seats else None,
            "ready": self.not_ready() is None if self.state == "seating" else False,
            "start": self.kind.start,
            "options": cfg.options_of(self.config.table(self.game)),
            "result": None if self.result is None else {"winner": self.result.winner,
                                                       "winners": list(self.result.all_winners),
                                                       "scores": dict(self.result.scores or {}),
                                                       "abandoned": self.result.abandoned},
        }

    # -- who plays ------------------------------------------------------------------------------
    def seated(self) -> tuple[str, ...]:
        """The players now: the colours whose corners hold a pawn, clockwise from a1 (Struggle:
        the first ``count`` colours)."""
        if not self.kind.seats:
            return PLAYER_COLOURS[:self.count]
        return tuple(colour for colour, corner in self.kind.seats if corner in self.closed)

    def corners(self) -> dict[str, str]:
        """Player -> start corner for the players now (empty for Struggle)."""
        where = dict(self.kind.seats)
        players = self.seated() if self.state == "seating" else self.players
        return {p: where[p] for p in players if p in where}

    def strays(self) -> list[str]:
        """Closed reeds off the start corners (a pawn or magnet that must go before a game)."""
        if not self.kind.seats:
            return []
        corners = {c for _, c in self.kind.seats}
        return sorted(self.closed - corners)

    def not_ready(self) -> str | None:
        """Why a game cannot start now, or None."""
        if len(self.seated()) < 2:
            return "fewer than two pawns on start corners"
        if self.strays():
            return "something stands off the start corners: " + ", ".join(self.strays())
        return None

    def game_request(self, seed: int) -> BoardRequest:
        """What to play: this lobby's game, players and options (and ``start_corners`` when the
        players do not sit where the rules seat that many), with ``seed``."""
        players = self.players or self.seated()
        fields_ = cfg.request_fields(self.config.table(self.game))
        options = dict(fields_.pop("options"))
        if options.get("cards_each"):  # the file's shorter game, at most the even share of who sat down
            share = len(edition(fields_.get("edition", "classic")).cards) // len(players)
            options["cards_each"] = min(int(options["cards_each"]), share)
        corners = tuple(dict(self.kind.seats)[p] for p in players) if self.kind.seats else ()
        if corners and corners != tuple(self.kind.default_corners.get(len(players), ())):
            options["start_corners"] = corners
        return BoardRequest(game=self.game, players=tuple(players), seed=seed, options=options, **fields_)

    # -- instructions ------------------------------------------------------------------------------
    def _facts(self) -> dict[str, Any]:
        return {"start": BUTTON_NAMES[self.kind.start], "gesture": BUTTON_NAMES[self.kind.gesture],
                "idle": self.kind.idle, "presses": self.settings.abandon_presses}

    def _say_seating(self) -> Instruction:
        facts = self._facts()
        start = {self.kind.start: "start the game"}
        if not self.kind.seats:
            counts = {b: f"{n} players" for b, n in COUNT_BUTTONS.items()}
            return Instruction(None, "count", "lobby.count", {**facts, "count": self.count}, (), {**counts, **start})
        free = tuple(sorted(c for _, c in self.kind.seats if c not in self.closed))
        strays = tuple(Request("", "magnet", "stray", c, (), None, words="lobby") for c in self.strays())
        if strays:
            return Instruction(None, "correct", "lobby.clear", facts, strays, {}, free)
        players = self.seated()
        if len(players) < 2:
            return Instruction(None, "seat", "lobby.seat", facts, (), {}, free)
        return Instruction(None, "start", "lobby.start", {**facts, "players_text": names(players)}, (), start, free)

    def _say_result(self) -> Instruction:
        r = self.result
        text: Any = ""
        if r is not None and r.all_winners:
            winners = r.all_winners
            scores = listing([phrase("text.score", player=p, score=s) for p, s in (r.scores or {}).items()], None)
            if len(winners) > 1:  # a tie (Struggle): said as the game says it, with the scores
                text = phrase(_TIES[min(len(winners), 4)], winners=names(winners),
                              points=(r.scores or {}).get(winners[0], 0), scores=scores)
            else:
                text = phrase("lobby.won_scores", winner=winners[0], scores=scores) if r.scores else \
                    phrase("lobby.won", winner=winners[0])
        return Instruction(None, "result", "lobby.result", {**self._facts(), "result_text": text}, (),
                           {self.kind.start: "open the lobby now"}, until_ms=self._result_until)

    def _say_playing(self) -> Instruction:
        return Instruction(None, "play", "lobby.playing", self._facts(), (),
                           {self.kind.gesture: f"{self.settings.abandon_presses} quick presses while it does nothing "
                                               "in the game: ask to abandon the game"})

    def _say_abandon(self) -> Instruction:
        return Instruction(None, "abandon", "lobby.abandon", {**self._facts(), "by": self.asked_by}, (),
                           {self.kind.gesture: f"{self.settings.abandon_presses} quick presses: abandon the game "
                                               "(any other button plays on)"},
                           until_ms=self._deadline)

    def _scene(self, instruction: Instruction) -> Scene:
        names = self._layout.cell_to_index
        if self.state == "confirming_abandon":
            return Scene(flash=dict.fromkeys(names, WARNING_RGB), flash_until_ms=self._deadline)
        if self.state == "result":
            return win_scene(self.result.all_winners if self.result is not None else (), self._result_since)
        if self.state != "seating":
            return Scene()
        cells: dict[str, tuple[int, int, int]] = {}
        pulse: dict[str, tuple[int, int, int]] = {}
        if not self.kind.seats:  # Struggle: the arrival places A.. in the players' colours
            for i, colour in enumerate(PLAYER_COLOURS):
                place = f"place-{'ABCD'[i]}"
                if i < self.count:
                    cells[place] = PLAYER_RGB[colour]
                else:
                    pulse[place] = scale(PLAYER_RGB[colour], 0.5)
        else:
            for colour, corner in self.kind.seats:
                (cells if corner in self.closed else pulse)[corner] = PLAYER_RGB[colour]
            pulse.update(request_layers(instruction).pulse)
        flash = dict.fromkeys(instruction.cells or pulse, WARNING_RGB) if self._flash_until > self._now() else {}
        return Scene(cells=cells, pulse=pulse, flash=flash, flash_until_ms=self._flash_until)


#: a tie's words by how many tie
_TIES = {2: "lobby.tie", 3: "lobby.tie_three", 4: "lobby.tie_four"}
