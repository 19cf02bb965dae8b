"""The box's own picture cards (option ``cards = "physical"``): the board asks, the player answers.

The players keep the box's cards (RULES.md §2 Setup: 12, 8 or 6 each); the
controller never learns them. When a move ends with the mover on a picture
that may be the player's card (:func:`~.rules.askable_picture`: the player
has not found it yet; a Vader card only under Vader), the referee goes to
``waiting_for_answer`` and asks -- ``card_question``; the instruction
"Red: your pawn ended on the ring (a3). Was it your card? Press Done for
yes, Rotate for no." (:mod:`.instructions`), the tile blinking in the
player's colour. ``done`` (yes) records the picture as found under that
pawn (``card_found``, the tile flashes in the player's colour); ``rotate``
(no) says ``card_denied`` and asks about the next candidate (the own pawn
and Vader may both stand on pictures after a Done without a move) or ends
the turn. Shapes: a candidate is ``(pawn, cell, picture)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from mazeboard.hal.grid import Cell

from . import rules

if TYPE_CHECKING:  # pragma: no cover
    from .referee import LabyrinthReferee


@dataclass
class Question:
    """The candidates the move ended on, asked one after the other (``index``); ``reason``
    (how the move ended) and ``acted`` (the pawn that moved) for the end of the turn."""

    options: list[tuple[str, Cell, str]]
    reason: str
    acted: str
    index: int = 0

    @property
    def asked(self) -> tuple[str, Cell, str]:
        return self.options[self.index]


def ask(ref: "LabyrinthReferee", pawns: list[str], reason: str, acted: str) -> bool:
    """After a move: ask about the pictures ``pawns`` stand on that may be the current player's
    card (state ``waiting_for_answer``); False when there is none to ask about."""
    player = ref.current
    found = frozenset(ref.found[player])
    options = [(p, ref.positions[p], pic) for p in pawns
               if rules.askable_picture(pic := ref.maze.tile(ref.positions[p]).picture, p, player, found,
                                        ref.edition, ref.options)]
    if not options or not ref.cards_left(player):
        return False
    ref.question = Question(options, reason, acted)
    ref._go("ask_card")
    _announce(ref)
    return True


def _announce(ref: "LabyrinthReferee") -> None:
    question = ref.question
    assert question is not None
    pawn, cell, picture = question.asked
    ref._emit("card_question", player=ref.current, pawn=pawn, cell=cell, picture=picture)


def answer(ref: "LabyrinthReferee", yes: bool) -> None:
    """The player's answer to "was the picture your card?": ``done`` yes, ``rotate`` no."""
    question = ref.question
    if question is None:
        return
    pawn, cell, picture = question.asked
    if yes:
        ref.question = None
        ref._record_card(pawn, picture, cell)
        ref._end_turn(question.reason, pawn)
        return
    ref._emit("card_denied", player=ref.current, pawn=pawn, cell=cell, picture=picture)
    if question.index + 1 < len(question.options):
        question.index += 1
        _announce(ref)
        return
    ref.question = None
    ref._end_turn(question.reason, question.acted)
