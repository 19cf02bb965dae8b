"""The board interface every backend implements, and what a backend hands the controller.

A :class:`Board` is a stream of debounced :mod:`sensor events <mazeboard.hal.events>`
in and :class:`~mazeboard.hal.events.LedFrame`\\ s out. ``announce`` carries the
controller's game events to whatever shows them to the people at the board
(a screen, the browser view, the simulated players' eyes).

A backend opened through :mod:`mazeboard.hal.backends` returns a
:class:`BoardSession`: the board, the scheduler driving it, the
:class:`GameSetup` it asks for (a scenario may force dice and targets), and
``run()`` which drives time until the session is over.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Protocol

from .events import GameEvent, LedFrame, SensorEvent


@dataclass(frozen=True)
class LedLayout:
    """Which LED (chain index) sits under which cell; ``count`` LEDs in the chain.

    Extra LEDs (slot arrows, dice display) may have indices not under a cell.
    """

    cell_to_index: Mapping[str, int]
    count: int

    def index(self, cell: str) -> int:
        return self.cell_to_index[cell]

    @classmethod
    def row_major(cls, cells: tuple[str, ...]) -> "LedLayout":
        return cls({c: i for i, c in enumerate(cells)}, len(cells))


@dataclass(frozen=True)
class BoardState:
    """Debounced sensor levels at one moment: closed reeds, Hall sensors sensing a ball."""

    closed_reeds: frozenset[str]
    hall_active: frozenset[str]


@dataclass(frozen=True)
class BoardStatus:
    """The board went away (``connected=False``: unplugged, silent) or came back, at
    ``t_ms``; ``detail`` says why (for the log). Boards that can lose their link offer
    ``watch_status(sink)``; the simulator's in-process board never does."""

    t_ms: int
    connected: bool
    detail: str = ""


class Board(Protocol):
    layout: LedLayout

    def subscribe(self, sink: Callable[[SensorEvent], None]) -> None:
        """Deliver every future sensor event to ``sink`` (called on the scheduler's thread)."""

    def state(self) -> BoardState:
        """Current debounced levels (for start-up and resume)."""

    def show(self, frame: LedFrame) -> None:
        """Drive the LEDs with ``frame``."""

    def announce(self, event: GameEvent) -> None:
        """Show a game event to the people at the board."""

    def close(self) -> None: ...


@dataclass(frozen=True)
class GameSetup:
    """What to play: game name, players in turn order, seed, forced dice and targets,
    rule options by their code names (validated by the controller), and
    game-specific extras (Labyrinth layout, Struggle objectives...)."""

    game: str
    players: tuple[str, ...]
    seed: int = 0
    dice: tuple[Any, ...] = ()
    targets: tuple[str, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)
    extra: Mapping[str, Any] = field(default_factory=dict)
    #: where the setup came from (a scenario file), prefixed to setup errors
    source: str = ""


@dataclass(frozen=True)
class BoardRequest:
    """What the CLI asks a backend for; backends ignore what does not apply to them."""

    game: str = "magic-labyrinth"
    players: int | tuple[str, ...] = 2
    seed: int = 1
    maze: str | tuple[str, ...] = "easy"
    scenario: str | None = None
    realtime: bool = False
    #: wiring file of a real board (gpio backend); None: $MAZEBOARD_WIRING or the reference wiring
    wiring: str | None = None
    #: Hall calibration file (gpio backend); None: $MAZEBOARD_CALIBRATION or ~/.config/mazeboard/
    calibration: str | None = None
    #: rule options by code name, passed to the referee through GameSetup.options
    options: Mapping[str, Any] = field(default_factory=dict)
    #: Labyrinth edition (classic, super-mario, star-wars); None for the game's default
    edition: str | None = None
    #: rule variants (Labyrinth: younger, exit-anywhere, vader)
    variants: tuple[str, ...] = ()
    #: rounds to play (Struggle); None for the game's default
    rounds: int | None = None
    #: colours played by people (browser view); the others are simulated players
    humans: tuple[str, ...] = ()
    #: speed factor of simulated players' hands and thinking (1.0 = a person's pace)
    speed: float = 1.0
    #: how the sim backend's board reaches the controller: "direct" (in-process) or
    #: "serial" (emulated co-processor firmware on a pseudo-terminal, the real serial backend)
    sim_link: str = "direct"
    #: with ``sim_link="serial"``: share of the lines (0.0-0.5) the emulated cable damages in
    #: both directions, seeded by the game's seed (``sim/noise.py``)
    link_noise: float = 0.0
    #: serve the simulated board as a web page people play on (sim backend, no scenario)
    browser: bool = False
    #: address and TCP port the browser view listens on (port 0: any free port)
    web_host: str = "127.0.0.1"
    web_port: int = 8765
    #: open the page in the default web browser once it is served
    open_browser: bool = False
    #: the language the browser view's pages say things in (a page's ``?lang=`` wins; hal/i18n.py)
    lang: str = "en"
    #: opaque handle a backend hands to the next session of a restart (the browser
    #: view's running web server); the controller passes it on untouched
    handover: Any = None
    #: opened for a maker's tool (calibrate, diag), not for a game: a missing or unusable Hall
    #: calibration is the tool's business, not an error when the board opens (gpio backend)
    maker: bool = False
    #: opened for the lobby between games (``mazeboard service run``), not for a game: the
    #: simulated board has ``players`` simulated people sit down and start; real boards ignore it
    lobby: bool = False


class BoardSession(Protocol):
    board: Board
    setup: GameSetup

    @property
    def scheduler(self) -> Any: ...

    def start(self) -> None:
        """Begin the physical side (scripted hands, simulated players); after the controller subscribed."""

    def run(self, stop: Callable[[], bool] | None = None) -> bool:
        """Drive time until the session ends or ``stop()``; False when a limit stopped it."""
