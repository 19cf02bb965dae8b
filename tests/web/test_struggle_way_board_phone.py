"""Issue 15, Struggle newcomer 101 (a phone, 390x844): the tip said "tap a way to see it lit on the board", and the
board lay a screen above the list of ways: each tap meant scrolling up to see the way lit and back down to play it.
On a phone the way tapped pictures the board in its own box, as the track shows it (the spaces' colours, the LEDs,
the tokens and, dotted, where the way leaves them), at the top of the way; a wide screen, its board beside the list,
has none."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import PHONE, WIDE, open_page, serving
from test_struggle_choosing_round26a_browser import SEED7, WAIT, _choosing

pytestmark = pytest.mark.browser

# the picture in the way tapped: its box, and for each lit space of the track, the colour of its ring (the LED's glow)
# and the picture's pixel where that frame is drawn (the space's top edge, a third in), both [r, g, b]
PICTURE = """() => {
    const li = document.querySelector('#outcomes .outcome.selected'), c = li && li.querySelector('canvas.way-board');
    if (!c) return null;
    li.scrollIntoView({ block: 'start' });
    const area = document.querySelector('.board-area').getBoundingClientRect(), b = c.getBoundingClientRect();
    const k = b.width / area.width, ctx = c.getContext('2d'), dpr = c.width / b.width;
    const rgb = (s) => (s.match(/\\d+(\\.\\d+)?/g) || []).slice(0, 3).map(Number);
    const lit = [...document.querySelectorAll('#track .space.lit')].map((el) => {
        const r = el.getBoundingClientRect(), x = (r.left - area.left + r.width / 3) * k, y = (r.top - area.top + 1.5) * k;
        const px = ctx.getImageData(Math.round(x * dpr), Math.round(y * dpr), 1, 1).data;
        return { sensor: el.dataset.sensor, frame: rgb(getComputedStyle(el).getPropertyValue('--glow')), got: [px[0], px[1], px[2]] };
    });
    return { box: { top: b.top, bottom: b.bottom, left: b.left, right: b.right, width: b.width }, lit,
             ghosts: c.dataset.would || '', vh: innerHeight, vw: innerWidth,
             would: [...document.querySelectorAll('#track .token.would')].map((t) => t.textContent + ' ' + t.closest('.space').dataset.sensor).sort().join(',') };
}"""

def _tap_way(page: Any, index: int) -> None:
    """Tap way ``index`` (0-based) in the list; wait until it is lit and its picture drawn."""
    page.click(f'#outcomes .outcome[data-index="{index}"]')
    page.wait_for_function("(i) => S.view.selected === i && document.querySelector('#outcomes .outcome.selected canvas.way-board')",
                           arg=index, timeout=WAIT)


def test_on_a_phone_the_way_tapped_pictures_the_board_lit(browser: Any) -> None:
    with serving(SEED7) as url:
        page = open_page(browser, url, PHONE)
        try:
            _choosing(page)
            _tap_way(page, 1)
            page.wait_for_timeout(300)  # (a frame of the LEDs)
            got = page.evaluate(PICTURE)
            assert got is not None, "no picture of the board in the way tapped"
            box = got["box"]
            # at the top of the way, whole on the screen with the way's top, and as wide as the way lets it
            assert box["top"] >= 0 and box["bottom"] <= got["vh"] and box["left"] >= 0 and box["right"] <= got["vw"], got
            assert box["width"] >= 240, got
            assert got["lit"], "no space lit on the track while a way is shown"
            for space in got["lit"]:
                assert all(abs(a - b) <= 48 for a, b in zip(space["got"], space["frame"])), space
            # the way's ghosts, as the track has them
            assert got["ghosts"] and got["ghosts"] == got["would"], got
            # ...another way tapped: the picture follows
            page.click('#outcomes .outcome[data-index="0"]')
            page.wait_for_function("() => S.view.selected === 0", timeout=WAIT)
            page.wait_for_timeout(300)
            again = page.evaluate(PICTURE)
            assert again is not None and again["ghosts"] == again["would"] and again["ghosts"] != got["ghosts"], (got, again)
        finally:
            page.close()


def test_a_wide_screen_has_no_picture_its_board_beside_the_list(browser: Any) -> None:
    with serving(SEED7) as url:
        page = open_page(browser, url, WIDE)
        try:
            _choosing(page)
            page.click('#outcomes .outcome[data-index="1"]')
            page.wait_for_function("() => S.view.selected === 1", timeout=WAIT)
            assert page.locator("canvas.way-board").count() == 0
        finally:
            page.close()


def test_the_picture_writes_the_spaces_left_to_right_in_a_right_to_left_page(browser: Any) -> None:
    """(an attack: in Persian the picture's 13 read "3" and START "TAT", its words written from their start edge
    leftwards, the page being right to left; the track runs left to right in every language, board.css)"""
    with serving(SEED7) as url:
        page = open_page(browser, url, PHONE)
        try:
            _choosing(page)
            page.evaluate("() => { document.documentElement.dir = 'rtl'; }")
            _tap_way(page, 1)
            got = page.evaluate("""() => { const c = document.querySelector('#outcomes .outcome.selected canvas.way-board');
                return [getComputedStyle(c.parentElement).direction, getComputedStyle(c).direction, c.getContext('2d').direction]; }""")
        finally:
            page.close()
    assert got[0] == "rtl" and got[1] == "ltr" and got[2] in ("ltr", "inherit"), got
