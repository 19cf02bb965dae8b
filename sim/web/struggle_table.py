"""Struggle (RULES.md §3) in the browser: the messages, the view and the people's hands.

Page commands become presses of the electronic dice's buttons and token
moves by hand on the simulated board (:class:`~mazeboard.sim.struggle.hands.StruggleHands`),
so the controller only ever sees buttons and reed switches:

=============  ======================================  ==============================================
type           fields                                  physical meaning
=============  ======================================  ==============================================
``press``      ``button``: ``throw`` | ``stop`` |      a button of the electronic dice (``dieN``
               ``die1`` .. ``die5``                    holds die N; while choosing, ``throw`` and
                                                       ``die1`` step through the outcomes and
                                                       ``stop`` plays the selected one)
``pick``       ``index`` (0-based outcome)             press ``throw``/``die1`` until the board
                                                       selects that outcome (``stop`` plays it)
``move``       ``token`` (K Q J 10 9), ``to``          lift the token and set it on a space
               (``s0``..``sN`` or ``place-A``..E)      (``sN``) or an arrival place
``follow``     (none)                                  move every token where the LEDs show
``gather``     (none)                                  put the tokens back on the start (new round)
``new_game``   ``players`` 2-4, ``humans``, ``seed``,  end this game, start another
               ``rounds`` 1-9
=============  ======================================  ==============================================

Secret cards: ``objective`` announcements go to the owner's private page only
(the cards are revealed to everyone with ``round_over``, as at the table).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Mapping

from mazeboard.hal.board import BoardRequest
from mazeboard.hal.boards import PLAYER_COLOURS
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.struggle import BUTTONS, PLACES, TOKENS, space_sensor

from ..struggle.backend import StruggleSession, for_play
from ..struggle.hands import Act, StruggleHands, TableView
from .protocol import SEED_MAX, Fields, Press
from .served import ServedSession, ServedTable
from .table import MAX_QUEUED, Refused

#: think time of a simulated player at speed 1.0 (a person's pace), milliseconds
THINK_MS = (900, 2400)
SENSOR_RE = re.compile(r"s(0|[1-9][0-9]?)|place-[A-E]")


@dataclass(frozen=True)
class Pick:
    index: int
    msg_id: int | None = None


@dataclass(frozen=True)
class MoveToken:
    token: str
    to: str
    msg_id: int | None = None


@dataclass(frozen=True)
class Follow:
    msg_id: int | None = None


@dataclass(frozen=True)
class Gather:
    msg_id: int | None = None


@dataclass(frozen=True)
class NewStruggle:
    players: int
    humans: tuple[str, ...]
    seed: int | None
    rounds: int
    msg_id: int | None = None


def _new_game(f: Fields) -> NewStruggle:
    players, rounds = f.whole("players", 2, 4), f.whole("rounds", 1, 9)
    assert players is not None and rounds is not None
    return NewStruggle(players, f.colours("humans"), f.whole("seed", 0, SEED_MAX, optional=True), rounds, f.msg_id)


def _index(f: Fields) -> int:
    index = f.whole("index", 0, 999)
    assert index is not None
    return index


#: message type -> parser (:func:`mazeboard.sim.web.protocol.parse_message`)
PARSERS: dict[str, Callable[[Fields], Any]] = {
    "press": lambda f: Press(f.choice("button", BUTTONS), f.msg_id),
    "pick": lambda f: Pick(_index(f), f.msg_id),
    "move": lambda f: MoveToken(f.choice("token", TOKENS),
                                f.text("to", lambda v: bool(SENSOR_RE.fullmatch(str(v))), "a space s0..sN or place-A..E"),
                                f.msg_id),
    "follow": lambda f: Follow(f.msg_id),
    "gather": lambda f: Gather(f.msg_id),
    "new_game": _new_game,
}

PHASE_TEXT = {"starting": "Setting up", "tokens": "the tokens go on the start", "throw": "throws the dice",
              "choosing": "chooses how to play the hand", "placing": "moves the tokens", "over": "Game over"}


@dataclass
class StruggleView:
    """The announced state of a Struggle game (public announcements only: never an objective card)."""

    humans: tuple[str, ...] = ()
    players: list[str] = field(default_factory=list)
    track: list[str] = field(default_factory=list)
    rounds: int = 1
    round: int = 0
    current: str | None = None
    phase: str = "starting"
    faces: list[str] = field(default_factory=list)
    throws: int = 0
    held: list[int] = field(default_factory=list)
    outcomes: list[dict[str, Any]] = field(default_factory=list)
    selected: int | None = None
    spaces: dict[str, int] = field(default_factory=lambda: {t: 0 for t in TOKENS})
    arrived: list[str] = field(default_factory=list)
    results: list[dict[str, Any]] = field(default_factory=list)
    totals: dict[str, int] = field(default_factory=dict)
    warning: dict[str, Any] | None = None
    winner: str | None = None
    winners: list[str] = field(default_factory=list)
    #: the board's latest ``instruction`` event (what it asks now), or None before the first
    instruction: dict[str, Any] | None = None

    def apply(self, e: Mapping[str, Any]) -> None:
        handler = _HANDLERS.get(str(e.get("type")))
        if handler is not None:
            handler(self, e)

    def prompt(self) -> str:
        """What the board asks now, in the board's own words (its latest ``instruction`` event:
        the same the LEDs show and the narration says); nothing of its own."""
        if self.instruction is not None:
            return str(self.instruction.get("text", ""))
        return "Waiting for the board..."

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": list(self.players), "track": list(self.track), "rounds": self.rounds, "round": self.round,
            "current": self.current, "phase": self.phase, "phase_text": PHASE_TEXT.get(self.phase, self.phase),
            "faces": list(self.faces), "throws": self.throws, "held": list(self.held),
            "outcomes": list(self.outcomes), "selected": self.selected, "spaces": dict(self.spaces),
            "arrived": list(self.arrived), "results": list(self.results), "totals": dict(self.totals),
            "warning": dict(self.warning) if self.warning else None, "winner": self.winner,
            "winners": list(self.winners), "prompt": self.prompt(),
            "instruction": dict(self.instruction) if self.instruction else None,
        }


def _name(player: str | None) -> str:
    return (player or "nobody").capitalize()


def _started(v: StruggleView, e: Mapping[str, Any]) -> None:
    v.players = list(e.get("players", []))
    v.track = list(e.get("track", []))
    v.rounds = int(e.get("rounds", 1))
    v.totals = {p: 0 for p in v.players}
    v.phase = "tokens"


def _round(v: StruggleView, e: Mapping[str, Any]) -> None:
    v.round = int(e.get("round", v.round + 1))
    v.spaces, v.arrived = {t: 0 for t in TOKENS}, []


def _turn(v: StruggleView, e: Mapping[str, Any]) -> None:
    v.current, v.phase = e.get("player"), "throw"
    v.faces, v.throws, v.held, v.outcomes, v.selected, v.warning = [], 0, [], [], None, None


def _hand(v: StruggleView, e: Mapping[str, Any]) -> None:
    v.faces, v.throws, v.held = list(e.get("faces", [])), int(e.get("throw", 0)), list(e.get("held", []))


def _outcomes(v: StruggleView, e: Mapping[str, Any]) -> None:
    v.phase = "choosing"
    v.outcomes = [{k: o.get(k) for k in ("index", "plays", "spaces", "arrived", "moves")} for o in e.get("outcomes", [])]
    v.selected = e.get("selected")


def _played(v: StruggleView, e: Mapping[str, Any]) -> None:
    v.phase = "placing"
    v.spaces, v.arrived = dict(e.get("spaces", {})), list(e.get("arrived_order", []))


def _round_over(v: StruggleView, e: Mapping[str, Any]) -> None:
    v.results.append({"round": e.get("round"), "order": list(e.get("order", [])),
                      "points": dict(e.get("points", {})), "cards": dict(e.get("cards", {}))})
    v.totals = dict(e.get("totals", v.totals))
    v.phase = "tokens"


def _over(v: StruggleView, e: Mapping[str, Any]) -> None:
    v.winner, v.winners, v.phase = e.get("winner"), list(e.get("winners", [])), "over"
    v.totals = dict(e.get("scores", v.totals))


def _instruction(v: StruggleView, e: Mapping[str, Any]) -> None:
    v.instruction = {k: val for k, val in e.items() if k != "type"}


_HANDLERS: dict[str, Callable[[StruggleView, Mapping[str, Any]], None]] = {
    "instruction": _instruction,
    "game_started": _started,
    "round_started": _round,
    "turn_started": _turn,
    "held": lambda v, e: setattr(v, "held", list(e.get("held", []))),
    "hand": _hand,
    "outcomes": _outcomes,
    "selected": lambda v, e: setattr(v, "selected", e.get("index")),
    "played": _played,
    "warning": lambda v, e: setattr(v, "warning", {k: e.get(k) for k in ("player", "kind", "cell")}),
    "round_over": _round_over,
    "game_over": _over,
}


class PeopleHands(StruggleHands):
    """The people's hands: also ``pick`` (step the selection to an outcome, without playing it);
    a ``move`` waits while another hand holds that token (:class:`StruggleHands`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._run["pick"] = lambda a: self._first(self._presses_to(a.number))


class StruggleTable(ServedTable):
    """The shared and private pages of one simulated Struggle game and the people's hands."""

    PAGE = "struggle.html"
    PARSERS = PARSERS
    TITLE = "Struggle"

    def __init__(self, sim: StruggleSession, humans: tuple[str, ...]) -> None:
        setup = sim.setup
        super().__init__(sim.board, sim.clock, "struggle", tuple(setup.players), humans, setup.seed)
        self.sim = sim
        self.state = StruggleView(humans=humans)
        self.cards: dict[str, list[str]] = {}
        self.hint: dict[str, int] = {}
        self.table_view = TableView()
        sim.board.watchers.insert(0, self.table_view.watch)
        self.hands = PeopleHands(sim.world, sim.clock, self.table_view, where="people")
        sim.world.on_change = self.world_changed
        self._commands = {Press: self._press, Pick: self._pick, MoveToken: self._move, Follow: self._follow,
                          Gather: self._gather, NewStruggle: self._new_game}

    # -- what the pages show ---------------------------------------------------------
    def secret_of(self, event: Mapping[str, Any]) -> str | None:
        kind = event.get("type")
        if kind == "objective":
            player = str(event.get("player"))
            self.cards[player] = list(event.get("card", []))
            return player
        if kind == "outcomes" and event.get("hint") is not None:
            # the board's hint is for the player's own card: their phone shows it, the table does not
            self.hint = {str(event.get("player")): int(event["hint"])}
            self._to_player(str(event.get("player")), {"type": "secret", "secret": self.secret_view(str(event.get("player")))})
        return None

    def apply(self, event: Mapping[str, Any]) -> None:
        self.state.apply(event)
        if event.get("type") in ("played", "turn_started"):
            for p in list(self.hint):
                self.hint.pop(p)
                self._to_player(p, {"type": "secret", "secret": self.secret_view(p)})

    def view(self) -> dict[str, Any]:
        return self.state.to_dict()

    def secret_view(self, player: str) -> dict[str, Any]:
        return {"card": list(self.cards.get(player, [])), "round": self.state.round,
                "places": list(PLACES), "hint": self.hint.get(player)}

    def board_data(self) -> dict[str, Any]:
        track = self.sim.track
        return {"track": track.to_list(), "track_name": track.name, "sensors": list(track.sensors()),
                "tokens": list(TOKENS), "places": list(PLACES), "colours": list(PLAYER_COLOURS)}

    def world_state(self) -> dict[str, Any]:
        snap = self.sim.world.snapshot()
        snap["busy"] = not self.hands.idle
        return snap

    # -- the people's hands ----------------------------------------------------------
    def _do(self, *acts: Act) -> None:
        if len(self.hands._queue) >= MAX_QUEUED:
            raise Refused("one thing at a time: the hand is still busy")
        self.hands.do(*acts)

    def _my_turn(self) -> str:
        current = self.state.current
        if current is None or self.state.phase in ("over", "starting"):
            raise Refused("no turn is under way")
        self.need_human(current, f"it is {current}'s turn")
        return current

    def _press(self, client: int, cmd: Press) -> None:
        """A button of the electronic dice: only one the board's instruction lists acts, and only
        for the player it asks (anyone at the table when it asks nobody in particular)."""
        if not self.humans:
            self.need_human("", "watching")
        said = self.state.instruction or {}
        if cmd.button not in said.get("buttons", {}):
            raise Refused(f"{cmd.button} does nothing now: {said.get('text', 'wait for the board')}")
        player = said.get("player")
        if player is not None:
            self.need_human(player, f"it is {player}'s turn")
        self._do(Act("press", button=cmd.button))

    def _pick(self, client: int, cmd: Pick) -> None:
        self._my_turn()
        if self.state.phase != "choosing":
            raise Refused("there is no hand to interpret now: throw, then press Stop")
        if cmd.index >= len(self.state.outcomes):
            raise Refused(f"there are {len(self.state.outcomes)} outcomes (0..{len(self.state.outcomes) - 1})")
        self._do(Act("pick", number=cmd.index))

    def _move(self, client: int, cmd: MoveToken) -> None:
        if not self.humans:
            self.need_human("", "watching")
        if cmd.to not in self.sim.world.sensors:
            raise Refused(f"{cmd.to} is not on this board (spaces s0..{space_sensor(self.sim.track.finish)}, place-A..E)")
        self._do(Act("move", token=cmd.token, sensor=cmd.to))

    def _follow(self, client: int, cmd: Follow) -> None:
        if not self.humans:
            self.need_human("", "watching")
        self._do(Act("follow"))

    def _gather(self, client: int, cmd: Gather) -> None:
        if not self.humans:
            self.need_human("", "watching")
        self._do(Act("reset"))

    def _new_game(self, client: int, cmd: NewStruggle) -> None:
        self.new_game({"players": cmd.players, "humans": cmd.humans, "seed": cmd.seed, "rounds": cmd.rounds})


def open_struggle(request: BoardRequest, realtime: bool = True) -> ServedSession:
    """A Struggle game served to pages: people play ``request.humans``, simulated players the
    others (at ``request.speed``); raises :class:`ConfigError` like ``mazeboard play``."""
    humans = tuple(dict.fromkeys(request.humans))
    players = request.players if isinstance(request.players, tuple) else PLAYER_COLOURS[: request.players]
    for h in humans:
        if h not in players:
            raise ConfigError(f"--humans: {h} does not play in a {len(players)}-player game ({', '.join(players)})")
    if request.rounds is not None and not 1 <= request.rounds <= 9:
        raise ConfigError(f"--rounds: 1 to 9 rounds in the browser, got {request.rounds}")
    sim = for_play(replace(request, realtime=realtime, humans=humans))
    think = (int(THINK_MS[0] / request.speed), int(THINK_MS[1] / request.speed))
    for player in sim.players:
        player.think_ms = think
    return ServedSession(request, sim, StruggleTable(sim, humans), check=lambda r: open_struggle(r, realtime=False))
