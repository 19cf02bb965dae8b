"""Issue 15, an attack in session 7 on the news lines (Magic: under a phone's "press Roll", Struggle: under a
phone's "press Throw"): with three players or more, the line said only the last other player's turn; Blue's find
(the target changed) or Blue's play (Red's token sent back) was forgotten at Green's turn. Every other player's
news since a person here last acted is said now (the last three at most); a new Struggle round starts afresh."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import PHONE, serving

pytestmark = pytest.mark.browser

WAIT = 30000


def _phone(browser: Any, url: str) -> Any:
    ctx = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_function("S.view && S.hello", timeout=WAIT)
    return page


def test_magic_says_each_other_players_find_and_drop_since_the_persons_roll(browser: Any) -> None:
    with serving(("--players", "3", "--humans", "red", "--seed", "7", "--speed", "0.1")) as url:
        page = _phone(browser, url)
        try:
            news = page.evaluate("""() => {
                heardNews({type: 'turn_started', player: 'blue'}, '');
                heardNews({type: 'symbol_collected', player: 'blue'}, '⭐ Blue found 👻 ghost');
                heardNews({type: 'turn_started', player: 'green'}, '');
                heardNews({type: 'ball_dropped', player: 'green'}, '💥 Green\\'s ball dropped');
                const before = nextLine({action: 'roll', player: 'red'}, true);
                heardNews({type: 'die_rolled', player: 'red'}, '');
                return [before, nextLine({action: 'roll', player: 'red'}, true)];
            }""")
            assert "Blue found 👻 ghost" in news[0] and "Green's ball dropped" in news[0], news[0]
            assert "Blue found" not in news[1] and "Green's ball" not in news[1], news[1]  # Red rolled: forgotten
        finally:
            page.context.close()


def test_struggle_says_each_other_players_play_and_starts_afresh_at_a_new_round(browser: Any) -> None:
    with serving(("--game", "struggle", "--players", "3", "--humans", "red", "--seed", "7", "--speed", "0.1")) as url:
        page = _phone(browser, url)
        try:
            news = page.evaluate("""() => {
                S.news = null;
                heardNews({type: 'turn_started', player: 'blue'});
                heardNews({type: 'played', player: 'blue', said: 'token K moves'});
                heardNews({type: 'turn_started', player: 'green'});
                heardNews({type: 'played', player: 'green', said: 'token 9 moves'});
                const both = S.news.slice();
                heardNews({type: 'round_started', round: 2});
                return [both, S.news];
            }""")
            assert news[0] == ["Blue played: token K moves", "Green played: token 9 moves"], news[0]
            assert not news[1], news[1]
        finally:
            page.context.close()
