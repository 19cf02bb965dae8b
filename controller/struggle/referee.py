"""The Struggle referee: buttons and reed switches in, game events and LED frames out.

One ``transitions`` machine sequences a turn; every rule question goes to
:mod:`.rules` (pure). The augmented board (RULES.md §3, issue #8):

* **Electronic dice.** Buttons ``die1``..``die5`` toggle holding a die
  (after the first throw), ``throw`` throws the dice not held (all five the
  first time), ``stop`` accepts the hand (always needed, also after the
  third throw). Faces come from the scenario's forced throws, then from the
  seeded generator.
* **Interpretation on the board.** Once the hand is accepted the controller
  lists every distinct outcome (``outcomes`` event, the hint preselected)
  and the LEDs preview the selected one; ``throw`` selects the next outcome,
  ``die1`` the previous one, ``stop`` plays it. A browser view may select
  any outcome directly (:meth:`StruggleReferee.select`). The player cannot
  abstain: some outcome is always played.
* **Following the tokens.** Reeds sense occupancy only. After a play the
  LEDs blink where tokens must go and the controller waits until the closed
  reeds equal the expected occupancy and have stayed so for ``settle_ms``
  (``stop`` confirms at once). A closure anywhere else is a ``misplaced``
  warning (flash). Between rounds it waits for all tokens back on the start.
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
from typing import Any, Callable


from mazeboard.hal.board import BoardState, GameSetup, LedLayout
from mazeboard.hal.clock import Scheduler, Timer
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.events import ButtonPressed, GameEvent, LedFrame, ReedChanged
from mazeboard.hal.struggle import ACE, DICE, DIE_BUTTONS, PLACES, Track, parse_track, place_sensor, space_sensor
from mazeboard.hal.wiring_boards import die_face_led

from ..instruction import Instruction, Request
from ..referee_core import RefereeCore
from ..leds import PLAYER_RGB, PROMPT_RGB, TARGET_RGB, WARNING_RGB, LedDriver, Scene, scale
from . import rules
from .cards import CARD_BUTTONS, ERASE_OR_CONFIRM, CardEntry
from .rules import Card, Outcome, Race, Rules, StruggleOptions

log = logging.getLogger(__name__)

STATES = ["waiting_for_tokens", "waiting_for_throw", "choosing", "placing", "entering_cards", "game_over"]

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
]



@dataclass
class _Turn:
    player: str
    hand: tuple[str, ...] = ()
    throws: int = 0
    held: set[int] = field(default_factory=set)  # 0-based dice indices
    outcomes: tuple[Outcome, ...] = ()
    selected: int = 0
    hint: int = 0


def outcome_summary(index: int, outcome: Outcome) -> dict[str, Any]:
    """An outcome as event data: its index, first play, every play, the race it leads to."""
    play = outcome.result
    return {
        "index": index,
        "ace": list(outcome.plays[0].aces),
        "order": list(outcome.plays[0].order),
        "plays": [p.text() for p in outcome.plays],
        "spaces": play.race.at(),
        "arrived": list(play.race.arrived),
        "moves": [m.to_dict() for m in play.moves],
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
        self.expected: frozenset[str] = frozenset({space_sensor(0)})
        self._warned: set[str] = set()
        self._flash: tuple[frozenset[str], int] = (frozenset(), 0)
        self._settle: Timer | None = None
        self._entries: list[CardEntry] = []  # physical cards still to be entered this round, current first
        self._dispatch: dict[type, Callable[[Any], None]] = {
            ReedChanged: self._on_reed,
            ButtonPressed: self._on_button,
        }
        die_toggles: dict[str, Callable[[], None]] = {b: self._hold_die(i) for i, b in enumerate(DIE_BUTTONS)}
        #: state -> button -> action (buttons mean different things while choosing)
        self._buttons_by_state: dict[str, dict[str, Callable[[], None]]] = {
            "waiting_for_throw": {**die_toggles, "throw": self._throw, "stop": self._stop},
            "choosing": {"throw": lambda: self._cycle(+1), "die1": lambda: self._cycle(-1), "stop": self._play},
            "placing": {"stop": self._confirm_placed},
            "waiting_for_tokens": {"stop": self._confirm_placed},
            "entering_cards": {**{b: self._card_press(v) for b, v in CARD_BUTTONS.items()},
                               ERASE_OR_CONFIRM: self._card_stop},
        }
        self._instructions = {
            "waiting_for_tokens": lambda: Instruction(None, "tokens", "str.tokens", {}, self._token_requests(),
                                                      {"stop": "the tokens stand there"}),
            "waiting_for_throw": self._say_throw,
            "choosing": lambda: Instruction(self.current, "choose", "str.choose", {}, (),
                                            {"throw": "next way to play", "die1": "previous way to play",
                                             "stop": "play it"}),
            "placing": lambda: Instruction(self.current, "place", "str.place", {}, self._token_requests(),
                                           {"stop": "the tokens stand there"}),
            "entering_cards": self._say_card,
            "game_over": lambda: Instruction(None, "game_over", "game_over", {"winner": self.winner, "again": ""}),
        }

    # -- what the board asks ----------------------------------------------------
    def _say_throw(self) -> Instruction:
        turn = self.turn
        throws = turn.throws if turn else 0
        left = self.options.throws - throws
        buttons: dict[str, str] = {}
        if left > 0 and (not turn or len(turn.held) < 5 or not throws):
            buttons["throw"] = "throw the dice not held"
        if throws:
            buttons["stop"] = "keep this hand"
            buttons.update({b: f"hold or free die {i + 1}" for i, b in enumerate(DIE_BUTTONS)})
        message = "str.throw" if throws == 0 else "str.rethrow" if left > 0 else "str.keep"
        return Instruction(self.current, "throw", message, {"left": left, "s": "" if left == 1 else "s"}, (), buttons)

    def _say_card(self) -> Instruction:
        entry = self._entries[0] if self._entries else None
        buttons = {b: f"enter {v}" for b, v in CARD_BUTTONS.items()}
        buttons[ERASE_OR_CONFIRM] = "confirm the card (or erase the last one)"
        return Instruction(entry.player if entry else None, "enter_card", "str.card",
                           {"place": entry.next_place if entry and entry.next_place else "-"}, (), buttons)

    def _token_requests(self) -> tuple[Request, ...]:
        """Spaces where a token must stand but none does; closed reeds where none should stand."""
        reason = "start" if self.state == "waiting_for_tokens" else "placing"
        missing = [Request("", "token", reason, None, (s,)) for s in sorted(self.expected - self.closed)]
        extra = [Request("", "token", "misplaced", s, ()) for s in sorted(self.closed - self.expected)]
        return tuple(missing + extra)

    # -- public ------------------------------------------------------------

    @property
    def current(self) -> str:
        return self.players[self.turn_index]

    @property
    def scores(self) -> dict[str, int]:
        """Totals over the rounds played so far (player -> points)."""
        return dict(self.totals)

    def start(self) -> None:
        """Announce the game, then wait for the five tokens on the start space."""
        self._input(self._start)

    def _start(self) -> None:
        self._emit("game_started", game=rules.GAME, players=list(self.players), track=self.track.to_list(),
                   rounds=self.options.rounds, corners={})
        if self._board_state is not None:
            self.closed = set(self._board_state().closed_reeds)
        if self._agrees():
            self._placed()
        else:
            self._check_placed()

    def select(self, index: int) -> None:
        """Select outcome ``index`` directly (the browser view); ignored outside choosing."""
        self._input(lambda: self._select(index))

    def _select(self, index: int) -> None:
        turn = self.turn
        if self.state != "choosing" or turn is None or not 0 <= index < len(turn.outcomes):
            log.info("select %r ignored in %s", index, self.state)
            return
        turn.selected = index
        self._emit("selected", player=turn.player, index=index)
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
            "outcomes": [outcome_summary(i, o) for i, o in enumerate(turn.outcomes)] if turn else [],
            "selected": turn.selected if turn else None,
            "hint": turn.hint if turn else None,
            "cards": {p: list(c) for p, c in self.cards.items()},
            "card_entry": ({"player": self._entries[0].player, "entered": list(self._entries[0].entered)}
                           if self._entries else None),
            "totals": dict(self.totals),
            "expected": sorted(self.expected),
            "closed": sorted(self.closed),
            "winner": self.winner,
        }

    # -- plumbing --------------------------------------------------------------



    # -- rounds and turns ----------------------------------------------------
    def _start_round(self) -> None:
        self.round += 1
        self.race = Race.start()
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
        action = self._buttons_by_state.get(self.state, {}).get(ev.button)
        if action is None:
            log.info("button %r has no meaning in %s: ignored", ev.button, self.state)
            return
        action()

    def _hold_die(self, die: int) -> Callable[[], None]:
        return lambda: self._toggle_hold(die)

    def _toggle_hold(self, die: int) -> None:
        turn = self.turn
        if turn is None or turn.throws == 0:
            log.info("die%d: nothing to hold before the first throw", die + 1)
            return
        turn.held ^= {die}
        self._emit("held", player=turn.player, held=sorted(i + 1 for i in turn.held))
        self._refresh()  # the dice display

    def _next_faces(self, count: int) -> tuple[str, ...]:
        if not self._forced_dice:
            return rules.throw(self.rng, count)
        faces = self._forced_dice.pop(0)
        if len(faces) != count:
            raise ConfigError(f"dice: the forced throw {' '.join(faces)!r} has {len(faces)} faces "
                              f"but {count} dice were thrown")
        return faces

    def _throw(self) -> None:
        turn = self.turn
        assert turn is not None
        if turn.throws >= self.options.throws:
            log.info("throw: %s has used all %d throws; press stop", turn.player, self.options.throws)
            return
        held = turn.held if turn.throws else set()
        if len(held) == DICE:
            log.info("throw: every die is held; nothing to throw")
            return
        faces = self._next_faces(DICE - len(held))
        turn.hand = rules.rethrow(turn.hand or (ACE,) * DICE, held, faces)
        turn.held = set(held)
        turn.throws += 1
        self._emit("hand", player=turn.player, faces=list(turn.hand), throw=turn.throws,
                   held=sorted(i + 1 for i in held))
        self._refresh()  # the dice display

    def _stop(self) -> None:
        turn = self.turn
        assert turn is not None
        if turn.throws == 0:
            log.info("stop before the first throw: ignored")
            return
        if rules.is_void(turn.hand):
            self._end_turn("void")
            self._go("hand_void")
            self._start_turn()
            return
        turn.outcomes = rules.outcomes(self.rules, self.race, turn.hand)
        card = self.cards.get(turn.player) if self.options.hint else None
        turn.hint = rules.hint(self.rules, turn.outcomes, card)
        turn.selected = turn.hint
        self._emit("outcomes", player=turn.player, faces=list(turn.hand),
                   outcomes=[outcome_summary(i, o) for i, o in enumerate(turn.outcomes)],
                   hint=turn.hint, selected=turn.selected)
        self._go("hand_accepted")

    def _cycle(self, step: int) -> None:
        turn = self.turn
        assert turn is not None
        self._select((turn.selected + step) % len(turn.outcomes))

    def _play(self) -> None:
        turn = self.turn
        assert turn is not None
        outcome = turn.outcomes[turn.selected]
        play = outcome.plays[0]
        result = rules.apply(self.rules, self.race, turn.hand, play)
        self.race = result.race
        self._emit("played", player=turn.player, ace=list(play.aces), order=list(play.order),
                   moves=[m.to_dict() for m in result.moves],
                   spaces=self.race.at(), arrived_order=list(self.race.arrived))
        for token, place in result.arrivals:
            self._emit("arrived", token=token, place=place)
        self._expect(self._occupancy())
        self._go("outcome_played")
        self._check_placed()

    # -- reeds -------------------------------------------------------------------
    def _occupancy(self) -> frozenset[str]:
        spaces = {space_sensor(s) for s in self.race.occupied_spaces()}
        places = {place_sensor(PLACES[i]) for i in range(len(self.race.arrived))}
        return frozenset(spaces | places)

    def _expect(self, sensors: frozenset[str]) -> None:
        self.expected = sensors
        self._warned.clear()

    def _on_reed(self, ev: ReedChanged) -> None:
        if ev.closed:
            self.closed.add(ev.cell)
        else:
            self.closed.discard(ev.cell)
        if self.state == "game_over":
            return
        if ev.closed and ev.cell not in self.expected and ev.cell not in self._warned:
            self._warned.add(ev.cell)
            self._emit("warning", player=self.current, kind="misplaced", cell=ev.cell)
            self._flash = (frozenset({ev.cell}), self._now() + self.options.warning_ms)
        if not ev.closed:
            self._warned.discard(ev.cell)
        self._check_placed()

    def _agrees(self) -> bool:
        return self.closed == set(self.expected)

    def _check_placed(self) -> None:
        """In placing / waiting_for_tokens: (re)start the settle timer while the reeds agree."""
        if self._settle is not None:
            self._settle.cancel()
            self._settle = None
        if self.state in ("placing", "waiting_for_tokens") and self._agrees():
            self._settle = self._inputs.call_later(self.options.settle_ms, self._placed)
        self._refresh()

    def _confirm_placed(self) -> None:
        if self._agrees():
            self._placed()
        else:
            log.info("stop: the tokens do not stand where the LEDs show yet")

    def _placed(self) -> None:
        if self._settle is not None:
            self._settle.cancel()
            self._settle = None
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
        refused = entry.confirm(self.cards)
        if refused is not None:
            entry.entered.clear()
            self._card_refused(entry, refused + "; enter yours again from place A")
            return
        card = tuple(entry.entered)
        if card not in self.deck:
            log.info("%s's card %s is not in the objectives data file (accepted)", entry.player, " ".join(card))
        self.cards[entry.player] = card
        self._emit("card_entered", player=entry.player, card=list(card))
        self._entries.pop(0)
        if self._entries:
            self._emit("card_wanted", player=self._entries[0].player, place=PLACES[0])
            self._refresh()
            return
        self._score_round()

    def _card_refused(self, entry: CardEntry, why: str) -> None:
        self._emit("warning", player=entry.player, kind="card_refused", cell=place_sensor(entry.next_place or "E"),
                   reason=why, entered=list(entry.entered))
        self._flash = (frozenset({place_sensor(p) for p in PLACES}), self._now() + self.options.warning_ms)
        self._refresh()

    def _score_round(self) -> None:
        order = self.race.arrived
        pts = rules.round_points(self.cards, order)
        for p, v in pts.items():
            self.totals[p] += v
        self.round_scores.append(pts)
        self._emit("round_over", round=self.round, order=list(order), points=pts, totals=dict(self.totals),
                   cards={p: list(c) for p, c in self.cards.items()})
        if self.round >= self.options.rounds:
            self.winners = rules.leaders(self.totals)
            self.winner = self.winners[0]
            self.turn = None
            self._emit("game_over", winner=self.winner, winners=list(self.winners), scores=dict(self.totals))
            self._go("finished")
            return
        self._expect(frozenset({space_sensor(0)}))
        self._go("round_ended")
        self._check_placed()

    # -- LEDs ------------------------------------------------------------------------
    def _seen(self) -> tuple[Any, ...]:
        return (frozenset(self.closed),)  # the reeds show in the scene and the requests

    def _scene(self, instruction: Instruction) -> Scene:
        """Compose the scene for the current state and hand it to the LED driver."""
        state = self.state
        if state == "game_over":
            return Scene(win_rgb=PLAYER_RGB.get(self.winner or "", TARGET_RGB), win_start_ms=self._now())
        rgb = PLAYER_RGB[self.current]
        cells: dict[str, tuple[int, int, int]] = {s: scale(TARGET_RGB, 0.15) for s in self.expected}
        blink: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {}
        turn = self.turn
        if state == "entering_cards" and self._entries:
            entry = self._entries[0]
            rgb = PLAYER_RGB[entry.player]
            cells = {place_sensor(p): rgb for p in PLACES[:len(entry.entered)]}
            if entry.next_place is not None:
                blink[place_sensor(entry.next_place)] = (rgb, scale(rgb, 0.1))
        if turn is not None and turn.hand and state in ("waiting_for_throw", "choosing"):
            for i, face in enumerate(turn.hand):  # the dice display, where the wiring has one
                cells[die_face_led(i + 1, face)] = rgb if i in turn.held else scale(TARGET_RGB, 0.6)
        if state == "choosing" and turn is not None and turn.outcomes:
            for m in turn.outcomes[turn.selected].result.moves:
                target = place_sensor(m.place) if m.place else space_sensor(m.to)
                cells[target] = rgb if m.result != "impasse" else PROMPT_RGB
                for _ in m.displaced:
                    blink[space_sensor(m.frm)] = (rgb, scale(rgb, 0.1))
        if state in ("placing", "waiting_for_tokens"):
            for s in self.expected - self.closed:
                blink[s] = (rgb, scale(rgb, 0.1))
            for s in self.closed - self.expected:
                blink[s] = (WARNING_RGB, scale(WARNING_RGB, 0.1))
        flash_cells, until = self._flash
        flash = {c: WARNING_RGB for c in flash_cells} if until > self._now() else {}
        return Scene(cells=cells, blink=blink, flash=flash, flash_until_ms=until)


def referee_for(setup: GameSetup, scheduler: Scheduler, layout: LedLayout, emit: Callable[[GameEvent], None],
                show: Callable[[LedFrame], None], board_state: Callable[[], BoardState] | None = None,
                ) -> StruggleReferee:
    """Factory used by the composition root."""
    return StruggleReferee(setup, scheduler, layout, emit, show, board_state)

