"""Issue 15, Labyrinth newcomer 80. After "⇄ Move it here" on the laptop, the phone's card page said "The red seat is no
longer held by this browser (the server restarted, or the seat was released). Claim a colour again on the board's
page." -- following that would take the card back; it never said the card had moved to another screen. The move is
one step on the server (``POST /seat/COLOUR/move``): the seat is never free between the two screens, so the card page
says at once that it was taken on another screen."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.test_labyrinth_newcomer17 import card_tab
from tests.web.test_plain_words_browser import LABYRINTH, WAIT_MS, WIDE, open_page, serving

pytestmark = pytest.mark.browser

# every text the card page's note took, in order (the first one said is the one read)
NOTES = """() => { window.NOTES = []; const n = document.getElementById('seat-note');
  new MutationObserver(() => { if (n.textContent) window.NOTES.push(n.textContent); })
    .observe(n, { childList: true, subtree: true, characterData: true }); }"""


def test_move_it_here_tells_the_card_page_the_card_moved(browser: Any) -> None:
    from playwright.sync_api import expect

    with serving(LABYRINTH + ("--humans", "red")) as url:
        mine, page, card = card_tab(browser, url)
        laptop = browser.new_context(viewport={"width": WIDE[0], "height": WIDE[1]})
        try:
            card.evaluate(NOTES)
            wide = laptop.new_page()
            wide.goto(url)
            wide.locator(".seat-release.red").click()  # "⇄ show it here instead"
            wide.locator("#ask button[value=yes]").click()  # "⇄ Move it here"
            expect(wide.locator("#private-links")).to_contain_text("Open your secret card page", timeout=WAIT_MS)
            expect(card.locator("#seat-note")).to_contain_text("was taken on another screen", timeout=WAIT_MS)
            notes = card.evaluate("() => window.NOTES")
            assert notes and all("restarted" not in n and "Claim a colour again" not in n for n in notes), notes
            # ...and no page heard the seat free in between: no "Red's seat released" in the laptop's log
            assert "seat released" not in page.locator("#log").inner_text(), page.locator("#log").inner_text()
        finally:
            laptop.close()
            mine.close()


SIDES = {"N": "up", "E": "right", "S": "down", "W": "left"}


def _said_sides(tile: str) -> str:
    """The words for a tile's open sides ("NE:spider" -> "up and right"), in N E S W order."""
    words = [SIDES[c] for c in tile.split(":")[0]]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def test_a_tile_tapped_or_pointed_at_says_which_ways_its_paths_lead(browser: Any) -> None:
    """(Labyrinth newcomers 79 and 80 on a 390 px phone: "the lines on the tiles are too small to tell which sides are
    open ... I couldn't tell which sides of f3 were open, so I could only plan by previewing") A tile tapped, or
    pointed at with a mouse, is named under the board with the ways its paths lead: "f3: 🕷️ Spider · paths lead up
    and right"."""
    from playwright.sync_api import expect

    from tests.web.test_plain_words_browser import PHONE

    with serving(LABYRINTH + ("--humans", "red")) as url:
        phone = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True)
        try:
            page = phone.new_page()
            page.goto(url)
            expect(page.locator("#prompt")).to_contain_text("push it in", timeout=WAIT_MS)
            for cell in ("f3", "a1", "d4"):
                tile = page.locator(f'#maze .tile[data-cell="{cell}"]')
                tile.tap()
                picked = page.locator("#picked")
                expect(picked).to_be_visible()
                want = f"paths lead {_said_sides(tile.get_attribute('data-tile') or '')}"
                assert want in picked.inner_text(), (cell, want, picked.inner_text())
                # ...and the bubble stays within the screen, under the board (its words whole)
                box = picked.bounding_box()
                assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE[0], box
        finally:
            phone.close()
        wide = open_page(browser, url, WIDE)
        try:
            tile = wide.locator('#maze .tile[data-cell="c5"]')
            tile.hover()
            want = f"paths lead {_said_sides(tile.get_attribute('data-tile') or '')}"
            expect(wide.locator("#picked")).to_contain_text(want, timeout=WAIT_MS)
        finally:
            wide.close()


