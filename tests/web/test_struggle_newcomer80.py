"""Issue 15, Struggle newcomer 80 (phone): "When the board's pick is way 2 of 2, the prompt says 'to see the others,
◀ Previous way or ▶ Way 1', and there are two buttons, '◀' and '▶ Way 1'. With only two ways, both lead to way 1, and
I stopped to check whether they did different things." With two ways the page offers one button to the other way, ▶
Next way / ▶ Way 1, and the prompt names it alone ("to see the other, ▶ Way 1")."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import PHONE, open_page, serving
from test_struggle_choosing_round26a_browser import SEED7
from test_struggle_newcomer40 import keep_first_hand

pytestmark = pytest.mark.browser

WAIT = 30000
SEED115 = tuple("115" if x == "7" else x for x in SEED7)  # red's first hand A J J 10 J: 2 ways, the pick way 2


def _said(page: Any) -> tuple[str, bool, str]:
    page.wait_for_timeout(300)
    return (page.locator("#prompt-text").inner_text(), page.locator("#prev-way").is_visible(),
            page.locator("#throw").inner_text().strip())


def test_two_ways_have_one_button_to_the_other(browser: Any) -> None:
    with serving(SEED115) as url:
        page = open_page(browser, url, PHONE)
        try:
            keep_first_hand(page)
            pick, count = page.evaluate("() => [S.hints.red + 1, S.view.outcomes.length]")
            assert pick == count == 2, (pick, count)
            prompt, prev, throw = _said(page)
            assert "to see the other, ▶ Way 1." in prompt and "Previous" not in prompt, prompt
            assert not prev and throw == "▶ Way 1", (prev, throw)
            page.click("#throw")  # way 1 of 2
            page.wait_for_function("() => S.view.selected === 0", timeout=WAIT)
            prompt, prev, throw = _said(page)
            assert "▶ Next way" in prompt and "Previous" not in prompt, prompt
            assert not prev and throw == "▶ Next way", (prev, throw)
            page.click("#throw")  # way 2 again, chosen now: "back to way 1", one button
            page.wait_for_function("() => S.view.selected === 1", timeout=WAIT)
            prompt, prev, throw = _said(page)
            assert "▶ Back to way 1" in prompt and "Previous" not in prompt, prompt
            assert not prev and throw == "▶ Back to way 1", (prev, throw)
        finally:
            page.context.close()
