"""The real board's companion table: what ``mazeboard service run`` serves to phones.

:class:`CompanionTable` is a :class:`~.served.ServedTable` fed by the
service, never by a simulated world: every event the service emits (lobby
and games: :meth:`on_event`), every LED frame the board shows and every
sensor event the board reports (:meth:`watch_board`, once per phase, for the
board session of that phase). The shared page (``companion.html``) shows the
LEDs as the controller drives them, every sensor (closed reed switches,
active Hall-effect sensors, buttons as pressed), the board's instruction,
whose turn it is, the scores, the log, the lobby (seats, options) between
games, and the address with its QR code. Private pages (``/seat/COLOUR``)
get their owner's secret only: Labyrinth's ``card_shown``, Struggle's
``objective`` and its hint (docs/event-log.md, "Private events").

A phone can only claim a seat (:mod:`.seats`, over HTTP) and, holding one,
send the lobby commands of :data:`PARSERS` -- ``option`` (change an option
of the next games), ``start`` (start with the pawns seated on the board),
``abandon`` (ask the board, which confirms) -- carried out by the
``control`` the service gives (:class:`LobbyControl`: the lobby's API, run on
the board's clock thread). Nothing here makes a sensor event: a phone cannot
move a piece of a real board.

Threads: :meth:`on_event`, the frames, the sensor events and the commands all
run on the board's clock thread (the server reaches it with ``call_soon``,
the service's ``submit``); the pages are told through the server's queues,
which never block the board. A failure in here is logged once per kind and
never reaches the referee.
"""

from __future__ import annotations

import logging
from collections import deque
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Protocol

from mazeboard.hal.boards import PLAYER_COLOURS
from mazeboard.hal.events import ButtonPressed, GameEvent, HallChanged, LedFrame, ReedChanged, SensorEvent
from mazeboard.hal.labyrinth_editions import edition
from mazeboard.hal.struggle import PLACES

from .protocol import Fields, Refused, error_reply
from .served import ServedTable
from .views import VIEWS, labyrinth_cards_left, struggle_hint, struggle_secret_end, struggle_secret_hint

log = logging.getLogger(__name__)

#: presses kept for the page (the latest first)
PRESSES_KEPT = 12
#: longest option key, and the most list items an option value may have
KEY_CHARS = 40
VALUE_ITEMS = 8
VALUE_CHARS = 40
TITLES = {"magic-labyrinth": "The Magic Labyrinth", "labyrinth": "Labyrinth", "struggle": "Struggle"}


class LobbyControl(Protocol):
    """What a phone may ask of the board, each run on the board's clock thread. ``set_option``
    raises an exception whose text is the reason (nothing changes then); ``start`` and
    ``abandon`` return None when done, else why not."""

    def set_option(self, key: str, value: Any) -> None: ...

    def start(self, by: str) -> str | None: ...

    def abandon(self, by: str) -> str | None: ...


@dataclass(frozen=True)
class SetOption:
    key: str
    value: Any
    msg_id: int | None = None


@dataclass(frozen=True)
class Start:
    msg_id: int | None = None


@dataclass(frozen=True)
class Abandon:
    msg_id: int | None = None


def _value(f: Fields) -> Any:
    value = f.raw("value")
    if isinstance(value, (bool, int)) and not (isinstance(value, int) and abs(value) > 10**9):
        return value
    if isinstance(value, str) and len(value) <= VALUE_CHARS:
        return value
    if isinstance(value, list) and len(value) <= VALUE_ITEMS and all(
            isinstance(v, str) and len(v) <= VALUE_CHARS for v in value):
        return list(value)
    raise f.fail("value must be true/false, a whole number, a short string or a short list of strings")


def _key(f: Fields) -> str:
    return f.text("key", lambda v: isinstance(v, str) and 0 < len(v) <= KEY_CHARS
                  and all(c.isalnum() or c in "_-" for c in v), "an option name")


