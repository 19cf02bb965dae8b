"""Labyrinth newcomer at 1920x1080 with a mouse: after dragging the pawn from e2 to f2 the prompt said "Red: the pawn
is on f2 now" while What happened said "Red e2 → e1 → f1", and "→ f2" came only with Done (the pawn seemed to have
stopped on f1). f2 was a tile another pawn stood on: its reed was closed already, so the board could not see the last
step, and the prompt said where the pawn is from the simulator's world. The log's walk line and the prompt say the same
cell once the walk has settled, before Done."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.test_labyrinth_newcomer_third import DESKTOP, open_page
from tests.web.test_plain_words_browser import WAIT_MS, serving

pytestmark = pytest.mark.browser

#: seed 34: red's pawn on a1 can walk to Blue's start square g7 once the spare is pushed in at S-b as it lies
GAME = ("--game", "labyrinth", "--cards-each", "2", "--humans", "red", "--seed", "34", "--speed", "3")


def drag(page: Any, frm: str, to: str) -> None:
    """A mouse drag as a person does it: down on the pawn's tile, across the board, up over ``to``."""
    a = page.locator(f'#maze .tile[data-cell="{frm}"]').bounding_box()
    b = page.locator(f'#maze .tile[data-cell="{to}"]').bounding_box()
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=12)
    page.mouse.up()


def test_the_walk_line_ends_where_the_prompt_says_the_pawn_is_before_done(browser: Any) -> None:
    with serving(GAME) as url:
        page = open_page(browser, url, DESKTOP, guide=False)
        try:
            page.click('#maze .slot[data-slot="S-b"]')
            page.wait_for_function("() => S.view.phase === 'move' && !S.world.busy", timeout=90_000)
            start, blue = page.evaluate("() => [S.world.pawns.red, S.world.pawns.blue]")
            assert page.evaluate("(c) => S.view.reachable.red.includes(c)", blue), "Blue's tile out of red's reach"
            drag(page, start, blue)
            # the walk settles: the simulated hand has set the pawn down on Blue's tile
            page.wait_for_function("(c) => S.world.pawns.red === c && !S.world.busy", arg=blue, timeout=90_000)
            page.wait_for_timeout(1500)  # the board's answer to the last reed change, and a margin
            assert page.evaluate("() => S.view.phase") == "move", "the move ended without Done"
            prompt = page.locator("#prompt").inner_text()
            line = page.locator("#log li.ev-step .text").first.inner_text()
            # ...and once Done ends the move, the board's own step onto that tile ends the same line, said once
            page.click("#done")
            page.wait_for_function("() => S.view.current !== 'red' || S.view.phase !== 'move'", timeout=WAIT_MS)
            page.wait_for_timeout(500)
            walks = page.evaluate("""() => [...document.querySelectorAll('#log li.ev-step')]
              .filter((li) => li.dataset.pawn === 'red').map((li) => li.querySelector('.text').textContent)""")
        finally:
            page.close()
    said = re.search(r"the pawn is on (\w\d) now", prompt)
    assert said and said.group(1) == blue, prompt
    assert line.startswith(f"Red {start} →"), line
    assert line.endswith(f"→ {blue}"), f"the log's walk line {line!r}, the prompt {prompt!r}"
    assert walks == [line], walks
