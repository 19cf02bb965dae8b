"""Shared plumbing of the tables a page server serves: pages, secrets, frames, the log.

A table subclasses :class:`ServedTable` and supplies what differs: its page
(``PAGE``), its message parsers (``PARSERS``, :mod:`.protocol`'s format),
its view (what the shared page shows beside the board), its commands and
which announcements are secret (``secret_of``). The simulator's tables
(``mazeboard.sim.web``: the people's hands on a simulated board) and the real
board's companion (:mod:`.companion`) are such tables.

Two kinds of page connect:

* the **shared page** (``/``), the table everybody looks at: it gets every
  public announcement, the LED frames and the physical board, never a secret;
* a **private page** (``/seat/red``, a phone in a player's hand, opened only
  with that seat's claim: :mod:`.seats`): it gets that player's own secret
  announcements only (their Labyrinth card, their Struggle objective) and
  sends no commands.
"""

from __future__ import annotations

import logging
import time
from collections import deque
from typing import Any, Callable, Iterable, Mapping

from mazeboard.hal.events import GameEvent, LedFrame

from .protocol import Refused, error_reply, ok_reply

log = logging.getLogger(__name__)

Outbox = Callable[[dict[str, Any], Iterable[int]], None]
#: events kept for pages that connect (or reload) mid-game
LOG_KEEP = 400


def stamped(event: GameEvent) -> dict[str, Any]:
    """An event as pages get it: its fields and ``wall_ms``, the server's wall clock (epoch ms) when
    it happened. Kept with the event in the history a joining page gets, so every screen, and a page
    after a reload, says the same time of day for a log line (round 25). Pages only: the event-log
    file (docs/event-log.md) keeps the game's own ``t``."""
    return {**event.to_dict(), "wall_ms": int(time.time() * 1000)}


