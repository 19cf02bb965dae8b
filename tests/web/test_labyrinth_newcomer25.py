"""Issue 15, Labyrinth newcomer 25: when a card was found, its tile flashed in a frame the board never explained
(the help says it; the board did not). The tile just found says so on the board itself, "⭐ found", for a few
seconds (its LED's flash is 1.5 s), at both sizes, and the word goes away again."""

from __future__ import annotations

from typing import Any

import pytest
from test_labyrinth_newcomer_third import DESKTOP, PHONE, WAIT_MS, open_page
from test_labyrinth_round22 import RED_ARGS
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser

FOUND = """(cell) => { const t = document.querySelector(`#maze .tile[data-cell="${cell}"] .found-tag`);
    if (!t || t.hidden) return null; const r = t.getBoundingClientRect(), s = getComputedStyle(t);
    return {text: t.textContent, w: r.width, h: r.height, font: parseFloat(s.fontSize),
            shown: s.display !== 'none' && s.visibility !== 'hidden' && r.width > 0}; }"""


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "wide"])
def test_the_tile_just_found_says_found_on_the_board(browser: Any, size: tuple[int, int]) -> None:
    with serving(RED_ARGS) as address:
        page = open_page(browser, address, size, guide=False)
        try:
            page.wait_for_function("() => S.view && S.world", timeout=WAIT_MS)
            assert page.evaluate(FOUND, "c3") is None
            page.evaluate("""() => HANDLERS.event({view: S.view, event: {type: 'card_found', player: 'red',
                card: 'ring', cell: 'c3', remaining: 1, t: 1000}})""")
            tag = page.evaluate(FOUND, "c3")
            assert tag and tag["shown"] and "found" in tag["text"], tag
            assert tag["font"] >= 11, tag
            tile = page.locator('#maze .tile[data-cell="c3"]').bounding_box()
            assert tile and tag["w"] <= tile["width"] + 1, (tag, tile)
            assert not [c for c in ("b3", "c2", "d3") if page.evaluate(FOUND, c)]
            page.wait_for_function(f"() => !({FOUND})('c3')", timeout=WAIT_MS)
        finally:
            page.context.close()
