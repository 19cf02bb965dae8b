"""Issue 15, Labyrinth newcomer 108. A tapped tile said "paths lead right and down"; the newcomer read it as "I can go
right", but the tile to the right had no path on that side. The words under the board now say, after the tile's open
sides, which tiles a step from it reaches as the board lies now. And the "↪" on the newcomer's pawn, put there by
Blue's push, said nothing when tapped: its words had shown for a few seconds, unseen. A tap on that tile says them."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.test_plain_words_browser import LABYRINTH, PHONE, WAIT_MS, serving

pytestmark = pytest.mark.browser

BITS = {"N": 1, "E": 2, "S": 4, "W": 8}
#: side bit -> (file step, rank step, the neighbour's facing bit); rank 7 is up
SIDES = {1: (0, 1, 4), 2: (1, 0, 8), 4: (0, -1, 1), 8: (-1, 0, 2)}


def mask(tile: str) -> int:
    return sum(BITS[c] for c in tile.split(":")[0])


def reached(tiles: dict[str, str], cell: str) -> list[str]:
    """The cells a step from ``cell`` reaches: its open side meets the neighbour's open side."""
    out = []
    f, r = ord(cell[0]) - 97, int(cell[1:])
    for bit, (df, dr, back) in SIDES.items():
        other = f"{chr(97 + f + df)}{r + dr}"
        if mask(tiles[cell]) & bit and other in tiles and mask(tiles[other]) & back:
            out.append(other)
    return out


def phone_page(browser: Any, url: str) -> Any:
    from playwright.sync_api import expect

    ctx = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    page.goto(url)
    expect(page.locator("#prompt")).to_contain_text("push it in", timeout=WAIT_MS)
    return page


def test_a_tapped_tile_says_which_tiles_a_step_from_it_reaches(browser: Any) -> None:
    with serving(LABYRINTH + ("--humans", "red")) as url:
        page = phone_page(browser, url)
        try:
            tiles = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#maze .tile[data-cell]')]
              .map((t) => [t.dataset.cell, t.dataset.tile]))""")
            joined = [c for c in tiles if reached(tiles, c)]
            lone = [c for c in tiles if mask(tiles[c]) and not reached(tiles, c)]
            assert joined and lone, (joined, lone)
            for cell in (*joined[:3], *lone[:2]):
                page.locator(f'#maze .tile[data-cell="{cell}"]').tap()
                said = page.locator("#picked").inner_text()
                to = reached(tiles, cell)
                if to:
                    words = to[0] if len(to) == 1 else ", ".join(to[:-1]) + " and " + to[-1]
                    assert f"a step from it reaches {words}" in said, (cell, tiles[cell], said)
                else:
                    assert "no step from it reaches another tile" in said, (cell, tiles[cell], said)
        finally:
            page.context.close()


def test_a_tap_on_the_pawn_carried_by_a_push_says_whose_push(browser: Any) -> None:
    with serving(LABYRINTH + ("--humans", "red")) as url:
        page = phone_page(browser, url)
        try:
            cell = page.evaluate("""() => {
              const at = S.world.pawns.red;
              S.news = [{ owner: "red", pusher: "blue", kind: "carried", from: "a2", to: at }];
              drawLeds();
              return at;
            }""")
            tag = page.locator(f'#maze .tile[data-cell="{cell}"] .news-tag')
            assert tag.inner_text() == "↪"
            page.wait_for_timeout(100)
            page.locator(f'#maze .tile[data-cell="{cell}"]').tap()
            said = page.locator("#picked").inner_text()
            assert f"↪ Blue's push carried Red's pawn a2 → {cell}" in said, said
        finally:
            page.context.close()
