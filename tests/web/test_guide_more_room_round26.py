"""Round 26 (newcomer round 10): "▾ more" on a clamped phone tip was drawn over the tip's cut-off
letters ("r▾ more"): no letter of the tip shows under the button (its own opaque ground, the words
fading out before it). Checked on the pixels: the tip's words are white, the button's a light blue."""

from __future__ import annotations

import io
from typing import Any

import pytest
from test_guide_round24 import GAMES, at_first_moment, fresh_page
from test_plain_words_browser import PHONE, WAIT_MS, serving

pytestmark = pytest.mark.browser


def test_no_letter_of_a_clamped_tip_shows_under_more(browser: Any) -> None:
    from PIL import Image
    from playwright.sync_api import expect

    with serving(GAMES["magic-labyrinth"]) as url:
        page = fresh_page(browser, url, PHONE)
        at_first_moment(page, "magic-labyrinth")
        more = page.locator("#guide .guide-more")
        expect(more).to_be_visible(timeout=WAIT_MS)
        png = more.screenshot(animations="disabled")
        page.close()
    img = Image.open(io.BytesIO(png)).convert("RGB")
    # the tip's letters (white, greyed when faded: blue less than 75 above red) against the button's ground
    # (20, 60, 110) and words (#7fd4ff: blue far above red); its underline is orange (blue under red)
    letters = sum(1 for r, _g, b in img.getdata() if r > 60 and 0 <= b - r < 75)
    assert letters == 0, f"{letters} pixels of the tip's letters show under '▾ more'"