def test_a_push_pointed_at_says_what_its_frame_and_dashes_mean(browser: Any) -> None:
    """(Labyrinth newcomer 80 at 1920x1080: "During a hover preview, the row that slides is framed in white and the tiles
    I can reach are dashed in red. I took the white frame on a6 for 'reachable', clicked a6 after the push, then pressed
    D and ended my turn without moving.") The words under the board say what each mark is while the push is pointed
    at, and go with the pointer."""
    from playwright.sync_api import expect

    with serving(LABYRINTH + ("--humans", "red")) as url:
        page = open_page(browser, url, WIDE)
        try:
            expect(page.locator("#prompt")).to_contain_text("push it in", timeout=WAIT_MS)
            picked = page.locator("#picked")
            page.locator('.slot[data-slot="W-6"]').hover()
            expect(picked).to_contain_text("W-6: the framed row moves one tile right", timeout=WAIT_MS)
            expect(picked).to_contain_text("dashed: the tiles Red can walk to after this push")
            page.locator('.slot[data-slot="N-d"]').hover()
            expect(picked).to_contain_text("N-d: the framed column moves one tile down", timeout=WAIT_MS)
            assert page.locator("#maze .tile.push-line").count() == 7
            page.locator("#prompt").hover()  # the pointer leaves the arrow: the marks and their words go
            expect(picked).to_be_hidden(timeout=WAIT_MS)
            assert page.locator("#maze .tile.push-line").count() == 0
        finally:
            page.close()


def test_a_refusal_beside_a_click_on_the_board_stays_over_the_board(browser: Any) -> None:
    """(Labyrinth newcomer 80 at 1920x1080: "The 'can't be reached' tooltip covers the Done and Lift pawn buttons",
    after a click on g6 at the board's right edge) On a wide screen the answer beside a click on the board lies
    within the board's width, never over the controls in the side panel."""
    from playwright.sync_api import expect

    with serving(LABYRINTH + ("--humans", "red")) as url:
        page = open_page(browser, url, WIDE)
        try:
            _pushed(page)
            far = page.evaluate("""() => ['g7', 'g6', 'g5', 'g4', 'g3', 'g2', 'g1']
              .filter((c) => !(S.view.reachable.red || []).includes(c))""")
            assert far, "every g tile reachable: pick another seed"
            page.locator(f'#maze .tile[data-cell="{far[0]}"]').click()
            error = page.locator("#error")
            expect(error).to_contain_text("cannot be reached", timeout=WAIT_MS)
            geo = page.evaluate("""() => { const e = document.getElementById('error').getBoundingClientRect(),
              m = document.getElementById('maze').closest('.maze-frame').getBoundingClientRect(),
              over = [...document.querySelectorAll('#done, #lift, #rotate')].map((b) => b.getBoundingClientRect())
                .some((b) => b.left < e.right && b.right > e.left && b.top < e.bottom && b.bottom > e.top);
              return [e.left >= m.left - 1, e.right <= m.right + 1, over, e.width]; }""")
            assert geo[0] and geo[1] and not geo[2], geo
        finally:
            page.close()


def _pushed(page: Any) -> None:
    """Red pushes at W-2: the board asks it to move."""
    from playwright.sync_api import expect

    expect(page.locator("#prompt")).to_contain_text("push it in", timeout=WAIT_MS)
    page.locator('.slot[data-slot="W-2"]').click()
    expect(page.locator("#prompt")).to_contain_text("move your pawn", timeout=WAIT_MS)


OVERLAP = """(sel) => { const e = document.getElementById('picked').getBoundingClientRect();
  return [...document.querySelectorAll(sel)].map((b) => b.getBoundingClientRect())
    .filter((b) => b.left < e.right && b.right > e.left && b.top < e.bottom && b.bottom > e.top).length; }"""


def test_the_line_under_the_board_covers_no_mark_and_no_control(browser: Any) -> None:
    """(an attack on the words above: pointing at N-d, "N-d: the framed column moves one tile down…" lay over the tile
    the push rings in red past the board's foot; on a phone a tapped tile's longer words lay over the spare and ⟳
    Rotate until the next tap) The line goes above the board where, under it, it would cover either."""
    from playwright.sync_api import expect

    from tests.web.test_plain_words_browser import PHONE

    with serving(LABYRINTH + ("--humans", "red")) as url:
        page = open_page(browser, url, WIDE)
        try:
            expect(page.locator("#prompt")).to_contain_text("push it in", timeout=WAIT_MS)
            for slot in ("N-b", "N-d", "N-f", "S-d", "W-4", "E-2"):
                page.locator(f'.slot[data-slot="{slot}"]').hover()
                expect(page.locator("#picked")).to_contain_text(f"{slot}: the framed", timeout=WAIT_MS)
                assert page.evaluate(OVERLAP, ".tile.push-out, .tile.spare-ghost") == 0, slot
                assert page.evaluate(OVERLAP, "#maze .tile.push-line") == 0, slot
        finally:
            page.close()
        for size, lang in ((PHONE, "en"), ((320, 640), "de")):
            phone = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=True, is_mobile=True,
                                        locale=lang)
            try:
                p = phone.new_page()
                p.goto(url + (f"?lang={lang}" if lang != "en" else ""))
                p.wait_for_function("() => S.view && S.view.phase === 'shift'", timeout=WAIT_MS)
                for cell in ("d4", "a1", "g1"):
                    p.locator(f'#maze .tile[data-cell="{cell}"]').tap()
                    expect(p.locator("#picked")).to_be_visible()
                    assert p.evaluate(OVERLAP, "#rotate, #done, #lift") == 0, (size, lang, cell)
                    assert p.evaluate(OVERLAP, "#maze .tile") == 0, (size, lang, cell)
            finally:
                phone.close()


