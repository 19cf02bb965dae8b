"""Simulated Labyrinth sessions: a scripted scenario or a game of simulated players.

Registered in :data:`mazeboard.sim.backend.FROM_SCENARIO` and
:data:`~mazeboard.sim.backend.FOR_PLAY` under ``"labyrinth"``. The session
lays out the tiles before the controller starts: a scenario's forced layout,
or the seeded deal -- the same generator and seed the controller uses on a
real board, passed to it in ``GameSetup.extra`` so both sides hold the same
maze (on a real board the people lay the tiles out from the controller's
printed grid).

With the controller's ``guided_layout`` option the table starts with the
fixed tiles only and the Vader pawn beside the board: the hands lay the
tiles the board names (the simulated players, or a scenario's ``lay``) and
put Vader where the pawn check asks. With ``cards = "physical"`` each
simulated player draws its own cards from the box (:func:`.players.box_decks`,
seeded, private to the simulator: the controller never sees them).
"""

from __future__ import annotations

import random
from typing import Callable

from mazeboard.hal.board import BoardRequest, GameSetup
from mazeboard.hal.boards import PLAYER_COLOURS
from mazeboard.hal.clock import RealtimeClock, VirtualClock
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.events import GameEvent
from mazeboard.hal.labyrinth import Maze
from mazeboard.hal.labyrinth_editions import LABYRINTH_CORNERS, VADER, edition

from ..hands import Action
from ..world import Physics
from .board import LabyrinthBoard
from .hands import LabyrinthHands
from .players import LabyrinthPlayer, box_decks
from .scenario import VARIANT_NAMES, LabyrinthScenario, dealt_maze

#: Virtual time after which a simulated game counts as stuck.
GAME_LIMIT_MS = 24 * 3600 * 1000


class LabyrinthSession:
    """A simulated Labyrinth board plus whoever acts on it."""

    def __init__(self, setup: GameSetup, maze: Maze, pawns: dict[str, str], physics: Physics,
                 realtime: bool = False, script: tuple[Action, ...] | None = None, push_delay_ms: int = 300,
                 humans: tuple[str, ...] = (), hand_wraps: bool = True) -> None:
        self.setup = setup
        self.clock: VirtualClock | RealtimeClock = RealtimeClock() if realtime else VirtualClock()
        rng = random.Random(f"sim-{setup.seed}")
        ed = edition(setup.extra.get("edition"))
        self.guided = setup.options.get("guided_layout") is True
        at: dict[str, str | None] = dict(pawns)
        if self.guided and VADER in at:
            at[VADER] = None  # beside the board until its tile is laid and the board asks for it
        self.board = LabyrinthBoard(maze, at, self.clock, physics, rng, push_delay_ms=push_delay_ms,
                                    hand_wraps=hand_wraps, fixed=tuple(ed.fixed) if self.guided else None)
        self.world = self.board.world
        self.script = script
        self.hands = LabyrinthHands(self.board, self.clock, where=setup.source if script is not None else None)
        self.players: list[LabyrinthPlayer] = []
        self.game_over = False
        #: the deal as the controller announced it (rows, spare), for filling gaps after a guided layout
        self._layout: tuple[list[str], str] | None = None
        self.board.watchers.append(self._watch)
        if script is None:
            variants = tuple(setup.extra.get("variants", ()))
            decks = box_decks(ed, setup.players, setup.seed) if setup.options.get("cards") == "physical" else {}
            for i, p in enumerate(setup.players):
                if p in humans:
                    continue
                player = LabyrinthPlayer(p, self.board, random.Random(f"player-{setup.seed}-{i}"), ed, variants,
                                         deck=decks.get(p))
                self.players.append(player)
                self.board.watchers.append(player.watch)

    @property
    def scheduler(self) -> VirtualClock | RealtimeClock:
        return self.clock

    def _watch(self, event: GameEvent) -> None:
        if event.type == "game_over":
            self.game_over = True
        elif event.type == "game_started":
            self._layout = (list(event["layout"]), event["spare"])
        elif event.type == "game_resumed" and self.script is None:
            # the people lay the tiles out as the restarted controller shows the saved game (a guided
            # layout under way: the tiles laid before the restart still lie there)
            self._layout = (list(event["layout"]), event["spare"])
            laid = event.get("laid")
            self.board.lay_tiles(event["layout"], event["spare"], laid if self.guided and laid is not None else None)
        elif event.type == "layout_done" and self._layout is not None and not self.board.table.complete:
            # the board went on without a tile (Done pressed before it was laid): people look at the
            # whole layout (the page, the printed grid) and lay what is missing
            self.board.table.fill(*self._layout)
            self.board._tiles_changed()

    def start(self) -> None:
        if self.script:
            self.hands.do(*self.script)

    def run(self, stop: Callable[[], bool] | None = None) -> bool:
        """Scripted: until the script is done and no timer is pending. Players: until the
        game is over; False if it did not finish within ``GAME_LIMIT_MS`` of virtual time."""
        if self.script is not None:
            return self.clock.run_until_idle(limit_ms=GAME_LIMIT_MS, stop=stop)
        done = lambda: self.game_over or bool(stop and stop())  # noqa: E731
        finished = self.clock.run_until_idle(limit_ms=GAME_LIMIT_MS, stop=done)
        return finished and (self.game_over or bool(stop and stop()))


