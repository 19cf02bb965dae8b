"""Issue 15, Labyrinth newcomer 17: after taking the seat back with "move it to this screen", the line
"Your seat (Red) is taken on another screen now: the card shows there." stayed up under the header's "Open your
secret card page (red)"; and the card page, told "this seat is not yours any more", stayed so after the seat was
taken back (only a reload brought the card)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.test_plain_words_browser import LABYRINTH, PHONE, WAIT_MS, open_page, serving

pytestmark = pytest.mark.browser


def test_the_seat_line_goes_once_the_seat_is_taken_back(browser: Any) -> None:
    from playwright.sync_api import expect

    with serving(LABYRINTH + ("--humans", "red")) as url:
        page = open_page(browser, url, PHONE)
        other = browser.new_context()
        try:
            page.locator(".seat-claim.red").click()  # this browser holds Red's seat
            expect(page.locator("#private-links")).to_contain_text("Open your secret card page", timeout=WAIT_MS)
            op = other.new_page()
            op.goto(url)
            assert op.request.post(url + "seat/red/release").ok and op.request.post(url + "seat/red/claim").ok
            notice = page.locator("#notice")
            expect(notice).to_contain_text("taken on another screen now", timeout=WAIT_MS)
            # and what this page may still do (Labyrinth newcomer 18 wondered whether it could still move Red; 91,
            # reading "This page still plays Red's moves", whether it should still touch the phone)
            expect(notice).to_contain_text("Both screens play Red's moves: use either.")
            page.locator(".seat-release.red").click()  # "move it to this screen": taken back here
            page.locator("#ask button[value=yes]").click()  # "Move Red's secret card to this screen? …" (ask.js)
            expect(page.locator("#private-links")).to_contain_text("Open your secret card page", timeout=WAIT_MS)
            expect(notice).to_be_hidden(timeout=WAIT_MS)
        finally:
            other.close()
            # (the page's own context, with the card's tab the claim opened: CI71 hung in page.close() with that tab
            # still open)
            page.context.close()


def card_tab(browser: Any, url: str) -> tuple[Any, Any, Any]:
    """A phone's browser holding Red's seat: its context, the board's page, and the card tab showing the card."""
    from playwright.sync_api import expect

    mine = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]})
    page = mine.new_page()
    page.goto(url)
    expect(page.locator("#conn")).to_have_text("connected", timeout=WAIT_MS)
    page.locator(".seat-claim.red").click()
    expect(page.locator("#private-links")).to_contain_text("Open your secret card page", timeout=WAIT_MS)
    card = mine.new_page()  # the card tab, in this browser
    card.goto(url + "seat/red")
    expect(card.locator("#secret .card-pic")).to_have_count(1, timeout=WAIT_MS)
    return mine, page, card


def test_the_card_page_shows_the_card_again_once_the_seat_is_taken_back(browser: Any) -> None:
    from playwright.sync_api import expect

    with serving(LABYRINTH + ("--humans", "red")) as url:
        mine, page, card = card_tab(browser, url)
        other = browser.new_context()
        try:
            op = other.new_page()
            op.goto(url)
            assert op.request.post(url + "seat/red/release").ok and op.request.post(url + "seat/red/claim").ok
            expect(card.locator("#secret")).to_contain_text("not yours any more", timeout=WAIT_MS)
            # ...and why: taken on another screen, not a restart (Labyrinth newcomer 20 read "the server restarted,
            # or the seat was released" and could have thought the server had crashed)
            expect(card.locator("#seat-note")).to_contain_text("was taken on another screen", timeout=WAIT_MS)
            expect(card.locator("#seat-note")).not_to_contain_text("restarted")
            page.locator(".seat-release.red").click()  # taken back on the board's page
            page.locator("#ask button[value=yes]").click()  # once asked in the page (ask.js)
            expect(page.locator("#private-links")).to_contain_text("Open your secret card page", timeout=WAIT_MS)
            expect(card.locator("#secret .card-pic")).to_have_count(1, timeout=WAIT_MS)  # no reload
            expect(card.locator("#seat-note")).to_have_text("")
        finally:
            other.close()
            mine.close()