#: message type -> parser: the only things a phone may send to a real board
PARSERS: dict[str, Callable[[Fields], Any]] = {
    "option": lambda f: SetOption(_key(f), _value(f), f.msg_id),
    "start": lambda f: Start(f.msg_id),
    "abandon": lambda f: Abandon(f.msg_id),
}


class _Mirror:
    """What the served table reads of "the board": the frame shown last and its watchers."""

    def __init__(self, layout: Mapping[str, int], count: int) -> None:
        self.layout = _Layout(dict(layout), count)
        self.frame = LedFrame.blank(count)
        self.watchers: list[Callable[[GameEvent], None]] = []
        self.frame_watchers: list[Callable[[LedFrame], None]] = []


@dataclass
class _Layout:
    cell_to_index: dict[str, int]
    count: int


class CompanionTable(ServedTable):
    """The pages of a real board (see the module doc).

    ``game``: the kind of board; ``reeds``, ``hall``, ``buttons``: its sensors'
    names (the wiring's); ``layout``: LED name -> index in the chain;
    ``control``: the lobby's API; ``schema``: option key -> how the page offers
    it (``{"type": "bool" | "int" | "choice" | "list", "min", "max", "choices"}``)."""

    PAGE = "companion.html"
    PARSERS = PARSERS
    #: commands only a browser holding a seat may send (the server checks)
    SEATED = (SetOption, Start, Abandon)

    def __init__(self, game: str, reeds: tuple[str, ...], hall: tuple[str, ...], buttons: tuple[str, ...],
                 layout: Mapping[str, int], control: LobbyControl, schema: Mapping[str, Any] | None = None,
                 grid: tuple[int, int] | None = None) -> None:
        count = max(layout.values(), default=-1) + 1
        self.mirror = _Mirror(layout, count)
        super().__init__(self.mirror, None, game, (), (), 0)
        self.TITLE = TITLES.get(game, game)
        self.reeds, self.hall, self.buttons = reeds, hall, buttons
        self.grid = grid
        self.control = control
        self.schema = dict(schema or {})
        self.phase = "starting"
        self.lobby: dict[str, Any] | None = None
        self.state: Any = None
        self.closed: set[str] = set()
        self.active: set[str] = set()
        self.presses: deque[dict[str, Any]] = deque(maxlen=PRESSES_KEPT)
        self.cards: dict[str, list[str]] = {}
        self.hint: dict[str, dict[str, Any]] = {}  # player -> views.struggle_hint
        self.variants: tuple[str, ...] = ()
        self._edition = "classic"
        self._failed: set[str] = set()
        self._board: Any = None
        self._lobby_commands: dict[type, Callable[[Any, str], str]] = {
            SetOption: self._set_option, Start: self._start, Abandon: self._abandon}

    # -- fed by the service (board clock thread) ----------------------------------------------
    def on_event(self, event: GameEvent) -> None:
        """A service sink: every event of the lobby and the games. Never raises."""
        self._guard("event", lambda: self._event(event))

    def watch_board(self, board: Any) -> None:
        """A new phase's board: follow its frames and sensors; read what it senses now."""
        self._guard("board", lambda: self._watch(board))

    def _guard(self, what: str, fn: Callable[[], None]) -> None:
        try:
            fn()
        except Exception:  # the page must never cost the game anything
            if what not in self._failed:
                self._failed.add(what)
                log.exception("the companion page could not follow a %s (the game goes on)", what)

    def _watch(self, board: Any) -> None:
        self._board = board
        layout = getattr(board, "layout", None)
        if layout is not None and hasattr(layout, "cell_to_index"):  # the wiring's chain order
            self.mirror.layout = _Layout(dict(layout.cell_to_index), int(layout.count))
            if len(self.mirror.frame.pixels) != layout.count:
                self.mirror.frame = LedFrame.blank(int(layout.count))
        board.subscribe(self._sensor)
        watchers = getattr(board, "frame_watchers", None)
        if watchers is not None:
            watchers.append(self._frame)
        state = board.state()
        self.closed = set(state.closed_reeds)
        self.active = set(state.hall_active)
        frame = getattr(board, "frame", None)
        if isinstance(frame, LedFrame):
            self._frame(frame)
        self._send_sensors()

    def _frame(self, frame: LedFrame) -> None:
        self._guard("frame", lambda: self._on_frame(frame))

    def _on_frame(self, frame: LedFrame) -> None:
        self.mirror.frame = frame
        super()._on_frame(frame)

    def _sensor(self, event: SensorEvent) -> None:
        self._guard("sensor", lambda: self._on_sensor(event))

    def _on_sensor(self, event: SensorEvent) -> None:
        if isinstance(event, ReedChanged):
            (self.closed.add if event.closed else self.closed.discard)(event.cell)
        elif isinstance(event, HallChanged):
            (self.active.add if event.ball else self.active.discard)(event.sensor)
        elif isinstance(event, ButtonPressed):
            self.presses.appendleft({"button": event.button, "t": event.t_ms})
        self._send_sensors()

    def sensors(self) -> dict[str, Any]:
        return {"closed": sorted(self.closed), "active": sorted(self.active), "pressed": list(self.presses)}

    def _send_sensors(self) -> None:
        self.broadcast({"type": "sensors", "sensors": self.sensors()})

    def _event(self, event: GameEvent) -> None:
        kind = event.type
        if kind == "lobby":
            self.lobby = dict(event.fields)
            self.phase = "lobby"
            self.broadcast({"type": "lobby", "lobby": self.lobby})
            return
        if kind == "seats_released":
            return  # the service releases them (seats.py); the page hears it from the server
        if kind == "game_started":
            self._new_game(event)
        for watcher in self.mirror.watchers:  # ServedTable._on_event: secrets routed, log, view
            watcher(event)

    def _new_game(self, event: GameEvent) -> None:
        fields = event.fields
        self.phase = "game"
        self.game = str(fields.get("game", self.game))
        self.players = tuple(str(p) for p in fields.get("players", ()))
        self.state = VIEWS[self.game](humans=()) if self.game in VIEWS else None
        self.log.clear()
        self.secrets.clear()
        self.cards, self.hint = {}, {}
        self.variants = tuple(fields.get("variants", ()) or ())
        self._edition = str(fields.get("edition", "classic") or "classic")
        self.broadcast({"type": "phase", "phase": "game"})

    # -- ServedTable --------------------------------------------------------------------------
    def secret_of(self, event: Mapping[str, Any]) -> str | None:
        kind = event.get("type")
        player = str(event.get("player"))
        if kind == "card_shown":
            self.cards[player] = [str(c) for c in event.get("cards", [])]
            return None if "younger" in self.variants else player
        if kind == "objective":
            self.cards[player] = [str(c) for c in event.get("card", [])]
            return player
        if kind == "outcomes" and event.get("hint") is not None:
            self.hint = {player: struggle_hint(event) or {}}
            self._to_player(player, {"type": "secret", "secret": self.secret_view(player)})
        return None

    def apply(self, event: Mapping[str, Any]) -> None:
        if self.state is not None:
            self.state.apply(event)
        kind = event.get("type")
        if kind == "card_found" and int(event.get("remaining", 1)) == 0:
            player = str(event.get("player"))
            self.cards[player] = []
            self._to_player(player, {"type": "secret", "secret": self.secret_view(player)})
        if kind == "game_over" and self.state is not None:
            # every private page says the game is over: the cards still sought shown, no secret any more
            # (Labyrinth newcomer 26), a Struggle card with how the game ended (Struggle newcomer 28)
            for p in getattr(self.state, "players", []):
                left = labyrinth_cards_left(event, p) if self.game == "labyrinth" else None
                if left is not None:  # the cards not found, all of them (Labyrinth newcomer 33)
                    self.cards[p] = left
                self._to_player(p, {"type": "secret", "secret": self.secret_view(p)})
        if kind in ("played", "turn_started") and self.hint:
            for p in list(self.hint):
                self.hint.pop(p)
                self._to_player(p, {"type": "secret", "secret": self.secret_view(p)})

    def view(self) -> dict[str, Any]:
        return self.state.to_dict() if self.state is not None else {}

    def secret_view(self, player: str) -> dict[str, Any]:
        if self.game == "struggle":
            return {"card": list(self.cards.get(player, [])), "round": getattr(self.state, "round", 0),
                    "places": list(PLACES), **struggle_secret_hint(self.hint.get(player)),
                    **struggle_secret_end(self.state, player)}
        if self.game == "labyrinth":
            st = self.state
            return {"cards": list(self.cards.get(player, [])),
                    "found": len(getattr(st, "found", {}).get(player, [])) if st else 0,
                    "remaining": getattr(st, "remaining", {}).get(player) if st else None,
                    "corner": getattr(st, "corners", {}).get(player) if st else None,
                    "vader_cards": sorted(edition(self._edition).vader_cards),
                    "winner": getattr(st, "winner", None) if st is not None and getattr(st, "phase", "") == "over" else None}
        return {}

    def world_state(self) -> dict[str, Any]:
        return self.sensors()

    def world_changed(self) -> None:
        """Nothing to batch: the sensors are sent as they change."""

    def board_data(self) -> dict[str, Any]:
        return {"page": self.PAGE, "phase": self.phase, "lobby": self.lobby, "schema": self.schema,
                "reeds": list(self.reeds), "hall": list(self.hall), "buttons": list(self.buttons),
                "grid": list(self.grid) if self.grid else None, "colours": list(PLAYER_COLOURS),
                "sensors": self.sensors()}

    def greet_private(self, client: int, player: str) -> None:
        """A seat's private page: its secret (nothing yet when its colour does not play)."""
        self.private[client] = player
        self.outbox(self.private_hello(player), [client])

    def private_hello(self, player: str) -> dict[str, Any]:
        hello = super().private_hello(player)
        hello["playing"] = player in self.players
        return hello

    def scenario_toml(self) -> tuple[str, str]:
        raise Refused("a real board's game is in its journal, not a scenario file")

    # -- commands (board clock thread) -----------------------------------------------------------
    def handle(self, client: int, command: Any, held: tuple[str, ...] = ()) -> None:
        """Carry out a phone's command: ``held`` are the seats its browser holds (the server
        checked them); the answer is ``done`` (with what happened) or ``error``."""
        msg_id = getattr(command, "msg_id", None)
        try:
            if client in self.private:
                raise Refused("a private page only shows your card")
            if not held:
                raise Refused("claim a seat first: only players at the table may do that")
            run = self._lobby_commands.get(type(command))
            if run is None:
                raise Refused(f"{type(command).__name__} has no meaning on a real board")
            text = run(command, f"phone ({held[0]})")
            reply: dict[str, Any] = {"type": "done", "message": text}
            if msg_id is not None:
                reply["id"] = msg_id
            self.outbox(reply, [client])
        except Refused as e:
            self.outbox(error_reply(str(e), msg_id), [client])
        except Exception as e:  # ConfigError from the lobby's checks, or a bug: the board goes on
            if not isinstance(e, ValueError) and type(e).__name__ != "ConfigError":
                log.exception("a phone's command %r failed", command)
            self.outbox(error_reply(str(e) or "the board could not do that", msg_id), [client])

    def _set_option(self, cmd: SetOption, by: str) -> str:
        if self.schema and cmd.key not in self.schema:
            raise Refused(f"{cmd.key!r} is not an option here (options: {', '.join(self.schema)})")
        self.control.set_option(cmd.key, cmd.value)
        log.info("%s set %s = %r", by, cmd.key, cmd.value)
        return f"{cmd.key} = {cmd.value!r} for the next games"

    def _start(self, cmd: Start, by: str) -> str:
        why = self.control.start(by)
        if why is not None:
            raise Refused(f"the game cannot start: {why}")
        return "the game starts"

    def _abandon(self, cmd: Abandon, by: str) -> str:
        why = self.control.abandon(by)
        if why is not None:
            raise Refused(f"cannot abandon: {why}")
        return "the board asks to confirm: press its confirm button (the LEDs flash red)"
