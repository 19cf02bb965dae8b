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


def _found(page: Any, files: str, ranks: str) -> str:
    """A tile with a picture on one of ``files`` and ``ranks``, its picture told found there by Red (the page's
    card_found event, as the server sends it); its cell. Before the event no tile says "found"."""
    cell, card = page.evaluate("""([files, ranks]) => [...document.querySelectorAll('#maze .tile')]
        .map((t) => [t.dataset.cell, parseTile(t.dataset.tile).label])
        .find(([c, l]) => l && files.includes(c[0]) && ranks.includes(c[1]))""", [files, ranks])
    assert page.evaluate(FOUND, cell) is None
    page.evaluate("""([cell, card]) => HANDLERS.event({view: S.view, event: {type: 'card_found', player: 'red',
        card, cell, remaining: 1, t: 1000}})""", [cell, card])
    return str(cell)


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "wide"])
def test_the_tile_just_found_says_found_on_the_board(browser: Any, size: tuple[int, int]) -> None:
    with serving(RED_ARGS) as address:
        page = open_page(browser, address, size, guide=False)
        try:
            page.wait_for_function("() => S.view && S.world", timeout=WAIT_MS)
            cell = _found(page, "cde", "345")  # away from the edges
            tag = page.evaluate(FOUND, cell)
            assert tag and tag["shown"] and "found" in tag["text"], tag
            assert tag["font"] >= 11, tag
            tile = page.locator(f'#maze .tile[data-cell="{cell}"]').bounding_box()
            assert tile and tag["w"] <= tile["width"] + 1, (tag, tile)
            assert [c for c in ("a1", "b1", "c1", "d1", "e1", "f1", "g1", cell) if page.evaluate(FOUND, c)] == [cell]
            page.wait_for_function(f"() => !({FOUND})('{cell}')", timeout=WAIT_MS)
        finally:
            page.context.close()


def test_the_found_word_goes_with_the_tile_when_a_push_moves_it(browser: Any) -> None:
    """An attack (session 8): a push within those seconds moved the found tile on, and "⭐ found" stayed on the cell,
    over another tile. The word goes with the tile (its picture)."""
    with serving(RED_ARGS) as address:
        page = open_page(browser, address, DESKTOP, guide=False)
        try:
            page.wait_for_function("() => S.view && S.world", timeout=WAIT_MS)
            cell = _found(page, "bcdef", "4")
            assert page.evaluate(FOUND, cell)
            # the row of rank 4 pushed one tile east (as a push from W-4 leaves it): the found tile now on the next file
            moved = page.evaluate("""() => { const k = S.hello.ranks - 4, row = S.world.layout[k].split(' ');
                const world = {...S.world, layout: [...S.world.layout]};
                world.layout[k] = [S.world.spare, ...row.slice(0, -1)].join(' '); world.spare = row[row.length - 1];
                HANDLERS.world({world}); return true; }""")
            assert moved
            east = chr(ord(cell[0]) + 1) + cell[1]
            assert page.evaluate(FOUND, east), "the word stayed behind"
            assert page.evaluate(FOUND, cell) is None, "the word stayed on the cell, over another tile"
        finally:
            page.context.close()
