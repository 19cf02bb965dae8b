"""The simulated board between games: people sit down and start, as they would at a real board.

``mazeboard service run --board sim`` opens a board session for the lobby
(``BoardRequest(lobby=True)``), then one per game. :func:`open_lobby_session`
builds it: a :class:`LobbyBoard` (reed switches and buttons of the game's
board, through the hal debouncer, with nothing on it yet) and
:class:`Seaters`: ``players`` simulated people who read only what the board
announces (the ``lobby`` event: the seats, which are free, what stands
where it should not, whether it is ready; docs/event-log.md) and act with
their hands: each puts a pawn on a start corner -- the corners the rules
give that many players, so the game they start is seated as RULES.md seats
it -- clears anything else off the board, and one presses the start button.
Struggle: they press ``die<N>`` until the board shows N players, then the
start button.

:class:`Seaters` act through :class:`SeatHands`; :class:`WorldSeatHands`
does it on a game's :class:`~mazeboard.sim.world.World` (a board whose
pawns stay where the last game left them, as on the gpio rig).
"""

from __future__ import annotations

import random
from typing import Any, Callable, Hashable, Iterable, Mapping, Protocol

from mazeboard.hal.board import BoardRequest, BoardState, GameSetup, LedLayout
from mazeboard.hal.boards import MAGIC_CORNERS, PLAYER_COLOURS
from mazeboard.hal.clock import RealtimeClock, Scheduler, VirtualClock
from mazeboard.hal.debounce import DebounceSettings
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.events import GameEvent
from mazeboard.hal.labyrinth_editions import LABYRINTH_CORNERS
from mazeboard.hal.wiring_boards import BOARD_KINDS

from .board import DebouncedBoard
from .world import Contacts, Physics, World

#: the rules' start corners by player count, per game with corners (RULES.md §1, §2 Setup)
DEFAULT_CORNERS: dict[str, Mapping[int, tuple[str, ...]]] = {"magic-labyrinth": MAGIC_CORNERS,
                                                             "labyrinth": LABYRINTH_CORNERS}
#: virtual time after which a lobby nobody starts counts as idle
LOBBY_LIMIT_MS = 3600 * 1000


class SeatHands(Protocol):
    """What a person sitting down does with their hands; each returns the milliseconds it takes."""

    def seat(self, colour: str, cell: str) -> int:
        """Put ``colour``'s pawn on ``cell`` (from beside the board, or from wherever it stands)."""

    def clear(self, cell: str) -> int:
        """Take whatever stands on ``cell`` off the board."""

    def press(self, button: str) -> int: ...


class LobbyWorld:
    """The physical board between games: magnets put on and taken off cells, buttons pressed.
    Raw levels go to ``raw`` (the debouncer), bouncing as :class:`~.world.Contacts` do."""

    def __init__(self, reeds: Iterable[str], buttons: Iterable[str], scheduler: Scheduler, physics: Physics,
                 rng: random.Random, raw: Callable[[Hashable, bool], None]) -> None:
        self.reeds = tuple(reeds)
        self.buttons = tuple(buttons)
        self.scheduler = scheduler
        self.physics = physics
        self.contacts = Contacts(scheduler, rng, raw, physics.bounce_ms)
        for r in self.reeds:
            self.contacts.level[("reed", r)] = False
        for b in self.buttons:
            self.contacts.level[("button", b)] = False
        #: cell -> the colour of the pawn on it ("" for a magnet of nobody's)
        self.on: dict[str, str] = {}

    def levels(self) -> dict[Hashable, bool]:
        return dict(self.contacts.level)

    def seat(self, colour: str, cell: str) -> int:
        if cell not in self.reeds:
            raise ValueError(f"{cell} is not a cell of this board")
        for c, who in list(self.on.items()):
            if who == colour and c != cell:
                self.clear(c)
        self.on[cell] = colour
        self.contacts.set(("reed", cell), True)
        return self.physics.hand_ms

    def put(self, cell: str) -> int:
        """A magnet of nobody's on ``cell`` (a pawn left over, a stray magnet)."""
        self.on[cell] = ""
        self.contacts.set(("reed", cell), True)
        return self.physics.hand_ms

    def clear(self, cell: str) -> int:
        self.on.pop(cell, None)
        self.contacts.set(("reed", cell), False)
        return self.physics.hand_ms

    def press(self, button: str) -> int:
        if button not in self.buttons:
            raise ValueError(f"this board has no {button!r} button")
        self.contacts.set(("button", button), True)
        self.scheduler.call_later(self.physics.press_ms, lambda: self.contacts.set(("button", button), False))
        return self.physics.press_ms + 40


