"""Struggle (Majora) rules as pure functions and values (RULES.md §3).

No I/O beyond reading the packaged objective cards, no clock, no hardware;
randomness only from an injected ``random.Random``.

Vocabulary (read like the rule book):

* a *hand* is five faces (``"9" "10" "J" "Q" "K" "A"``) after one to three
  throws (:func:`throw`, :func:`rethrow`);
* a :class:`Play` interprets a hand: the figure each ace stands for (in dice
  order) and the order in which the tokens with figures move;
  :func:`interpretations` lists every legal play once;
* a :class:`Race` is where the five tokens are: a space number each, or an
  arrival place once arrived;
* :func:`apply` plays a hand on a race and returns a :class:`Result` (the new
  race and one :class:`Move` per token moved); :func:`outcomes` groups the
  plays of a hand by the race they lead to, so every outcome is listed once;
* :func:`points` scores an objective card against the arrival order,
  :func:`hint` picks the outcome best for a card.

Errors: :class:`IllegalPlay` (a play the hand does not allow: an ace standing
for a figure not among the other dice, a wrong token order); malformed input
(a face that is not a face) raises :class:`~mazeboard.hal.errors.ConfigError`.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from mazeboard.hal import settings
from mazeboard.hal.errors import ConfigError, MazeboardError
from mazeboard.hal.inputfile import load_toml
from mazeboard.hal.struggle import ACE, DICE, FACES, PLACES, TOKENS, Track, load_track

from ..instruction import listing, phrase, say

GAME = "struggle"
Hand = tuple[str, ...]
#: An objective card: the wanted token for places A-E; ``"A"`` is a joker.
Card = tuple[str, ...]

#: most rounds a game may have (a round of simulated play takes a few seconds of computing)
MAX_ROUNDS = 20
OBJECTIVES_FILE = Path(__file__).with_name("data") / "objectives.toml"


class IllegalPlay(MazeboardError, ValueError):
    """A play the hand or the race does not allow (names the reason)."""


# -- options -----------------------------------------------------------------
#: options whose value is one of a few words
OPTION_CHOICES: dict[str, tuple[str, ...]] = {"cards": ("dealt", "physical")}


@dataclass(frozen=True)
class StruggleOptions:
    """Rule options; names are the keys of a scenario's ``[options]`` table.

    * ``rounds`` -- rounds to play; the highest total wins (RULES.md §3).
    * ``share_plain`` -- a token may end on a plain space that is occupied
      (**Decision**, default yes); when false an occupied plain space is an
      impasse like a yellow one.
    * ``throws`` -- most throws in a turn (RULES.md: three).
    * ``hint`` -- name the outcome best for the player's card when the hand
      is interpreted (the ``outcomes`` event's ``hint``, marked on the player's page; way 1 is
      selected first, round 26).
    * ``redeal`` -- deal new objective cards at every round (**Decision**:
      yes; the seed deals once per game and is silent about later rounds).
    * ``warning_ms`` -- how long a misplaced token's space flashes.
    * ``settle_ms`` -- between rounds, how long the reeds must agree with
      START before the round begins (``stop`` at once); after a play the turn
      passes at ``stop`` only (reeds sense occupancy only: a swap on occupied
      spaces is invisible, so the players' word ends it; issue 15, round 27).
    * ``cards`` -- ``"dealt"``: the controller deals the objective cards
      (privately, through the players' pages); ``"physical"``: the players
      draw real cards and enter them on the board at the round's end
      (docs/struggle.md, "Physical objective cards").
    """

    rounds: int = field(default=1, metadata={"max": MAX_ROUNDS})
    share_plain: bool = True
    throws: int = 3
    hint: bool = True
    redeal: bool = True
    warning_ms: int = 1500
    settle_ms: int = 1000
    cards: str = "dealt"

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any], where: str = "options") -> "StruggleOptions":
        """Build from ``[options]``; raises :class:`ConfigError` naming the key."""
        opts = settings.from_mapping(cls, raw, where, what="Struggle option", minimum=1, choices=OPTION_CHOICES)
        if opts.throws > 3:
            raise ConfigError(f"{where}.throws: at most 3 throws a turn (RULES.md §3), got {opts.throws}")
        return opts


# -- dice ------------------------------------------------------------------------
def check_face(face: Any, where: str) -> str:
    if face not in FACES:
        raise ConfigError(f"{where}: {face!r} is not a face of a poker die ({' '.join(FACES)})")
    return str(face)


def throw(rng: random.Random, count: int = DICE) -> Hand:
    """``count`` dice thrown: faces drawn uniformly from :data:`FACES`."""
    return tuple(rng.choice(FACES) for _ in range(count))


def rethrow(hand: Sequence[str], held: Iterable[int], faces: Sequence[str]) -> Hand:
    """``hand`` with the dice not in ``held`` (0-based indices) replaced by ``faces`` in dice order.

    Raises :class:`IllegalPlay` when ``faces`` does not have one face per re-thrown die."""
    keep = set(held)
    free = [i for i in range(len(hand)) if i not in keep]
    if len(faces) != len(free):
        raise IllegalPlay(f"{len(free)} dice were thrown but {len(faces)} faces were given")
    out = list(hand)
    for i, f in zip(free, faces):
        out[i] = f
    return tuple(out)


def is_void(hand: Sequence[str]) -> bool:
    """Five aces: a hand without value (RULES.md §3), no token moves."""
    return all(f == ACE for f in hand)


def ace_values(hand: Sequence[str]) -> tuple[str, ...]:
    """The figures an ace may stand for: those among the hand's other dice, in token order."""
    present = {f for f in hand if f != ACE}
    return tuple(t for t in TOKENS if t in present)


# -- races -----------------------------------------------------------------------
@dataclass(frozen=True)
class Race:
    """Where the tokens are: ``spaces[i]`` is token ``TOKENS[i]``'s space, None once
    arrived; ``arrived`` lists the arrived tokens, place A first."""

    spaces: tuple[int | None, ...] = (0, 0, 0, 0, 0)
    arrived: tuple[str, ...] = ()

    @classmethod
    def start(cls) -> "Race":
        return cls()

    @classmethod
    def of(cls, at: Mapping[str, int], arrived: Sequence[str] = ()) -> "Race":
        """A race from ``token -> space`` for the tokens still racing and the arrival order."""
        return cls(tuple(None if t in arrived else at[t] for t in TOKENS), tuple(arrived))

    def space(self, token: str) -> int | None:
        return self.spaces[TOKENS.index(token)]

    def at(self) -> dict[str, int]:
        """token -> space for the tokens still on the track."""
        return {t: s for t, s in zip(TOKENS, self.spaces) if s is not None}

    def occupants(self, space: int) -> tuple[str, ...]:
        return tuple(t for t, s in zip(TOKENS, self.spaces) if s == space)

    def place_of(self, token: str) -> str | None:
        return PLACES[self.arrived.index(token)] if token in self.arrived else None

    @property
    def over(self) -> bool:
        """The round is over: every token has its arrival place."""
        return len(self.arrived) == len(TOKENS)

    def occupied_spaces(self) -> frozenset[int]:
        return frozenset(s for s in self.spaces if s is not None)

    def to_dict(self) -> dict[str, Any]:
        return {"spaces": self.at(), "arrived": list(self.arrived)}


#: a play's aces all counted as one figure, by how many
ACES_SAME = {2: "str.play.aces_two", 3: "str.play.aces_three", 4: "str.play.aces_four"}


@dataclass(frozen=True)
class Play:
    """An interpretation: ``aces`` the figure of each ace in dice order, ``order`` the
    tokens with figures in the order they move."""

    aces: tuple[str, ...] = ()
    order: tuple[str, ...] = ()

    def text(self) -> str:
        """Scenario notation: ``ace=Q,K order=K,Q,9``."""
        parts = []
        if self.aces:
            parts.append("ace=" + ",".join(self.aces))
        parts.append("order=" + ",".join(self.order))
        return " ".join(parts)

    def phrase(self, moves: Any = None) -> Any:
        """The play in plain words as a phrase of catalogue messages (``str.play.*``), said in any
        language: ``token K moves first, then Q, then 9; the aces count as a Q and a K`` ("token":
        "10 moves" reads as a count). ``moves``: what happens to the tokens, as a phrase, when
        known from the race (:func:`.words.play_said`); else the order the tokens move in."""
        if moves is None:
            moves = self._order_phrase()
        n = len(self.aces)
        if n == 1:
            return phrase("str.play.ace", moves=moves, figure=self.aces[0])
        if n and len(set(self.aces)) == 1:  # "three aces counted as Q" (at most four: five aces are void)
            return phrase(ACES_SAME.get(n, "str.play.aces_four"), moves=moves, figure=self.aces[0])
        if n:
            return phrase("str.play.aces", moves=moves, aces=listing([phrase("str.play.a", figure=a) for a in self.aces]))
        return moves

    def _order_phrase(self) -> Any:
        """The tokens in the order they move: "token K moves first, then Q, then 9"."""
        if not self.order:
            return phrase("str.play.none")
        if len(self.order) == 1:
            return phrase("str.play.one", token=self.order[0])
        rest: Any = phrase("text.the_token", piece=self.order[-1])  # "then token 9": never a bare 9 (a space?)
        for token in reversed(self.order[1:-1]):
            rest = phrase("str.play.then", first=phrase("text.the_token", piece=token), rest=rest)
        return phrase("str.play.first", token=self.order[0], rest=rest)

    def words(self) -> str:
        """:meth:`phrase` in English."""
        p = self.phrase()
        return say(p["id"], p["args"])


@dataclass(frozen=True)
class Move:
    """One token's move: spaces ``frm`` -> ``to``; ``result`` is ``moved``, ``impasse``
    (``to == frm``) or ``swapped`` (``displaced`` went back to ``frm``); ``place`` is
    the arrival place when the token reached or passed the finish. An impasse also says the
    space the move would have ended on (``target``) and the kind of that space that cancels it
    (``blocked``: ``black`` -- no token stops there --, ``yellow`` or ``plain``: taken)."""

    token: str
    frm: int
    to: int
    result: str
    displaced: tuple[str, ...] = ()
    place: str | None = None
    target: int | None = field(default=None, compare=False)
    blocked: str = field(default="", compare=False)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"token": self.token, "from": self.frm, "to": self.to, "result": self.result}
        if self.blocked:
            d["target"] = self.target
            d["blocked"] = self.blocked
        if self.displaced:
            d["displaced"] = list(self.displaced)
        if self.place:
            d["place"] = self.place
        return d


@dataclass(frozen=True)
class Result:
    """A play's effect: the race after it, the moves in order, and the tokens that arrived
    (``(token, place)``, the fifth included when the fourth arrival ended the round)."""

    race: Race
    moves: tuple[Move, ...]
    arrivals: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Outcome:
    """One distinct result of a hand and every play that leads to it (``plays[0]`` first listed)."""

    result: Result
    plays: tuple[Play, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class Rules:
    """The rules on one track with the options that change them."""

    track: Track
    share_plain: bool = True

    @classmethod
    def default(cls) -> "Rules":
        return cls(load_track("default"))


def counts(hand: Sequence[str], aces: Sequence[str]) -> Counter[str]:
    """Figures per token once each ace stands for ``aces[i]``; raises :class:`IllegalPlay`."""
    n_aces = sum(1 for f in hand if f == ACE)
    if is_void(hand):
        raise IllegalPlay("five aces: the hand has no value")
    if len(aces) != n_aces:
        raise IllegalPlay(f"the hand has {n_aces} ace(s) but {len(aces)} value(s) were given")
    allowed = ace_values(hand)
    for a in aces:
        if a not in allowed:
            raise IllegalPlay(f"an ace may stand for {', '.join(allowed)} (figures among the other dice), not {a!r}")
    c = Counter(f for f in hand if f != ACE)
    c.update(aces)
    return c


def movers(hand: Sequence[str], aces: Sequence[str], race: Race) -> tuple[str, ...]:
    """Tokens that must move (figures in the hand, still on the track), in token order."""
    c = counts(hand, aces)
    return tuple(t for t in TOKENS if c[t] > 0 and race.space(t) is not None)


def interpretations(hand: Sequence[str], race: Race) -> tuple[Play, ...]:
    """Every legal play of ``hand`` once: each multiset of ace values (assigned to the
    aces in dice order, values in token order) times each order of the tokens that move.
    Empty for a void hand; one empty-order play when no token with figures is racing."""
    if is_void(hand):
        return ()
    n_aces = sum(1 for f in hand if f == ACE)
    plays: list[Play] = []
    for aces in itertools.combinations_with_replacement(ace_values(hand), n_aces):
        moving = movers(hand, aces, race)
        for order in itertools.permutations(moving):
            plays.append(Play(tuple(aces), tuple(order)))
    return tuple(plays)


def _lands(rules: Rules, race_at: dict[str, int], token: str, target: int) -> tuple[str, tuple[str, ...]]:
    """Judge ``token`` ending a move on ``target`` (before the finish): (result, displaced)."""
    kind = rules.track.kind(target)
    others = tuple(t for t in TOKENS if race_at.get(t) == target and t != token)
    if kind == "black":
        return "impasse", ()
    if not others:
        return "moved", ()
    if kind == "red":
        return "swapped", others
    if kind == "yellow" or (kind == "plain" and not rules.share_plain):
        return "impasse", ()
    return "moved", ()


def apply(rules: Rules, race: Race, hand: Sequence[str], play: Play) -> Result:
    """Play ``hand`` on ``race`` as ``play`` (RULES.md §3 Yellow, Red, Black, Arrival).

    Each token in ``play.order`` moves by its number of figures as one move:
    spaces passed over (black ones too) count, only the space it stops on is
    judged. Reaching or passing the finish is arrival at the next place; when
    the fourth token arrives the fifth takes the last place and the moves
    still to come are not played. Raises :class:`IllegalPlay`."""
    c = counts(hand, play.aces)
    expected = movers(hand, play.aces, race)
    if sorted(play.order) != sorted(expected) or len(set(play.order)) != len(play.order):
        raise IllegalPlay(f"the tokens to move are {', '.join(expected) or 'none'}, in an order of your choice; "
                          f"got {', '.join(play.order) or 'none'}")
    at = race.at()
    arrived = list(race.arrived)
    moves: list[Move] = []
    arrivals: list[tuple[str, str]] = []
    finish = rules.track.finish
    for token in play.order:
        if len(arrived) >= len(TOKENS):
            break
        frm = at[token]
        target = frm + c[token]
        if target >= finish:
            del at[token]
            place = PLACES[len(arrived)]
            arrived.append(token)
            arrivals.append((token, place))
            moves.append(Move(token, frm, finish, "moved", place=place))
            if len(arrived) == len(TOKENS) - 1:
                (last,) = at
                del at[last]
                arrived.append(last)
                arrivals.append((last, PLACES[-1]))
            continue
        result, displaced = _lands(rules, at, token, target)
        if result == "impasse":
            moves.append(Move(token, frm, frm, "impasse", target=target, blocked=rules.track.kind(target)))
            continue
        at[token] = target
        for d in displaced:  # sent back to where the mover came from; not judged again
            at[d] = frm
        moves.append(Move(token, frm, target, result, displaced))
    return Result(Race.of(at, arrived), tuple(moves), tuple(arrivals))


def outcomes(rules: Rules, race: Race, hand: Sequence[str]) -> tuple[Outcome, ...]:
    """Every distinct result of ``hand`` on ``race``, each with the plays that give it,
    in the order :func:`interpretations` lists them. Empty for a void hand."""
    groups: dict[Race, list[Play]] = {}
    first: dict[Race, Result] = {}
    for play in interpretations(hand, race):
        res = apply(rules, race, hand, play)
        groups.setdefault(res.race, []).append(play)
        first.setdefault(res.race, res)
    return tuple(Outcome(first[r], tuple(p)) for r, p in groups.items())


# -- objectives and points ---------------------------------------------------------
#: most aces an objective card shows (**Decision**: the seed's 20 cards "correspond to the five
#: figures, the ace used as a joker"; a card shows at least four figures. A card of aces would
#: score whatever the race -- no deck has one)
MAX_ACES = 1


def check_card(raw: Any, where: str) -> Card:
    """Validate an objective card: five entries, figures or the ace, no figure twice, at most
    :data:`MAX_ACES` ace (the data file, forced objectives and physical cards alike)."""
    if not isinstance(raw, (list, tuple)) or len(raw) != len(PLACES):
        raise ConfigError(f"{where}: an objective card lists {len(PLACES)} tokens for places A-E, got {raw!r}")
    for i, v in enumerate(raw):
        if v not in (*TOKENS, ACE):
            raise ConfigError(f"{where}[{i}]: {v!r} is not a token ({', '.join(TOKENS)}) or the ace (A)")
    figures = [v for v in raw if v != ACE]
    if len(set(figures)) != len(figures):
        raise ConfigError(f"{where}: a token appears twice on the card {raw!r}")
    if len(raw) - len(figures) > MAX_ACES:
        raise ConfigError(f"{where}: a card shows the ace (a joker) in one place at most, got {raw!r}")
    return tuple(raw)


def load_objectives(path: Path = OBJECTIVES_FILE) -> tuple[Card, ...]:
    """The objective cards from the data file; raises :class:`ConfigError`."""
    data = load_toml(path, ConfigError, "objective cards")
    cards = data.get("cards")
    if not isinstance(cards, list) or len(cards) < 4:
        raise ConfigError(f"{path}: cards: give at least 4 objective cards (one per player)")
    return tuple(check_card(c, f"{path.name}: cards[{i}]") for i, c in enumerate(cards))


def deal(rng: random.Random, players: Sequence[str], deck: Sequence[Card],
         forced: Mapping[str, Card] | None = None) -> dict[str, Card]:
    """A different card for each player, drawn from ``deck``; ``forced`` cards are kept."""
    forced = dict(forced or {})
    rest = [c for c in deck if c not in forced.values()]
    drawn = rng.sample(rest, len([p for p in players if p not in forced]))
    it = iter(drawn)
    return {p: forced[p] if p in forced else next(it) for p in players}


def scoring(card: Card, order: Sequence[str]) -> list[str]:
    """The arrival places (``A``-``E``) where ``order`` puts a token ``card`` wants there (the ace
    on a card matches any token): each scores 10 points."""
    return [PLACES[i] for i, (want, got) in enumerate(zip(card, order)) if want == ACE or want == got]


def points(card: Card, order: Sequence[str]) -> int:
    """10 points per token in its card's place; the ace on a card matches any token."""
    return 10 * len(scoring(card, order))


def round_points(cards: Mapping[str, Card], order: Sequence[str]) -> dict[str, int]:
    return {p: points(c, order) for p, c in cards.items()}


def leaders(totals: Mapping[str, int]) -> list[str]:
    """Players with the highest total (more than one: a shared win)."""
    best = max(totals.values())
    return [p for p, v in totals.items() if v == best]


# -- hints -------------------------------------------------------------------------
def projected_order(rules: Rules, race: Race) -> tuple[str, ...]:
    """The arrival order if the race froze now: arrived tokens, then the rest by
    progress (furthest first; ties in token order)."""
    rest = sorted(race.at().items(), key=lambda kv: (-kv[1], TOKENS.index(kv[0])))
    return race.arrived + tuple(t for t, _ in rest)


def next_wanted(race: Race, card: Card) -> str | None:
    """The card's next token: the first still racing whose place on the card is still free (places fill from A in
    order of arrival, and an arrival is final: Struggle newcomer 74 read "takes token K, the next your card wants" of K,
    whose place A was taken already), or None."""
    return next((t for t in card[len(race.arrived):] if t != ACE and t not in race.arrived), None)


def within_reach(race: Race, card: Card) -> int:
    """The places on ``card`` (0-5) whose 10 points ``race`` can still give: each taken by its card's token or on
    the card's ★ (ACE), or still free while the token the card wants there has not arrived elsewhere (an arrival is
    final). The page's "⚠ a loss for your card ... lost for good" notes are the places a way takes out of reach."""
    n = len(race.arrived)
    return sum(1 for j, want in enumerate(card)
               if want == ACE or (race.arrived[j] == want if j < n else want not in race.arrived))


def evaluate(rules: Rules, race: Race, card: Card) -> tuple[int, int, int, int, int]:
    """How good ``race`` looks for ``card`` (bigger is better): the points of the
    projected order plus the points already certain (arrived tokens), then the
    places still within reach (:func:`within_reach`: Struggle newcomer 82 saw
    the pick lose a place for good beside ways of as many points losing none),
    then pairwise agreement with the card's order (only positions strictly ahead
    count), then progress of the card's next token (:func:`next_wanted`), or how
    far back it stays where the card wants it last (:func:`wanted_last`), then
    how far back the token the card wants last stays while it races (Struggle
    newcomer 94: the pick took Q, wanted last, from space 6 to 8, right behind
    K, wanted before it, "moving the tokens furthest", where another way of as
    many points left Q on 6)."""
    proj = projected_order(rules, race)
    certain = points(card[: len(race.arrived)], race.arrived)
    wanted = [t for t in card if t != ACE]
    pos = {t: (-100 + PLACES.index(race.place_of(t) or "A") if t in race.arrived else -(race.space(t) or 0))
           for t in TOKENS}
    pairs = 0
    for a, b in itertools.combinations(wanted, 2):  # card wants a before b
        pairs += (pos[a] < pos[b]) - (pos[a] > pos[b])
    lead = next_wanted(race, card)
    # (...kept back where the card wants it last: place E goes to the token still racing once four have arrived, and
    # the token taken on arrives fourth, at D: Struggle newcomer 88 saw the pick take J, wanted in E, "furthest")
    progress = 0 if lead is None else pos[lead] if wanted_last(card, lead) else -pos[lead]
    last = card[-1]
    rear = pos[last] if last != ACE and last not in race.arrived else 0
    return points(card, proj) + certain, within_reach(race, card), pairs, progress, rear


def wanted_last(card: Card, token: str) -> bool:
    """Whether ``card`` wants ``token`` in the last place (E), the place of the token still racing once the others
    have arrived (RULES.md §3 Arrival): such a token is best kept back."""
    return card[-1] == token


def net_moves(moves: Sequence[Move]) -> dict[str, tuple[str, str]]:
    """Each token ``moves`` leave elsewhere than it stood: token -> (where it stood, where it ends), a space as
    ``"s<n>"`` or an arrival place as ``"place-<X>"``. Empty when the moves undo each other (two swaps on a red
    space: Struggle newcomer 64 read "K 9→10, 10 goes back to 9; 10 9→10, K goes back to 9" as two moves)."""
    was: dict[str, str] = {}
    now: dict[str, str] = {}
    for m in moves:
        at = f"place-{m.place}" if m.place else f"s{m.to}"
        was.setdefault(m.token, f"s{m.frm}")
        now[m.token] = at
        for d in m.displaced:
            was.setdefault(d, at)
            now[d] = f"s{m.frm}"
    return {t: (was[t], now[t]) for t in now if now[t] != was[t]}


def hand_moves_nothing(rules: Rules, race: Race, hand: Sequence[str]) -> bool:
    """Whether every way to play ``hand`` on ``race`` leaves every token where it stands: five aces (void), dice on
    tokens arrived already, moves cancelled by a black or taken space, swaps that undo each other. Said from the
    throw on, while a throw is left to change it (Struggle newcomer 73 kept two such hands and learnt it after Stop)."""
    return all(not net_moves(o.result.moves) for o in outcomes(rules, race, hand))


def moved(result: Result) -> int:
    """Spaces the tokens of ``result`` moved forward in all, net (an impasse, or a die spent on a token
    already arrived, moves nothing; a token swapped back counts its way back: an attack found "this one moves the
    tokens furthest" said of 9 3 -> 5 sending J back 5 -> 3 beside 9 3 -> 4): the pick's tie-break."""
    return sum((m.to - m.frm) * (1 - len(m.displaced)) for m in result.moves)


def hint_reason(rules: Rules, outs: Sequence[Outcome], card: Card | None, pick: int) -> tuple[str, str | None]:
    """Why way ``pick`` (:func:`hint`'s index) is the board's pick for ``card``, true against every way weighing as
    much on :func:`evaluate`'s first measure (the page names them all): ``("points", None)``: no other way weighs as
    much; else the one measure on which the pick is ahead of each of them, level on the measures before --
    ``("reach", None)``: more places on the card within reach (:func:`within_reach`); ``("order", None)``: more pairs of tokens in the card's order; ``("lead", TOKEN)``: TOKEN, the card's next token
    (:func:`next_wanted`) after the pick, further on than in each (``("lead", None)`` where one has it arrived or as
    far: each way's own next token further on); ``("back", TOKEN)``: TOKEN, that token where the card wants it last
    (:func:`wanted_last`), further back than in each (``("back", None)``: each way's own kept back), or, level on the
    next token, TOKEN, the token the card wants last, further back; ``("moves", None)``: the tokens moved further, net; ``("first",
    None)``: each as good on every measure, listed after it; ``("mixed", None)``: ahead of some on one measure and of
    others on another (the page then says every measure the board weighs, in its order). Said on the card holder's
    page (Struggle newcomer 66 read "more in your card's order" of a pick that kept the order; newcomer 70 read "first
    in the list" of way 4, ways 1-3 scoring as many; an attack found "more in order" said against a way as much in
    order)."""
    if not outs or card is None or not 0 <= pick < len(outs):
        return ("first", None)
    rivals = hint_apart(rules, outs, card, pick)
    if not rivals:
        return ("points", None)
    apart = {reason for _, reason in rivals}
    if len(apart) > 1:
        return ("mixed", None)
    reason = apart.pop()
    rivals_i = [i for i, _ in rivals]
    race = outs[pick].result.race
    if reason == "back":  # the token the card wants last, still racing, further back than in each
        return ("back", card[-1] if _kept_back(card[-1], race, [outs[i].result.race for i in rivals_i]) else None)
    if reason != "lead":
        return (reason, None)
    lead = next_wanted(race, card)  # (not the token the card wants last: hint_apart names that measure "back")
    if lead is None:
        return (reason, None)
    further = all(lead not in outs[i].result.race.arrived
                  and (outs[i].result.race.space(lead) or 0) < (race.space(lead) or 0) for i in rivals_i)
    return (reason, lead if further else None)


def _kept_back(token: str, race: Race, others: Sequence[Race]) -> bool:
    """Whether ``token`` races in ``race`` and stands further back there than in each of ``others`` (arrived there,
    or on a later space)."""
    return token != ACE and token not in race.arrived and all(
        token in o.arrived or (o.space(token) or 0) > (race.space(token) or 0) for o in others)


#: the measures :func:`hint_apart` names, in the order the board weighs them after the points (``back``: the token
#: the card wants last further back, :func:`evaluate`'s last measure)
APART = ("reach", "order", "lead", "back", "moves", "first")


def hint_apart(rules: Rules, outs: Sequence[Outcome], card: Card | None, pick: int) -> list[tuple[int, str]]:
    """Each way weighing as much as way ``pick`` on :func:`evaluate`'s first measure (the points), as ``(index,
    measure)``: the first measure on which the pick is ahead of it, one of :data:`APART` (``"first"``: level on every
    one, listed after it); in the ways' order; empty without a card or such ways. The page says a ``mixed`` reason
    (:func:`hint_reason`) way by way with it (Struggle newcomer 76 gave up reading every measure listed at once)."""
    if not outs or card is None or not 0 <= pick < len(outs):
        return []
    key = [(*evaluate(rules, o.result.race, card), moved(o.result)) for o in outs]
    rivals = [i for i in range(len(outs)) if i != pick and key[i][0] == key[pick][0]]
    # each rival's first measure apart from the pick (the pick is ahead there: hint takes the greatest); the next
    # token's measure is "back" where that token is the one the card wants last (evaluate keeps it back: an attack
    # read "by taking the next token named on your card further" of a pick keeping K, wanted last, behind)
    lead = next_wanted(outs[pick].result.race, card)
    kept = lead is not None and wanted_last(card, lead)
    apart = [APART[next((k for k in range(1, len(APART)) if key[i][k] != key[pick][k]), len(APART)) - 1] for i in rivals]
    return [(i, "back" if kept and m == "lead" else m) for i, m in zip(rivals, apart)]


def hint(rules: Rules, outs: Sequence[Outcome], card: Card | None) -> int:
    """Index of the outcome best for ``card`` (0 without a card or outcomes).

    Ways that look equally good (:func:`evaluate`) go to the one that moves more (:func:`moved`):
    the pick is advice, and a newcomer read an ace made into a token already arrived -- a die that
    moves nothing -- as a mistake when another way scored the same and moved a token on
    (issue 15, round 23). Then the first listed."""
    if not outs or card is None:
        return 0
    return max(range(len(outs)), key=lambda i: (evaluate(rules, outs[i].result.race, card), moved(outs[i].result), -i))


def pick_order(rules: Rules, outs: Sequence[Outcome], card: Card | None) -> tuple[int, ...]:
    """The indices of ``outs`` in the order the board lists them: the one :func:`hint` picks for ``card`` first, the
    others after it in their order (0, 1, 2 … without a card). The ways are numbered from the pick: it is way 1, lit as
    the choice opens, and the next way is the first of the rest (issue 15: a pick lit as "way 3 of 6" led on to 4, 5,
    6, then 1). The pick stays the pick: among ways level with it on every measure it was the first listed, and it is
    listed before them still. (A scenario's ``select N`` names an outcome by its index in ``outs``: the ``outcomes``
    event's ``rank``, so that a file plays the same way with or without a card.)"""
    best = hint(rules, outs, card)
    return (best, *range(best), *range(best + 1, len(outs))) if outs else ()
