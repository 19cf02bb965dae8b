"""Issue 15, Magic newcomers 25, 33, 46 and 47: whose turn was lit on the player's start corner, so with the pawn
elsewhere a frame read as "go back here", the glowing 🏠 as the move to make, and "Red's turn" by the 🏠 as "go
back home". The LED of the turn is now the one under the pawn that moves (controller/magic/instructions.py scene);
the page draws it as that LED's glow round the pawn's foot, never as a frame, and the start corner stays plain."""

from __future__ import annotations

from typing import Any

import pytest
from test_magic_newcomer import PHONE, WAIT_MS, open_page, roll, url, wait_action  # noqa: F401  (url: a fixture)

pytestmark = pytest.mark.browser

LOOK = """(cell) => { const c = document.querySelector(`#board .cell[data-cell="${cell}"]`), led = c.querySelector('.led');
  return { turn: c.classList.contains('turn-cell'), home: c.classList.contains('turn-home'), frame: getComputedStyle(led).boxShadow,
           bg: getComputedStyle(led).backgroundImage, opacity: getComputedStyle(led).opacity,
           tags: document.querySelectorAll('#board .turn-tag:not([hidden])').length }; }"""


def test_whose_turn_glows_round_the_pawn_that_moves_not_on_its_corner(browser: Any, url: str) -> None:  # noqa: F811
    from playwright.sync_api import expect

    page = open_page(browser, url, PHONE)
    try:
        page.wait_for_function("() => document.querySelector('#board .cell[data-cell=\"a1\"]').classList.contains('turn-cell')",
                               timeout=WAIT_MS)
        at_home = page.evaluate(LOOK, "a1")
        assert at_home["frame"] == "none" and "radial-gradient" in at_home["bg"] and at_home["opacity"] == "1", at_home
        roll(page)
        page.locator('#board .cell[data-cell="a2"]').click()  # one step north (the wall is a1-b1)
        page.wait_for_function("() => S.world.pawns.red.cell === 'a2'", timeout=WAIT_MS)
        if said(page)["action"] == "move":
            page.locator("#done").click()
        wait_action(page, "roll", "blue")
        wait_action(page, "roll")
        expect(page.locator('#board .cell[data-cell="a2"]')).to_have_class(__import__("re").compile(r"\bturn-cell\b"),
                                                                          timeout=WAIT_MS)
        there, corner = page.evaluate(LOOK, "a2"), page.evaluate(LOOK, "a1")
        assert there["frame"] == "none" and "radial-gradient" in there["bg"], there  # a glow round the pawn, no frame
        assert not corner["turn"] and not corner["home"] and corner["opacity"] == "0", corner  # the corner: plain
        assert there["tags"] == 0, there  # no caption by a corner to read as "go back home"
    finally:
        page.close()


def test_a_request_elsewhere_leaves_the_turn_light_drawn_as_the_turn(browser: Any, url: str) -> None:  # noqa: F811
    """An attack: Blue's pawn knocked during Red's move, the scene kept Red's turn light under Red's pawn while the
    page, seeing a request, drew that cell as a framed cell to go to."""
    page = open_page(browser, url, PHONE)
    try:
        page.wait_for_function("() => document.querySelector('#board .cell[data-cell=\"a1\"]').classList.contains('turn-cell')",
                               timeout=WAIT_MS)
        cell = page.evaluate("""() => { S.view.instruction = { ...S.view.instruction, action: 'move', cells: ['a2'],
            requests: [{ piece: 'blue', kind: 'pawn', reason: 'lifted', to: ['f6'], by: 'blue' }] };
          return turnCell(); }""")
        assert cell == "a1", cell
    finally:
        page.close()


def said(page: Any) -> dict[str, Any]:
    return page.evaluate("S.view.instruction")  # type: ignore[no-any-return]
