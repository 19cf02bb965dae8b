"""(An attack on Magic newcomer 105's fix) A refusal said just after the person's turn ended follows "Your turn ended
just now (Done pressed)." as a sentence of its own: it begins with a capital ("… (Done pressed). That is Blue's pawn:
…", not "… (Done pressed). that is Blue's pawn")."""

from __future__ import annotations

from typing import Any

import pytest
from test_magic_newcomer import WIDE, open_page, url  # noqa: F401

pytestmark = pytest.mark.browser


def test_a_refusal_after_the_turn_ended_starts_its_sentence_with_a_capital(browser: Any, url: str) -> None:  # noqa: F811
    page = open_page(browser, url, WIDE)
    try:
        text = page.evaluate("""() => {
            S.turnEnded = {player: 'red', reason: 'done', at: performance.now()};
            S.view = {...S.view, current: 'blue', phase: 'roll'};
            return lateWords("that is Blue's pawn: yours is the red one on a1"); }""")
        assert text == "Your turn ended just now (Done pressed). That is Blue's pawn: yours is the red one on a1", text
    finally:
        page.close()
