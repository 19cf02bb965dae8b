"""The Labyrinth page's new-game dialog offers a shorter game (``cards_each``) only as the players
chosen can hold it, and opens on the game's own count (the attack on issue 15: with 4 players it
offered 12, which the server refused with a line about --cards-each; a game of 7 each opened on
"all 24", and Start turned the short game into the long one)."""

from __future__ import annotations

from typing import Any

import pytest

from test_plain_words_browser import LABYRINTH, serving

pytestmark = pytest.mark.browser
WAIT_MS = 30_000


def open_labyrinth(browser: Any, url: str) -> Any:
    from playwright.sync_api import expect

    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.add_init_script("localStorage.setItem('mazeboard.guide.labyrinth', JSON.stringify(['shift','move']))")
    page.goto(url)
    expect(page.locator("#conn")).to_have_text("connected", timeout=WAIT_MS)
    page.wait_for_function("document.querySelectorAll('#ng-cards-each option').length > 0", timeout=WAIT_MS)
    return page


def test_every_cards_each_the_dialog_offers_for_four_players_starts_a_game(browser: Any) -> None:
    with serving(LABYRINTH) as url:
        page = open_labyrinth(browser, url)
        page.evaluate("""() => { window.errors = [];
            new MutationObserver(() => window.errors.push(document.getElementById('error').textContent))
              .observe(document.getElementById('error'), { childList: true, characterData: true, subtree: true }); }""")
        page.locator("#new-game").click()
        page.locator("#ng-players").select_option("4")
        offered = page.evaluate("[...document.querySelectorAll('#ng-cards-each option')].filter(o => !o.disabled)"
                                ".map(o => +o.value)")
        biggest = max(offered)
        page.locator("#ng-cards-each").select_option(str(biggest))
        page.locator("#ng-start").click()
        # the new game's hello (four players on the page), or the server's refusal
        page.wait_for_function("document.querySelectorAll('#players .player').length === 4 || "
                               "window.errors.some((e) => e.includes('cannot be played'))", timeout=WAIT_MS)
        errors = [e for e in page.evaluate("window.errors") if e]
        players = page.locator("#players .player").count()
        page.close()
    assert not [e for e in errors if "cannot be played" in e or "--cards-each" in e], (biggest, errors)
    assert players == 4


def test_the_dialog_opens_on_the_games_own_cards_each(browser: Any) -> None:
    with serving((*LABYRINTH, "--cards-each", "7")) as url:
        page = open_labyrinth(browser, url)
        page.locator("#new-game").click()
        value = page.locator("#ng-cards-each").input_value()
        page.close()
    assert value == "7", f"the dialog would start a game with cards_each {value!r}, not the game's 7"


def test_the_vader_variant_is_offered_only_with_an_edition_that_has_the_vader_tile(browser: Any) -> None:
    """Seen (newcomer, round 4): the dialog offered "vader" with the classic edition, and Start said
    command-line words on the page ("--variant vader: ... (use --edition star-wars)")."""
    with serving(LABYRINTH) as url:
        page = open_labyrinth(browser, url)
        page.locator("#new-game").click()
        vader = page.locator('#ng-variants input[value="vader"]')
        editions = page.evaluate("[...document.querySelectorAll('#ng-edition option')].map(o => o.value)")
        assert "star-wars" in editions and "classic" in editions
        for edition in editions:
            page.locator("#ng-edition").select_option(edition)
            assert vader.is_disabled() == (edition != "star-wars"), edition
            if edition != "star-wars":
                assert not vader.is_checked(), edition
                title = vader.evaluate("i => i.closest('label').title")
                assert "Star Wars" in title and "--" not in title, title
        page.close()
