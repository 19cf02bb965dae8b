"""Issue 15, Struggle newcomer 21: "token 9 moves ahead to 2nd in the race" while J and 9 stood on the same
space, and nothing said why J ranked first. Tokens level on one space rank in the tokens' order (K, Q, J, 10,
9: the order the board's pick weighs, controller/struggle/rules.py); a way's note for the card says so, for the
tokens it names, in one line."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import WIDE, open_page, serving
from test_struggle_newcomer17 import SEED7, WAIT

pytestmark = pytest.mark.browser


def _lines(browser: Any, before: dict[str, int], after: dict[str, int], moves: list[dict[str, Any]],
           card: list[str]) -> list[str]:
    with serving(SEED7) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("S.hello && S.view", timeout=WAIT)
            return page.evaluate("""([before, after, moves, card]) => {
              S.view.spaces = before; S.view.arrived = [];
              return forCard({ moves, spaces: after, arrived: [] }, card).split("\\n");
            }""", [before, after, moves, card])
        finally:
            page.close()


def test_a_way_leaving_two_tokens_level_says_how_they_rank(browser: Any) -> None:
    lines = _lines(browser, {"K": 5, "Q": 4, "J": 1, "10": 2, "9": 3},
                   {"K": 5, "Q": 4, "J": 3, "10": 2, "9": 3},
                   [{"token": "J", "from": 1, "to": 3}], ["9", "J", "K", "Q", "10"])
    level = [line for line in lines if "level" in line]
    assert level == ["(tokens level on one space rank in the order K, Q, J, 10, 9: J before 9 on space 3)"], lines
    assert lines[-1].startswith("If the race stopped after this way"), "the points stay the last line"


def test_no_level_line_when_the_tokens_named_stand_alone(browser: Any) -> None:
    lines = _lines(browser, {"K": 1, "Q": 2, "J": 3, "10": 4, "9": 5},
                   {"K": 1, "Q": 2, "J": 6, "10": 4, "9": 5},
                   [{"token": "J", "from": 3, "to": 6}], ["J", "9", "10", "Q", "K"])
    assert any("token J" in line for line in lines), lines
    assert not [line for line in lines if "level" in line], lines


def test_the_star_place_from_start_names_the_token_that_would_be_there(browser: Any) -> None:
    """Struggle newcomer 93's first hand (9 9 ace Q 9) read "your card's ★ place (D) scores with any token: +10" and
    could not tell which token: J, still on START, 4th in the race by the tokens' order. The line names it."""
    lines = _lines(browser, {"K": 0, "Q": 0, "J": 0, "10": 0, "9": 0},
                   {"K": 0, "Q": 1, "J": 0, "10": 0, "9": 3},
                   [{"token": "9", "from": 0, "to": 3}, {"token": "Q", "from": 0, "to": 1}], ["9", "Q", "K", "A", "10"])
    star = [line for line in lines if "★ place" in line]
    assert star == ["✔ good for your card: your card's ★ place (D) scores with any token: token J, 4th in the race "
                    "if it stopped here: +10"], lines



def test_the_token_standing_in_the_star_place_is_not_also_said_to_score_nothing(browser: Any) -> None:
    """(an attack: "○ no points for your card: token 10 moves ahead, and your card does not name it" above "your card's
    ★ place (A) scores with any token: token 10, 1st in the race if it stopped here: +10", one token, two verdicts)"""
    lines = _lines(browser, {"K": 0, "Q": 0, "J": 0, "10": 0, "9": 0},
                   {"K": 0, "Q": 0, "J": 0, "10": 2, "9": 0},
                   [{"token": "10", "from": 0, "to": 2}], ["A", "Q", "9", "K", "J"])
    about_10 = [line for line in lines if "token 10" in line]
    assert about_10 == ["✔ good for your card: your card's ★ place (A) scores with any token: token 10, 1st in the race "
                        "if it stopped here: +10"], lines
