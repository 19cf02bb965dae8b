"""Physical objective cards entered on the board at the round's end (option ``cards = "physical"``).

The players hold real objective cards; the controller learns them only when
the race is over (RULES.md §3 Scoring: the cards are revealed then). Each
player in turn order enters their card with the dice buttons, place A first
(docs/struggle.md, "Physical objective cards"):

==========  ==========================================
button      enters
==========  ==========================================
``die1``    K
``die2``    Q
``die3``    J
``die4``    10
``die5``    9
``throw``   the ace (a joker on the card)
``stop``    with 1-4 entered: erase the last entry;
            with 5 entered: confirm the card
==========  ==========================================

The die buttons follow the token order K Q J 10 9 (:data:`~mazeboard.hal.struggle.TOKENS`),
so die *n* is the *n*-th token. :class:`CardEntry` is the pure entry buffer:
it refuses a figure entered twice (a card names each token once) and a second
ace (a card shows at least four of the five figures: the ace, a joker, stands
in one place at most -- :func:`.rules.check_card`, the same rule as the
objectives data file), and names who else entered the very same card
(:meth:`CardEntry.holder`; each card exists once, so one of the two players
misread theirs: the referee asks, it never refuses the owner for ever).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from mazeboard.hal.struggle import ACE, DIE_BUTTONS, PLACES, TOKENS

from .rules import MAX_ACES, Card

#: button -> what it enters on a card (die n = the n-th token, throw = the ace)
CARD_BUTTONS: dict[str, str] = {**{b: t for b, t in zip(DIE_BUTTONS, TOKENS)}, "throw": ACE}
#: what a card entry means -> the button that enters it (for hands and players)
BUTTON_FOR: dict[str, str] = {v: k for k, v in CARD_BUTTONS.items()}
ERASE_OR_CONFIRM = "stop"


@dataclass
class CardEntry:
    """One player's card being entered: ``entered`` so far (place A first).

    ``questioned``: the card in question -- one this player confirmed while
    another player held the very same one (the board asked them to check:
    entering it again keeps it), or, with ``recheck``, the card this player had
    entered and another player kept (they are asked again; what they confirm
    now is believed, even that card)."""

    player: str
    entered: list[str] = field(default_factory=list)
    questioned: Card | None = None
    recheck: bool = False

    @property
    def complete(self) -> bool:
        return len(self.entered) == len(PLACES)

    @property
    def next_place(self) -> str | None:
        """The arrival place whose token is asked for next (None: the card is complete)."""
        return None if self.complete else PLACES[len(self.entered)]

    def press(self, value: str) -> str | None:
        """Enter ``value`` (a token or the ace); returns why it was refused, or None."""
        if self.complete:
            return "the card is complete: press stop to confirm it"
        if value == ACE and self.entered.count(ACE) >= MAX_ACES:
            return "the card has its ace already (the ace stands in one place of a card at most)"
        if value != ACE and value in self.entered:
            return f"{value} is already on the card (a card names each token once)"
        self.entered.append(value)
        return None

    def offers(self, value: str) -> bool:
        """Whether entering ``value`` now is possible (the instruction lists only those buttons)."""
        if self.complete:
            return False
        if value == ACE:
            return self.entered.count(ACE) < MAX_ACES
        return value not in self.entered

    def erase(self) -> bool:
        """Remove the last entry; False when there was none."""
        if not self.entered:
            return False
        self.entered.pop()
        return True

    def holder(self, taken: Mapping[str, Card]) -> str | None:
        """Who else already entered this very card (``taken``: player -> card), or None."""
        card = tuple(self.entered)
        return next((other for other, c in taken.items() if c == card and other != self.player), None)
