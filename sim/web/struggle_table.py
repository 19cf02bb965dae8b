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
from dataclasses import dataclass, replace
from typing import Any, Callable, Mapping

from mazeboard.hal.board import BoardRequest
from mazeboard.hal.boards import PLAYER_COLOURS
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.struggle import BUTTONS, PLACES, TOKENS, space_sensor

from ..struggle.backend import StruggleSession, for_play
from ..struggle.hands import Act, StruggleHands, TableView
from .protocol import Press
from mazeboard.hal.web.controls import follow_refusal, gather_refusal, page_name, press_refusal, refused_line
from mazeboard.hal.web.protocol import SEED_MAX, Fields, Refused, error_reply
from mazeboard.hal.web.served import ServedTable
from mazeboard.hal.web.views import StruggleView, struggle_hint, struggle_secret_end, struggle_secret_hint

from .served import ServedSession
from .table import MAX_QUEUED

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


#: message type -> parser (:func:`mazeboard.hal.web.protocol.parse_message`)
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

class PeopleHands(StruggleHands):
    """The people's hands: also ``pick`` (step the selection to an outcome, without playing it);
    a ``move`` waits while another hand holds that token (:class:`StruggleHands`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._run["pick"] = lambda a: self._first(self._presses_to(a.number))
        #: True from a ``follow`` (the page's "Place tokens as shown") until the hands are done: the
        #: pages say "placing the tokens..." meanwhile (the tokens move one at a time)
        self.placing = False
        self._then_idle, self.on_idle = self.on_idle, self._done
        #: asked just before a page's press (``Act.text`` "page N") is pressed: False leaves it unpressed
        #: (the board would ignore it: the press before it changed what the board asks)
        self.before_press: Callable[[Act], bool] | None = None
        self._run["press"] = self._press_now

    def _press_now(self, act: Act) -> int:
        if act.text.startswith("page ") and self.before_press is not None and not self.before_press(act):
            return 0
        return self.world.press(act.button)

    def _follow(self, act: Act) -> int:
        self.placing = True
        return super()._follow(act)

    def _done(self) -> None:
        self.placing = False
        if self._then_idle is not None:
            self._then_idle()


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
        self.hint: dict[str, dict[str, Any]] = {}  # player -> views.struggle_hint
        #: the last press: its button and the instruction it was checked against (a double click's test)
        self._last_press: tuple[str, Any] | None = None
        self.table_view = TableView()
        sim.board.watchers.insert(0, self.table_view.watch)
        # once the hands are done the pages hear it (the world's ``placing`` ends)
        self.hands = PeopleHands(sim.world, sim.clock, self.table_view, where="people", on_idle=self.world_changed)
        self.hands.before_press = self._still_asked
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
            self.hint = {str(event.get("player")): struggle_hint(event) or {}}
            self._to_player(str(event.get("player")), {"type": "secret", "secret": self.secret_view(str(event.get("player")))})
        return None

    def apply(self, event: Mapping[str, Any]) -> None:
        self.state.apply(event)
        if event.get("type") == "game_over":  # every private page says the game is over, and how it ended
            for p in self.state.players:
                self._to_player(p, {"type": "secret", "secret": self.secret_view(p)})
        if event.get("type") in ("played", "turn_started"):
            for p in list(self.hint):
                self.hint.pop(p)
                self._to_player(p, {"type": "secret", "secret": self.secret_view(p)})

    def view(self) -> dict[str, Any]:
        return self.state.to_dict()

    def secret_view(self, player: str) -> dict[str, Any]:
        return {"card": list(self.cards.get(player, [])), "round": self.state.round,
                "places": list(PLACES), **struggle_secret_hint(self.hint.get(player)),
                **struggle_secret_end(self.state, player)}

    def board_data(self) -> dict[str, Any]:
        track = self.sim.track
        return {"track": track.to_list(), "track_name": track.name, "sensors": list(track.sensors()),
                "tokens": list(TOKENS), "places": list(PLACES), "colours": list(PLAYER_COLOURS)}

    def world_state(self) -> dict[str, Any]:
        snap = self.sim.world.snapshot()
        snap["busy"] = not self.hands.idle
        snap["placing"] = self.hands.placing and not self.hands.idle
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
        for the player it asks (anyone at the table when it asks nobody in particular):
        :func:`~mazeboard.hal.web.controls.press_refusal`, the answer the page shows."""
        reason = press_refusal(self.state.instruction, self.humans, cmd.button, page_name)
        if reason is not None:
            raise Refused(refused_line(cmd.button, reason))
        # a double click: the same button again, on the same instruction, before the first press is over
        # (the second was aimed at what the first changes); once the board asks anew, a press is deliberate
        said = self.state.instruction
        last = self._last_press
        if self.hands.pressing(cmd.button) and last is not None and last[0] == cmd.button and last[1] is said:
            raise Refused(f"{cmd.button}: pressed twice: the first press has not acted yet")
        if cmd.button == "stop" and self._unmade():
            raise Refused(self._unmade_line())
        self._last_press = (cmd.button, said)
        self._do(Act("press", button=cmd.button, text=f"page {client}"))

    def _unmade(self) -> list[str]:
        """The moves the board waits for Stop on (``str.placed_unseen``: no reed sees them) that the
        simulated world shows not made, said "token Q to space 1": Stop would end the turn with those
        tokens elsewhere, the board taking them as made. The page greys Stop for them (newcomer 15);
        a press from a page whose world was a moment old, or raced by a token move, is refused here."""
        said = self.state.instruction or {}
        messages = said.get("messages") or [{}]
        if messages[0].get("id") != "str.placed_unseen":
            return []
        tokens = self.sim.world.tokens
        return [f"token {r['piece']} to {_sensor_name(r['to'][0])}" for r in said.get("requests") or ()
                if r.get("piece") and r.get("to") and tokens.get(r["piece"]) not in r["to"]]

    def _unmade_line(self) -> str:
        moves = self._unmade()
        listed = moves[0] if len(moves) == 1 else ", ".join(moves[:-1]) + " and " + moves[-1]
        return (f"Stop: first move {listed}. The board cannot tell whether a token is moved onto a space that "
                "already holds one: it would count it as moved.")

    def _still_asked(self, act: Act) -> bool:
        """Whether a page's press, accepted a moment ago, still acts now that the hand presses it (round
        25: "a Stop tap was ignored once"): else the page that sent it is told why, in words."""
        reason = press_refusal(self.state.instruction, self.humans, act.button, page_name)
        client = int(act.text.split()[1])
        if reason is None and act.button == "stop" and self._unmade():
            self.outbox(error_reply(f"{self._unmade_line()} (a token was moved after Stop was pressed)"), [client])
            return False
        if reason is None:
            return True
        self.outbox(error_reply(f"{refused_line(act.button, reason)} (the press before it changed what the "
                                "board asks: press again if you still mean it)"), [client])
        return False

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
        """Place the tokens as the board shows, then press Stop once they stand (the hand put them: nothing
        to check by eye; round 27: a turn ended by its countdown, by Stop or by nothing read as three ways):
        only while it asks for token moves this page may do."""
        reason = follow_refusal(self.state.instruction, self.humans, page_name)
        if reason is not None:
            raise Refused(f"place tokens: {reason}")
        self._do(Act("follow", button="stop"))  # then Stop ends the turn: one ending whatever the reeds saw

    def _gather(self, client: int, cmd: Gather) -> None:
        """Gather the tokens on the start: only while the board asks for that (between rounds);
        refused at once otherwise, never queued until the round ends."""
        reason = gather_refusal(self.state.instruction, self.humans)
        if reason is not None:
            raise Refused(f"gather: {reason}")
        self._do(Act("reset"))

    def _new_game(self, client: int, cmd: NewStruggle) -> None:
        self.new_game({"players": cmd.players, "humans": cmd.humans, "seed": cmd.seed, "rounds": cmd.rounds})


def _sensor_name(sensor: str) -> str:
    """``s0`` START, ``s4`` space 4, ``place-A`` arrival place A (as the page says them)."""
    if sensor == space_sensor(0):
        return "START"
    return f"arrival place {sensor[-1]}" if sensor.startswith("place-") else f"space {sensor[1:]}"


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
