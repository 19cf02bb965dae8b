"""Issue 15, Struggle newcomer 35: before a throw the ways panel said "each K, Q, J, 10 or 9 die kept moves that
token one space"; a tap on a die holds it, so "kept" read as the dice held, and a K never held moved. The words say
every die of the five at Stop moves its token, held or not."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import PHONE, serving

pytestmark = pytest.mark.browser


def test_before_a_throw_the_ways_panel_says_every_die_moves_held_or_not(browser: Any) -> None:
    with serving(("--game", "struggle", "--seed", "7", "--humans", "red")) as url:
        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        try:
            page.goto(url)
            page.wait_for_function("() => S.view && S.view.instruction && S.view.instruction.action === 'throw'", timeout=30000)
            said = page.locator("#outcomes").inner_text()
            assert "among the five dice then moves that token one space, held or not" in said, said
            assert "die kept" not in said, said
        finally:
            page.close()
