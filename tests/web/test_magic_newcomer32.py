"""Issue 15, Magic newcomer 32: the header said "easy maze" while six of Red's first steps met hidden walls: "easy"
said nothing of how many walls hide in it. The header says the count (the hello's `wall_count`, never where)."""

from __future__ import annotations

from typing import Any

import pytest
from test_magic_newcomer import PHONE, open_page
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("maze,walls", [("easy", 19), ("hard", 24)])
def test_the_header_says_how_many_walls_hide_in_the_maze(browser: Any, maze: str, walls: int) -> None:
    with serving(("--seed", "7", "--maze", maze)) as url:
        page = open_page(browser, url, PHONE)
        try:
            info = page.locator("#game-info").inner_text()
            assert f"{maze} maze, {walls} walls" in info, info
            assert page.evaluate("S.hello.walls") is None  # the count only: where they are stays hidden
        finally:
            page.close()
