"""Issue 15, round 27 (Struggle newcomer 13): a token tapped ("token J chosen: click a space to put it
there") stayed chosen after Place tokens as shown, through the next player's turn into the page's next
one, and one tap on a space then moved it out of turn. Place tokens as shown and the turn's end let it go."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import WIDE, open_page, serve, stop
from test_struggle_round26_browser import _to_placing

pytestmark = pytest.mark.browser


def test_a_chosen_token_is_let_go_by_place_tokens_as_shown_and_at_the_turn_s_end(browser: Any) -> None:
    proc, url = serve(("--game", "struggle", "--players", "2", "--seed", "7", "--humans", "red"), 9628)
    page = open_page(browser, url, WIDE)
    try:
        _to_placing(page)  # seed 7, way 1: J to space 4, 9 to space 1
        page.locator('#track .token[data-token="J"]').first.click()
        page.wait_for_function("() => S.selected === 'J'", timeout=10_000)
        page.click("#follow")
        page.wait_for_function("() => S.view.current === 'blue'", timeout=20_000)
        assert page.evaluate("S.selected") is None
        assert "chosen" not in (page.locator(".hand-box").text_content() or "")
        # and a turn that ends another way (by hand, then Stop) lets a chosen token go as well
        page.evaluate("() => { S.selected = 'K'; HANDLERS.event({ view: S.view, event: { type: 'turn_ended', player: 'blue', reason: 'played', t: 1 } }); }")
        assert page.evaluate("S.selected") is None
    finally:
        page.close()
        stop(proc)
