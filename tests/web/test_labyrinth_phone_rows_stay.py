"""Labyrinth newcomers 107, 108, 110 and 111 (390x844 touch): between the push and the move, Done and ⟳ Rotate
swapped places on a phone (the move step put Done and Lift pawn before the spare), so a thumb that had pressed
Rotate came down on Done a turn later, and the other way round (newcomer 112 too). Done now stands beside Rotate in
the spare's row, both on the first screen (test_labyrinth_round23_five, test_labyrinth_newcomer21), in both steps."""

from __future__ import annotations

from typing import Any

import pytest
from test_labyrinth_newcomer_third import NEWCOMER_GAME, PHONE, open_page, push, to_shift
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser

BOXES = """() => Object.fromEntries(['#done', '#lift', '#rotate', '#spare'].map((s) => {
  const b = document.querySelector(s).getBoundingClientRect(); return [s, [Math.round(b.x), Math.round(b.y + scrollY)]]; }))"""


@pytest.mark.parametrize("guide", [True, False], ids=["first-game-tip", "no-tip"])
def test_done_and_rotate_keep_their_places_between_the_push_and_the_move(browser: Any, guide: bool) -> None:
    with serving(NEWCOMER_GAME) as url:
        page = open_page(browser, url, PHONE, guide=guide, mobile=True)
        try:
            to_shift(page)
            page.wait_for_timeout(300)
            shift = page.evaluate(BOXES)
            push(page)
            page.wait_for_timeout(300)
            move = page.evaluate(BOXES)
            for sel in shift:
                dx, dy = move[sel][0] - shift[sel][0], move[sel][1] - shift[sel][1]
                assert abs(dx) <= 2 and abs(dy) <= 2, f"{sel} moved by ({dx}, {dy}) px from the push to the move: {shift} → {move}"
            assert shift["#done"][1] == shift["#rotate"][1] and shift["#done"][0] > shift["#rotate"][0], shift  # one row
            assert shift["#done"][1] + 43 <= PHONE[1], shift  # on the first screen, the first-game tip shown or not
        finally:
            page.close()
