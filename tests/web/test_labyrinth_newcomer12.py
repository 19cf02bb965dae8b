"""Issue 15, Labyrinth newcomer 12 (1920x1080 and a phone): a drag of the pawn begun on its tile beside
the pawn (the pawn is a small disc on a large tile) did nothing: the tile's name showed and the pawn
stayed. A drag from anywhere on the tile of a pawn this page moves walks it, as in the Magic Labyrinth
(round 26); on a touch screen the page does not scroll under that finger."""

from __future__ import annotations

from typing import Any

import pytest

from test_labyrinth_newcomer_third import DESKTOP, NEWCOMER_GAME, PHONE, WAIT_MS, push
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser

#: red's pawn's tile, the tile's corner away from the pawn, and a reachable tile's centre
GEOMETRY = """() => {
  const here = S.world.pawns.red, reach = (S.view.reachable || {}).red || [];
  const to = reach.find((c) => c !== here);
  if (!to) return null;
  const box = (c) => document.querySelector(`#maze .tile[data-cell="${c}"]`).getBoundingClientRect();
  const a = box(here), pawn = document.querySelector('#maze .lpawn.red').getBoundingClientRect(), b = box(to);
  // a point of the tile 4 px in from a corner, the one farthest from the pawn
  const xs = [a.left + 4, a.right - 4], ys = [a.top + 4, a.bottom - 4];
  const cx = (pawn.left + pawn.right) / 2, cy = (pawn.top + pawn.bottom) / 2;
  const x = xs.sort((p, q) => Math.abs(q - cx) - Math.abs(p - cx))[0], y = ys.sort((p, q) => Math.abs(q - cy) - Math.abs(p - cy))[0];
  return { here, to, from: [x, y], target: [(b.left + b.right) / 2, (b.top + b.bottom) / 2] };
}"""


def _reachable_after_push(page: Any) -> dict[str, Any]:
    for rotate in range(4):
        push(page, rotate)
        geo = page.evaluate(GEOMETRY)
        if geo:
            return geo
        page.click("#done")
    raise AssertionError("no push left red a tile to walk to")


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["mouse-1920", "finger-390"])
def test_a_drag_begun_on_the_pawn_s_tile_beside_the_pawn_walks_it(browser: Any, size: tuple[int, int]) -> None:
    from playwright.sync_api import expect

    with serving(NEWCOMER_GAME) as url:
        page = browser.new_page(viewport={"width": size[0], "height": size[1]}, has_touch=size == PHONE,
                                is_mobile=size == PHONE)
        page.add_init_script("localStorage.setItem('mazeboard.guide.labyrinth', JSON.stringify(['shift', 'move']))")
        page.goto(url)
        expect(page.locator("#conn")).to_have_text("connected", timeout=WAIT_MS)
        page.wait_for_function("() => S.view && S.view.current === 'red' && !S.world.busy", timeout=WAIT_MS)
        geo = _reachable_after_push(page)
        if size == PHONE:
            touch = page.evaluate("(p) => getComputedStyle(document.elementFromPoint(p[0], p[1]).closest('.tile')).touchAction",
                                  geo["from"])
            assert touch == "none", f"a finger's drag on the pawn's tile scrolls the page (touch-action {touch})"
        page.mouse.move(*geo["from"])
        page.mouse.down()
        page.mouse.move(*geo["target"], steps=8)
        page.mouse.up()
        page.wait_for_function("(to) => S.world.pawns.red === to", arg=geo["to"], timeout=WAIT_MS)
        page.close()
