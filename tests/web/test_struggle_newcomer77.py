"""Issue 15, Struggle newcomer 77 (390x844): Blue kept K Q Q 9 Q; the prompt's news said "Blue played: token 9 space 4
→ space 5 (red space); Q goes back to space 4 · token K space 4 → space 5 (red space); 9 goes back to space 4" and no
more: "I expected Q to move 3 spaces, but it ended on 4 ... No line on the page gave that reason". The news says a
token that stayed, and what stopped it, in few words, and still fits the prompt's room on a phone and a wide screen."""

from __future__ import annotations

import os
from typing import Any

import pytest
from test_plain_words_browser import WIDE, open_page, serving
from test_struggle_choosing_round26a_browser import SEED7

pytestmark = pytest.mark.browser

WAIT = 30000
PORT = int(os.environ.get("MB_TEST_PORT", "0"))
PLAY = """{type: 'played', player: 'blue', moves: [
  {token: '9', from: 4, to: 5, result: 'swapped', displaced: ['Q']},
  {token: 'K', from: 4, to: 5, result: 'swapped', displaced: ['9']},
  {token: 'Q', from: 4, to: 4, result: 'impasse', target: 7, blocked: 'black'}]}"""


@pytest.mark.parametrize("size", [(390, 844), WIDE], ids=["phone", "wide"])
def test_a_token_that_stayed_is_news_with_what_stopped_it(browser: Any, size: tuple[int, int]) -> None:
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, size)
        try:
            page.wait_for_function("S.hello && S.view && S.view.instruction && S.view.instruction.action === 'throw'", timeout=WAIT)
            said = page.evaluate(f"""() => {{ const news = playedNews({PLAY}); S.news = [news]; drawPrompt();
              const box = document.getElementById('prompt-news'); return [news, !box.hidden, box.textContent]; }}""")
        finally:
            page.close()
    # ("would end on": Struggle newcomer 110 read "token 10 stays (black space 7)" as the token standing on space 7)
    assert said[0].endswith(" · token Q stays (space 7 ahead is black)"), said
    assert said[0].startswith("Blue played: token 9 space 4 → space 5 (red space); Q goes back to space 4"), said
    assert said[1] and said[2] == said[0], said  # (in the prompt's room: shown)


@pytest.mark.parametrize("size", [WIDE], ids=["wide"])
def test_a_token_sent_back_by_a_later_swap_is_not_said_to_stay(browser: Any, size: tuple[int, int]) -> None:
    """(an attack: Q met black space 7 and stayed on 5; K's swap later sent it back to space 3; the news said
    "token Q stays (black space 7)")"""
    play = """{type: 'played', player: 'red', moves: [
      {token: 'Q', from: 5, to: 5, result: 'impasse', target: 7, blocked: 'black'},
      {token: 'K', from: 3, to: 5, result: 'swapped', displaced: ['Q']},
      {token: '9', from: 1, to: 2, result: 'moved'}]}"""
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, size)
        try:
            page.wait_for_function("S.hello && S.view", timeout=WAIT)
            said = page.evaluate(f"() => playedNews({play})")
        finally:
            page.close()
    assert "Q stays" not in said and "Q goes back to space 3" in said, said



@pytest.mark.parametrize("size", [WIDE], ids=["wide"])
def test_the_news_says_the_moves_in_the_order_the_play_made_them(browser: Any, size: tuple[int, int]) -> None:
    """(Struggle newcomer 114 read "Blue played: token 10 space 8 → space 9 · token J stays (space 12 ahead is black) ·
    token Q stays (space 8 ahead is taken)" with space 8 empty: Q had met 10 there before 10 moved on. The news says
    each move in the play's order, stays that come one after another together)"""
    play = """{type: 'played', player: 'blue', moves: [
      {token: 'Q', from: 6, to: 6, result: 'impasse', target: 8, blocked: 'taken'},
      {token: '10', from: 8, to: 9, result: 'moved'},
      {token: 'J', from: 10, to: 10, result: 'impasse', target: 12, blocked: 'black'},
      {token: '9', from: 2, to: 2, result: 'impasse', target: 3, blocked: 'black'}]}"""
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, size)
        try:
            page.wait_for_function("S.hello && S.view", timeout=WAIT)
            said = page.evaluate(f"() => playedNews({play})")
        finally:
            page.close()
    assert said.startswith("Blue played: token Q stays (space 8 ahead is taken) · token 10 space 8 → space 9"), said
    assert said.endswith(" · tokens J and 9 stay (black spaces ahead)"), said