class LobbyBoard(DebouncedBoard):
    """The simulated board of ``game`` between games (a hal Board: reed switches, buttons, LEDs)."""

    def __init__(self, game: str, scheduler: Scheduler, physics: Physics = Physics(), rng: random.Random | None = None,
                 debounce: DebounceSettings = DebounceSettings()) -> None:
        spec = BOARD_KINDS[game].spec({})
        super().__init__(scheduler, LedLayout.row_major(spec.leds), debounce)
        self.world = LobbyWorld(spec.reeds, spec.buttons, scheduler, physics, rng or random.Random(0),
                                self.debouncer.raw)
        self._add_channels(self.world.levels())

    def state(self) -> BoardState:
        closed = frozenset(r for r in self.world.reeds if self.debouncer.stable(("reed", r)))
        return BoardState(closed, frozenset())

    def snapshot(self) -> dict[str, Any]:
        return {"on": dict(self.world.on)}


class WorldSeatHands:
    """:class:`SeatHands` on a game's :class:`~.world.World`: pawns are lifted from where the last
    game left them (their balls fished back out of the tray) and put on their corners."""

    def __init__(self, world: World) -> None:
        self.world = world

    def _fetch(self, colour: str) -> None:
        if self.world.pawns[colour].ball != "attached":
            self.world.fetch_ball(colour)

    def seat(self, colour: str, cell: str) -> int:
        pawn = self.world.pawns[colour]
        if pawn.cell == cell:
            return 0
        ms = self.world.lift(colour) if pawn.cell is not None else 0
        ms += self.world.place(colour, cell)
        self._fetch(colour)
        return ms + self.world.physics.fetch_ms

    def clear(self, cell: str) -> int:
        for colour, pawn in self.world.pawns.items():
            if pawn.cell == cell:
                ms = self.world.lift(colour)
                self._fetch(colour)
                return ms + self.world.physics.fetch_ms
        return 0

    def press(self, button: str) -> int:
        return self.world.press(button)


