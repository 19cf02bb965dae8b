"""Issue 15, Labyrinth newcomer 58 (and 55, 56 before it): on a phone a pawn drawn in its tile's top-right corner, on
the rock where four tiles' corners meet, read as standing between b2, c2, b3 and c3; only the prompt said b2. A pawn
alone on its tile stands on the tile's middle, as on the cardboard board (on the centre square of the path, which
every tile has: none of its openings covered); the tile's picture and a start square's 🏠 step aside into the
top-right corner of rock, in sight, clear of the "⭐ found" at the tile's foot and the "↪" of a pawn a push carried
(bottom left: an attack found them over the picture there); a second pawn and more stand in the corners."""
from __future__ import annotations

from typing import Any

import pytest
from test_labyrinth_last_confusions import PAWNS, SIZES, open_page, url  # noqa: F401 (a fixture)

pytestmark = pytest.mark.browser

#: each pawn's box and its tile's, the tile's picture's and 🏠's boxes, at rest
BOXES = """() => [...document.querySelectorAll('#maze .tile')].filter((t) => t.querySelector('.lpawn')).map((t) => {
    const box = (e) => { if (!e) return null; const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    return {cell: t.dataset.cell, tile: box(t), pawns: [...t.querySelectorAll('.lpawn')].map(box),
            pic: box(t.querySelector('.pic')), home: box(t.querySelector('.home-mark')),
            tags: [...t.querySelectorAll('.news-tag, .found-tag')].map(box)}; })"""


def overlap(a: list[float], b: list[float]) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


@SIZES
def test_a_pawn_alone_on_its_tile_stands_on_its_middle(browser: Any, url: str, size: tuple[int, int]) -> None:  # noqa: F811
    page = open_page(browser, url, size)
    page.add_style_tag(content=".lpawn { animation: none !important; }")  # measured at rest
    # a pawn on a picture's tile too: Red's pawn set on c3 (a fixed tile with a picture) as the board would draw it
    page.evaluate("""() => { S.world = { ...S.world, pawns: { ...S.world.pawns, red: 'c3' } }; drawPawns();
        for (const t of document.querySelectorAll('#maze .tile')) if (t.querySelector('.lpawn')) {
          t.insertAdjacentHTML('beforeend', '<span class="news-tag corner">↪</span><span class="found-tag">⭐ found</span>'); } }""")
    tiles = page.evaluate(BOXES)
    assert any(t["pic"] for t in tiles) and any(t["home"] for t in tiles), tiles
    for t in tiles:
        if len(t["pawns"]) != 1:
            continue
        (x0, y0, x1, y1), (p0, q0, p1, q1) = t["tile"], t["pawns"][0]
        assert abs((x0 + x1) / 2 - (p0 + p1) / 2) <= 1.5 and abs((y0 + y1) / 2 - (q0 + q1) / 2) <= 1.5, t
        for mark in ("pic", "home"):
            if t[mark]:
                assert overlap(t[mark], t["pawns"][0]) == 0, (mark, t)
                assert all(overlap(t[mark], tag) == 0 for tag in t["tags"]), (mark, "under a tag", t)
                m = t[mark]
                assert x0 <= m[0] and m[2] <= x1 and y0 <= m[1] and m[3] <= y1, (mark, "out of its tile", t)
    # ...and the tags are drawn under the pawn (Labyrinth newcomer 60: "⭐ found" hid the pawn on a phone)
    # (siblings in the tile: the pawns' layer above the tags')
    layers = page.evaluate("""() => [...document.querySelectorAll('#maze .tile')].filter((t) => t.querySelector('.lpawn'))
        .map((t) => [+getComputedStyle(t.querySelector('.pawns')).zIndex,
                     ...[...t.querySelectorAll('.found-tag, .news-tag')].map((g) => +getComputedStyle(g).zIndex)])""")
    assert layers and all(z[0] > max(z[1:]) for z in layers), layers
    # ...and a pawn in the middle covers none of its tile's openings (test_labyrinth_last_confusions)
    for p in page.evaluate(PAWNS):
        for o in p["open"]:
            w = min(p["x1"], o["x1"]) - max(p["x0"], o["x0"])
            h = min(p["y1"], o["y1"]) - max(p["y0"], o["y0"])
            assert w <= 0.5 or h <= 0.5, f"{p['pawn']} on {p['cell']} covers its {o['side']} opening"
    page.close()


@SIZES
def test_the_tiles_a_push_would_let_the_pawn_reach_stand_out_at_every_size(browser: Any, url: str, size: tuple[int, int]) -> None:  # noqa: F811
    """Labyrinth newcomer 58 (1920x1080): the dashed frames of the tiles the pawn could reach after the push pointed at
    were 3 px on 120 px tiles, like the tiles' own borders. They are as bold as the tile is large (a twentieth of it, 3
    px at least), over a light wash of the turn's colour."""
    page = open_page(browser, url, size)
    look = page.evaluate("""() => { const t = document.querySelector('#maze .tile'); t.classList.add('push-reach');
        const s = getComputedStyle(t, '::before');
        return { w: parseFloat(s.borderTopWidth), tile: t.getBoundingClientRect().width, bg: s.backgroundColor }; }""")
    page.close()
    assert look["w"] >= max(3.0, look["tile"] * 0.045), look
    assert look["bg"] not in ("rgba(0, 0, 0, 0)", "transparent"), look


@SIZES
def test_a_tile_s_name_stays_readable_over_its_reach_dashes(browser: Any, url: str, size: tuple[int, int]) -> None:  # noqa: F811
    """Labyrinth newcomers 68 and 69 (1920x1080): while a push was previewed the dashed frames of the tiles to reach
    covered their names (a5, b5, c4…), and the newcomer told the tiles apart by their pictures. The name lies over
    the dashes, on a ground of its own."""
    page = open_page(browser, url, size)
    look = page.evaluate("""() => { const t = document.querySelector('#maze .tile'); t.classList.add('push-reach');
        const c = t.querySelector('.coord'), dash = getComputedStyle(t, '::before'), s = getComputedStyle(c);
        return { name: parseInt(s.zIndex, 10), dash: parseInt(dash.zIndex, 10), bg: s.backgroundColor,
                 seen: s.visibility, text: c.textContent }; }""")
    page.close()
    assert look["text"] and look["seen"] == "visible", look
    assert look["name"] > look["dash"], look
    assert look["bg"] not in ("rgba(0, 0, 0, 0)", "transparent"), look
