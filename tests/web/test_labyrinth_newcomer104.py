"""Issue 15, Labyrinth newcomers 103 and 104 (1920x1080): pointing at an arrow drew the tile it pushes out a whole tile
past the board's edge, faded, over the arrows of the other side and beyond: over the "What happened" heading (W-4) and
over the prompt's words (S-d). The tile pushed out is shown leaving within the board's frame, cut at its edge."""

from __future__ import annotations

from typing import Any

import pytest
from test_labyrinth_newcomer_third import WAIT_MS, open_page
from test_labyrinth_round22 import RED_ARGS
from test_plain_words_browser import WIDE, serving

pytestmark = pytest.mark.browser

# the tile pushed out: how far past the board's frame it reaches (its box), and what is painted 4 px past the frame's
# edge on its middle line, where it leaves (the tile itself, or one of its parts, if it is drawn there)
PAST = """() => {
  const out = document.querySelector('#maze .tile.push-out'), frame = document.querySelector('.maze-frame').getBoundingClientRect();
  if (!out) return null;
  const t = out.getBoundingClientRect(), mx = (t.left + t.right) / 2, my = (t.top + t.bottom) / 2;
  const side = t.bottom > frame.bottom ? [mx, frame.bottom + 4] : t.top < frame.top ? [mx, frame.top - 4]
    : t.right > frame.right ? [frame.right + 4, my] : t.left < frame.left ? [frame.left - 4, my] : null;
  const hit = side && document.elementFromPoint(side[0], side[1]);
  return { past: !!side, drawn: !!hit && (hit === out || out.contains(hit)), at: side };
}"""


@pytest.mark.parametrize("side", ["N-", "S-", "E-", "W-"])
def test_the_tile_pushed_out_is_not_drawn_past_the_board_s_frame(browser: Any, side: str) -> None:
    with serving(RED_ARGS) as address:
        page = open_page(browser, address, WIDE, guide=False)
        try:
            page.wait_for_function("() => S.view && S.view.current === 'red' && S.view.phase === 'shift' && !S.world.busy",
                                   timeout=WAIT_MS)
            slot = page.evaluate("(side) => [...document.querySelectorAll('#maze .slot:not(.off)')].map((e) => e.dataset.slot)"
                                 ".find((s) => s.startsWith(side))", side)
            assert slot, side
            page.hover(f'#maze .slot[data-slot="{slot}"]')
            page.wait_for_function("() => document.querySelector('#maze .tile.push-out[data-shifted]')", timeout=WAIT_MS)
            page.wait_for_timeout(300)  # (the tiles' slide)
            got = page.evaluate(PAST)
        finally:
            page.context.close()
    assert got and got["past"], got  # (the tile's box reaches past the frame: it is shown leaving)
    assert not got["drawn"], (slot, got)
