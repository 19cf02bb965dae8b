"""Issue 15, Magic Labyrinth newcomer 100 (stop 41): on a symbol just found, the finder's pawn stands on the cell and
covered the lower half of the ✓ that marks it taken (board.css ``.cell.taken::after``), so the mark read as a dot.
The ✓ follows the symbol, which steps left where a pawn stands (``.cell.occupied .sym``), and no pawn covers it, on a
phone and on a wide screen, one pawn or two."""

from __future__ import annotations

from typing import Any

import pytest

from test_magic_newcomer import PHONE, WIDE, open_page, url  # noqa: F401  (url: the fixture)

pytestmark = pytest.mark.browser

# the ✓'s box (its ::after, placed in the cell by percentages: board.css) and each pawn's box on cell c1, with a
# symbol taken there and the page's pawns drawn on it
MEASURE = """(players) => {
    const keep = S.view, world = S.world;
    S.view = {...keep, taken: [{symbol: 'x', cell: 'c1', player: players[0]}]};
    S.world = {...world, pawns: Object.fromEntries(Object.entries(world.pawns).map(([p, v]) =>
        [p, players.includes(p) ? {...v, cell: 'c1'} : v]))};
    drawInfo(); drawPawns();
    const c = document.querySelector('#board .cell[data-cell="c1"]'), r = c.getBoundingClientRect();
    const a = getComputedStyle(c, '::after'), sym = c.querySelector('.sym').getBoundingClientRect();
    const px = (v, whole) => v.endsWith('%') ? parseFloat(v) / 100 * whole : parseFloat(v);
    const left = r.left + c.clientLeft + px(a.left, c.clientWidth), top = r.top + c.clientTop + px(a.top, c.clientHeight);
    const tick = {left, top, right: left + parseFloat(a.width), bottom: top + parseFloat(a.height), content: a.content};
    const pawns = [...document.querySelectorAll('#board .pawn')].map((p) => p.getBoundingClientRect())
        .filter((b) => b.left < r.right && b.right > r.left && b.top < r.bottom && b.bottom > r.top)
        .map((b) => ({left: b.left, top: b.top, right: b.right, bottom: b.bottom}));
    S.view = keep; S.world = world; drawInfo(); drawPawns();
    return {tick, pawns, sym: {left: sym.left, right: sym.right, top: sym.top, bottom: sym.bottom}};
}"""


def _overlap(a: dict[str, float], b: dict[str, float]) -> float:
    w = min(a["right"], b["right"]) - max(a["left"], b["left"])
    h = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
    return max(0.0, w) * max(0.0, h)


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
@pytest.mark.parametrize("players", [["red"], ["red", "blue"]], ids=["one", "two"])
def test_no_pawn_covers_the_tick_of_a_symbol_taken(browser: Any, url: str, size: tuple[int, int], players: list[str]) -> None:  # noqa: F811
    page = open_page(browser, url, size)
    got = page.evaluate(MEASURE, players)
    tick, pawns, sym = got["tick"], got["pawns"], got["sym"]
    assert "✓" in tick["content"], got
    assert len(pawns) == len(players), got
    for p in pawns:
        assert _overlap(tick, p) == 0, f"a pawn covers the ✓ at {size}: {got}"
    # ...and it still marks the symbol: it touches the symbol's disc
    assert _overlap(tick, sym) > 0, f"the ✓ stands away from its symbol at {size}: {got}"
    page.close()
