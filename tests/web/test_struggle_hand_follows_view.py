"""Issue 15 (stop 39's CI): the line under a Struggle board (``#hand``) is a rendering of the board's instruction,
so it follows the view as the prompt does. It was drawn on a ``world`` message only: where the world's message came
before the event that opened the placing step (a loaded machine), the line kept the choosing step's "no token off the
board" beside a prompt asking for moves, until a token moved."""

from __future__ import annotations

import os
from typing import Any

import pytest
from test_plain_words_browser import WIDE, open_page, serving
from test_struggle_choosing_round26a_browser import SEED7, _choosing

pytestmark = pytest.mark.browser

WAIT = 30000
PORT = int(os.environ.get("MB_TEST_PORT", "0"))


def test_the_line_under_the_board_follows_an_event_that_comes_after_the_world(browser: Any) -> None:
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, WIDE)
        try:
            _choosing(page)
            page.evaluate("window.__choosing = S.view")
            page.click("#stop")  # play way 1: the placing step asks for moves
            page.wait_for_function("() => /next: click token/.test(document.getElementById('hand').innerText)",
                                   timeout=WAIT)
            # the same messages in the other order: the choosing step's view, the world, then the placing event
            said = page.evaluate("""() => {
                const placing = S.view;
                HANDLERS.event({ event: { type: "noop" }, view: window.__choosing });
                HANDLERS.world({ world: S.world });
                const before = document.getElementById('hand').innerText;
                HANDLERS.event({ event: { type: "noop" }, view: placing });
                return [before, document.getElementById('hand').innerText];
            }""")
            assert "no token off the board" in said[0], said  # (the replay reached the choosing step's line)
            assert "next: click token" in said[1], said
        finally:
            page.close()
