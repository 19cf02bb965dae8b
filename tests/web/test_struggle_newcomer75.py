"""Issue 15, Struggle newcomer 75 (1920x1080): at one turn the prompt said only "Red: press Throw.", without the
"Blue played: …" line every other turn had; Blue had moved 10 from space 13 to 15, and three of its dice had met black
spaces. The news, each impasse said at length, did not fit the prompt's room and was left out. The prompt's news says
the tokens that moved, short; a play that moved none says so."""

from __future__ import annotations

import os
from typing import Any

import pytest
from test_plain_words_browser import WIDE, open_page, serving
from test_struggle_choosing_round26a_browser import SEED7

pytestmark = pytest.mark.browser

WAIT = 30000
PORT = int(os.environ.get("MB_TEST_PORT", "0"))
BLACK = "{token:'%s', from:%d, to:%d, result:'impasse', target:%d, blocked:'black'}"


def test_another_player_s_play_is_news_short_enough_for_the_prompt(browser: Any) -> None:
    impasses = ", ".join([BLACK % ("Q", 6, 6, 7), BLACK % ("J", 11, 11, 12), BLACK % ("9", 11, 11, 12)])
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("S.hello && S.view", timeout=WAIT)
            said = page.evaluate(f"""() => [
              playedNews({{type: 'played', player: 'blue', moves: [{impasses}, {{token: '10', from: 13, to: 15, result: 'moved'}}]}}),
              playedNews({{type: 'played', player: 'blue', moves: [{impasses}]}})]""")
        finally:
            page.close()
    # (the tokens that stayed said short, by what stopped them: Struggle newcomer 77; in the play's order, those one
    # after another together: Struggle newcomer 114)
    assert said[0] == "Blue played: tokens Q, J and 9 stay (black spaces ahead) · token 10 space 13 → space 15", said
    assert said[1] == "Blue's play moved no token: tokens Q, J and 9 stay (black spaces ahead)", said
