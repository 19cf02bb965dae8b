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


def test_two_finds_in_one_moment_are_both_said_at_the_top(browser: Any) -> None:
    """Magic newcomer 34 found the candle (its 4th symbol); the next target was drawn under Blue's pawn and found at
    once: the line at the top said only "⭐ Blue found 🐍 snake", Red's own find never shown. Two finds within the
    line's seconds are both said, one a line."""
    from test_magic_newcomer import ARGS

    with serving(ARGS) as url:
        page = open_page(browser, url, PHONE)
        try:
            text = page.evaluate("""() => {
                news({type: 'symbol_collected', player: 'red', symbol: 'candle', score: 4, cell: 'd3'});
                news({type: 'symbol_collected', player: 'blue', symbol: 'snake', score: 3, cell: 'e5', drawn: true});
                return document.getElementById('news').innerText; }""")
            assert "Red found" in text and "Blue found" in text, text
        finally:
            page.close()


def test_another_players_ball_in_the_phone_strip_says_whose_and_the_trays_corner(browser: Any) -> None:
    """Magic newcomer 34: the phone's strip said "in the bottom-right corner" beside Blue's ball; Blue's start corner
    is top right, and the phone draws the tray as one small box: whose ball, and the tray's corner, said."""
    from test_magic_newcomer import ARGS

    with serving(ARGS) as url:
        page = open_page(browser, url, PHONE)
        try:
            words = page.evaluate("""() => {
                S.world = {...S.world, tray: {'tray-se': ['blue']}}; drawTrayStrip();
                return document.querySelector('#tray-strip .where').textContent; }""")
            assert "Blue's ball" in words and "corner of the tray" in words, words
        finally:
            page.close()
