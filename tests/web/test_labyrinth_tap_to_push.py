"""Issue 15, Labyrinth newcomers 43, 45 and 46 on a phone: a tap on an arrow pushed at once, and the push's preview
came only with a held finger (a phone has no pointer to point with): they pushed blind, and read the small tiles
only after. On a touch screen a first tap on a lit arrow shows where that push leads (the row it moves, the tile
pushed out, the tiles the pawn could then reach) and says "tap again to push"; a second tap on it pushes. A mouse's
click, or a key, still pushes at once (a pointer previews by pointing)."""

from __future__ import annotations

from typing import Any

import pytest
from test_lab_newcomer_two_round26 import touch_page

from tests.web.test_plain_words_browser import LABYRINTH, WAIT_MS, serving

pytestmark = pytest.mark.browser


def lit_slots(page: Any) -> list[str]:
    return page.evaluate("() => [...document.querySelectorAll('#maze .slot:not(.off)')].map((s) => s.dataset.slot)")


def test_a_first_tap_previews_the_push_and_a_second_makes_it(browser: Any) -> None:
    from playwright.sync_api import expect

    with serving(LABYRINTH) as url:
        page = touch_page(browser, url)
        try:
            expect(page.locator("#prompt")).to_contain_text("Red: turn the spare", timeout=WAIT_MS)
            layout = page.evaluate("JSON.stringify(S.world.layout)")
            first, other = lit_slots(page)[:2]
            page.evaluate("MB.showError('slot N-b: does nothing now')")  # a refusal of a tap before goes (an attack)
            page.locator(f'#maze .slot[data-slot="{first}"]').tap()
            page.wait_for_timeout(600)
            assert page.evaluate("JSON.stringify(S.world.layout)") == layout  # nothing pushed
            assert page.evaluate("S.view.phase") == "shift"
            assert page.locator("#maze .tile.push-line").count() == 7  # the line it moves, marked
            armed = page.locator(f'#maze .slot[data-slot="{first}"]')
            expect(armed).to_have_class(__import__("re").compile(r"\barmed\b"))
            # said under the board, where a tapped tile is named: never over a tile (Labyrinth newcomer 47)
            note = page.locator("#picked")
            expect(note).to_be_visible()
            expect(note).to_have_text(f"tap {first} again to push")
            over = page.evaluate("""() => { const n = document.getElementById('picked').getBoundingClientRect();
              return [...document.querySelectorAll('#maze .tile')].filter((t) => { const r = t.getBoundingClientRect();
                return r.left < n.right && n.left < r.right && r.top < n.bottom && n.top < r.bottom; }).map((t) => t.dataset.cell); }""")
            assert over == [], over
            expect(page.locator("#error")).to_have_text("", timeout=WAIT_MS)  # (after its few seconds of grace)
            # ⟳ Rotate turns the spare the preview showed: its marks go, and the words say a tap shows the push of the
            # spare as turned (Labyrinth newcomers 50 and 62 tapped to see it and pushed; 107 and 109 saw the marks
            # stay and took the next tap for the push, which only marked it again)
            spare = page.evaluate("S.world.spare")
            page.locator("#rotate").tap()
            page.wait_for_function("(b) => S.world.spare !== b", arg=spare, timeout=WAIT_MS)
            expect(note).to_be_visible()
            expect(note).to_have_text(f"⟳ turned: tap {first} to see its push with the spare as it lies now")
            assert "armed" not in (armed.get_attribute("class") or "")
            assert page.locator("#maze .tile.push-line").count() == 0
            # ...and again at a second turn (an attack saw the words gone, nothing saying what a tap does now)
            spare = page.evaluate("S.world.spare")
            page.locator("#rotate").tap()
            page.wait_for_function("(b) => S.world.spare !== b", arg=spare, timeout=WAIT_MS)
            page.wait_for_timeout(200)
            expect(note).to_be_visible()
            expect(note).to_have_text(f"⟳ turned: tap {first} to see its push with the spare as it lies now")
            # another arrow: its push shown instead, still nothing pushed
            page.locator(f'#maze .slot[data-slot="{other}"]').tap()
            page.wait_for_timeout(400)
            assert page.evaluate("S.view.phase") == "shift"
            expect(page.locator(f'#maze .slot[data-slot="{other}"]')).to_have_class(__import__("re").compile(r"\barmed\b"))
            assert "armed" not in (armed.get_attribute("class") or "")
            # a tap on a tile lets go of it
            page.locator('#maze .tile[data-cell="d4"]').tap()
            page.wait_for_timeout(300)
            assert page.locator("#maze .slot.armed").count() == 0 and page.locator("#maze .tile.push-line").count() == 0
            expect(note).to_contain_text("d4:")  # the tile tapped named instead
            # tap, tap: pushed
            page.locator(f'#maze .slot[data-slot="{first}"]').tap()
            page.wait_for_timeout(300)
            page.locator(f'#maze .slot[data-slot="{first}"]').tap()
            page.wait_for_function("() => S.view.phase === 'move'", timeout=WAIT_MS)
            expect(note).to_be_hidden()
            assert page.locator("#maze .slot.armed").count() == 0
        finally:
            page.context.close()


