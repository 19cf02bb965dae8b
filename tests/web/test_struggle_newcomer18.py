"""Issue 15, Struggle newcomer 18 on a phone with four players: the score chips read "Re…", "Blu…", "Gre…",
"Yell…" (the turn's ▶, the dot, the name, its tag and the points in a quarter of 390 px). The turn's chip is
framed in its colour, so the ▶ gives its room to the name."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import PHONE, open_page, serving

pytestmark = pytest.mark.browser

FOUR = ("--game", "struggle", "--players", "4", "--seed", "7", "--humans", "red")


def test_four_players_names_are_whole_on_a_phone(browser: Any) -> None:
    with serving(FOUR) as url:
        page = open_page(browser, url, PHONE)
        try:
            page.wait_for_function("document.querySelectorAll('#players .player').length === 4", timeout=30000)
            chips = page.evaluate("""() => [...document.querySelectorAll('#players .player')].map((r) => {
                const w = r.querySelector('.who'); return [w.innerText, w.scrollWidth, w.clientWidth, r.getBoundingClientRect().right]; })""")
            for name, need, has, right in chips:
                assert need <= has, f"{name!r} is cut: {need} px in {has}"
                assert right <= PHONE[0], f"{name!r}'s chip ends at {right}"
            assert page.locator("#players .player.turn").count() == 1  # the turn still told (its frame)
        finally:
            page.close()
