"""Magic newcomer 105 (1920x1080): as a move ended (the board's short wait for a late ball, action "closing") the box
under the die said only "move over", where its other lines are whole ("Blue rolls next", "Red: press 🎲 Roll"). It
names whose move is over."""

from __future__ import annotations

from typing import Any

import pytest
from test_magic_newcomer import WIDE, open_page, url  # noqa: F401

pytestmark = pytest.mark.browser


def test_the_die_box_says_whose_move_is_over(browser: Any, url: str) -> None:  # noqa: F811
    page = open_page(browser, url, WIDE)
    try:
        text = page.evaluate("""() => {
            S.view.instruction = {player: 'red', action: 'closing', text: '', messages: [{id: 'magic.closing',
              args: {player: 'red', reason: 'the steps are used'}}], requests: [], buttons: {}, cells: []};
            return stepsText(S.view); }""")
        assert text == "Red's move is over", text
    finally:
        page.close()
