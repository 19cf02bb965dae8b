"""Issue 15, Struggle newcomer 35: before a throw the ways panel said "each K, Q, J, 10 or 9 die kept moves that
token one space"; a tap on a die holds it, so "kept" read as the dice held, and a K never held moved. The words say
every die of the five at Stop moves its token, held or not."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import PHONE, serving

pytestmark = pytest.mark.browser


def test_before_a_throw_the_ways_panel_says_every_die_moves_held_or_not(browser: Any) -> None:
    with serving(("--game", "struggle", "--seed", "7", "--humans", "red")) as url:
        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        try:
            page.goto(url)
            page.wait_for_function("() => S.view && S.view.instruction && S.view.instruction.action === 'throw'", timeout=30000)
            said = page.locator("#outcomes").inner_text()
            assert "each K, Q, J, 10 or 9 then moves that token one space, held or not" in said, said
            assert "die kept" not in said, said
            # ...and what an ace does (Struggle newcomer 107 saw Blue's first hand, an ace among it, before any tip had
            # said it)
            assert "an ace counts as any of them" in said, said
        finally:
            page.close()


def test_the_tip_room_says_the_other_player_s_play_not_whose_turn_it_is(browser: Any) -> None:
    """Struggle newcomer 35: at the turn's start the room under the prompt said "📜 Red's turn" right under "Red: press
    Throw" while Blue's play (two tokens moved) was said only far below, in the log: the room skips a line that only
    says whose turn it is."""
    with serving(("--game", "struggle", "--seed", "7", "--humans", "red")) as url:
        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        try:
            page.goto(url)
            page.wait_for_function("() => S.view && S.hello && typeof NOTICE !== 'undefined'", timeout=30000)
            rest = page.evaluate("""() => {
              MB.addLog({ type: 'played', player: 'blue', t: 1, said: 'token K moves to space 3' }, LOG_TEXT, []);
              MB.addLog({ type: 'turn_started', player: 'red', t: 2 }, LOG_TEXT, []);
              NOTICE.news();
              return document.getElementById('guide').dataset.rest || '';
            }""")
            assert rest.startswith("📜 Latest in What happened: ") and "Red's turn" not in rest and "blue" in rest.lower(), rest
        finally:
            page.close()
