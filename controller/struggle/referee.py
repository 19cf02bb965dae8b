"""The Struggle referee: buttons and reed switches in, game events and LED frames out.

One ``transitions`` machine sequences a turn; every rule question goes to
:mod:`.rules` (pure). The augmented board (RULES.md §3, issue #8):

* **Electronic dice.** Buttons ``die1``..``die5`` toggle holding a die
  (after the first throw), ``throw`` throws the dice not held (all five the
  first time), ``stop`` accepts the hand (always needed, also after the
  third throw). Faces come from the scenario's forced throws, then from the
  seeded generator.
* **Interpretation on the board.** Once the hand is accepted the controller
  lists every distinct outcome (``outcomes`` event, way 1 selected, the hint named)
  and the LEDs preview the selected one; ``throw`` selects the next outcome,
  ``die1`` the previous one, ``die2`` another play giving the same outcome
  (the order the player names, which ``played`` lists), ``stop`` plays it.
  A browser view may select any outcome directly
  (:meth:`StruggleReferee.select`). The player cannot abstain: some outcome
  is always played.
* **Following the tokens (belief vs board).** The referee believes each
  token stands on one sensor: a track space or an arrival place as the race
  has them, all on the start space between rounds (:meth:`StruggleReferee.home`).
  Reeds sense occupancy only; after every input the closed reeds are
  compared with that belief (:func:`.instructions.token_requests`). Whatever
  does not fit is a request of the instruction (which token, from where, to
  where, why), in every state: after a play the tokens the play moves
  (reason ``placing``, the player's colour blinking where they go); a token
  moved, knocked or lifted while nobody should move one (``out_of_turn``,
  ``lifted``: a ``warning``, and the throw, the play or the card entry wait
  until it is back); a closure where no token belongs (``misplaced``). Once
  the reeds match, the turn passes at ``stop`` (never by a countdown: the
  reeds cannot see every move; a round starts ``settle_ms`` after the tokens
  stand on START, or at ``stop``). After a restart the same check runs against the saved
  game (:mod:`.setup_check`, state ``waiting_for_setup``).
* **One instruction.** A button does something only when the instruction
  lists it (:mod:`.instructions`); the others are ignored (logged).
* **Physical objective cards** (option ``cards = "physical"``). Nothing is
  dealt; when the race is over each player in turn order enters their card
  with the dice buttons (:mod:`.cards`), then the round is scored.
* **Dice display.** Where the wiring has one (LEDs ``die1:9`` .. ``die5:A``),
  the thrown face of each die lights, a held die in the player's colour.

States are named for what the controller waits for (DESIGN.md).
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass, field
from typing import AbstractSet, Any, Callable, Mapping

from mazeboard.hal.board import BoardState, GameSetup, LedLayout
from mazeboard.hal.clock import Scheduler
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.events import ButtonPressed, GameEvent, LedFrame, ReedChanged
from mazeboard.hal.struggle import ACE, DICE, DIE_BUTTONS, PLACES, TOKENS, Track, parse_track, place_sensor, space_sensor

from ..instruction import Instruction
from ..leds import PLAYER_RGB, LedDriver, Scene
from ..referee_core import RefereeCore
from . import instructions, rules
from .cards import CARD_BUTTONS, ERASE_OR_CONFIRM, CardEntry
from .rules import Card, Outcome, Race, Rules, StruggleOptions
from .setup_check import SETUP_TRANSITIONS, SetupCheck
from .whereabouts import Whereabouts
from .words import play_said

log = logging.getLogger(__name__)

STATES = ["waiting_for_tokens", "waiting_for_throw", "choosing", "placing", "entering_cards", "game_over",
          "waiting_for_setup"]

#: The game flow as a table (transitions' declarative form).
TRANSITIONS: list[dict[str, Any]] = [
    {"trigger": "tokens_ready", "source": "waiting_for_tokens", "dest": "waiting_for_throw"},
    {"trigger": "hand_accepted", "source": "waiting_for_throw", "dest": "choosing"},
    {"trigger": "hand_void", "source": "waiting_for_throw", "dest": "waiting_for_throw"},
    {"trigger": "outcome_played", "source": "choosing", "dest": "placing"},
    {"trigger": "tokens_placed", "source": "placing", "dest": "waiting_for_throw"},
    {"trigger": "round_ended", "source": "placing", "dest": "waiting_for_tokens"},
    {"trigger": "finished", "source": "placing", "dest": "game_over"},
    # physical objective cards: entered on the board once the race is over
    {"trigger": "race_over", "source": "placing", "dest": "entering_cards"},
    {"trigger": "round_ended", "source": "entering_cards", "dest": "waiting_for_tokens"},
    {"trigger": "finished", "source": "entering_cards", "dest": "game_over"},
    *SETUP_TRANSITIONS,  # after a restart: check_setup, setup_done_<state> (setup_check.py)
]

#: states in which no token should move: a token that does is out of turn
STILL_STATES = ("waiting_for_throw", "choosing", "entering_cards")


@dataclass
class _Turn:
    player: str
    hand: tuple[str, ...] = ()
    throws: int = 0
    held: set[int] = field(default_factory=set)  # 0-based dice indices
    outcomes: tuple[Outcome, ...] = ()
    ranks: tuple[int, ...] = ()  # each listed outcome's index in the rules' order (rules.pick_order)
    selected: int = 0
    hint: int = 0
    play: int = 0  # which of the selected outcome's plays (the order the player names)

    def rank(self, index: int) -> int:
        """The listed outcome ``index``'s index in the rules' order (itself where no order is kept)."""
        return self.ranks[index] if 0 <= index < len(self.ranks) else index


def outcome_summary(index: int, outcome: Outcome, race: Race | None, rank: int | None = None) -> dict[str, Any]:
    """An outcome of a hand played on ``race`` as event data: its index, ``rank`` (its index in the rules' order,
    :func:`rules.outcomes`, whatever the pick listed first: a scenario's ``select N``; ``index`` where not given), first
    play, every play, the
    race it leads to, and ``round_end``: the tokens put on an arrival place by no move of their own
    (the fourth arrival ends the round, the fifth token takes the last place: RULES.md §3, as
    :func:`rules.apply` leaves them), each ``{"token", "from": the space it stood on, "place"}``
    (``from`` None when ``race``, the race before the play, is not known and the token did not move), and
    ``moves_nothing``: every token ends where it stood (:func:`rules.net_moves`)."""
    play = outcome.result
    moved = {m.token for m in play.moves if m.place}
    stood: dict[str, int | None] = dict(race.at()) if race is not None else {}
    for m in play.moves:
        stood[m.token] = m.to
    return {
        "index": index,
        "rank": index if rank is None else rank,
        "ace": list(outcome.plays[0].aces),
        "order": list(outcome.plays[0].order),
        "plays": [p.text() for p in outcome.plays],
        "spaces": play.race.at(),
        "arrived": list(play.race.arrived),
        "moves": [m.to_dict() for m in play.moves],
        "round_end": [{"token": t, "from": stood.get(t), "place": p} for t, p in play.arrivals if t not in moved],
        # every token back where it stood (swaps that undo each other, impasses: rules.net_moves)
        "moves_nothing": not rules.net_moves(play.moves) and not any(t not in moved for t, _ in play.arrivals),
    }


class StruggleReferee(RefereeCore):
    """Referees one game of Struggle on the augmented board.

    ``setup.extra`` may hold ``track`` (a :class:`Track`, a track name or a
    list of kinds) and ``objectives`` (player -> card, forced for round 1).
    ``setup.dice`` holds forced throws (each the faces of the dice thrown).
    ``board_state()`` gives the reeds closed at start. Raises
    :class:`ConfigError` for a setup that breaks the rules.
    """

    def __init__(
        self,
        setup: GameSetup,
        scheduler: Scheduler,
        layout: LedLayout,
        emit: Callable[[GameEvent], None],
        show: Callable[[LedFrame], None],
        board_state: Callable[[], BoardState] | None = None,
        options: StruggleOptions | None = None,
    ) -> None:
        if not 2 <= len(setup.players) <= 4 or len(set(setup.players)) != len(setup.players):
            raise ConfigError(f"players: Struggle takes 2 to 4 different players, got {list(setup.players)}")
        unknown = [p for p in setup.players if p not in PLAYER_RGB]
        if unknown:
            raise ConfigError(f"players: unknown player {unknown[0]!r}")
        self.players = tuple(setup.players)
        self.options = options or StruggleOptions.from_mapping(setup.options)
        raw_track = setup.extra.get("track", "default")
        self.track: Track = raw_track if isinstance(raw_track, Track) else parse_track(raw_track)
        self.rules = Rules(self.track, self.options.share_plain)
        self.deck = rules.load_objectives()
        if len(self.deck) < len(self.players):
            raise ConfigError("objectives: fewer cards than players")
        self._forced_cards: dict[str, Card] = {
            p: rules.check_card(c, f"objectives.{p}") for p, c in dict(setup.extra.get("objectives", {})).items()
        }
        for p in self._forced_cards:
            if p not in self.players:
                raise ConfigError(f"objectives: {p!r} is not playing")
        self.physical_cards = self.options.cards == "physical"
        if self.physical_cards and self._forced_cards:
            raise ConfigError("objectives: with cards = \"physical\" nothing is dealt; the players enter their "
                              "cards at the round's end (leave objectives out)")
        self._forced_dice: list[tuple[str, ...]] = []
        self._dice_given = len(setup.dice)
        for i, throw in enumerate(setup.dice):
            faces = tuple(throw.split()) if isinstance(throw, str) else tuple(throw)
            self._forced_dice.append(tuple(rules.check_face(f, f"dice[{i}]") for f in faces))
        self.rng = random.Random(f"struggle-{setup.seed}")
        self._init_core(scheduler, emit, STATES, TRANSITIONS, "waiting_for_tokens")
        self._board_state = board_state
        self.layout = layout
        self.leds = LedDriver(layout, scheduler, show)
        self.race = Race.start()
        self.round = 0
        self.cards: dict[str, Card] = {}
        self.totals = {p: 0 for p in self.players}
        self.round_scores: list[dict[str, int]] = []
        self.winner: str | None = None
        self.winners: list[str] = []
        self.turn_index = 0
        self.turn: _Turn | None = None
        self.closed: set[str] = set()
        #: which token may stand where (reeds cannot tell tokens apart): names a request's ``from``
        #: only where the board knows it, and asks to check when the reeds match but a swap is possible
        self.where = Whereabouts({t: space_sensor(0) for t in TOKENS})
        #: tokens the last play moved (their requests say ``placing``, the others ``misplaced``)
        self.moved: frozenset[str] = frozenset()
        #: moves of the last play no reed can confirm (token -> (from, to): both sensors stay
        #: closed, e.g. a swap on a red space); shown while placing, not awaited
        self.unseen: dict[str, tuple[str, str]] = {}
        self.setup_check: SetupCheck | None = None  # after a restart, until the tokens are back
        self._home: tuple[tuple[str, Race], dict[str, str]] | None = None  # home() for (state, race)
        self._warned: set[str] = set()
        self._astray = False  # a token moved when none should: warned once until the board matches
        self._flash: tuple[frozenset[str], int] = (frozenset(), 0)
        self._entries: list[CardEntry] = []  # physical cards still to be entered this round, current first
        self._rechecked: set[str] = set()  # players asked this round to check a card another kept
        self._dispatch: dict[type, Callable[[Any], None]] = {
            ReedChanged: self._on_reed,
            ButtonPressed: self._on_button,
        }
        die_toggles: dict[str, Callable[[], None]] = {b: self._hold_die(i) for i, b in enumerate(DIE_BUTTONS)}
        #: state -> button -> action; a button acts only when the instruction lists it (instructions.py)
        self._buttons_by_state: dict[str, dict[str, Callable[[], None]]] = {
            "waiting_for_throw": {**die_toggles, "throw": self._throw, "stop": self._stop},
            "choosing": {"throw": lambda: self._cycle(+1), "die1": lambda: self._cycle(-1),
                         "die2": self._next_order, "stop": self._play},
            "placing": {"stop": self._confirm_placed},
            "waiting_for_tokens": {"stop": self._confirm_placed},
            "entering_cards": {**{b: self._card_press(v) for b, v in CARD_BUTTONS.items()},
                               ERASE_OR_CONFIRM: self._card_stop},
        }
        self._instructions = instructions.table(self)

    # -- public ------------------------------------------------------------

    @property
    def current(self) -> str:
        return self.players[self.turn_index]

    @property
    def scores(self) -> dict[str, int]:
        """Totals over the rounds played so far (player -> points)."""
        return dict(self.totals)

    @property
    def entry(self) -> CardEntry | None:
        """The physical card being entered now (``entering_cards``), or None."""
        return self._entries[0] if self._entries else None

    @property
    def expected(self) -> frozenset[str]:
        """The sensors whose reeds should be closed now (where the tokens belong)."""
        return frozenset(self.home().values())

    def start(self) -> None:
        """Announce the game, then wait for the five tokens on the start space."""
        self._input(self._start)

    def _start(self) -> None:
        self._emit("game_started", game=rules.GAME, players=list(self.players), track=self.track.to_list(),
                   rounds=self.options.rounds, corners={})
        if self._board_state is not None:
            self.closed = set(self._board_state().closed_reeds)
        if self.fits():
            self._placed()
        else:
            self._check_placed()

    def _new_setup_check(self) -> SetupCheck:
        return SetupCheck(self)

    def select(self, index: int, play: int = 0) -> None:
        """Select outcome ``index`` (and which of its plays, the order named) directly (the
        browser view); ignored outside choosing or while the board must be put right."""
        self._input(lambda: self._select(index, play))

    def _select(self, index: int, play: int = 0) -> None:
        turn = self.turn
        if self.state != "choosing" or turn is None or not 0 <= index < len(turn.outcomes) \
                or not 0 <= play < len(turn.outcomes[index].plays) or not self.fits():
            log.info("select %r ignored in %s", index, self.state)
            return
        turn.selected = index
        turn.play = play
        self._emit("selected", player=turn.player, index=index, play=play)
        self._refresh()

    def snapshot(self) -> dict[str, Any]:
        """The game as plain data (views, tests). Holds every card: views show each player only theirs."""
        turn = self.turn
        return {
            "state": self.state,
            "current": self.current,
            "round": self.round,
            "track": self.track.to_list(),
            "spaces": self.race.at(),
            "arrived": list(self.race.arrived),
            "hand": list(turn.hand) if turn else [],
            "throws": turn.throws if turn else 0,
            "held": sorted(i + 1 for i in turn.held) if turn else [],
            # the race before the play is the race only while choosing
            "outcomes": [outcome_summary(i, o, self.race if self.state == "choosing" else None, turn.rank(i))
                         for i, o in enumerate(turn.outcomes)] if turn else [],
            "selected": turn.selected if turn else None,
            "play": turn.play if turn else None,
            "hint": turn.hint if turn else None,
            "cards": {p: list(c) for p, c in self.cards.items()},
            "card_entry": ({"player": self._entries[0].player, "entered": list(self._entries[0].entered)}
                           if self._entries else None),
            "totals": dict(self.totals),
            "scores": dict(self.totals),
            "expected": sorted(self.expected),
            "closed": sorted(self.closed),
            "winner": self.winner,
        }

    # -- belief vs board ---------------------------------------------------------
    def home(self) -> dict[str, str]:
        """Where each token belongs now (token -> sensor): all on the start space while
        waiting for the tokens, else where the race has them (a space or an arrival place);
        after a restart, as in the state saved. Empty once the game is over."""
        state = self.setup_check.back_to if self.setup_check is not None else self.state
        key = (state, self.race)
        if self._home is not None and self._home[0] == key:
            return dict(self._home[1])
        home: dict[str, str] = {}
        if state == "waiting_for_tokens":
            home = {t: space_sensor(0) for t in TOKENS}
        elif state != "game_over":
            for t in TOKENS:
                place = self.race.place_of(t)
                home[t] = place_sensor(place) if place else space_sensor(self.race.space(t) or 0)
        self._home = (key, home)
        return dict(home)

    def fits(self) -> bool:
        """The closed reeds are exactly where tokens belong."""
        return self.closed == set(self.home().values())

    def unmade(self) -> tuple[str, ...]:
        """The tokens of the play's moves no reed can see that the reeds have not seen made after
        all (its token is not known to stand where it goes), in token order; empty outside placing.
        They are shown to check by eye until the players' Stop: the board cannot know when the hands
        are done (issue 15, round 27: a countdown passed the turn with such a token still on START)."""
        if self.state != "placing":
            return ()
        return tuple(t for t in TOKENS if t in self.unseen and self.where.known(t) != self.unseen[t][1])

    def doubt(self) -> tuple[str, ...]:
        """The tokens to check when the reeds match where the tokens belong but cannot say that
        each token is the right one (a token knocked from a shared space, then put back
        somewhere: :mod:`.whereabouts`); empty when the referee is sure, or the reeds do not
        match (then the requests say what to do), or during the board check after a restart."""
        if self.setup_check is not None or self.state == "game_over" or not self.fits():
            return ()
        home = self.home()
        return () if self.where.sure(home) else self.where.to_check(home)

    def _settled_at(self) -> dict[str, str]:
        """Where the tokens stand once the board matches: where they belong, except the moves of
        the play no reed can see (not made yet, as far as the board knows)."""
        at = self.home()
        at.update({t: frm for t, (frm, _) in self.unseen.items()})
        return at

    def countdown_cells(self) -> set[str]:
        """Where the settle countdown shows: the sensors of the tokens just moved (all of
        them when none moved or at a round's start)."""
        home = self.home()
        moved = {home[t] for t in self.moved if t in home} if self.state == "placing" else set()
        return moved or set(home.values())

    def _input(self, fn: Callable[[], None]) -> None:
        def run() -> None:
            fn()
            if self._depth == 1:
                self._settle_belief()

        super()._input(run)

    def _settle_belief(self) -> None:
        """After an input: when the board matches, the tokens stand where they belong (they
        are seen there) and a new excursion will be warned again; after a restart, the check."""
        if self.state == "game_over":
            return
        if self.setup_check is not None:
            self.setup_check.changed()
            return
        if self.fits() and self.where.sure(self.home()):
            self.where.settle(self._settled_at())
            self._astray = False

    # -- rounds and turns ----------------------------------------------------
    def _start_round(self) -> None:
        self.round += 1
        self.race = Race.start()
        self.moved = frozenset()
        self.unseen = {}
        if self.physical_cards:
            self.cards = {}  # the players hold real cards; they enter them at the round's end
            self._emit("round_started", round=self.round)
            return
        forced = self._forced_cards if self.round == 1 else {}
        if self.round == 1 or self.options.redeal:
            self.cards = rules.deal(self.rng, self.players, self.deck, forced)
        self._emit("round_started", round=self.round)
        for p in self.players:
            self._emit("objective", player=p, card=list(self.cards[p]))

    def _start_turn(self) -> None:
        self.turn = _Turn(self.current)
        self._emit("turn_started", player=self.current)
        self._refresh()

    def _end_turn(self, reason: str) -> None:
        assert self.turn is not None
        self._emit("turn_ended", player=self.turn.player, reason=reason)
        self.turn_index = (self.turn_index + 1) % len(self.players)

    # -- buttons ---------------------------------------------------------------
    def _on_button(self, ev: ButtonPressed) -> None:
        """A press acts only when the instruction lists the button (what the LEDs and the page show)."""
        said = self.instruction()
        if ev.button not in said.buttons:
            log.info("button %r does nothing in %s now: ignored", ev.button, self.state)
            return
        if said.action == "confirm":  # Stop: the players checked the tokens the reeds cannot tell apart
            self._confirm_tokens(said.player)
            return
        self._buttons_by_state[self.state][ev.button]()

    def _confirm_tokens(self, player: str | None) -> None:
        """The players say the tokens stand where they belong: the referee is sure again."""
        tokens = list(self.doubt())
        self.unseen = {}  # the players saw each token where it belongs: the unseen moves are made
        self.where.settle(self._settled_at())
        self._astray = False
        self._emit("tokens_confirmed", player=player, tokens=tokens)
        if self.state == "placing" and self.fits() and not self.doubt() and not self.unmade():
            self._placed()  # the play's tokens stand where it put them: Stop ends the turn (str.confirm_end)
            return
        self._check_placed()

    def _hold_die(self, die: int) -> Callable[[], None]:
        return lambda: self._toggle_hold(die)

    def _toggle_hold(self, die: int) -> None:
        turn = self.turn
        assert turn is not None and turn.throws > 0
        turn.held ^= {die}
        self._emit("held", player=turn.player, held=sorted(i + 1 for i in turn.held))
        self._refresh()  # the dice display

    def _next_faces(self, count: int) -> tuple[str, ...]:
        if not self._forced_dice:
            return rules.throw(self.rng, count)
        faces = self._forced_dice.pop(0)
        if len(faces) != count:
            which = self._dice_given - len(self._forced_dice) - 1  # the key, as the file's other errors name it
            raise ConfigError(f"dice[{which}]: the forced throw {' '.join(faces)!r} has {len(faces)} faces "
                              f"but {count} dice were thrown")
        return faces

    def _throw(self) -> None:
        turn = self.turn
        assert turn is not None and turn.throws < self.options.throws
        held = turn.held if turn.throws else set()
        faces = self._next_faces(DICE - len(held))
        turn.hand = rules.rethrow(turn.hand or (ACE,) * DICE, held, faces)
        turn.held = set(held)
        turn.throws += 1
        self._emit("hand", player=turn.player, faces=list(turn.hand), throw=turn.throws,
                   held=sorted(i + 1 for i in held))
        self._refresh()  # the dice display

    def _stop(self) -> None:
        turn = self.turn
        assert turn is not None and turn.throws > 0
        if rules.is_void(turn.hand):
            self._end_turn("void")
            self._go("hand_void")
            self._start_turn()
            return
        card = self.cards.get(turn.player) if self.options.hint else None
        # the board's pick for the card listed first, the others after it in the rules' order: the pick is way 1, lit
        # as the choice opens, and Throw steps on 2, 3 … (Struggle newcomers 44-47 and 109-113 saw the pick lit as
        # "way 3 of 6" and Throw go on to 4, 5, 6, then 1; round 26 had read "way 10 of 10" first)
        listed = rules.outcomes(self.rules, self.race, turn.hand)
        turn.ranks = rules.pick_order(self.rules, listed, card)
        turn.outcomes = tuple(listed[i] for i in turn.ranks)
        turn.hint = rules.hint(self.rules, turn.outcomes, card)
        # ...and why, said on the card holder's page (Struggle newcomer 66: a reason it did not see in the ways)
        why, lead = rules.hint_reason(self.rules, turn.outcomes, card, turn.hint)
        # ...way by way where the pick is ahead of some on one measure and of others on another
        apart = [[i, m] for i, m in rules.hint_apart(self.rules, turn.outcomes, card, turn.hint)] if why == "mixed" else None
        turn.selected = 0  # way 1 first, as the list reads (round 26: "way 10 of 10" first): the pick, where a card is known
        turn.play = 0
        self._emit("outcomes", player=turn.player, faces=list(turn.hand),
                   outcomes=[outcome_summary(i, o, self.race, turn.rank(i)) for i, o in enumerate(turn.outcomes)],
                   hint=turn.hint, hint_why=why, hint_token=lead, hint_apart=apart, selected=turn.selected)
        self._go("hand_accepted")

    def _cycle(self, step: int) -> None:
        turn = self.turn
        assert turn is not None
        self._select((turn.selected + step) % len(turn.outcomes))

    def _next_order(self) -> None:
        """Die 2 while choosing: the next play of the selected outcome (same moves, another order)."""
        turn = self.turn
        assert turn is not None
        plays = turn.outcomes[turn.selected].plays
        self._select(turn.selected, (turn.play + 1) % len(plays))

    def _play(self) -> None:
        turn = self.turn
        assert turn is not None
        outcome = turn.outcomes[turn.selected]
        play = outcome.plays[turn.play]
        result = rules.apply(self.rules, self.race, turn.hand, play)
        before = self.home()
        self.race = result.race
        after = self.home()
        self.moved = frozenset(t for t, s in after.items() if before.get(t) != s)
        self.unseen = unseen_moves(before, after, self.moved)
        self._emit("played", player=turn.player, ace=list(play.aces), order=list(play.order),
                   moves=[m.to_dict() for m in result.moves], said=play_said(play, result, self.track, turn.hand),
                   spaces=self.race.at(), arrived_order=list(self.race.arrived))
        for token, place in result.arrivals:
            self._emit("arrived", token=token, place=place)
        self._warned.clear()
        self._go("outcome_played")
        self._check_placed()

    # -- reeds -------------------------------------------------------------------
    def _on_reed(self, ev: ReedChanged) -> None:
        if ev.closed:
            self.closed.add(ev.cell)
        else:
            self.closed.discard(ev.cell)
        if self.state == "game_over":
            return
        if ev.closed:
            self.where.closed(ev.cell, self.closed, self.home())
        else:
            self.where.opened(ev.cell, self.closed, self.home())
        if self.setup_check is not None:
            self._cancel("setup")  # the board changed: it must match for the whole confirmation time again
            return
        expected = self.expected
        if self.state in STILL_STATES:
            if not self._astray and not self.fits():
                self._astray = True
                self._warn(self.entry.player if self.entry else self.current, "out_of_turn", ev.cell)
        elif ev.closed and ev.cell not in expected and ev.cell not in self._warned:
            self._warned.add(ev.cell)
            self._warn(self.current, "misplaced", ev.cell)
        if not ev.closed:
            self._warned.discard(ev.cell)
        self._check_placed()

    def _warn(self, player: str, kind: str, cell: str) -> None:
        self._emit("warning", player=player, kind=kind, cell=cell)
        self._flash = (frozenset({cell}), self._now() + self.options.warning_ms)

    def _check_placed(self) -> None:
        """In placing / waiting_for_tokens: (re)start the settle timer while the reeds agree."""
        self._cancel("settle")
        # between rounds the tokens on START start the round after ``settle_ms``; a play's tokens standing
        # where it put them wait for Stop (round 27: a 1 s countdown here, Stop-waits for moves no reed
        # sees, read as two rules, and the countdown passed turns under the newcomers' hands)
        if self.state == "waiting_for_tokens" and self.fits() and not self.doubt():
            self._after("settle", self.settle_ms(), self._placed)
        self._refresh()

    def settle_ms(self) -> int:
        """How long (ms) the reeds must match START before a round begins: ``settle_ms`` (a play's
        turn passes at Stop only)."""
        return self.options.settle_ms

    def _confirm_placed(self) -> None:
        self._placed()

    def _placed(self) -> None:
        self._cancel("settle")
        self.unseen = {}
        if self.state == "waiting_for_tokens":
            self._start_round()
            self._go("tokens_ready")
            self._start_turn()
            return
        if self.state != "placing":
            return
        self._end_turn("played")
        if not self.race.over:
            self._go("tokens_placed")
            self._start_turn()
            return
        self._round_over()

    def _round_over(self) -> None:
        if self.physical_cards:
            self._entries = [CardEntry(p) for p in self.players]
            self._rechecked = set()
            self._go("race_over")
            self._emit("card_wanted", player=self._entries[0].player, place=PLACES[0])
            return
        self._score_round()

    # -- physical cards ------------------------------------------------------------
    def _card_press(self, value: str) -> Callable[[], None]:
        return lambda: self._enter(value)

    def _enter(self, value: str) -> None:
        entry = self._entries[0]
        refused = entry.press(value)
        if refused is not None:
            self._card_refused(entry, refused)
            return
        self._emit("card_entry", player=entry.player, entered=list(entry.entered), next_place=entry.next_place)
        self._refresh()

    def _card_stop(self) -> None:
        entry = self._entries[0]
        if not entry.complete:
            if entry.erase():
                self._emit("card_entry", player=entry.player, entered=list(entry.entered),
                           next_place=entry.next_place)
                self._refresh()
            return
        card = tuple(entry.entered)
        other = entry.holder(self.cards)
        if other is not None and not entry.recheck and entry.questioned != card:
            # each card exists once: one of the two misread theirs, and the board cannot tell who
            entry.questioned = card
            entry.entered.clear()
            self._card_refused(entry, f"{other} already entered the card {' '.join(card)} and each card exists "
                                      f"once: check yours and enter it again from place A (the same card if it "
                                      f"is yours: then {other} checks theirs)")
            return
        if card not in self.deck:
            log.info("%s's card %s is not in the objectives data file (accepted)", entry.player, " ".join(card))
        self.cards[entry.player] = card
        self._emit("card_entered", player=entry.player, card=list(card))
        self._entries.pop(0)
        if other is not None:
            self._card_held_twice(entry, other, card)
        if self._entries:
            self._emit("card_wanted", player=self._entries[0].player, place=PLACES[0])
            self._refresh()
            return
        self._score_round()

    def _card_held_twice(self, entry: CardEntry, other: str, card: Card) -> None:
        """``entry``'s player kept ``card``, which ``other`` entered too. The first time, ``other``
        is asked to check theirs (their card is taken back, they enter it again last); a player
        asked again is believed: when they confirm the same card, both keep it and the table is
        told (each player is asked to check at most once a round, so the entry always ends)."""
        if entry.recheck or other in self._rechecked:
            self._emit("warning", player=entry.player, kind="card_twice", cell=place_sensor(PLACES[0]),
                       reason=f"{entry.player} and {other} both entered the card {' '.join(card)}: "
                              "the round is scored as entered")
            self._flash = (frozenset({place_sensor(p) for p in PLACES}), self._now() + self.options.warning_ms)
            return
        del self.cards[other]
        self._rechecked.add(other)
        self._emit("card_withdrawn", player=other, card=list(card), by=entry.player)
        self._entries.append(CardEntry(other, questioned=card, recheck=True))

    def _card_refused(self, entry: CardEntry, why: str) -> None:
        self._emit("warning", player=entry.player, kind="card_refused", cell=place_sensor(entry.next_place or "E"),
                   reason=why, entered=list(entry.entered))
        self._flash = (frozenset({place_sensor(p) for p in PLACES}), self._now() + self.options.warning_ms)
        self._refresh()

    def _score_round(self) -> None:
        self.cards = {p: self.cards[p] for p in self.players if p in self.cards}  # in turn order
        order = self.race.arrived
        pts = rules.round_points(self.cards, order)
        for p, v in pts.items():
            self.totals[p] += v
        self.round_scores.append(pts)
        self._emit("round_over", round=self.round, order=list(order), points=pts, totals=dict(self.totals),
                   cards={p: list(c) for p, c in self.cards.items()},
                   scored={p: rules.scoring(c, order) for p, c in self.cards.items()})
        if self.round >= self.options.rounds:
            self.winners = rules.leaders(self.totals)
            self.winner = self.winners[0]
            self.turn = None
            self._cancel("settle")
            self._emit("game_over", winner=self.winner, winners=list(self.winners), scores=dict(self.totals))
            self._go("finished")
            return
        self._go("round_ended")
        self._check_placed()

    # -- LEDs ------------------------------------------------------------------------
    def _seen(self) -> tuple[Any, ...]:
        # the reeds show in the scene and the requests; which token may stand where names them
        return (frozenset(self.closed), tuple(self.where.may.values()))

    def _scene(self, instruction: Instruction) -> Scene:
        return instructions.scene(self, instruction)


def referee_for(setup: GameSetup, scheduler: Scheduler, layout: LedLayout, emit: Callable[[GameEvent], None],
                show: Callable[[LedFrame], None], board_state: Callable[[], BoardState] | None = None,
                ) -> StruggleReferee:
    """Factory used by the composition root."""
    return StruggleReferee(setup, scheduler, layout, emit, show, board_state)


def unseen_moves(before: Mapping[str, str], after: Mapping[str, str],
                 moved: AbstractSet[str]) -> dict[str, tuple[str, str]]:
    """The moves of a play no reed can vouch for (token -> (from, to) sensor). Reeds sense
    occupancy only: a move is seen when its token alone closes the space it goes to (empty
    before the play). A token that alone opens the space it leaves is seen going, not arriving:
    set down on an occupied space (or on a wrong one, occupied too), no reed tells, so the move is
    checked by eye (Struggle newcomer 25: K lifted alone from space 1, asked to space 2 where J and
    10 stood, was put on space 4 beside the 9; the referee took 9 for the token that closed space 4
    and said every token stood where it belonged). Several tokens going to
    one empty space close its reed once: the first set down is seen, the others are not (which
    one was first the reeds cannot say, so each is listed).
    Seed 80369: K, J and 9 from START to space 1 with Q staying: once one closes space 1 the
    reeds cannot see the other two follow."""
    closed_before = set(before.values())
    arriving: dict[str, int] = {}
    for t in moved:
        arriving[after[t]] = arriving.get(after[t], 0) + 1
    out: dict[str, tuple[str, str]] = {}
    for t in moved:
        closes = after[t] not in closed_before and arriving[after[t]] == 1
        if not closes:
            out[t] = (before[t], after[t])
    return out
