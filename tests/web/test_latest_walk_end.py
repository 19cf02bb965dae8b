"""Issue 15, Labyrinth newcomer 107: on a phone the kept room under the prompt says the log's newest line in two lines
at most, cut at its end ("…"); a walk there and back read "Red b5 → a5 → a6 → a7 → b7 → b6 → b7 → a7 → a6 → a5 → b5 →
a5 → a…", and where the pawn ended could not be seen. A long walk is said there by its start and its last steps, the
middle left out ("Red b5 → … → a5 → b5 → a5 → b6"); the log itself keeps the whole walk."""

from __future__ import annotations

from typing import Any

import pytest
from test_labyrinth_newcomer_third import PHONE, open_page
from test_plain_words_browser import LABYRINTH, serving

pytestmark = pytest.mark.browser

WALK = "Red b5 → a5 → a6 → a7 → b7 → b6 → b7 → a7 → a6 → a5 → b5 → a5 → b5 → b6"
SHORT = "Red b5 → a5 → a6"


def _latest(page: Any, text: str) -> str:
    """The kept room's words once the log's newest line reads ``text`` (a walk line, as the page's log draws it)."""
    page.evaluate("""(text) => { const li = document.createElement('li'); li.dataset.type = 'step';
        li.innerHTML = '<span class="text"></span>'; li.querySelector('.text').textContent = text;
        document.getElementById('log').prepend(li); }""", text)
    page.wait_for_function("(t) => (document.getElementById('guide').dataset.rest || '').includes(t.split(' ')[0])",
                           arg=text, timeout=10_000)
    return str(page.evaluate("document.getElementById('guide').dataset.rest"))


def test_a_long_walk_in_the_latest_line_keeps_its_end(browser: Any) -> None:
    with serving(LABYRINTH) as url:
        page = open_page(browser, url, PHONE, guide=False)
        try:
            rest = _latest(page, WALK)
            assert rest.endswith("a5 → b5 → a5 → b5 → b6"), rest
            assert "Red b5 → … →" in rest, rest
            assert len(rest) < len(WALK), rest
            # a short walk is said whole
            assert _latest(page, SHORT).endswith(SHORT)
            # the log keeps the whole walk
            assert page.locator("#log li .text").first.inner_text() == SHORT
            assert WALK in page.locator("#log").inner_text()
        finally:
            page.close()