def test_a_mouse_click_still_pushes_at_once(browser: Any) -> None:
    from playwright.sync_api import expect

    with serving(LABYRINTH) as url:
        page = touch_page(browser, url)  # a phone-sized page, clicked with a mouse
        try:
            expect(page.locator("#prompt")).to_contain_text("Red: turn the spare", timeout=WAIT_MS)
            page.locator(f'#maze .slot[data-slot="{lit_slots(page)[0]}"]').click()
            page.wait_for_function("() => S.view.phase === 'move'", timeout=WAIT_MS)
        finally:
            page.context.close()


def test_the_push_again_words_lie_by_the_arrow_s_half_of_the_board(browser: Any) -> None:
    """Labyrinth newcomer 51 tapped N-b and looked for "tap N-b again to push" by it: the words lay under the board's
    foot. For an arrow in the board's top half (N-b, W-6…) they are just above the board, else just under it; never
    over a tile either way."""
    from playwright.sync_api import expect

    with serving(LABYRINTH) as url:
        page = touch_page(browser, url)
        try:
            expect(page.locator("#prompt")).to_contain_text("Red: turn the spare", timeout=WAIT_MS)
            slots = lit_slots(page)
            top = next(s for s in slots if s.startswith("N-"))
            low = next(s for s in slots if s.startswith("S-"))
            where = """() => { const n = document.getElementById('picked').getBoundingClientRect(),
                m = document.getElementById('maze').getBoundingClientRect();
                return n.bottom <= m.top + 1 ? 'above' : n.top >= m.bottom - 1 ? 'below' : 'over'; }"""
            for slot, side in ((top, "above"), (low, "below")):
                page.locator(f'#maze .slot[data-slot="{slot}"]').tap()
                expect(page.locator("#picked")).to_have_text(f"tap {slot} again to push")
                assert page.evaluate(where) == side, (slot, page.evaluate(where))
            # ...above only where the screen shows that room (an attack: the board scrolled to the screen's top had
            # them above the screen)
            # (room below the page to scroll so far: a phone's page with Done and Lift pawn in the spare's box is
            # shorter than the screen and the board)
            page.evaluate("""() => { document.body.style.paddingBottom = '900px';
                window.scrollTo(0, document.getElementById('maze').getBoundingClientRect().top + scrollY - 2); }""")
            page.locator(f'#maze .slot[data-slot="{top}"]').tap()
            expect(page.locator("#picked")).to_have_text(f"tap {top} again to push")
            seen = page.evaluate("() => document.getElementById('picked').getBoundingClientRect().top")
            assert seen >= 0 and page.evaluate(where) == "below", (seen, page.evaluate(where))
        finally:
            page.context.close()


@pytest.mark.parametrize("turn", ["button", "key"])
def test_a_tap_after_rotate_is_a_first_tap_again(browser: Any, turn: str) -> None:
    """Labyrinth newcomers 50 and 62: an arrow tapped once, ⟳ Rotate, then the same arrow tapped "to see the preview
    with the turned tile" pushed at once, and cost the turn. Newcomers 107 and 109 saw the marks stay after ⟳ Rotate and
    took the next tap for the push; it only marked the arrow again. After ⟳ Rotate the marks and the arrow's ring go
    (what is shown is what a tap does: no marks, a tap shows them; marks, a tap pushes), and the next tap on that arrow
    is a first tap again: a second pushes. The R key turns it as the button does (an attack: the key left the next tap
    a second one)."""
    from playwright.sync_api import expect

    with serving(LABYRINTH) as url:
        page = touch_page(browser, url)
        try:
            expect(page.locator("#prompt")).to_contain_text("Red: turn the spare", timeout=WAIT_MS)
            first = lit_slots(page)[0]
            arrow = page.locator(f'#maze .slot[data-slot="{first}"]')
            arrow.tap()
            spare = page.evaluate("S.world.spare")
            if turn == "button":
                page.locator("#rotate").tap()
            else:  # the R key (a tablet with a keyboard: an attack)
                page.keyboard.press("r")
            page.wait_for_function("(b) => S.world.spare !== b", arg=spare, timeout=WAIT_MS)
            # no ring and no marks while the next tap only marks it again (Labyrinth newcomers 82 and 86 hesitated
            # before a ring that stayed after the turn; 107 and 109 took it for one a tap pushes)
            ring = "(el) => getComputedStyle(el).outlineStyle"
            assert arrow.evaluate(ring) == "none"
            assert page.locator("#maze .tile.push-line").count() == 0
            expect(page.locator("#picked")).to_have_text(f"⟳ turned: tap {first} to see its push with the spare as it lies now")
            arrow.tap()
            page.wait_for_timeout(600)
            assert page.evaluate("S.view.phase") == "shift"  # not pushed
            assert arrow.evaluate(ring) == "solid"
            expect(page.locator("#picked")).to_have_text(f"tap {first} again to push")
            assert page.locator("#maze .tile.push-line").count() == 7
            arrow.tap()
            page.wait_for_function("() => S.view.phase === 'move'", timeout=WAIT_MS)
        finally:
            page.close()
