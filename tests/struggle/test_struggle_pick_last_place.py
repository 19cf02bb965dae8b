"""Issue 15, Struggle newcomer 88 (1920x1080): 9, K and Q had arrived (the card 9 K ★ Q J scoring A, B and C), J on
space 11 and 10 far behind; the hand J ★ J J 9 played J to space 15 or to 14. The board picked 15, "this one takes
token J, the next your card wants, furthest", but the card wants J in the last place, E, which goes to the token
still racing once four have arrived: J arriving fourth takes D and loses E. The token a card wants last is kept
back, not taken on, and the pick says so."""

from __future__ import annotations

from mazeboard.controller.struggle import rules
from mazeboard.controller.struggle.rules import Race, Rules

DEFAULT = Rules.default()
CARD = ("9", "K", "A", "Q", "J")


def _ways() -> tuple[Race, tuple[rules.Outcome, ...]]:
    race = Race(spaces=(None, None, 11, 3, None), arrived=("9", "K", "Q"))  # K, Q, J, 10, 9
    return race, rules.outcomes(DEFAULT, race, ("J", "A", "J", "J", "9"))


def test_the_token_a_card_wants_last_is_kept_back() -> None:
    race, outs = _ways()
    at = {i: o.result.race.space("J") for i, o in enumerate(outs)}
    assert sorted(at.values()) == [14, 15], at  # the newcomer's two ways
    pick = rules.hint(DEFAULT, outs, CARD)
    assert at[pick] == 14, at
    assert rules.hint_reason(DEFAULT, outs, CARD, pick) == ("back", "J")


def test_the_token_kept_back_is_the_one_the_card_wants_last() -> None:
    """Over random choices, a pick said to keep a token back keeps the token the card wants in place E, still racing,
    further back than each way weighing as much; and a pick said to take a token on never takes E's token."""
    from test_struggle_round23 import _random_choices

    back = lead = 0
    for race, hand, outs, card in _random_choices(88, 4000):
        pick = rules.hint(DEFAULT, outs, card)
        reason, token = rules.hint_reason(DEFAULT, outs, card, pick)
        after = outs[pick].result.race
        if reason == "back" and token is not None:
            back += 1
            assert card.index(token) == len(rules.PLACES) - 1 and token not in after.arrived, (race, hand, card)
            rivals = [i for i, _ in rules.hint_apart(DEFAULT, outs, card, pick)]
            assert all(token in outs[i].result.race.arrived
                       or (outs[i].result.race.space(token) or 0) > (after.space(token) or 0) for i in rivals)
        if reason == "lead" and token is not None:
            lead += 1
            assert card.index(token) < len(rules.PLACES) - 1, (race, hand, card, token)
    assert lead > 20, lead


def test_the_reason_reaches_the_card_page() -> None:
    """The ``outcomes`` event's ``hint_why`` ``back`` is one a card page takes (``views.HINT_REASONS``)."""
    from mazeboard.hal.web.views import struggle_hint

    hint = struggle_hint({"hint": 1, "hint_why": "back", "hint_token": "J"})
    assert hint == {"hint": 1, "hint_why": {"reason": "back", "token": "J"}}, hint