def from_scenario(sc: LabyrinthScenario, realtime: bool) -> LabyrinthSession:
    extra = {"edition": sc.edition, "variants": sc.variants, "layout": sc.maze.rows(), "spare": sc.maze.spare.notation()}
    if sc.cards:
        extra["cards"] = {p: list(d) for p, d in sc.cards.items()}
    setup = GameSetup("labyrinth", sc.players, sc.seed, options=dict(sc.options), extra=extra, source=sc.path)
    return LabyrinthSession(setup, sc.maze, dict(sc.pawns), sc.physics, realtime, sc.actions, sc.push_delay_ms,
                            hand_wraps=sc.hand_wraps)


def for_play(request: BoardRequest) -> LabyrinthSession:
    """A game of simulated players (``mazeboard play --game labyrinth``); raises ConfigError."""
    players = request.players
    if isinstance(players, int):
        if not 2 <= players <= 4:
            raise ConfigError(f"--players: Labyrinth takes 2 to 4 players, got {players}")
        players = PLAYER_COLOURS[:players]
    ed = edition(request.edition, "--edition")
    for v in request.variants:
        if v not in VARIANT_NAMES:
            raise ConfigError(f"--variant: {v!r} is not a Labyrinth variant ({', '.join(VARIANT_NAMES)})")
    if "vader" in request.variants and not ed.vader_tile:
        raise ConfigError(f"--variant vader: the {ed.name} edition has no Darth Vader tile (use --edition star-wars)")
    each = request.options.get("cards_each", 0)
    share = len(ed.cards) // len(players)
    if not isinstance(each, int) or isinstance(each, bool) or not 0 <= each <= share:
        raise ConfigError(f"--cards-each: {len(players)} players get 1 to {share} cards each, not {each!r}")
    maze = dealt_maze(ed, request.seed, "vader" in request.variants)
    pawns = dict(zip(players, LABYRINTH_CORNERS[len(players)]))
    if "vader" in request.variants:
        vader_cell = maze.cell_of(VADER)
        assert vader_cell is not None
        pawns[VADER] = vader_cell
    extra = {"edition": ed.name, "variants": tuple(request.variants), "layout": maze.rows(),
             "spare": maze.spare.notation()}
    setup = GameSetup("labyrinth", tuple(players), request.seed, options=dict(request.options), extra=extra)
    return LabyrinthSession(setup, maze, pawns, Physics(), realtime=request.realtime, humans=tuple(request.humans))
