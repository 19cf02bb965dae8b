"""What the Labyrinth newcomer of round 25 (issue 15, newcomer round 7) still met: a click on a tile
out of reach answered "lift the pawn to put it there" while Lift is off (an invitation to jump)."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from mazeboard.hal.labyrinth import GRID
from mazeboard.sim.web.labyrinth_table import Insert
from mazeboard.sim.web.protocol import Slide

from test_game_tables import serve
from test_labyrinth_newcomer_third import PHONE, WAIT_MS, open_page, push
from test_labyrinth_round22 import RED_ARGS
from test_plain_words_browser import serving


# -- 1. a tile out of reach: never an invitation to lift -----------------------------------------------

def _far_cell(reach: list[str], here: str) -> str:
    return next(c for c in GRID.cells if c not in reach and not GRID.adjacent(here, c))


def test_the_server_refuses_a_tile_out_of_reach_without_inviting_a_lift() -> None:
    s = serve("labyrinth")
    s.do(Insert("S-b"), 3000)
    s.until(lambda: s.table.view()["phase"] == "move")
    here = s.table.world_state()["pawns"]["red"]
    far = _far_cell(s.table.view()["reachable"]["red"], here)
    s.do(Slide("red", far), 1000)
    said = s.errors()[-1]
    assert "lift" not in said.lower(), said
    assert f"{far} cannot be reached from {here}" in said, said
    assert s.table.world_state()["pawns"]["red"] == here


@pytest.fixture(scope="module")
def red_url() -> Iterator[str]:
    """Red played here, Blue simulated, two cards each (the newcomer's game)."""
    with serving(RED_ARGS) as address:
        yield address


@pytest.mark.browser
def test_a_click_on_a_tile_out_of_reach_says_so_in_the_pages_words(browser: Any, red_url: str) -> None:
    from playwright.sync_api import expect

    page = open_page(browser, red_url, PHONE, guide=False)
    push(page)
    far = page.evaluate("""() => { const reach = S.view.reachable.red || [], here = S.world.pawns.red;
        const far = [...document.querySelectorAll('#maze .tile')].map(t => t.dataset.cell)
          .filter(c => !reach.includes(c) && c !== here);
        return far[far.length - 1]; }""")
    page.locator(f'#maze .tile[data-cell="{far}"]').tap()
    expect(page.locator("#error")).to_contain_text("cannot be reached", timeout=WAIT_MS)
    text = page.locator("#error").inner_text()
    page.screenshot(path="/tmp/lab25/unreachable.png")
    page.close()
    assert "lift" not in text.lower(), text
    assert far in text and "framed in your colour" in text, text
