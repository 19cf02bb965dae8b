"""Issue 15, Struggle newcomers (rounds 45-48 left it open): on a phone, "Red" tapped beside "See your card here:"
at the top took the seat, and the card it was tapped for showed in its box far below the first screen: nothing
moved, and the newcomer looked for it. A claim made on this page now brings the card's box into view once the card
is drawn (and marks it for a moment); a box already in view stays put."""

from __future__ import annotations

import os
from typing import Any

import pytest
from test_plain_words_browser import PHONE, WIDE, open_page, serving
from test_struggle_choosing_round26a_browser import SEED7

pytestmark = pytest.mark.browser

WAIT = 30000
PORT = int(os.environ.get("MB_TEST_PORT", "0"))

IN_VIEW = """() => { const r = document.getElementById('my-card').getBoundingClientRect();
  return { top: r.top, bottom: r.bottom, h: innerHeight, y: scrollY }; }"""


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_the_card_claimed_at_the_top_is_brought_into_view(browser: Any, size: tuple[int, int]) -> None:
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, size)
        try:
            page.locator("#private-links .seat-claim.red").click()
            page.wait_for_selector("#my-card .card-row", timeout=WAIT)
            page.wait_for_function("""() => { const r = document.getElementById('my-card').getBoundingClientRect();
                return r.top >= 0 && r.bottom <= innerHeight + 1; }""", timeout=5000)
            seen = page.evaluate(IN_VIEW)
            assert seen["top"] >= 0 and seen["bottom"] <= seen["h"] + 1, seen
            assert page.locator("#my-card.just-shown").count() == 1  # marked for a moment
            page.wait_for_function("() => !document.querySelector('#my-card.just-shown')", timeout=8000)
            y = page.evaluate("scrollY")
            page.evaluate("() => { window.scrollTo(0, 0); drawInfo(); drawInfo(); }")  # later redraws move nothing
            page.wait_for_timeout(500)
            assert page.evaluate("scrollY") == 0 or y == 0
        finally:
            page.close()


def test_a_way_lit_from_the_screen_holding_the_card_is_said_so_on_the_other(browser: Any) -> None:
    """Struggle newcomer 49 (1920x1080, the card on its phone): "the board lights way 5 of 6" with nothing saying why
    not way 1. On a screen without the card, a way lit from the one holding it is said so; once this screen lights
    a way itself, no more."""
    from test_struggle_choosing_round26a_browser import _choosing

    with serving(SEED7, PORT) as url:
        holder = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]})
        other = open_page(browser, url, WIDE)
        try:
            phone = holder.new_page()
            phone.goto(url)
            phone.wait_for_selector("#private-links .seat-claim.red", timeout=WAIT)
            phone.locator("#private-links .seat-claim.red").click()
            phone.wait_for_selector("#my-card .card-row", timeout=WAIT)
            other.reload()
            other.wait_for_function("() => MB.seats && MB.seatElsewhere('red')", timeout=WAIT)
            _choosing(other)
            # the board lists its pick for the card first: way 1, lit as the choice opens, on both screens
            phone.wait_for_function("() => S.view && S.view.phase === 'choosing' && typeof S.hints.red === 'number'",
                                    timeout=WAIT)
            assert phone.evaluate("S.hints.red") == 0
            other.wait_for_function("() => S.view.selected === 0", timeout=WAIT)
            assert "lit from the screen" not in other.locator("#prompt-text").inner_text()
            phone.evaluate("() => MB.send({ type: 'pick', index: 2 })")  # the person at the card lights way 3
            other.wait_for_function("() => S.view.selected === 2", timeout=WAIT)
            prompt = other.locator("#prompt-text")
            assert "way 3 of 3 (lit from the screen that holds Red's card) to play" in prompt.inner_text(), prompt.inner_text()
            other.locator("#throw").click()  # ▶ Back to way 1, from here
            other.wait_for_function("() => S.view.selected === 0", timeout=WAIT)
            other.locator("#throw").click()
            other.wait_for_function("() => S.view.selected === 1", timeout=WAIT)
            assert "lit from the screen" not in prompt.inner_text(), prompt.inner_text()
        finally:
            other.close()
            holder.close()


def test_a_card_pushed_out_of_view_right_after_it_came_is_brought_back(browser: Any) -> None:
    """CI53: under load the claimed card's box was scrolled into view and then left it (something drawn above it after
    the card came). While the box is marked, a box pushed out of view is brought back (a person's own scroll or tap
    ends that at once: struggle.js revealCard)."""
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, PHONE)
        try:
            page.locator("#private-links .seat-claim.red").click()
            page.wait_for_selector("#my-card.just-shown .card-row", timeout=WAIT)
            # something tall drawn above the box after it came, as a late tip or header line would be
            page.evaluate("""() => { const d = document.createElement('div'); d.id = 'late'; d.style.height = '2000px';
                const box = document.getElementById('my-card'); box.parentNode.insertBefore(d, box); }""")
            page.wait_for_function("""() => { const r = document.getElementById('my-card').getBoundingClientRect();
                return r.top >= 0 && r.bottom <= innerHeight + 1; }""", timeout=2000)
            assert page.locator("#my-card.just-shown").count() == 1  # brought back while still marked
        finally:
            page.close()


def test_a_card_box_taller_than_the_screen_is_shown_from_its_top(browser: Any) -> None:
    """(an attack: a box taller than the screen is never wholly in view; kept in view, it was scrolled again each frame
    for the 2.5 s) Its top in view is enough: brought there once, then left."""
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, PHONE)
        try:
            page.add_style_tag(content="#my-card { min-height: 1500px; }")
            page.evaluate("""() => { window.scrolls = 0; const own = Element.prototype.scrollIntoView;
                Element.prototype.scrollIntoView = function (...a) { if (this.id === 'my-card') window.scrolls++;
                  return own.apply(this, a); }; }""")
            page.locator("#private-links .seat-claim.red").click()
            page.wait_for_selector("#my-card.just-shown .card-row", timeout=WAIT)
            page.wait_for_timeout(300)
            r = page.evaluate(IN_VIEW)
            assert -1 <= r["top"] < r["h"] / 2, r
            assert page.evaluate("window.scrolls") <= 2, page.evaluate("window.scrolls")  # not once a frame
            page.mouse.wheel(0, 400)  # the person scrolls on: left where they put it
            page.wait_for_timeout(600)
            assert page.evaluate(IN_VIEW)["y"] >= r["y"] + 300, (r, page.evaluate(IN_VIEW))
        finally:
            page.close()
