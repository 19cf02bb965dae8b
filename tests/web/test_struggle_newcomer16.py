"""Issue 15, Struggle newcomer 15 (left items): the throwing tip goes once its step is done, the track's
legend says what a held space does in plain words, and the card's points after a way read plainly."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import PHONE, serving

pytestmark = pytest.mark.browser

WAIT = 30000
SEED7 = ("--game", "struggle", "--players", "2", "--seed", "7", "--humans", "red")
GUIDE = "document.getElementById('guide')"


def test_the_throwing_tip_goes_after_the_first_throw(browser: Any) -> None:
    """Newcomer 15: the tip "Press 🎲 Throw. Then tap dice to keep them …" stayed up through throws 1 and 2,
    where the prompt already says what follows (hold a die, throw again, or Stop); its only way out was Got it,
    which then showed the next tip. It now rests once the first throw is made; the step done, it is learnt and comes
    at no later turn (Struggle newcomer 98 had it at its second turn, after it had thrown, held and thrown again)."""
    with serving(SEED7) as url:
        ctx = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True)
        page = ctx.new_page()
        try:
            page.add_init_script("localStorage.setItem('mazeboard.guide.struggle', JSON.stringify(['goal', 'dice']))")
            page.goto(url)
            page.wait_for_function(f"{GUIDE} && {GUIDE}.dataset.tip === 'throw' && !{GUIDE}.hidden", timeout=WAIT)
            page.evaluate("MB.send({type: 'press', button: 'throw'})")
            page.wait_for_function("S.view && S.view.throws > 0", timeout=WAIT)
            page.wait_for_function(f"{GUIDE}.hidden", timeout=WAIT)
            prompt = page.locator("#prompt-text").inner_text()
            assert "Throw to throw the others again" in prompt, prompt  # the prompt says the next step instead
            seen = page.evaluate("JSON.parse(localStorage.getItem('mazeboard.guide.struggle') || '[]')")
            assert "throw" in seen, seen
        finally:
            ctx.close()


def test_the_header_link_says_the_card_is_also_on_its_own_page_once_shown_here(browser: Any) -> None:
    """Newcomer 16: with the card shown in the page's card box, the header still said "🃏️ Open your secret card
    page (red) ↗", and the newcomer wondered whether that page had to be opened too."""
    from test_plain_words_browser import open_page

    with serving(SEED7) as url:
        page = open_page(browser, url, PHONE)
        try:
            page.locator("#my-card button").first.click()  # "Show red's card": takes the seat
            page.wait_for_function("() => document.querySelectorAll('#my-card .card-place').length === 5", timeout=WAIT)
            link = page.locator("#private-links .seat-link")
            link.wait_for(timeout=WAIT)
            page.wait_for_function("document.querySelector('#private-links .seat-link').textContent.includes('own tab')",
                                   timeout=WAIT)
            said = link.inner_text()
            assert "Your card is on this page" in said and "Open your secret card page" not in said, said
        finally:
            page.close()


def test_no_zero_scores_before_a_round_is_counted_and_the_dice_are_said_to_be_buttons(browser: Any) -> None:
    """Newcomer 16: every chip read "0 pts" all round (points are counted when the round ends) and the newcomer
    wondered whether scoring worked; while choosing, "die 1: the previous way …" under the dice left open
    whether a tap on die 1 goes back a way or holds the die."""
    from test_plain_words_browser import open_page

    with serving(SEED7) as url:
        page = open_page(browser, url, PHONE)
        try:
            page.wait_for_function("S.view && S.view.instruction && S.view.instruction.action === 'throw'", timeout=WAIT)
            chips = page.evaluate("[...document.querySelectorAll('#players .score')].map((e) => [e.textContent, e.title])")
            assert chips and all(t == "–" and "counted when the round ends" in title for t, title in chips), chips
            page.evaluate("MB.send({type: 'press', button: 'throw'})")
            page.wait_for_function("S.view.throws > 0", timeout=WAIT)
            page.evaluate("MB.send({type: 'press', button: 'stop'})")
            page.wait_for_function("S.view.phase === 'choosing'", timeout=WAIT)
            # a tap on a die while choosing holds nothing and goes back no way: it says which buttons choose
            # (Struggle newcomer 33: the dice as buttons beside the page's own read as hidden buttons)
            page.wait_for_function("[...document.querySelectorAll('#dice .pdie')].every((d) => d.getAttribute('aria-disabled') === 'true')",
                                   timeout=WAIT)
            # (die 2, which the board's button acts on at way 1; die 1 says there is no previous way yet)
            assert "the hand is kept: choose its way with ◀ Previous way" in (page.locator("#dice .pdie").nth(1).get_attribute("title") or "")
        finally:
            page.close()


def test_a_token_clicked_when_none_moves_says_why_and_is_not_chosen(browser: Any) -> None:
    """Newcomer 17 clicked token J in a simulated player's turn: "token J chosen: click a space to put it there",
    and the choice went without a word when the turn came. Where no token moves now the click says why."""
    from test_plain_words_browser import WIDE, open_page

    with serving(SEED7) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("S.view && S.view.instruction && S.view.instruction.action === 'throw'", timeout=WAIT)
            page.locator('.token[data-token="K"]').click()
            page.wait_for_function("document.getElementById('error').textContent.includes('no token moves now')",
                                   timeout=WAIT)
            assert page.evaluate("S.selected") is None
            assert "chosen" not in page.locator("#hand").inner_text()
        finally:
            page.close()
