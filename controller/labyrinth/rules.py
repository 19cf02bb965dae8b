"""Labyrinth rules (RULES.md §2), pure: values in, values out; no clock, no I/O.

The tile geometry (masks, slots, the push, reachability on bitboards) is
board data in :mod:`mazeboard.hal.labyrinth`; editions in
:mod:`mazeboard.hal.labyrinth_editions`. This module adds what the rule book
says about them:

* :func:`apply_shift` -- the mandatory shift: the spare turned as chosen and
  pushed in, the pawns on the line carried with their tiles, a pawn pushed off
  wrapping onto the inserted tile (A turn, 1 and 3);
* :func:`forbidden_after` -- the forbidden slot (A turn, 2);
* :func:`movers`, :func:`found_card` -- cards counted only at the end of the
  player's own move, with the younger and Darth Vader variants (A turn, 5;
  Variants);
* :func:`has_won` -- all cards found, then home (or out at an edge with
  ``exit-anywhere``) (A turn, 6; Variants);
* with the box's own cards (``cards = "physical"``): :func:`cards_each`,
  :func:`physical_movers`, :func:`askable_picture` -- who may move, and
  what the board may ask a player who ends a move on a picture.

Every **Decision** is a named field of :class:`LabyrinthOptions`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, fields
from typing import Any, Iterable, Mapping, Sequence

from mazeboard.hal.boards import PLAYER_COLOURS
from mazeboard.hal import settings
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.grid import Cell
from mazeboard.hal.labyrinth import CELLS, INDEX, SLOTS, Maze, Slot, Tile, moved_index
from mazeboard.hal.labyrinth_editions import LABYRINTH_CORNERS, START_CELLS, VADER, Edition

GAME = "labyrinth"
#: Variant names as the CLI (``--variant``) and scenarios (``variants``) spell them.
VARIANTS: tuple[str, ...] = ("younger", "exit-anywhere", "vader")
#: ``cards``: dealt by the controller (shown privately), or the box's own cards kept by the players
CARD_MODES: tuple[str, ...] = ("dealt", "physical")
#: most cards each a shorter game may deal (``cards_each``): the 2-player share of the 24
MAX_CARDS_EACH = 12


@dataclass(frozen=True)
class LabyrinthOptions:
    """Rule options by code name (a scenario's ``[options]`` table), parsed once.

    Variants (RULES.md §2 Variants): ``younger`` (all own cards open, found in
    any order), ``exit_anywhere`` (after the last card, the game is won by
    ending a move on an edge tile whose path opens off the board instead of
    at home), ``vader`` (Star Wars: the neutral Vader pawn is moved for cards
    with the Vader mark).

    Decisions:

    * ``exit_anywhere_alone`` -- RULES.md offers the exit rule as an option of
      the younger variant; True (default) allows it without ``younger`` too;
      False makes ``exit-anywhere`` without ``younger`` a ConfigError.
    * ``younger_vader_choice`` -- younger + vader together: the player may move
      either their own pawn or Vader; the first of the two to move is the
      mover of that turn, and only cards matching it count (Vader cards for
      Vader, the others for the own pawn). False: Vader is moved only when
      every open card left bears the mark.
    * ``win_after_card`` -- when the last card is found with Vader while the own
      pawn already stands at home, the player wins at once (True, default);
      False requires a later own move that ends at home.

    Timing (milliseconds on the injected clock): ``shift_settle_ms`` -- how long
    the reeds must hold still after a push before the referee believes the
    new pawn positions; ``wrap_timeout_ms`` -- when a pawn pushed off is not
    on the inserted tile after this long, warn ``not_wrapped``;
    ``settle_ms`` -- a mover at rest this long ends the move (0: only the
    ``done`` button ends it); ``warning_ms`` -- LED flash length of a warning;
    ``overlap_confirm_ms`` -- the pawn tracker's overlap window.

    ``start_corners`` -- start squares in turn order when the players sit elsewhere than
    RULES.md's default for their number (the lobby seats each colour on its own corner:
    a1 red, a7 blue, g7 green, g1 yellow); empty: the default.

    At the table (docs/labyrinth.md): ``cards`` -- ``"dealt"`` (default: the controller deals
    the 24 cards and shows each player theirs privately) or ``"physical"`` (the players keep
    the box's own cards; a move that ends on a picture asks the player on the board whether it
    was their card); ``guided_layout`` -- before the first turn the board lights one cell at a
    time with the tile to lay there, then the spare, then checks the pawns on their corners
    (the service's config turns it on for a real board; off by default).

    ``cards_each`` -- a shorter game (a house rule, not the rule book's: RULES.md §2 Setup deals
    all 24 cards, 12, 8 or 6 each): each player gets this many cards, at most the even share
    (:data:`MAX_CARDS_EACH` with 2 players; more is dealt as the share); 0 (default) deals them
    all as the rule book says.
    """

    younger: bool = False
    exit_anywhere: bool = False
    vader: bool = False
    exit_anywhere_alone: bool = True
    younger_vader_choice: bool = True
    win_after_card: bool = True
    shift_settle_ms: int = 250
    wrap_timeout_ms: int = 5000
    settle_ms: int = 0
    warning_ms: int = 1500
    overlap_confirm_ms: int = 150
    start_corners: tuple[Cell, ...] = ()
    cards: str = "dealt"
    guided_layout: bool = False
    cards_each: int = field(default=0, metadata={"max": MAX_CARDS_EACH})

    def __post_init__(self) -> None:
        if self.exit_anywhere and not self.younger and not self.exit_anywhere_alone:
            raise ConfigError("variants: exit-anywhere is an option of the younger variant (exit_anywhere_alone = false)")
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name.endswith("_ms") and (not isinstance(v, int) or isinstance(v, bool) or v < 0):
                raise ConfigError(f"options.{f.name}: must be a whole number of milliseconds >= 0, got {v!r}")

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any], variants: Iterable[str] = ()) -> "LabyrinthOptions":
        """Options from a table plus variant names; raises :class:`ConfigError` naming the key."""
        values = settings.checked_values(cls, raw, "options", convert={"start_corners": _start_corners},
                                         choices={"cards": CARD_MODES})
        for v in variants:
            if v not in VARIANTS:
                raise ConfigError(f"variant: {v!r} is not a Labyrinth variant ({', '.join(VARIANTS)})")
            values[v.replace("-", "_")] = True
        return cls(**values)

    @property
    def physical_cards(self) -> bool:
        return self.cards == "physical"

    @property
    def variant_names(self) -> list[str]:
        return [v for v in VARIANTS if getattr(self, v.replace("-", "_"))]


def validate_players(players: Sequence[str]) -> tuple[str, ...]:
    """2-4 different colours (RULES.md Notation); raises :class:`ConfigError`."""
    return settings.validate_players(players, PLAYER_COLOURS, "Labyrinth")


def corners_for(players: Sequence[str], start_corners: Sequence[Cell] = ()) -> dict[str, Cell]:
    """Start squares in turn order, clockwise (RULES.md §2 Setup), or ``start_corners`` when given
    (one per player; raises :class:`ConfigError`)."""
    if start_corners:
        if len(start_corners) != len(players):
            raise ConfigError(f"options.start_corners: {len(start_corners)} cells for {len(players)} players")
        return dict(zip(players, start_corners))
    return dict(zip(players, LABYRINTH_CORNERS[len(players)]))


def _start_corners(value: Any, name: str) -> tuple[Cell, ...]:
    """A list of different start squares (a1, a7, g7, g1); raises :class:`ConfigError`."""
    if not isinstance(value, (list, tuple)) or not all(c in START_CELLS for c in value):
        raise ConfigError(f"{name}: must be a list of start squares ({', '.join(START_CELLS)}), got {value!r}")
    if len(set(value)) != len(value):
        raise ConfigError(f"{name}: two players share a start square")
    return tuple(value)


def check_edition_variants(ed: Edition, options: LabyrinthOptions) -> None:
    """The Darth Vader variant needs an edition with the Vader tile; raises ConfigError."""
    if options.vader and not ed.vader_tile:
        raise ConfigError(f"variant vader: the {ed.name} edition has no Darth Vader tile (use --edition star-wars)")


def deal_cards(ed: Edition, players: Sequence[str], rng: random.Random, each: int = 0) -> dict[str, list[str]]:
    """Shuffle the 24 cards and deal them evenly, top first (RULES.md §2 Setup: 12, 8 or 6 each);
    ``each`` > 0: only that many each (a shorter game, :func:`cards_each`), the rest stay in the box."""
    cards = list(ed.cards)
    rng.shuffle(cards)
    per = cards_each(ed, players, each)
    return {p: cards[i * per:(i + 1) * per] for i, p in enumerate(players)}


def cards_each(ed: Edition, players: Sequence[str], each: int = 0) -> int:
    """How many cards each player holds: the 24 dealt evenly (RULES.md §2 Setup: 12, 8 or 6), or
    ``each`` (a shorter game, option ``cards_each``), at most that even share: a config's
    ``cards_each = 8`` deals 6 each to 4 players (the players are counted only in the lobby)."""
    share = len(ed.cards) // len(players)
    return min(each, share) if each > 0 else share


def check_decks(ed: Edition, players: Sequence[str], decks: Mapping[str, Sequence[object]], where: str = "cards") -> dict[str, list[str]]:
    """Validate forced decks: one per player, cards of ``ed``, none twice; raises ConfigError."""
    out: dict[str, list[str]] = {}
    seen: dict[str, str] = {}
    for p in decks:
        if p not in players:
            raise ConfigError(f"{where}.{p}: not a player of this game ({', '.join(players)})")
    for p in players:
        deck = decks.get(p)
        if not isinstance(deck, (list, tuple)) or not deck:
            raise ConfigError(f"{where}.{p}: give each player a non-empty list of cards, top first")
        for i, c in enumerate(deck):
            if c not in ed.cards:
                raise ConfigError(f"{where}.{p}[{i}]: {c!r} is not a card of the {ed.name} edition")
            if c in seen:
                raise ConfigError(f"{where}.{p}[{i}]: the {c} card is dealt twice ({seen[c]} has it too)")
            seen[str(c)] = p
        out[p] = [str(c) for c in deck]
    return out


def forbidden_after(slot: str) -> str:
    """The slot forbidden next turn: where this push ejected its tile (RULES.md §2 A turn, 2)."""
    return SLOTS[slot].opposite


@dataclass(frozen=True)
class ShiftOutcome:
    """What a shift did: the new ``maze`` (its spare is the ejected tile), where
    every pawn now stands, and the ``wrapped`` pawns as (pawn, from, to)."""

    maze: Maze
    ejected: Tile
    positions: Mapping[str, Cell]
    wrapped: tuple[tuple[str, Cell, Cell], ...]
    forbidden_next: str


def apply_shift(maze: Maze, positions: Mapping[str, Cell], slot: str, quarters: int) -> ShiftOutcome:
    """Turn the spare ``quarters`` clockwise and push it in at ``slot`` (RULES.md §2 A turn, 1-3).

    Pawns on the pushed line move with their tiles; a pawn pushed off the far
    end is set on the newly inserted tile (this is not a move). Raises
    KeyError for an unknown slot (callers validate names first)."""
    s: Slot = SLOTS[slot]
    new, ejected = maze.shifted(s, quarters)
    moved: dict[str, Cell] = {}
    wrapped = []
    for pawn, cell in positions.items():
        to = CELLS[moved_index(INDEX[cell], s)]
        moved[pawn] = to
        if cell == s.exit:
            wrapped.append((pawn, cell, to))
    return ShiftOutcome(new, ejected, moved, tuple(wrapped), s.opposite)


def is_vader_card(ed: Edition, card: str, options: LabyrinthOptions) -> bool:
    """A card bearing the Vader mark, when the Vader variant is played (ignored otherwise, seed 004)."""
    return options.vader and card in ed.vader_cards


def open_cards(deck: Sequence[str], options: LabyrinthOptions) -> list[str]:
    """The cards a player may aim for: the top card, or every card left (younger)."""
    if not deck:
        return []
    return list(deck) if options.younger else [deck[0]]


def movers(player: str, deck: Sequence[str], ed: Edition, options: LabyrinthOptions) -> tuple[str, ...]:
    """Pawns ``player`` may move this turn (RULES.md §2 Variants, Darth Vader): Vader for
    a card with the mark, the own pawn otherwise; both under ``younger_vader_choice``."""
    cards = open_cards(deck, options)
    if not cards:
        return (player,)
    marked = [is_vader_card(ed, c, options) for c in cards]
    if all(marked):
        return (VADER,)
    if any(marked) and options.younger and options.younger_vader_choice:
        return (player, VADER)
    return (player,)


def found_card(maze: Maze, pawn: str, cell: Cell, deck: Sequence[str], ed: Edition,
               options: LabyrinthOptions) -> str | None:
    """The card ``pawn`` finds by ending the player's own move on ``cell``, if any (A turn, 5).

    ``deck``: the player's cards left, top first. Classic: only the top card;
    younger: any card left. A Vader card is found only by the Vader pawn and
    the others only by the player's own pawn."""
    picture = maze.tile(cell).picture
    if picture is None:
        return None
    for card in open_cards(deck, options):
        if card == picture and is_vader_card(ed, card, options) == (pawn == VADER):
            return card
    return None


def has_won(maze: Maze, corner: Cell, own_cell: Cell | None, left: int, options: LabyrinthOptions) -> bool:
    """All cards found (``left``: the player's cards not found yet) and the own pawn home
    (A turn, 6) -- or, with ``exit_anywhere``, on an edge tile whose path opens off the board
    (Variants)."""
    if left or own_cell is None:
        return False
    if options.exit_anywhere:
        return maze.is_exit(own_cell)
    return own_cell == corner


def physical_movers(player: str, left: int, ed: Edition, options: LabyrinthOptions) -> tuple[str, ...]:
    """Pawns ``player`` may move with the box's own cards: the controller does not know the
    card, so in the vader variant either pawn while the player still holds cards -- the first
    of the two to move is the mover of the turn (as with ``younger_vader_choice``).
    **Decision** (docs/labyrinth.md): the player shows with the pawn they move that their card
    needs Vader; nothing else to answer."""
    if options.vader and left:
        return (player, VADER)
    return (player,)


def askable_picture(picture: str | None, pawn: str, player: str, found: frozenset[str], ed: Edition,
                    options: LabyrinthOptions) -> bool:
    """Whether a move of ``pawn`` (``player``'s turn) ending on ``picture`` may be the player's
    card, so the board asks (box's own cards): a picture the player has not found yet (``found``:
    theirs). **Decision:** a picture another player found is asked about too -- each card exists
    once, but a Done pressed by mistake records a picture for the wrong player, and its owner
    must still be able to find it. In the vader variant a card with the Vader mark only under
    Vader and the others only under the player's own pawn."""
    if picture is None or picture in found:
        return False
    if options.vader:
        return (picture in ed.vader_cards) == (pawn == VADER)
    return pawn == player


def card_positions(maze: Maze, cards: Iterable[str]) -> dict[str, Cell | None]:
    """Where each card's picture lies now (None: on the spare)."""
    return {c: maze.cell_of(c) for c in cards}
