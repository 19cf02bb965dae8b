"""Issue 15, Magic newcomer 31 (a wide screen beside the phone, on a busy machine): the wide screen's connection
broke for a while; its prompt said at once "The game's server stopped … start the server again" while the server
ran, and once back after the game had ended it showed no "wins!" box. A break is said as reconnecting first; the
server is said stopped only once the tries have failed a while; a game that ended meanwhile is told as ending."""

from __future__ import annotations

from typing import Any

import pytest
from test_magic_newcomer import WAIT_MS, open_page, served, wait_action
from test_plain_words_browser import WIDE

pytestmark = pytest.mark.browser


@pytest.fixture
def url() -> Any:
    yield from served(("--seed", "7"))


def test_a_broken_connection_is_said_as_reconnecting_and_comes_back(browser: Any, url: str) -> None:
    from playwright.sync_api import expect

    page = open_page(browser, url, WIDE)
    try:
        wait_action(page, "roll")
        page.evaluate("() => { window.promptsSeen = []; new MutationObserver(() => window.promptsSeen.push(document.getElementById('prompt').textContent))"
                      ".observe(document.getElementById('prompt'), {childList: true, subtree: true, characterData: true}); S.ws.close(); }")
        page.wait_for_function("() => document.getElementById('conn').dataset.state === 'closed'", timeout=WAIT_MS)
        expect(page.locator("#conn")).to_have_text("connected", timeout=WAIT_MS)
        said = page.evaluate("() => window.promptsSeen")
        assert any("reconnecting" in t for t in said), said
        assert not any("server stopped" in t for t in said), said
        expect(page.locator("#prompt")).to_contain_text("press Roll", timeout=WAIT_MS)
    finally:
        page.close()


def test_a_game_that_ended_while_the_page_was_away_shows_its_end(browser: Any, url: str) -> None:
    page = open_page(browser, url, WIDE)
    try:
        wait_action(page, "roll")
        page.evaluate("""() => HANDLERS.hello({...S.hello, view: {...S.hello.view, phase: 'over', winner: 'blue',
            scores: {red: 2, blue: 5}}})""")
        page.wait_for_function("() => !document.getElementById('banner').hidden", timeout=WAIT_MS)
        assert "Blue wins" in page.locator("#banner").inner_text()
    finally:
        page.close()


def test_a_page_opened_on_a_game_over_shows_the_box_once(browser: Any, url: str) -> None:
    """A page opened on a game over shows the win box (Magic newcomer 58's wide screen, opened after Blue won, had only
    the prompt's line; it showed none before), once: the same page hearing the game over again shows it no more."""
    page = open_page(browser, url, WIDE)
    try:
        wait_action(page, "roll")
        over = """() => HANDLERS.hello({...S.hello, view: {...S.hello.view, phase: 'over', winner: 'blue',
            scores: {red: 2, blue: 5}}})"""
        page.evaluate(f"() => {{ S.view = null; ({over})(); }}")
        page.wait_for_function("() => !document.getElementById('banner').hidden", timeout=WAIT_MS)
        page.evaluate("() => { document.getElementById('banner').hidden = true; }")
        page.evaluate(over)
        page.wait_for_timeout(300)
        assert page.locator("#banner").is_hidden()
    finally:
        page.close()