class ServedTable:
    """The pages' side of one simulated game (runs on the session's clock thread).

    ``board``: the simulated board (``watchers``, ``frame_watchers``,
    ``frame``, ``layout``); ``players`` in turn order; ``humans`` the colours
    played from the page; ``on_new_game(changes)`` is called with the
    :class:`BoardRequest` fields a page asked to change for a new game.
    """

    #: file under ``static/`` served as the shared page
    PAGE = "index.html"
    #: message type -> parser (:mod:`.protocol`)
    PARSERS: Mapping[str, Callable[[Any], Any]] = {}
    TITLE = ""

    def __init__(self, board: Any, clock: Any, game: str, players: tuple[str, ...], humans: tuple[str, ...],
                 seed: int, on_new_game: Callable[[dict[str, Any]], None] | None = None) -> None:
        self.board = board
        self.clock = clock
        self.game = game
        self.players = players
        self.humans = humans
        self.seed = seed
        self.on_new_game = on_new_game
        self.outbox: Outbox = lambda msg, to: None
        self.log: deque[dict[str, Any]] = deque(maxlen=LOG_KEEP)
        #: player -> their latest secret announcement (event dict)
        self.secrets: dict[str, dict[str, Any]] = {}
        self.clients: set[int] = set()
        #: private page -> the player it belongs to
        self.private: dict[int, str] = {}
        self.pixels: list[str] = hex_pixels(board.frame)
        self._world_pending = False
        self._commands: dict[type, Callable[[int, Any], None]] = {}
        board.watchers.append(self._on_event)
        board.frame_watchers.append(self._on_frame)

    # -- per game (override) ----------------------------------------------------
    def secret_of(self, event: Mapping[str, Any]) -> str | None:
        """The player an announcement is secret to, or None when it is public."""
        return None

    def apply(self, event: Mapping[str, Any]) -> None:
        """Fold a public announcement into the view."""

    def view(self) -> dict[str, Any]:
        """What the shared page shows beside the board (public announcements only)."""
        return {}

    def world_state(self) -> dict[str, Any]:
        """The physical board as it lies (pieces, tiles, hands)."""
        return {}

    def board_data(self) -> dict[str, Any]:
        """Static data the shared page draws the board from."""
        return {}

    def secret_view(self, player: str) -> dict[str, Any]:
        """What ``player``'s private page shows (their own secret only)."""
        return {"event": self.secrets.get(player)}

    # -- pages ---------------------------------------------------------------------
    def greet(self, client: int) -> None:
        """Send the shared page ``client`` everything it needs to draw the game as it stands."""
        self.clients.add(client)
        self.outbox(self.hello(), [client])

    def greet_private(self, client: int, player: str) -> None:
        """Send ``player``'s private page ``client`` their own secret; refused for a colour not playing."""
        if player not in self.players:
            self.outbox(error_reply(f"{player} does not play in this game ({', '.join(self.players)})"), [client])
            return
        self.private[client] = player
        self.outbox(self.private_hello(player), [client])

    def forget(self, client: int) -> None:
        self.clients.discard(client)
        self.private.pop(client, None)

    def hello(self) -> dict[str, Any]:
        return {
            "type": "hello", "game": self.game, "title": self.TITLE, "seed": self.seed,
            "players": list(self.players), "humans": list(self.humans),
            "layout": dict(self.board.layout.cell_to_index),
            "view": self.view(), "log": list(self.log),
            "frame": {"t": self.board.frame.t_ms, "pixels": self.pixels},
            "world": self.world_state(), **self.board_data(),
        }

    def private_hello(self, player: str) -> dict[str, Any]:
        return {"type": "hello", "private": True, "game": self.game, "title": self.TITLE, "player": player,
                "seed": self.seed, "secret": self.secret_view(player)}

    def broadcast(self, message: dict[str, Any]) -> None:
        """To every shared page (never the private ones)."""
        if self.clients:
            self.outbox(message, sorted(self.clients))

    def _to_player(self, player: str, message: dict[str, Any]) -> None:
        pages = sorted(c for c, p in self.private.items() if p == player)
        if pages:
            self.outbox(message, pages)

    # -- what the board shows -------------------------------------------------------
    def _on_event(self, event: GameEvent) -> None:
        data = stamped(event)
        owner = self.secret_of(data)
        if owner is not None:
            self.secrets[owner] = data
            self._to_player(owner, {"type": "secret", "secret": self.secret_view(owner)})
            return
        self.apply(data)
        self.log.append(data)
        self.broadcast({"type": "event", "event": data, "view": self.view()})
        self.world_changed()

    def _on_frame(self, frame: LedFrame) -> None:
        pixels = hex_pixels(frame)
        if pixels == self.pixels:
            return
        self.pixels = pixels
        self.broadcast({"type": "frame", "t": frame.t_ms, "pixels": pixels})

    def world_changed(self) -> None:
        """Send the physical board to the shared pages soon (once per burst of changes)."""
        if not self._world_pending:
            self._world_pending = True
            self.clock.call_later(0, self._flush_world)

    def _flush_world(self) -> None:
        self._world_pending = False
        self.broadcast({"type": "world", "world": self.world_state()})

    # -- commands ---------------------------------------------------------------------
    def handle(self, client: int, command: Any) -> None:
        """Carry out one parsed command for ``client``; a refusal is an ``error`` reply to it alone."""
        msg_id = getattr(command, "msg_id", None)
        try:
            if client in self.private:
                raise Refused("a private page only shows your card: play from the shared page")
            run = self._commands.get(type(command))
            if run is None:
                raise Refused(f"{type(command).__name__} has no meaning in {self.TITLE}")
            run(client, command)
            if msg_id is not None:
                self.outbox(ok_reply(msg_id), [client])
        except Refused as e:
            self.outbox(error_reply(str(e), msg_id), [client])
        except Exception:  # never lose the game to a bug in one command
            log.exception("command %r failed", command)
            self.outbox(error_reply("the simulator could not do that (see its log)", msg_id), [client])
        self.world_changed()

    def need_human(self, player: str, what: str) -> None:
        """Raise :class:`Refused` unless ``player`` is played from this page."""
        if player in self.humans:
            return
        if not self.humans:
            raise Refused("every colour is a simulated player: this page only watches (start with --humans red)")
        if player not in self.players:
            raise Refused(f"{player} does not play in this game")
        raise Refused(f"{player} is a simulated player: you play {', '.join(self.humans)} ({what})")

    def new_game(self, changes: dict[str, Any]) -> None:
        colours = ("red", "blue", "green", "yellow")[: changes["players"]]
        outside = [h for h in changes["humans"] if h not in colours]
        if outside:
            raise Refused(f"{outside[0]} does not play in a {changes['players']}-player game ({', '.join(colours)})")
        if self.on_new_game is None:
            raise Refused("this session cannot start a new game")
        self.on_new_game(changes)  # raises Refused when that game cannot be opened: this one goes on
        self.broadcast({"type": "restarting"})

    def scenario_toml(self) -> tuple[str, str]:
        raise Refused(f"saving a session as a scenario is available for The Magic Labyrinth only, not {self.TITLE}")


def hex_pixels(frame: LedFrame) -> list[str]:
    return ["#%02x%02x%02x" % px for px in frame.pixels]
