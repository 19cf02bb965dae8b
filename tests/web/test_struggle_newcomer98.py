"""Issue 15, Struggle newcomer 98 (both sizes): "while you look through the ways, the board only makes the destination
spaces glow. It does not show which token goes to which space, so you have to read the list to match them. The dashed
"ghost" tokens that show this appear only once you have chosen a way." While a way is lit, each token it moves shows
where the way leaves it, as a ghost of its own look (dotted, "would"), that goes with the way; the dashed ghosts that
ask for a token to be put there come once the way is played, as before."""

from __future__ import annotations

import os
from typing import Any

import pytest
from test_plain_words_browser import WIDE, open_page, serving
from test_struggle_choosing_round26a_browser import SEED7
from test_struggle_newcomer40 import keep_first_hand

pytestmark = pytest.mark.browser

WAIT = 30000
PORT = int(os.environ.get("MB_TEST_PORT", "0"))
# the way lit, from the ways' own data (its race after the play), against the ghosts the board shows
SEEN = """() => {
  const o = S.view.outcomes[S.view.selected], want = {};
  for (const t of S.hello.tokens) {
    const end = typeof o.spaces[t] === 'number' ? `s${o.spaces[t]}` : `place-${S.hello.places[o.arrived.indexOf(t)]}`;
    if (end !== S.world.tokens[t]) want[t] = end;
  }
  const shown = {};
  for (const g of document.querySelectorAll('.space .token.would')) shown[g.dataset.would] = g.closest('.space').dataset.sensor;
  return { way: S.view.selected, want, shown, asks: document.querySelectorAll('.space .token.want').length,
           title: (document.querySelector('.space .token.would') || {}).title || '' }; }"""


def test_the_way_lit_shows_where_it_leaves_each_token(browser: Any) -> None:
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, WIDE)
        try:
            keep_first_hand(page)
            first = page.evaluate(SEEN)
            page.click("#throw")  # ▶ Next way
            page.wait_for_function("(w) => S.view.selected !== w", arg=first["way"], timeout=WAIT)
            page.wait_for_timeout(200)
            second = page.evaluate(SEEN)
            page.click("#stop")  # played: the board asks for the tokens, its dashed ghosts
            page.wait_for_function("() => S.view.phase !== 'choosing'", timeout=WAIT)
            page.wait_for_timeout(300)
            played = page.evaluate("() => [document.querySelectorAll('.space .token.would').length,"
                                   " document.querySelectorAll('.space .token.want').length]")
        finally:
            page.context.close()
    for seen in (first, second):
        assert seen["want"] and seen["shown"] == seen["want"], seen
        assert seen["asks"] == 0, seen  # (nothing asked yet: the way is only lit)
    assert first["want"] != second["want"], (first, second)
    assert first["title"].startswith("with this way, token "), first
    assert played[0] == 0 and played[1] > 0, played