class Seaters:
    """``count`` simulated people taking their seats in the lobby of ``game`` (see the module doc).

    They follow the ``lobby`` events the board announces (:meth:`watch`); one thing at a time,
    each after ``think_ms`` (seeded). A start press the board did not take is tried again
    after ``retry_ms``."""

    def __init__(self, hands: SeatHands, game: str, count: int, scheduler: Scheduler, rng: random.Random,
                 think_ms: tuple[int, int] = (400, 1500), retry_ms: int = 3000, sit_after_ms: int = 0) -> None:
        if not 2 <= count <= 4:
            raise ConfigError(f"--players: 2 to 4 simulated players sit down, got {count}")
        self.hands = hands
        self.game = game
        self.count = count
        self.scheduler = scheduler
        self.rng = rng
        self.think_ms = think_ms
        self.retry_ms = retry_ms
        self.seen: dict[str, Any] | None = None
        self._busy = False
        self.presses = 0
        #: nobody acts before this time (``service run --sit-after``: a phone changes options first)
        self.sit_at_ms = scheduler.now_ms() + sit_after_ms
        if sit_after_ms:
            self._busy = True
            scheduler.call_later(sit_after_ms, self._done)

    def watch(self, event: GameEvent) -> None:
        if event.type == "lobby":
            self.seen = dict(event.fields)
            self._plan()

    def _plan(self) -> None:
        seen = self.seen
        if self._busy or seen is None or seen.get("state") != "seating":
            return
        action = self._next(seen)
        if action is None:
            return
        self._busy = True

        def act() -> None:
            ms = action()
            self.scheduler.call_later(ms + 20, self._done)

        self.scheduler.call_later(self.rng.randint(*self.think_ms), act)

    def _done(self) -> None:
        self._busy = False
        self._plan()

    def _press(self, button: str) -> Callable[[], int]:
        def press() -> int:
            self.presses += 1
            ms = self.hands.press(button)
            return max(ms, self.retry_ms)  # give the board time to answer before looking again

        return press

    def _clear(self, cell: str) -> Callable[[], int]:
        return lambda: self.hands.clear(cell)

    def _seat(self, colour: str, cell: str) -> Callable[[], int]:
        return lambda: self.hands.seat(colour, cell)

    def _next(self, seen: Mapping[str, Any]) -> Callable[[], int] | None:
        """What to do next, seeing the board as ``seen`` says; None when nothing."""
        if seen.get("count") is not None:  # Struggle: choose the count, then start
            if seen["count"] != self.count:
                return self._press(f"die{self.count}")
            return self._press(seen["start"])
        seats: dict[str, str] = seen["seats"]
        colour_at = {cell: colour for colour, cell in seats.items()}
        wanted = DEFAULT_CORNERS[self.game][self.count]
        for cell in seen["strays"]:
            return self._clear(cell)
        for cell in seats.values():
            if cell not in wanted and cell not in seen["free"]:  # a corner nobody of us sits at
                return self._clear(cell)
        for cell in wanted:
            if cell in seen["free"]:
                return self._seat(colour_at[cell], cell)
        if seen.get("ready"):
            return self._press(seen["start"])
        return None


class SimLobbySession:
    """A simulated board session for the lobby of ``game``, with ``count`` :class:`Seaters`."""

    def __init__(self, game: str, count: int, seed: int, realtime: bool = False, sit_after_ms: int = 0) -> None:
        if game not in BOARD_KINDS:
            raise ConfigError(f"--game: {game!r} is not available (choose from {', '.join(BOARD_KINDS)})")
        self.clock: VirtualClock | RealtimeClock = RealtimeClock() if realtime else VirtualClock()
        self.setup = GameSetup(game, PLAYER_COLOURS[:count], seed)
        self.board = LobbyBoard(game, self.clock, Physics(), random.Random(f"lobby-{seed}"))
        self.world = self.board.world
        self.seaters = Seaters(self.world, game, count, self.clock, random.Random(f"seaters-{seed}"),
                               sit_after_ms=sit_after_ms)
        self.board.watchers.append(self.seaters.watch)

    @property
    def scheduler(self) -> VirtualClock | RealtimeClock:
        return self.clock

    def start(self) -> None:
        pass

    def run(self, stop: Callable[[], bool] | None = None) -> bool:
        """Until ``stop()``: at real time for ever, on virtual time until nothing is pending (nobody
        will act any more) or :data:`LOBBY_LIMIT_MS`; True when ``stop()`` ended it."""
        if isinstance(self.clock, RealtimeClock):
            self.clock.run_forever(stop=stop)
        else:
            self.clock.run_until_idle(limit_ms=LOBBY_LIMIT_MS, stop=stop)
        return bool(stop and stop())


def open_lobby_session(request: BoardRequest) -> SimLobbySession:
    """The ``sim`` backend's session for ``request.lobby``: ``request.players`` simulated people
    (a number, 2-4) sit down at ``request.game``'s board, after ``request.options["sit_after_ms"]``
    (a whole number of milliseconds, 0 to an hour; default 0)."""
    count = request.players if isinstance(request.players, int) else len(request.players)
    wait = request.options.get("sit_after_ms", 0)
    if not isinstance(wait, int) or isinstance(wait, bool) or not 0 <= wait <= LOBBY_LIMIT_MS:
        raise ConfigError(f"--sit-after: 0 to {LOBBY_LIMIT_MS // 1000} seconds, got {wait!r}")
    return SimLobbySession(request.game, count, request.seed, request.realtime, wait)
