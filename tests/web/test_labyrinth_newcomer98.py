"""Issue 15, Labyrinth newcomer 98 (1920x1080): just after clicking W-4 the prompt read "Red: push the row at W-4 all
the way in; a pawn pushed off the board goes on the new tile.", the board's words for a push half done, while the
simulated hand was doing the push the click asked for ("a newcomer reading it in that moment may think more is
needed"). While this page's own hand pushes, the prompt says the push is under way, as it does for a walk."""

from __future__ import annotations

from typing import Any

import pytest
from test_labyrinth_newcomer_third import WAIT_MS, open_page
from test_labyrinth_round22 import RED_ARGS
from test_plain_words_browser import WIDE, serving

pytestmark = pytest.mark.browser

SETTLE = """([id, player, busy]) => {
  const s = S.view.instruction;
  S.view.instruction = { ...s, player, messages: [{ id, args: { player, slot: id === 'lab.settle_row' ? 'W-4' : 'N-b' } }] };
  S.view.prompt = `${player === 'red' ? 'Red' : 'Blue'}: push the row at W-4 all the way in; a pawn pushed off the board goes on the new tile.`;
  S.world = { ...S.world, busy };
  drawInfo();
  return document.getElementById('prompt').innerText; }"""


def test_the_push_this_page_asked_for_is_said_under_way(browser: Any) -> None:
    with serving(RED_ARGS) as address:
        page = open_page(browser, address, WIDE, guide=False)
        try:
            page.wait_for_function("() => S.view && S.view.current === 'red' && S.view.phase === 'shift' && !S.world.busy",
                                   timeout=WAIT_MS)
            row = page.evaluate(SETTLE, ["lab.settle_row", "red", True])
            column = page.evaluate(SETTLE, ["lab.settle", "red", True])
            idle = page.evaluate(SETTLE, ["lab.settle_row", "red", False])
            other = page.evaluate(SETTLE, ["lab.settle_row", "blue", True])
        finally:
            page.context.close()
    assert row.startswith("⏳ The row at W-4 is being pushed in for you") and "all the way in" not in row, row
    assert column.startswith("⏳ The column at N-b is being pushed in for you"), column
    # ...the board's words where no hand of this page is at work (a push left half done on the board's side)
    assert "push the row at W-4 all the way in" in idle and "⏳" not in idle, idle
    assert "⏳ The row" not in other, other  # (a simulated player's push: the board's words, as before)


# the words said while a north arrow is pointed at, and what they lie over
HOVERED = """() => {
  const r = (el) => el.getBoundingClientRect(), box = r(document.getElementById('picked'));
  const hits = (b) => b.left < box.right && b.right > box.left && b.top < box.bottom && b.bottom > box.top;
  const out = document.querySelector('#maze .tile.push-out');
  return { words: document.getElementById('picked').innerText, prompt: hits(r(document.getElementById('prompt'))),
           out: !!out && hits(r(out)), maze: hits(r(document.getElementById('maze'))),
           panel: hits(r(document.querySelector('.info-side'))),
           inside: box.left >= 0 && box.top >= 0 && box.bottom <= innerHeight }; }"""


def _point_at_a_north_arrow(page: Any) -> tuple[str, dict[str, Any]]:
    """Red's push step: a north arrow pointed at with the mouse; (its slot, HOVERED)."""
    page.wait_for_function("() => S.view && S.view.current === 'red' && S.view.phase === 'shift' && !S.world.busy",
                           timeout=WAIT_MS)
    slot = page.evaluate("() => [...document.querySelectorAll('#maze .slot:not(.off)')].map((e) => e.dataset.slot)"
                         ".find((s) => s.startsWith('N-'))")
    page.hover(f'#maze .slot[data-slot="{slot}"]')
    page.wait_for_function("() => !document.getElementById('picked').hidden", timeout=WAIT_MS)
    return slot, page.evaluate(HOVERED)


def test_a_north_arrow_s_words_leave_the_prompt_and_the_pushed_out_tile_in_sight(browser: Any) -> None:
    """(newcomer 98, 1920x1080: pointing at N-b, "N-b: the framed column moves one tile down; …" lay over the prompt's
    second line, above the board, while W-4's lay under it) Under the board they would cover the tile N-b pushes out
    past the board's foot; where the window has room beside the board, they stand there, clear of both."""
    with serving(RED_ARGS) as address:
        page = open_page(browser, address, WIDE, guide=False)
        try:
            slot, seen = _point_at_a_north_arrow(page)
        finally:
            page.context.close()
    assert seen["words"].startswith(f"{slot}: the framed column moves one tile down"), seen
    assert not seen["prompt"] and not seen["out"] and not seen["maze"] and seen["inside"], seen


def test_a_north_arrow_s_words_beside_the_board_keep_off_the_side_panel_right_to_left(browser: Any) -> None:
    """(an attack on the words beside the board: in Persian the side panel stands left of the board, and the words,
    put in "the room left of the board", lay over Blue's row and the spare)"""
    with serving(RED_ARGS + ("--lang", "fa")) as address:
        page = browser.new_page(viewport={"width": WIDE[0], "height": WIDE[1]})
        page.add_init_script("localStorage.setItem('mazeboard.guide.labyrinth', JSON.stringify(['shift', 'move']))")
        page.goto(address)
        try:
            page.wait_for_function("() => document.documentElement.dir === 'rtl'", timeout=WAIT_MS)
            _slot, seen = _point_at_a_north_arrow(page)
        finally:
            page.context.close()
    assert not seen["panel"] and not seen["prompt"] and not seen["maze"], seen