INSIDE = """() => { const r = document.getElementById('picked').getBoundingClientRect();
  return [r.top >= 0, r.bottom <= window.innerHeight, r.top, r.bottom, window.innerHeight]; }"""


def test_the_line_under_the_board_stays_on_the_screen(browser: Any) -> None:
    """(an attack: at 900x600 the words of a tile clicked before the push ran 17 px past the screen's foot, their last
    line, why the click did nothing, unseen; on a 320x568 phone scrolled to the board, a tapped tile's four German lines
    went above the board, their first two above the screen) Under the board, or above it where they fit whole."""
    from playwright.sync_api import expect

    with serving(LABYRINTH + ("--humans", "red")) as url:
        page = open_page(browser, url, (900, 600))
        try:
            expect(page.locator("#prompt")).to_contain_text("push it in", timeout=WAIT_MS)
            for slot in ("S-b", "W-4", "E-2"):
                page.locator(f'.slot[data-slot="{slot}"]').hover()
                expect(page.locator("#picked")).to_contain_text(f"{slot}: the framed", timeout=WAIT_MS)
                assert all(page.evaluate(INSIDE)[:2]), (slot, page.evaluate(INSIDE))
            page.locator('#maze .tile[data-cell="g6"]').click()
            expect(page.locator("#picked")).to_contain_text("g6:", timeout=WAIT_MS)
            assert all(page.evaluate(INSIDE)[:2]), page.evaluate(INSIDE)
        finally:
            page.close()
        phone = browser.new_context(viewport={"width": 320, "height": 568}, has_touch=True, is_mobile=True)
        try:
            p = phone.new_page()
            p.goto(url + "?lang=de")
            p.wait_for_function("() => S.view && S.view.phase === 'shift'", timeout=WAIT_MS)
            for top in (46, 60):
                p.evaluate("(t) => window.scrollBy(0, document.getElementById('maze').getBoundingClientRect().top - t)", top)
                p.locator('#maze .tile[data-cell="d4"]').tap()
                expect(p.locator("#picked")).to_be_visible()
                assert p.evaluate(INSIDE)[0], (top, p.evaluate(INSIDE))
        finally:
            phone.close()


def test_a_pawn_set_beside_another_on_a_lit_tile_is_said_where_it_is(browser: Any) -> None:
    """(Labyrinth newcomer 83 at 1920x1080: its pawn on c7, Blue's tile, the prompt said "Red: once the pawn stands on
    a lit tile, press Done to end the move there", which reads as if it were not there yet; the reeds cannot see a pawn
    set on a tile another pawn closes) The simulator's world knows: "the pawn is on c7 now: press Done…"."""

    with serving(LABYRINTH + ("--humans", "red")) as url:
        page = open_page(browser, url, WIDE)
        try:
            _pushed(page)
            cell = page.evaluate("""() => { const s = said(), c = (s.cells || []).find((x) => x !== S.world.pawns.red);
              S.view.instruction = { ...s, messages: [{ id: "lab.move_set", args: { player: "red", mover: "Red's pawn" } }] };
              S.world.pawns.red = c; S.world.hand.red = c; S.world.busy = false; drawInfo(); return c; }""")
            assert cell, "no lit tile but the pawn's own"
            text = page.locator("#prompt").inner_text()
            assert f"the pawn is on {cell} now: press Done to end the move there" in text, text
            page.evaluate("() => { S.world.pawns.red = null; S.world.hand.red = null; drawInfo(); }")  # in the hand: not said on a tile
            assert "now: press Done" not in page.locator("#prompt").inner_text()
        finally:
            page.close()
