"""Issue 15, Labyrinth newcomer 105 (a phone): in the ✨ New game dialog every number of "Cards each" read the same,
"1 (a shorter game)" through "8 (a shorter game)". The numbers stand alone; the rules' count says what it is
("all 24: 12 each (the rules, long)"), and the fewest says it is the shortest."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_labyrinth_cards_each_dialog import open_labyrinth
from test_plain_words_browser import LABYRINTH, serving

pytestmark = pytest.mark.browser


def test_the_cards_each_choices_do_not_all_read_alike(browser: Any) -> None:
    with serving(LABYRINTH) as url:
        page = open_labyrinth(browser, url)
        try:
            page.locator("#new-game").click()
            page.locator("#ng-players").select_option("2")
            said = page.locator("#ng-cards-each option").all_inner_texts()
        finally:
            page.close()
    assert said[0] == "all 24: 12 each (the rules, long)", said
    words = [re.sub(r"\d+", "", s).strip() for s in said[1:]]
    # no words said of every count alike: each count's words its own, or none
    assert len([w for w in words if w]) == len({w for w in words if w}), said
    assert said[1] == "1 (the shortest game)" and said[2:] == [str(n) for n in (2, 3, 4, 5, 6, 8)], said
