"""Issue 15, Magic newcomer 91 (phone): the wall just crossed was a red bar and the walls found before cream; the
newcomer took red for "walls Red found" and cream for Blue's (only the help said otherwise). The crossed wall carries
the log's drop mark, 💥, at its middle, as "💥 Red's ball dropped" does in the log; found walls carry none."""

from __future__ import annotations

from typing import Any

import pytest
from test_magic_newcomer import ARGS, roll, wait_action
from test_magic_newcomer import open_page as magic_page

from tests.web.test_plain_words_browser import PHONE, serving

pytestmark = pytest.mark.browser

MARK = "(el) => getComputedStyle(el, '::after').content"


def test_the_wall_crossed_carries_the_drop_mark(browser: Any) -> None:
    with serving(ARGS) as url:
        page = magic_page(browser, url, PHONE)
        try:
            roll(page)
            page.locator('#board .cell[data-cell="b1"]').click()  # through the wall a1-b1: the ball drops
            wait_action(page, "return", None)
            crossed = page.locator("#board .wall.crossed")
            crossed.wait_for(timeout=10_000)
            assert crossed.evaluate(MARK) == '"💥"', crossed.evaluate(MARK)
            assert "💥" in page.locator("#log").inner_text()  # the log's mark for the same drop
            for wall in page.locator("#board .wall.learned").all():
                assert wall.evaluate(MARK) in ("none", "normal"), wall.evaluate(MARK)
        finally:
            page.close()
