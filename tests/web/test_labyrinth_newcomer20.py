"""Issue 15, Labyrinth newcomer 20 (wide): the first tip said "Press your colour beside “Your seat” to see your
secret card"; pressing it showed no card, only "Open your secret card page", a second step the tip had not
said. The tip names both steps."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.test_plain_words_browser import LABYRINTH, WAIT_MS, WIDE, serving

pytestmark = pytest.mark.browser


def test_the_seat_tip_names_both_steps_to_the_secret_card(browser: Any) -> None:
    with serving(LABYRINTH + ("--humans", "red")) as url:
        page = browser.new_page(viewport={"width": WIDE[0], "height": WIDE[1]})
        try:
            page.goto(url)
            page.wait_for_function("() => MB.seats && !document.getElementById('guide').hidden", timeout=WAIT_MS)
            page.wait_for_timeout(300)
            tip = page.locator("#guide .guide-text").inner_text()
            # (the words before the colours say "See your secret card" while this browser holds none: Labyrinth
            # newcomers 25, 32)
            # (Labyrinth newcomer 37: the tap opens the card's tab, one step)
            assert "press your colour beside “See your secret card”: the card opens in a tab of its own" in tip, tip
        finally:
            page.close()
