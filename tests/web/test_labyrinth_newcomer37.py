"""Issue 15, Labyrinth newcomer 37: the win box read "Blue wins! Red 2 · Blue 2", a tie at first sight (Red had
found both cards too, but was still on its way home). The scores say the cards found and who came home."""

from __future__ import annotations

from typing import Any

import pytest
from test_labyrinth_newcomer_third import NEWCOMER_GAME, WAIT_MS, open_page
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser


def test_the_win_box_says_who_came_home(browser: Any) -> None:
    with serving(NEWCOMER_GAME) as url:
        page = open_page(browser, url, (1920, 1080), guide=False)
        try:
            page.wait_for_function("() => S.view && S.world", timeout=WAIT_MS)
            said = page.evaluate("""() => {
              S.view = { ...S.view, phase: "over", winner: "blue", found: { red: ["genie", "crown"], blue: ["owl", "bat"] } };
              S.bannerShown = false; drawInfo();
              return document.querySelector("#banner .banner-scores").innerText; }""")
            assert said == "Red: 2 found · Blue: 2 found, back home 🏠", said
        finally:
            page.close()
