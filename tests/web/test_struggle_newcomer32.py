"""Issue 15, Struggle newcomer 32 (BLOCKING until a reload): a play put Q and 9 on space 2; J went to space 3 by
mistake and back to space 1; the board, unsure which token was which, asked to check them and press Stop to end
the turn (str.confirm_end), which the page says as the moves still to make from the simulator's world. 9 set down on
space 2 beside Q changes no instruction (no reed sees it), and the page redrew its prompt and Stop only for the
placing step's instruction: "still to move: token 9 to space 2" and a greyed Stop stayed with 9 on space 2."""

from __future__ import annotations

import os
from typing import Any

import pytest
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser

WAIT = 30000
PORT = int(os.environ.get("MB_TEST_PORT", "0"))
SEED = ("--game", "struggle", "--seed", "31643", "--humans", "red")  # red throws ace J 9 ace Q; a way: Q, 9 -> 2, J -> 1


def hand_kept(browser: Any, url: str, size: tuple[int, int] = (390, 844), before: Any = None) -> Any:
    """A page at `size` with the tips seen, Red's first hand thrown and kept (the choice open); `before(page)` runs
    once the board asks for the throw."""
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    page.add_init_script("localStorage.setItem('mazeboard.guide.struggle', JSON.stringify(['goal', 'dice', 'throw', 'choose', 'place']))")
    page.goto(url)
    page.wait_for_function("() => S.view && S.view.instruction && S.view.instruction.action === 'throw'", timeout=WAIT)
    if before:
        before(page)
    page.click("#throw")
    page.wait_for_function("() => S.view.throws > 0", timeout=WAIT)
    page.click("#stop")
    page.wait_for_function("() => S.view.phase === 'choosing'", timeout=WAIT)
    return page


def test_a_move_no_reed_sees_updates_the_prompt_while_the_board_asks_to_check(browser: Any) -> None:
    with serving(SEED, PORT) as url:
        page = hand_kept(browser, url)
        try:
            # (the way by its moves: the board lists its pick for the card first, so the way's number follows the card)
            way = page.evaluate("S.view.outcomes.findIndex((o) => o.spaces.Q === 2 && o.spaces['9'] === 2 && o.spaces.J === 1)")
            assert way >= 0
            page.evaluate("(n) => MB.send({type: 'pick', index: n})", way)
            page.wait_for_function("(n) => S.view.selected === n", arg=way, timeout=WAIT)
            page.click("#stop")
            page.wait_for_function("() => S.view.phase === 'placing'", timeout=WAIT)
            for token, to, then in (("Q", "s2", "Made"), ("J", "s3", "space 3"), ("J", "s1", "still to move")):
                page.evaluate("([t, s]) => MB.send({type: 'move', token: t, to: s})", [token, to])
                page.wait_for_function("(w) => document.getElementById('prompt-text').textContent.includes(w)", arg=then,
                                       timeout=WAIT)
            assert page.evaluate("said().messages[0].id") == "str.confirm_end"
            page.evaluate("MB.send({type: 'move', token: '9', to: 's2'})")
            page.wait_for_function("() => S.world.tokens['9'] === 's2'", timeout=WAIT)
            page.wait_for_function("() => document.getElementById('prompt-text').textContent.includes('stand where')",
                                   timeout=WAIT)
            page.wait_for_function("() => document.getElementById('stop').getAttribute('aria-disabled') !== 'true'",
                                   timeout=WAIT)
        finally:
            page.close()


def test_before_any_round_is_counted_the_rounds_table_total_is_a_dash_too(browser: Any) -> None:
    """Struggle newcomer 32: the players' row said "– pts" while the Rounds table's total said 0."""
    with serving(SEED, PORT) as url:
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(url)
        try:
            page.wait_for_function("() => S.view && document.querySelectorAll('#scores td.total').length > 0", timeout=WAIT)
            totals = page.evaluate("[...document.querySelectorAll('#scores td.total')].map((e) => e.textContent)")
            assert totals and all(t == "–" for t in totals), totals
        finally:
            page.close()
