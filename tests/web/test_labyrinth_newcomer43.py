"""Issue 15, Labyrinth newcomer 43: at its push step on a phone, "↪ Blue's push" lay over the tile its pawn had been
carried to and hid that tile's paths, the very tile to plan the push from. The words show for a few seconds as the
step starts; then the tag is a "↪" in the tile's lower-left corner, which is rock on every tile (tiles.js: the paths
run 34..66 of 100 across), its words in its title."""

from __future__ import annotations

from typing import Any

import pytest
from test_labyrinth_newcomer40 import PLAY, blue_pushes
from test_labyrinth_newcomer_third import NEWCOMER_GAME, PHONE, WAIT_MS, open_page
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser

TAG = """() => { const tile = document.querySelector(`#maze .tile[data-cell="${S.world.pawns.red}"]`);
  const tag = tile.querySelector('.news-tag'), t = tile.getBoundingClientRect(), r = tag.getBoundingClientRect();
  return { text: tag.innerText, title: tag.title, hidden: tag.hidden,
           inCorner: r.right <= t.left + .34 * t.width + 1 && r.top >= t.top + .66 * t.height - 1 && r.width > 0 }; }"""


def test_the_news_tag_leaves_the_tiles_paths_in_sight_after_a_few_seconds(browser: Any) -> None:
    with serving(NEWCOMER_GAME) as url:
        page = open_page(browser, url, PHONE, guide=True, mobile=True)
        try:
            page.wait_for_function("() => S.view && S.world && S.view.current === 'red'", timeout=WAIT_MS)
            shown = page.evaluate(PLAY, blue_pushes(False))
            # (Labyrinth newcomer 48: the words on the tile in their first seconds hid its paths too: a "↪" in the
            # corner from the first, the words in the line under the board, for a few seconds)
            assert shown["tag"] == "↪" and "Blue's push carried Red's pawn a1 → a2" in shown["line"], shown
            tag = page.evaluate(TAG)
            assert tag["inCorner"] and not tag["hidden"], tag
            page.wait_for_function("() => document.getElementById('picked').hidden", timeout=WAIT_MS)
            tag = page.evaluate(TAG)
            assert tag["inCorner"] and not tag["hidden"], tag
            assert tag["title"] == "↪ Blue's push: Blue's push carried Red's pawn a1 → a2", tag
        finally:
            page.close()


def test_after_the_game_a_screen_holding_no_seat_does_not_call_one_its_own(browser: Any) -> None:
    """Labyrinth newcomer 43's wide screen, Red's seat held by the phone: after the win the header read "Your seat:
    Red's card: on another screen", in red. A screen holding no seat labels it "Secret card:" during the game; after
    it no label stands before the words that name each card (Labyrinth newcomer 109's phone read "Cards:" with nothing
    after it, the card's words wrapped onto the next line)."""
    from test_labyrinth_newcomer_third import DESKTOP
    from test_plain_words_browser import open_page as plain_page

    with serving(NEWCOMER_GAME) as url:
        holder = browser.new_context()
        try:
            hp = holder.new_page()
            hp.goto(url)
            assert hp.request.post(url + "seat/red/claim").ok
            page = plain_page(browser, url, DESKTOP)
            page.locator(".seat-release.red").wait_for(timeout=WAIT_MS)
            label = page.locator("#private-links").locator("xpath=preceding-sibling::*[1]")
            assert label.inner_text() == "Secret card:", label.inner_text()
            page.evaluate("() => { S.view = { ...S.view, phase: 'over', winner: 'red' }; S.bannerShown = true; drawInfo(); }")
            page.locator(".seat-over.red").wait_for(timeout=WAIT_MS)
            # (nothing secret now, Labyrinth newcomer 73: the card's own words say whose it is and where)
            assert label.is_hidden(), label.inner_text()
            assert page.locator(".seat-over.red").inner_text() == "Red's card: on another screen (game over)"
            page.close()
        finally:
            holder.close()