def test_a_phone_players_row_never_draws_the_pictures_over_the_name(browser: Any) -> None:
    """Newcomer 17: "Blue simulate🧰🦎💀 found 3": three pictures and "· back to 🏠" squeezed the name's
    column and drew over "simulated"."""
    with serving(LABYRINTH) as url:
        page = open_page(browser, url, PHONE)
        try:
            boxes = page.evaluate("""() => {
                S.view = Object.assign({}, S.view, { found: Object.assign({}, S.view.found, { blue: ['book', 'money', 'map'] }),
                                                     remaining: Object.assign({}, S.view.remaining, { blue: 0 }) });
                drawInfo();
                const row = document.querySelector('#players .player.blue');
                const r = (sel) => { const b = row.querySelector(sel).getBoundingClientRect(); return [b.left, b.right]; };
                return { who: r('.who'), small: r('.who small'), tokens: r('.tokens'), scroll: document.documentElement.scrollWidth }; }""")
            assert boxes["small"][1] <= boxes["tokens"][0] + 0.5, boxes  # "simulated" ends before the pictures begin
            assert boxes["scroll"] <= PHONE[0], boxes
        finally:
            page.close()


def test_lift_pawn_names_whose_pawn_it_lifts(browser: Any) -> None:
    """Newcomer 17: the greyed Lift pawn said "Lift Red: only to put a pawn back …"."""
    with serving(LABYRINTH) as url:
        page = open_page(browser, url, PHONE)
        try:
            page.wait_for_function("document.getElementById('lift').title.startsWith('Lift ')", timeout=WAIT_MS)
            title = page.locator("#lift").get_attribute("title")
            assert title.startswith("Lift Red's pawn: ") and "Lift Red:" not in title, title
        finally:
            page.close()


def test_a_dragged_pawn_follows_the_mouse_and_frames_the_tile_under_it(browser: Any) -> None:
    """Newcomer 17 at 1920x1080: dragging the pawn, it stayed on c1 until let go; only the hint under the board
    changed, and mid-drag nothing said whether the drag had taken."""
    from playwright.sync_api import expect

    from tests.web.test_plain_words_browser import WIDE

    with serving(LABYRINTH) as url:
        page = open_page(browser, url, WIDE)
        try:
            expect(page.locator("#prompt")).to_contain_text("Red: turn the spare", timeout=WAIT_MS)
            page.locator('.slot[data-slot="W-4"]').click()  # row 4: a1 stays where it is
            expect(page.locator("#done")).to_be_enabled(timeout=WAIT_MS)
            a = page.locator('.tile[data-cell="a1"] .lpawn.red').bounding_box()
            b = page.locator('.tile[data-cell="b2"]').bounding_box()
            page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
            page.mouse.down()
            x, y = b["x"] + b["width"] / 2, b["y"] + b["height"] / 2
            page.mouse.move(x, y, steps=8)
            ghost = page.locator(".lpawn.drag-ghost")
            expect(ghost).to_have_count(1)
            g = ghost.bounding_box()
            assert abs(g["x"] + g["width"] / 2 - x) < 2 and abs(g["y"] + g["height"] / 2 - y) < 2, (g, x, y)
            expect(page.locator('.tile[data-cell="b2"]')).to_have_class(re.compile(r"\bdrop-at\b"))
            page.mouse.up()
            expect(ghost).to_have_count(0)
            expect(page.locator(".tile.drop-at")).to_have_count(0)
        finally:
            page.close()


def test_a_finger_held_on_an_arrow_shows_its_push_and_slid_off_pushes_nothing(browser: Any) -> None:
    """Newcomer 17: "a touch screen has no pointing: a tap pushes at once", so no push could be looked at first.
    A finger held on an arrow marks the line it moves (the help now says so), and slid off it pushes nothing."""
    from playwright.sync_api import expect

    with serving(LABYRINTH) as url:
        ctx = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True)
        page = ctx.new_page()
        try:
            page.goto(url)
            expect(page.locator("#prompt")).to_contain_text("Red: turn the spare", timeout=WAIT_MS)
            assert "a first tap on it (a second tap pushes)" in page.locator("#help").text_content()
            box = page.locator('.slot[data-slot="N-b"]').bounding_box()
            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            cdp = ctx.new_cdp_session(page)
            cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
            page.wait_for_function("document.querySelectorAll('.tile.push-line').length === 7", timeout=WAIT_MS)
            for k in range(1, 6):  # the finger slides away from the arrow
                cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x + 20 * k, "y": y + 15 * k}]})
            cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
            page.wait_for_function("document.querySelectorAll('.tile.push-line').length === 0", timeout=WAIT_MS)
            page.wait_for_timeout(500)
            assert page.evaluate("S.view.phase") == "shift"  # nothing pushed
        finally:
            ctx.close()
