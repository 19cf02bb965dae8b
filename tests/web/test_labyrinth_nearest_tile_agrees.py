"""Labyrinth newcomer 113 (1920x1080, every card found): the board's page said "… push at W-6, then walk to b2" and
the card page "… push at W-6, then walk to c1" at the same moment: both as near home, each page breaking the tie its
own way (the page by name, the table's picture_pushes by the board's order, a1, b1 … g1, a2 …). The board's page
breaks it as the table does, so the two screens name one tile."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import LABYRINTH, WIDE, open_page, serving

from mazeboard.hal.labyrinth import CELLS

pytestmark = pytest.mark.browser


def test_the_board_page_names_the_tile_the_card_page_names(browser: Any) -> None:
    with serving(LABYRINTH) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("() => S.view && S.world && S.world.push_reach", timeout=30_000)
            # two tiles as near a1 (2 tiles across plus up), reached by one push: the table's pick is the first in
            # the board's order (hal/labyrinth.py picture_pushes: min over the cell index)
            ties = ["b2", "c1"]
            want = min(ties, key=CELLS.index)
            got = page.evaluate("""(ties) => {
                const who = S.view.current;
                window.buttonState = () => [true, ""];
                S.world.push_reach = { [who]: { "W-6": ties } };
                return nearestPushes("a1").to["W-6"]; }""", ties)
            assert got == want == "c1", got
        finally:
            page.close()
