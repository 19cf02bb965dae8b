"""Issue 15, Labyrinth newcomer 47 on a phone: the tiles to reach were framed in dark red on the dark-green board (a
dim LED's colour as it is), and the newcomer had to zoom in to see which were lit. The frame of a lit tile is drawn in
the LED's hue at full strength (its inner glow keeps the LED's own strength)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_lab_newcomer_two_round26 import touch_page

from tests.web.test_plain_words_browser import LABYRINTH, WAIT_MS, serving

pytestmark = pytest.mark.browser


def test_a_lit_tile_s_frame_is_bright_in_its_player_s_hue(browser: Any) -> None:
    from playwright.sync_api import expect

    with serving(LABYRINTH) as url:
        page = touch_page(browser, url)
        try:
            expect(page.locator("#prompt")).to_contain_text("Red: turn the spare", timeout=WAIT_MS)
            page.locator('#maze .slot:not(.off)').first.click()
            page.wait_for_function("() => S.view.phase === 'move' && !S.world.busy", timeout=WAIT_MS)
            page.wait_for_function("() => document.querySelectorAll('#maze .tile.lit').length > 0", timeout=WAIT_MS)
            seen = page.evaluate("""() => [...document.querySelectorAll('#maze .tile.lit:not(.turn-cell)')].map((t) =>
              ({ led: t.dataset.led, frame: getComputedStyle(t.querySelector('.led')).boxShadow }))""")
            assert seen, seen  # (the tile under the pawn on turn: a glow round the pawn, test_labyrinth_turn_light.py)
            for s in seen:
                dim = max(int(s["led"][i:i + 2], 16) for i in (1, 3, 5))
                first = [int(x) for x in re.findall(r"\d+", s["frame"].split(")")[0])[:3]]
                assert dim < 200 and max(first) >= 230, s  # a dim LED, framed bright in its hue
                assert first[1] < 60 and first[2] < 60, s  # red stays red
        finally:
            page.context.close()
