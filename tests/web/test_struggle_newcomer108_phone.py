"""Issue 15, Struggle newcomer 108 (phone 390x844): the choosing tip said "Each line under “Ways to play the hand”
shows …", and that list lay a screen below, under the dice and the card; nothing said where. On a phone the tip now
says where the list is (below the dice, a scroll down); a wide screen, the list beside the board, says no scroll.
And the link to the card's own tab, red words over two lines at the top of a phone, read as a warning (red is the
page's warnings' colour): its words are now the buttons' ink, its colour a stripe at its side."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import PHONE, WIDE, serving
from test_struggle_choosing_round26a_browser import SEED7, WAIT, _choosing, _seated

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_the_choosing_tip_says_where_the_ways_are(browser: Any, size: tuple[int, int]) -> None:
    phone = size == PHONE
    with serving(SEED7, 0) as url:
        ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=phone, is_mobile=phone)
        try:
            page = ctx.new_page()
            page.add_init_script("localStorage.setItem('mazeboard.guide.struggle', JSON.stringify(['goal', 'dice', 'throw']))")
            page.goto(url)
            _choosing(page)
            page.wait_for_function("() => (document.querySelector('#guide .guide-text') || {}).textContent"
                                   "?.includes('Ways to play the hand')", timeout=WAIT)
            tip = page.locator("#guide .guide-text").text_content() or ""
            top = page.evaluate("() => document.getElementById('ways-title').getBoundingClientRect().top")
            if phone:
                assert top > size[1], top  # the list is below the first screen: the words must say so
                assert "“Ways to play the hand” (below the dice: scroll down)" in tip, tip
            else:
                assert top < size[1], top
                assert "scroll" not in tip, tip
        finally:
            ctx.close()


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_the_card_link_is_not_written_in_the_warnings_red(browser: Any, size: tuple[int, int]) -> None:
    phone = size == PHONE
    with serving(SEED7, 0) as url:
        ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=phone, is_mobile=phone)
        try:
            page = ctx.new_page()
            page.goto(url)
            _seated(page)
            link = page.locator("a.seat-link.red")
            link.wait_for(timeout=WAIT)
            assert "Your card is on this page" in (link.text_content() or "")
            style = link.evaluate("""(a) => { const s = getComputedStyle(a);
              return { color: s.color, stripe: s.borderLeftColor, width: parseFloat(s.borderLeftWidth) }; }""")
            assert style["color"] != "rgb(226, 59, 59)", style  # --red: #e23b3b
            assert style["stripe"] == "rgb(226, 59, 59)" and style["width"] >= 4, style
        finally:
            ctx.close()
