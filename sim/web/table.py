"""The game side of the browser simulator: the people's hands, the view, the recorder.

A :class:`BrowserTable` lives on the session's clock thread. It turns the
page's commands (:mod:`.protocol`) into physical actions done by a human's
:class:`~mazeboard.sim.hands.Hands` on the simulated world -- press, slide
one cell, lift, place, fish the ball out -- so everything reaches the
controller as sensor signals through the debouncer, never as a shortcut.
It follows what the board shows (``board.watchers`` game events,
``board.frame_watchers`` LED frames, the world's changes) and hands
messages for the pages to ``outbox(message, client_ids)``.
"""

from __future__ import annotations

import logging
from collections import deque
from typing import Any, Callable, Iterable

from mazeboard.hal.boards import MAGIC, MAGIC_SYMBOLS, PLAYER_COLOURS
from mazeboard.hal.events import TRAY_SENSORS, GameEvent, LedFrame
from mazeboard.hal.grid import format_edge

from mazeboard.hal.web.controls import fetch_refusal, hand_refusal, lift_refusal, page_name, press_refusal, refused_line
from mazeboard.hal.web.protocol import Refused, error_reply, ok_reply
from mazeboard.hal.web.served import LOG_KEEP, stamped
from mazeboard.hal.web.views import GameView

from ..hands import Action, Hands
from ..session import SimSession
from .protocol import PARSERS, Command, FetchBall, Lift, NewGame, Place, Press, Reveal, Slide
from .record import Recorder

log = logging.getLogger(__name__)

Outbox = Callable[[dict[str, Any], Iterable[int]], None]

#: actions a human may queue ahead of their hand (arrow keys held down)
MAX_QUEUED = 6


class HumanHand:
    """One person's hand on their pawn; ``planned`` is where the pawn will be once queued actions are done."""

    def __init__(self, player: str, sim: SimSession, on_idle: Callable[[], None],
                 on_error: Callable[[ValueError], None] | None = None) -> None:
        self.player = player
        self.world = sim.world
        # an action the world cannot do now is dropped and told, never raised into the server (sim/hands.py)
        self.hands = Hands(sim.world, sim.clock, on_idle=self._idle, on_error=on_error or self._failed, stops_at_drop=True)
        self.planned: str | None = sim.world.pawns[player].cell
        self._on_idle = on_idle

    def _idle(self) -> None:
        self.planned = self.world.pawns[self.player].cell
        self._on_idle()

    def _failed(self, error: ValueError) -> None:
        log.warning("%s's hand could not act: %s: dropped", self.player, error)

    def do(self, action: Action) -> None:
        if self.hands.pending >= MAX_QUEUED:
            raise Refused("one thing at a time: the hand is still busy")
        self.hands.do(action)


