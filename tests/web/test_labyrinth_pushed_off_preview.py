"""Issue 15, Labyrinth newcomer 88: its push at E-6 moved Blue from b6 to a6, Blue's own push at E-6 then set Blue
"pushed off a6 onto g6", beside its 🏠, and Blue won; nothing had said that a pawn pushed off the edge comes back at
the other end. The push's preview (a mouse pointing, a finger's first tap) says each pawn it pushes off and the tile it
comes back on; the README says the rule."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_lab_newcomer_two_round26 import touch_page

from tests.web.test_plain_words_browser import LABYRINTH, WAIT_MS, WIDE, open_page, serving

pytestmark = pytest.mark.browser

#: Blue on g2, the tile a push at W-2 (row 2, from the west) pushes off: it comes back on a2
SET = "() => { S.world = { ...S.world, pawns: { ...S.world.pawns, blue: 'g2' } }; }"


def test_the_mouse_preview_says_a_pawn_is_pushed_off_and_where_it_comes_back(browser: Any) -> None:
    from playwright.sync_api import expect

    with serving(LABYRINTH) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("() => S.view.current === 'red' && S.view.phase === 'shift' && !S.world.busy",
                                   timeout=90_000)
            page.evaluate(SET)
            page.evaluate("() => previewWords('W-2', 'red', false)")
            expect(page.locator("#picked")).to_contain_text("; Blue is pushed off g2 and comes back on a2", timeout=WAIT_MS)
            page.evaluate("() => previewWords('W-4', 'red', false)")  # row 4: nobody on g4
            assert "pushed off" not in page.locator("#picked").inner_text()
        finally:
            page.close()


def _w2_preview(browser: Any, args: tuple[str, ...], pawns: dict[str, str]) -> str:
    """The mouse preview's words for a push at W-2 during Red's push, with ``pawns`` set where the page draws them."""
    with serving(args) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("() => S.view.current === 'red' && S.view.phase === 'shift' && !S.world.busy",
                                   timeout=90_000)
            page.evaluate("(p) => { S.world = { ...S.world, pawns: { ...S.world.pawns, ...p } }; }", pawns)
            page.evaluate("() => previewWords('W-2', 'red', false)")
            page.wait_for_function("() => document.getElementById('picked').textContent.includes('pushed off')",
                                   timeout=WAIT_MS)
            return str(page.locator("#picked").inner_text())
        finally:
            page.close()


def test_two_pawns_pushed_off_one_tile_are_said_in_one_clause(browser: Any) -> None:
    """An attack: Blue and Green on g2 read "; Blue is pushed off g2 and comes back on a2; Green is pushed off g2 and
    comes back on a2", the same words twice."""
    said = _w2_preview(browser, LABYRINTH + ("--players", "3"), {"blue": "g2", "green": "g2"})
    assert "; Blue and Green are pushed off g2 and come back on a2" in said and said.count("pushed off") == 1, said
    # (a capital for the clause's first word only: an attack read "; Blue and The Vader pawn are pushed off g2")
    said = _w2_preview(browser, LABYRINTH + ("--edition", "star-wars", "--variant", "vader"), {"blue": "g2", "vader": "g2"})
    assert "; Blue and the Vader pawn are pushed off g2 and come back on a2" in said, said


def test_a_first_tap_says_it_too(browser: Any) -> None:
    from playwright.sync_api import expect

    with serving(LABYRINTH) as url:
        page = touch_page(browser, url)
        try:
            page.wait_for_function("() => S.view.current === 'red' && S.view.phase === 'shift' && !S.world.busy",
                                   timeout=90_000)
            page.evaluate(SET)
            page.locator('#maze .slot[data-slot="W-2"]').tap()
            expect(page.locator("#picked")).to_have_text("tap W-2 again to push; Blue is pushed off g2 and comes back on a2",
                                                         timeout=WAIT_MS)
        finally:
            page.context.close()


def test_the_readme_says_a_pawn_pushed_off_comes_back_at_the_other_end() -> None:
    readme = " ".join(Path(__file__).resolve().parents[2].joinpath("README.md").read_text(encoding="utf-8").split())
    assert "a pawn pushed off the board's edge comes back on the tile just pushed in at the other end" in readme
