"""Round 25 (issue 15): the log's time of day is the moment each line happened, the same on every
screen and after a reload. Round 24's clock counted back from the time a page received the lines
(Labyrinth: 14:46:47 before a reload, 14:47:27 after; a phone and a wide screen 8 s apart): the server
now stamps each event it sends to pages with its wall-clock time (``wall_ms``, epoch ms) and keeps the
stamp in the history a page gets when it joins. And ✨ New game in the middle of a game says that the
game in progress ends (the Magic page: where it can be saved first); not once the game is over."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import WAIT_MS, WIDE, open_page, serving

pytestmark = pytest.mark.browser

GAMES = {
    "magic-labyrinth": ("--seed", "7"),
    "labyrinth": ("--game", "labyrinth", "--seed", "7"),
    "struggle": ("--game", "struggle", "--players", "2", "--seed", "7"),
}
LINES = """() => [...document.querySelectorAll('#log li')].reverse()
    .map((li) => [li.querySelector('.t').textContent.trim(), li.querySelector('.text').textContent.trim()])"""


def lines(page: Any) -> list[list[str]]:
    page.wait_for_function("() => document.querySelectorAll('#log li .t').length >= 2", timeout=WAIT_MS)
    got: list[list[str]] = page.evaluate(LINES)
    return got


def same_lines(a: list[list[str]], b: list[list[str]]) -> tuple[list[list[str]], list[list[str]]]:
    """The lines both pages show (oldest first; one may have heard newer ones)."""
    n = min(len(a), len(b))
    assert n >= 2, (a, b)
    assert [t for _, t in a[:n]] == [t for _, t in b[:n]], (a[:n], b[:n])
    return a[:n], b[:n]


@pytest.mark.parametrize("game", list(GAMES))
def test_every_screen_shows_the_same_time_for_a_line_even_after_a_reload(browser: Any, game: str) -> None:
    with serving(GAMES[game]) as url:
        first = open_page(browser, url, WIDE)
        before = lines(first)
        first.wait_for_timeout(3000)  # the person thinks: the game waits for them, the wall clock goes on
        later = open_page(browser, url, (390, 844))  # a phone joins later
        a, b = same_lines(before, lines(later))
        assert a == b, (a, b)
        first.reload()
        first.wait_for_selector("#log li")
        a, c = same_lines(before, lines(first))
        assert a == c, (a, c)
        later.close()
        first.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_new_game_during_a_game_says_the_game_in_progress_ends(browser: Any, game: str) -> None:
    from playwright.sync_api import expect

    with serving(GAMES[game]) as url:
        page = open_page(browser, url, WIDE)
        page.locator("#new-game").click()
        ends = page.locator("#ng-ends")
        expect(ends).to_be_visible(timeout=WAIT_MS)
        text = ends.inner_text()
        assert "ends" in text, text
        if game == "magic-labyrinth":  # the Magic page can keep the game first
            assert "Save as scenario" in text, text
        else:
            assert "Save as scenario" not in text, text
        box, dialog = ends.bounding_box(), page.locator("#new-dialog").bounding_box()
        assert box and dialog and box["height"] < 3 * 24 and dialog["y"] <= box["y"], (box, dialog)
        page.close()


def test_new_game_after_the_game_is_over_says_nothing_of_an_ending(browser: Any) -> None:
    """Once the game is over there is nothing to lose: the dialog has no such line (a short Labyrinth:
    every colour simulated, one card each, a seed that ends soon: test_labyrinth_round22's game over)."""
    from playwright.sync_api import expect

    args = ("--game", "labyrinth", "--cards-each", "1", "--humans", "none", "--seed", "9135")
    with serving(args) as url:
        page = browser.new_page(viewport={"width": WIDE[0], "height": WIDE[1]})
        page.goto(url)
        page.wait_for_function("() => S.view && S.view.phase === 'over'", timeout=120_000)
        page.locator("#banner-close").click()  # the winner's banner (its own New game is the same dialog)
        page.locator("#new-game").click()
        expect(page.locator("#new-dialog")).to_be_visible(timeout=WAIT_MS)
        expect(page.locator("#ng-ends")).to_have_count(1)  # the line is there, hidden: nothing ends
        expect(page.locator("#ng-ends")).to_be_hidden()
        page.close()
