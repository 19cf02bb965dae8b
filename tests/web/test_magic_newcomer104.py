"""Issue 15, Magic newcomer 104 (1920x1080): "💡 Tip (the last one)" came back after each ball drop (a tip not yet
dismissed comes again at its moment), and "the last one" read oddly each time it returned. The label of a tip with no
other still to come says so in the words of the others' count: "💡 Tip (no more to come):"."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import MAGIC, WIDE, serving

pytestmark = pytest.mark.browser


def test_the_tip_with_none_after_it_says_no_more_to_come(browser: Any) -> None:
    with serving(MAGIC) as url:
        page = browser.new_page(viewport={"width": WIDE[0], "height": WIDE[1]})
        try:
            # every tip but the roll's read already: the roll's, shown at the start, is the only one still to come
            page.add_init_script("localStorage.setItem('mazeboard.guide.magic-labyrinth', JSON.stringify(['move', 'return']))")
            page.goto(url)
            page.wait_for_function("() => !document.getElementById('guide').hidden", timeout=30_000)
            label = page.locator("#guide > b").inner_text()
        finally:
            page.close()
    assert label == "💡 Tip (no more to come):", label
