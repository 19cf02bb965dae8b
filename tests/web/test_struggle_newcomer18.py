"""Issue 15, Struggle newcomer 18 on a phone with four players: the score chips read "Re…", "Blu…", "Gre…",
"Yell…" (the turn's ▶, the dot, the name, its tag and the points in a quarter of 390 px). The turn's chip is
framed in its colour, so the ▶ gives its room to the name."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import PHONE, open_page, serving

pytestmark = pytest.mark.browser

FOUR = ("--game", "struggle", "--players", "4", "--seed", "7", "--humans", "red")


def test_four_players_names_are_whole_on_a_phone(browser: Any) -> None:
    with serving(FOUR) as url:
        page = open_page(browser, url, PHONE)
        try:
            page.wait_for_function("document.querySelectorAll('#players .player').length === 4", timeout=30000)
            chips = page.evaluate("""() => [...document.querySelectorAll('#players .player')].map((r) => {
                const w = r.querySelector('.who'); return [w.innerText, w.scrollWidth, w.clientWidth, r.getBoundingClientRect().right]; })""")
            for name, need, has, right in chips:
                assert need <= has, f"{name!r} is cut: {need} px in {has}"
                assert right <= PHONE[0], f"{name!r}'s chip ends at {right}"
            assert page.locator("#players .player.turn").count() == 1  # the turn still told (its frame)
        finally:
            page.close()


def test_a_resting_tips_room_says_what_it_is_for(browser: Any) -> None:
    """Magic newcomer 19 (every game page): once a tip's moment was over, its room stayed on a phone as an empty
    band (so that the board does not jump before the next tip). It now says the game's newest line."""
    from test_plain_words_browser import serving as serve_game

    with serve_game(("--game", "struggle", "--players", "2", "--seed", "7", "--humans", "red")) as url:
        ctx = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True)
        page = ctx.new_page()
        try:
            page.add_init_script("localStorage.setItem('mazeboard.guide.struggle', JSON.stringify(['goal', 'dice']))")
            page.goto(url)
            guide = "document.getElementById('guide')"
            page.wait_for_function(f"{guide} && {guide}.dataset.tip === 'throw' && !{guide}.hidden", timeout=30000)
            page.evaluate("MB.send({type: 'press', button: 'throw'})")  # the throw tip's moment is over
            page.wait_for_function(f"S.view && S.view.throws > 0 && {guide}.hidden", timeout=30000)
            assert page.evaluate("document.body.classList.contains('guide-resting')")
            said = page.evaluate(f"getComputedStyle({guide}, '::after').content")
            assert "📜" in said, said  # the game's newest line (test_guide_one_room.py)
            assert page.evaluate(f"getComputedStyle({guide}, '::after').visibility") == "visible"
        finally:
            ctx.close()
