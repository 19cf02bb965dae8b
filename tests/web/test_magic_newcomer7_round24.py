"""Round 24 (newcomer round 7, Magic Labyrinth): what the page says when the newcomer clicks what is
not theirs, what the help says is drawn, and where the dialog opens."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser


@pytest.fixture
def wide_page(browser: Any) -> Any:
    from test_magic_newcomer import ARGS, WIDE, open_page, serve

    proc, url = serve(ARGS)
    page = open_page(browser, url, WIDE)
    yield page
    page.close()
    proc.terminate()
    proc.wait(timeout=10)


def test_a_click_on_the_simulated_player_s_pawn_says_whose_it_is(wide_page: Any) -> None:
    from playwright.sync_api import expect

    page = wide_page
    page.locator(".pawn.blue").click(force=True)  # blue stands on f6; red has not rolled
    expect(page.locator("#error")).to_have_text("that is Blue's pawn: yours is the red one on a1", timeout=5_000)


def test_a_click_on_the_simulated_player_s_cell_says_whose_pawn_it_is(wide_page: Any) -> None:
    from playwright.sync_api import expect

    page = wide_page
    page.locator('#board .cell[data-cell="f6"]').click(position={"x": 5, "y": 5})
    expect(page.locator("#error")).to_have_text("that is Blue's pawn: yours is the red one on a1", timeout=5_000)
