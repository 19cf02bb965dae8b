"""Issue 15, newcomer round 8: a first-game tip cut to two lines on a phone opens whole at a tap anywhere
on it (the newcomers tapped beside its words and saw nothing); Labyrinth's help and move tip say that Done
on a card's picture finds it and what ✊ Lift pawn is for; the players' row of a colour whose secret card
another screen holds still says this page plays it."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import LABYRINTH, PHONE, STRUGGLE, WIDE, open_page, serving

pytestmark = pytest.mark.browser


def test_a_tap_beside_a_phone_tips_words_opens_it_whole(browser: Any) -> None:
    from playwright.sync_api import expect

    with serving(LABYRINTH + ("--humans", "red")) as url:
        page = open_page(browser, url, PHONE, guide=True)
        try:
            tip = page.locator("#guide")
            expect(tip).to_be_visible(timeout=30_000)
            text = page.locator("#guide .guide-text")
            cut = page.evaluate("() => { const t = document.querySelector('#guide .guide-text'); "
                                "return t.scrollHeight > t.clientHeight + 1; }")
            assert cut, "the phone's tip is not cut to its first lines"
            box, words = tip.bounding_box(), text.bounding_box()
            assert box is not None and words is not None
            # beside the words: the tip's own padding, below the text's last line
            page.mouse.click(box["x"] + 3, box["y"] + box["height"] - 2)
            expect(tip).to_have_attribute("data-open", "", timeout=5_000)
            whole = page.evaluate("() => { const t = document.querySelector('#guide .guide-text'); "
                                  "return t.scrollHeight <= t.clientHeight + 1; }")
            assert whole, "the tip is still cut after a tap on it"
            expect(tip).to_be_visible()  # a tap on the tip is no "Got it"
        finally:
            page.close()


def test_labyrinths_help_and_move_tip_say_done_finds_the_picture_and_what_lift_is_for(browser: Any) -> None:
    with serving(LABYRINTH + ("--humans", "red")) as url:
        page = open_page(browser, url, WIDE)
        try:
            help_text = page.locator("#help").inner_text() if page.locator("#help").count() else ""
            help_text = help_text or page.evaluate("() => document.querySelector('dialog#help, #help').textContent")
            assert "found when your move ends on its tile" in help_text, help_text
            assert "Lift pawn" in help_text and "only for when the board asks for a pawn" in help_text, help_text
            tip = page.evaluate("() => tips().move")
            assert "found when your move ends on its tile" in tip, tip
        finally:
            page.close()


def test_a_tap_on_a_space_before_the_throw_says_what_the_board_asks(browser: Any) -> None:
    """Round 8 (m1p.png): a tap on space 5 at "Red: press Throw." said "click a token first, then the space to
    put it on", an invitation to move tokens when the board asks for a throw."""
    from playwright.sync_api import expect

    with serving(STRUGGLE + ("--humans", "red")) as url:
        page = open_page(browser, url, PHONE)
        try:
            expect(page.locator("#prompt-text")).to_contain_text("Red: press Throw", timeout=30_000)
            page.locator('#track .space[data-sensor="s5"]').first.click()
            said = page.locator("#error")
            expect(said).to_contain_text("no token moves now", timeout=5_000)
            expect(said).to_contain_text("press Throw")
            expect(said).not_to_contain_text("click a token first")
        finally:
            page.close()
