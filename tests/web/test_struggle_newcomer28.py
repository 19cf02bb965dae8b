"""Issue 15, Struggle newcomer 28 (phone and wide): the greyed buttons' titles quoted the board's words ("check by
eye") while the prompt said the page's ("The tokens stand where Red's play put them"); the news of Blue's play said
its order, not where the tokens went; the private card page never said the game had ended."""

from __future__ import annotations

import os
from typing import Any

import pytest
from test_plain_words_browser import PHONE, WIDE, open_page, serving
from test_struggle_choosing_round26a_browser import SEED7, _until_prompt

pytestmark = pytest.mark.browser

WAIT = 30000
PORT = int(os.environ.get("MB_TEST_PORT", "0"))


def test_a_control_s_reason_quotes_the_prompt_as_the_page_says_it(browser: Any) -> None:
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, WIDE)
        try:
            _until_prompt(page, "Red: press Throw")
            why = page.evaluate("""() => {
                S.view.controls.gather = [false, "not now: THE BOARD'S WORDS", {id: 'control.not_now', args: {text: "THE BOARD'S WORDS"}}];
                NOTICE.prompted("THE PAGE'S WORDS");  // the prompt's words as the page last drew them (notice.js)
                return buttonState('gather')[1]; }""")
            assert "THE PAGE'S WORDS" in why and "BOARD'S" not in why, why
        finally:
            page.close()


def test_another_player_s_play_is_news_with_where_each_token_went(browser: Any) -> None:
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, PHONE)
        try:
            _until_prompt(page, "Red: press Throw")
            news = page.evaluate("""() => { S.news = null;
                heardNews({type: 'played', player: 'blue', said: 'token Q moves', ace: [], order: ['Q'],
                           moves: [{token: 'Q', from: 0, to: 2, result: 'moved'}, {token: '9', from: 3, place: 'A', result: 'arrived'}]});
                return S.news; }""")
            assert news and news[0].startswith("Blue played: token Q START → space 2"), news
            assert "token 9" in news[0] and "arrival place A" in news[0], news
        finally:
            page.close()


def test_the_card_page_says_the_game_ended_and_how(browser: Any) -> None:
    with serving(SEED7, PORT) as url:
        ctx = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True)
        page = ctx.new_page()
        try:
            page.goto(url)
            assert page.evaluate("fetch('/seat/red/claim', {method: 'POST'}).then((r) => r.ok)")
            page.goto(url.rstrip("/") + "/seat/red")
            page.wait_for_function("() => typeof P !== 'undefined' && P.hello", timeout=WAIT)
            card = {"card": ["A", "10", "K", "J", "9"], "round": 1, "places": ["A", "B", "C", "D", "E"], "hint": None}
            page.evaluate("(s) => HANDLERS.secret({secret: s})", {**card, "over": True, "winners": ["blue"], "total": 10})
            text = page.locator("#secret").inner_text()
            assert "The game is over" in text and "Blue won" in text and "10 points" in text and "🏆" not in text, text
            assert "nothing here is secret" in page.locator("#note").inner_text()
            page.evaluate("(s) => HANDLERS.secret({secret: s})", {**card, "over": True, "winners": ["red"], "total": 40})
            text = page.locator("#secret").inner_text()
            assert "🏆" in text and "You win, with 40 points" in text, text
            page.evaluate("(s) => HANDLERS.secret({secret: s})", {**card, "over": False, "winners": [], "total": None})
            assert "The game is over" not in page.locator("#secret").inner_text()
        finally:
            ctx.close()