class BrowserTable:
    """The pages' view of one simulated game and the people's hands in it.

    ``humans``: the colours played from the page (the others are simulated
    players the session set up). ``maze``: a label for the page (easy, hard,
    custom). ``on_new_game(command)`` is called when a page asks for a new game.
    """

    #: the shared page (under the companion view's ``static/``) and its message parsers
    PAGE = "index.html"
    PARSERS = PARSERS

    def __init__(self, sim: SimSession, humans: tuple[str, ...], maze: str, corners: dict[str, str],
                 outbox: Outbox | None = None, on_new_game: Callable[[NewGame], None] | None = None) -> None:
        self.sim = sim
        self.world = sim.world
        self.clock = sim.clock
        self.maze = maze
        self.corners = dict(corners)
        self.outbox: Outbox = outbox or (lambda msg, to: None)
        self.on_new_game = on_new_game
        self.recorder = Recorder(sim.world, sim.clock)
        self.hands = {p: HumanHand(p, sim, self._world_changed) for p in humans}
        self.view = GameView(humans=tuple(humans))
        self.log: deque[dict[str, Any]] = deque(maxlen=LOG_KEEP)
        self.pixels: list[str] = _hex_pixels(sim.board.frame)
        self.clients: set[int] = set()
        self.revealed: set[int] = set()
        self._world_pending = False
        sim.board.watchers.append(self.recorder.watch)
        sim.board.watchers.append(self._on_event)
        sim.board.frame_watchers.append(self._on_frame)
        self.world.on_change = self._world_changed
        self._commands: dict[type, Callable[[int, Any], None]] = {
            Press: self._press,
            Slide: self._slide,
            Lift: self._lift,
            Place: self._place,
            FetchBall: self._fetch,
            Reveal: self._reveal,
            NewGame: self._new_game,
        }

    # -- pages ---------------------------------------------------------------
    def greet(self, client: int) -> None:
        """Send ``client`` everything it needs to draw the game as it stands."""
        self.clients.add(client)
        self.outbox(self.hello(client), [client])

    def forget(self, client: int) -> None:
        self.clients.discard(client)
        self.revealed.discard(client)

    def hello(self, client: int | None = None) -> dict[str, Any]:
        setup = self.sim.setup
        return {
            "type": "hello",
            "game": setup.game,
            "title": "The Magic Labyrinth",
            "files": MAGIC.files,
            "ranks": MAGIC.ranks,
            "cells": list(MAGIC.cells),
            "layout": dict(self.sim.board.layout.cell_to_index),
            "symbols": dict(MAGIC_SYMBOLS),
            "tray": list(TRAY_SENSORS),
            "buttons": list(self.world.buttons),
            "colours": list(PLAYER_COLOURS),
            "players": list(setup.players),
            "corners": dict(self.corners),
            "humans": list(self.hands),
            "seed": setup.seed,
            "maze": self.maze,
            # how many walls hide in the maze (the header: Magic newcomer 32 found "easy maze" said nothing of it);
            # where they are is `walls`, for a page that asked to reveal them
            "wall_count": len(self.world.walls),
            "view": self.view.to_dict(),
            "log": list(self.log),
            "frame": {"t": self.sim.board.frame.t_ms, "pixels": self.pixels},
            "world": self.world_state(),
            "walls": self.walls() if client in self.revealed else None,
        }

    def world_state(self) -> dict[str, Any]:
        snap = self.world.snapshot()
        snap["hands"] = {p: {"cell": h.planned, "busy": not h.hands.idle} for p, h in self.hands.items()}
        return snap

    def walls(self) -> list[str]:
        return sorted(format_edge(e) for e in self.world.walls)

    def _broadcast(self, message: dict[str, Any]) -> None:
        if self.clients:
            self.outbox(message, list(self.clients))

    # -- what the board shows ------------------------------------------------------
    def _on_event(self, event: GameEvent) -> None:
        data = stamped(event)  # with its time of day (wall_ms): the same on every page
        self.view.apply(data)
        self.log.append(data)
        self._broadcast({"type": "event", "event": data, "view": self.view.to_dict()})

    def _on_frame(self, frame: LedFrame) -> None:
        pixels = _hex_pixels(frame)
        if pixels == self.pixels:
            return
        self.pixels = pixels
        self._broadcast({"type": "frame", "t": frame.t_ms, "pixels": pixels})

    def _world_changed(self) -> None:
        if not self._world_pending:
            self._world_pending = True
            self.clock.call_later(0, self._flush_world)

    def _flush_world(self) -> None:
        self._world_pending = False
        self._broadcast({"type": "world", "world": self.world_state()})

    # -- commands from a page ----------------------------------------------------
    def handle(self, client: int, command: Command) -> None:
        """Carry out one parsed command for ``client``: the answer is ``ok`` (with an ``id``), or an
        ``error`` reply to it alone; a ``world`` message follows either (where the hands head now)."""
        try:
            self._commands[type(command)](client, command)
            if command.msg_id is not None:
                self.outbox(ok_reply(command.msg_id), [client])
        except Refused as e:
            self.outbox(error_reply(str(e), command.msg_id), [client])
        except Exception:  # never lose the game to a bug in one command
            log.exception("command %r failed", command)
            self.outbox(error_reply("the simulator could not do that (see its log)", command.msg_id), [client])
        self._world_changed()

    def _hand(self, player: str) -> HumanHand:
        hand = self.hands.get(player)
        if hand is None:
            if not self.hands:
                raise Refused("every colour is a simulated player: this page only watches (start with --humans red)")
            if player not in self.sim.setup.players:
                raise Refused(f"{player} does not play in this game")
            mine = ", ".join(self.hands)
            raise Refused(f"{player} is a simulated player: you play {mine}")
        return hand

    def _press(self, client: int, cmd: Press) -> None:
        """A board button acts only when the instruction lists it, on a turn played from this
        page (:func:`~mazeboard.hal.web.controls.press_refusal`, the same answer the page shows)."""
        said = self.view.instruction
        reason = press_refusal(said, self.hands, cmd.button, page_name)
        if reason is not None:
            raise Refused(refused_line(cmd.button, reason))
        player = (said or {}).get("player")
        hand = self.hands.get(player or "") or next(iter(self.hands.values()))
        hand.do(Action("press", button=cmd.button))

    def _may_move(self, player: str) -> None:
        """A person moves their pawn on their turn, or where the board asks for it, or after the
        game; not otherwise (the page's hand never acts out of turn): ``hand:PLAYER`` of the
        view's controls (:func:`~mazeboard.hal.web.controls.hand_refusal`)."""
        reason = hand_refusal(self.view.instruction, self.hands, player, player, after_game=True, names=page_name)
        if reason is not None:
            raise Refused(reason)

    def _slide(self, client: int, cmd: Slide) -> None:
        hand = self._hand(cmd.player)
        self._may_move(cmd.player)
        here = hand.planned
        if here is None:
            raise Refused(f"{cmd.player}'s pawn is in your hand: click a cell to set it down")
        if cmd.to == here:
            # another page of the same seat asked for this very slide a moment before (two tabs,
            # one key): the pawn is already there; tell the pages where it stands, nothing to do
            self._world_changed()
            return
        if not MAGIC.adjacent(here, cmd.to):
            raise Refused(f"{cmd.to} is not next to {here}: slide one cell at a time")
        a, b = sorted((here, cmd.to))
        if f"{a}-{b}" in self.view.walls_learned:  # legal, but sure to drop the ball: the page says so too
            raise Refused(f"a wall found already stands between {a} and {b}: go round it")
        hand.do(Action("slide", player=cmd.player, cells=(cmd.to,)))
        hand.planned = cmd.to
        self._world_changed()

    def _lift(self, client: int, cmd: Lift) -> None:
        hand = self._hand(cmd.player)
        button = lift_refusal(self.view.instruction, self.hands, cmd.player, names=page_name)
        # not the Lift button's moment: a drag's jump still lifts when the hand may move the pawn; refused,
        # it is said in the Lift button's words (the view's ``lift:COLOUR``: one source, round 26)
        if button is not None and hand_refusal(self.view.instruction, self.hands, cmd.player, cmd.player,
                                               after_game=True) is not None:
            raise Refused(button)
        if hand.planned is None:
            raise Refused(f"{cmd.player}'s pawn is already in your hand")
        hand.do(Action("lift", player=cmd.player))
        hand.planned = None
        self._world_changed()

    def _place(self, client: int, cmd: Place) -> None:
        hand = self._hand(cmd.player)  # a pawn in the hand may always be set down
        if hand.planned is not None:
            raise Refused(f"{cmd.player}'s pawn stands on {hand.planned}: lift it first")
        hand.do(Action("place", player=cmd.player, cells=(cmd.cell,)))
        hand.planned = cmd.cell
        self._world_changed()

    def _fetch(self, client: int, cmd: FetchBall) -> None:
        hand = self._hand(cmd.player)
        # in the order the board asks for (``fetch:PLAYER`` of the view's controls): the page's own
        # words for its 🎣 button first (the attacker of round 24 heard other words from the server)
        reason = fetch_refusal(self.view.instruction, self.hands, cmd.player, names=page_name)
        if reason is not None:
            raise Refused(reason)
        if self.world.pawns[cmd.player].ball == "attached":
            raise Refused(f"{cmd.player}'s ball is on the pawn, not in the tray")
        hand.do(Action("fetch-ball", player=cmd.player))

    def _reveal(self, client: int, cmd: Reveal) -> None:
        if cmd.on:
            self.revealed.add(client)
        else:
            self.revealed.discard(client)
        self.outbox({"type": "walls", "walls": self.walls() if cmd.on else None}, [client])

    def _new_game(self, client: int, cmd: NewGame) -> None:
        colours = PLAYER_COLOURS[: cmd.players]
        outside = [h for h in cmd.humans if h not in colours]
        if outside:
            raise Refused(f"{outside[0]} does not play in a {cmd.players}-player game ({', '.join(colours)})")
        if self.on_new_game is None:
            raise Refused("this session cannot start a new game")
        self._broadcast({"type": "restarting"})
        self.on_new_game(cmd)

    # -- saving ------------------------------------------------------------------------
    def scenario_toml(self) -> tuple[str, str]:
        """(file name, TOML text) of a scenario replaying this session so far."""
        setup = self.sim.setup
        text = self.recorder.to_toml(
            setup, self.world.walls, self.world.physics, self.corners,
            title=f"The Magic Labyrinth, seed {setup.seed}, {self.maze} maze: recorded in the browser simulator",
        )
        name = f"mazeboard-seed{setup.seed}-{len(self.recorder.actions)}actions.toml"
        return name, text


def _hex_pixels(frame: LedFrame) -> list[str]:
    return ["#%02x%02x%02x" % px for px in frame.pixels]
