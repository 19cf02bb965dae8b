"""What the Labyrinth newcomer of round 23 (issue 15) still met, in Debian's headless Chromium at a
phone's 390x844 and at 1920x1080: picture names on some tiles only, paths hard to read on a phone
and no preview of where a push leads, an unexplained white ring round a pawn, and small things (a
log line without its colour dot, the forbidden slot's cross after the win, the winner's row wrapping)."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from test_labyrinth_newcomer_third import DESKTOP, PHONE, WAIT_MS, open_page, to_shift
from test_labyrinth_round22 import OVER_ARGS, RED_ARGS, at_game_over
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser

SIZES = pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone-390x844", "desktop-1920x1080"])


@pytest.fixture(scope="module")
def red_url() -> Iterator[str]:
    """Red played here, Blue simulated, two cards each (the newcomer's game); one server for the
    module's tests that only look at red's first shift."""
    with serving(RED_ARGS) as address:
        yield address


@pytest.fixture
def over_url() -> Iterator[str]:
    """Both colours simulated, one card each, brisk: a game that ends while watched."""
    with serving(OVER_ARGS) as address:
        yield address


# -- 1. a picture's name: found the same way on every tile -----------------------------------------

#: each picture tile: its cell, its tooltip, its accessible name and whether a name is drawn on it
PICTURE_TILES = """() => [...document.querySelectorAll('#maze .tile')].filter(t => t.querySelector('.pic'))
    .map(t => { const n = [...t.querySelectorAll('.pic-name')].filter(e => e.offsetWidth > 0 && getComputedStyle(e).visibility !== 'hidden');
      return {cell: t.dataset.cell, label: t.dataset.tile.split(':')[1], title: t.title, aria: t.getAttribute('aria-label') || '',
              drawn: n.length > 0}; })"""


@SIZES
def test_every_picture_tile_names_its_picture_the_same_way(browser: Any, red_url: str, size: tuple[int, int]) -> None:
    """No tile draws a name another does not (a name over a south path was hidden there only: it
    looked random); every picture tile names its picture in its tooltip and accessible name, and
    pointing at it (a mouse's hover) or tapping it (a phone) says the name under the board."""
    from playwright.sync_api import expect

    page = open_page(browser, red_url, size, guide=False)
    to_shift(page)
    tiles = page.evaluate(PICTURE_TILES)
    assert len(tiles) >= 20
    drawn = {t["cell"] for t in tiles if t["drawn"]}
    assert not drawn or len(drawn) == len(tiles), f"names drawn on some picture tiles only: {sorted(drawn)}"
    names = page.evaluate("(ids) => ids.map(tileName)", [t["label"] for t in tiles])
    for t, name in zip(tiles, names):
        assert name in t["title"] and name in t["aria"], f"{t['cell']}: {t['title']!r} / {t['aria']!r} lacks {name!r}"
    for t, name in list(zip(tiles, names))[:: max(1, len(tiles) // 4)]:
        tile = page.locator(f'#maze .tile[data-cell="{t["cell"]}"]')
        if size == PHONE:
            tile.tap()
        else:
            tile.hover()
        expect(page.locator("#picked")).to_contain_text(name, timeout=WAIT_MS)
    page.close()


# -- 2. a phone's paths, and where a push leads ----------------------------------------------------

CONTRAST = """() => { const lum = (c) => { const v = c.match(/[\\d.]+/g).slice(0, 3).map(x => +x / 255)
      .map(x => x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4); return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
    const t = document.querySelector('#maze .tile'), a = lum(getComputedStyle(t.querySelector('.rock')).fill),
      b = lum(getComputedStyle(t.querySelector('.path rect')).fill);
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05); }"""


def test_a_phones_paths_stand_out_from_the_rock(browser: Any, red_url: str) -> None:
    """On a phone's small tiles the path and the rock differ by at least WCAG's 4.5:1 (text's
    contrast; a path is read like a line of text)."""
    page = open_page(browser, red_url, PHONE, guide=False)
    ratio = page.evaluate(CONTRAST)
    assert ratio >= 4.5, f"path against rock: {ratio:.2f}:1 on a phone"
    page.close()


#: the cells marked as the line a slot's push moves, and the one marked as falling out
PREVIEW = """() => ({line: [...document.querySelectorAll('#maze .tile.push-line')].map(t => t.dataset.cell).sort(),
    out: [...document.querySelectorAll('#maze .tile.push-out')].map(t => t.dataset.cell)})"""


@pytest.mark.parametrize("slot,line,out", [("N-d", [f"d{r}" for r in range(1, 8)], "d1"),
                                           ("W-4", [f"{f}4" for f in "abcdefg"], "g4"),
                                           ("S-b", [f"b{r}" for r in range(1, 8)], "b7")])
def test_pointing_at_a_slot_shows_the_line_it_pushes(browser: Any, red_url: str, slot: str, line: list[str], out: str) -> None:
    """Hovering (or focusing) a slot arrow marks the 7 tiles its push moves and the tile that falls
    out at the far end; the marks go when the pointer leaves."""
    page = open_page(browser, red_url, DESKTOP, guide=False)
    to_shift(page)
    free = page.evaluate("(s) => !document.querySelector(`#maze .slot[data-slot=\"${s}\"]`).classList.contains('off')", slot)
    if not free:
        pytest.skip(f"{slot} is forbidden in this game")
    page.locator(f'#maze .slot[data-slot="{slot}"]').hover()
    assert page.evaluate(PREVIEW) == {"line": sorted(line), "out": [out]}
    page.mouse.move(2, 2)
    assert page.evaluate(PREVIEW) == {"line": [], "out": []}
    page.locator(f'#maze .slot[data-slot="{slot}"]').focus()
    assert page.evaluate(PREVIEW) == {"line": sorted(line), "out": [out]}
    page.close()


# -- 3. the white ring: only where it means something, and said -------------------------------------

def test_no_unexplained_ring_round_the_only_pawn_you_move(browser: Any, red_url: str) -> None:
    """With one pawn to move (no Vader card) a pawn clicked gets no ring: there is nothing to choose."""
    page = open_page(browser, red_url, DESKTOP, guide=False)
    page.locator('#maze .lpawn.red').dispatch_event('click')  # a click (the pawn bobs: never still for Playwright's click)
    page.wait_for_timeout(100)
    style = page.evaluate("() => getComputedStyle(document.querySelector('#maze .lpawn.red')).outlineStyle")
    assert style == "none", f"a ring ({style}) round red's pawn, the only one red moves"
    page.close()


def test_the_ring_marks_the_chosen_pawn_and_says_so(browser: Any, red_url: str) -> None:
    """With a choice (the Vader pawn or your own), the ring marks the pawn your clicks move: its
    tooltip says so, and so does the line under the prompt."""
    page = open_page(browser, red_url, DESKTOP, guide=False)
    page.evaluate("""() => { S.world.pawns.vader = 'd4'; S.world.hand.vader = 'd4'; S.view.movers = ['red', 'vader'];
        S.view.phase = 'move'; select('vader'); }""")
    pawn = page.locator('#maze .lpawn.vader')
    assert page.evaluate("() => getComputedStyle(document.querySelector('#maze .lpawn.vader')).outlineStyle") != "none"
    assert "ring" in (pawn.get_attribute("title") or "").lower(), pawn.get_attribute("title")
    assert "ring" in page.locator("#mover").inner_text().lower(), page.locator("#mover").inner_text()
    page.close()


# -- 4. small things ---------------------------------------------------------------------------------

def test_a_pushed_off_pawns_log_line_has_its_colour_dot(browser: Any, red_url: str) -> None:
    page = open_page(browser, red_url, DESKTOP, guide=False)
    page.evaluate("""() => HANDLERS.event({view: S.view, event: {type: 'wrapped', pawn: 'blue', from: 'd7', to: 'd1', t: 1000}})""")
    pc = page.evaluate("() => document.querySelector('#log li.ev-wrapped').style.getPropertyValue('--pc')")
    assert "blue" in pc, f"the line's colour: {pc!r}"
    page.close()


@SIZES
def test_after_the_win_no_slot_is_crossed_out_and_the_winners_row_is_one_line(
        browser: Any, over_url: str, size: tuple[int, int]) -> None:
    page, winner = at_game_over(browser, over_url, size)
    assert page.locator("#maze .slot.forbidden").count() == 0, "a slot stays crossed out after the game"
    rects = page.evaluate("""(w) => { const r = document.querySelector(`#players .player[data-player="${w}"] .tokens`),
        box = (e) => [...e.getClientRects()].map(b => ({top: b.top, bottom: b.bottom}));
        return {score: box(r.querySelector('.score')), left: box(r.querySelector('.left'))}; }""", winner)
    assert len(rects["left"]) == 1, f"what is left of the winner's row is cut over lines: {rects}"
    score, left = rects["score"][0], rects["left"][0]
    assert left["top"] < score["bottom"] - 2, f"the winner's row wraps: 'home' under the score: {rects}"
    page.close()


def test_the_preview_goes_once_the_push_is_made(browser: Any) -> None:
    """A push made with the pointer still on its arrow: the line shown before is no longer marked
    (the slot takes nothing now, the tiles have moved)."""
    with serving(("--game", "labyrinth", "--cards-each", "2", "--humans", "red", "--seed", "9135", "--speed", "3")) as url:
        page = open_page(browser, url, DESKTOP, guide=False)
        to_shift(page)
        slot = page.evaluate("() => [...document.querySelectorAll('#maze .slot:not(.off)')][0].dataset.slot")
        page.locator(f'#maze .slot[data-slot="{slot}"]').hover()
        assert len(page.evaluate(PREVIEW)["line"]) == 7
        page.mouse.down()
        page.mouse.up()
        page.wait_for_function("() => S.view.phase === 'move' && !S.world.busy", timeout=WAIT_MS)
        page.wait_for_timeout(300)
        assert page.evaluate(PREVIEW) == {"line": [], "out": []}, "the push's line stays marked after the push"
        page.close()


def test_a_wide_screen_s_tiles_are_drawn_as_a_phone_s(browser: Any, red_url: str) -> None:
    """Labyrinth newcomer 71 (1920x1080): the wide screen's olive rock (#6b8f4e, 2.4:1 against the path) made a tile's
    openings hard to read, where the phone's dark rock and the dark edge along each corridor read well; the newcomers
    66 and 71 also saw the two screens draw one board in two greens. Every size draws the phone's tiles: the path at
    7:1 against the rock, a dark edge along each corridor, the cell's name light on the rock."""
    looks = []
    for size in (PHONE, DESKTOP):
        page = open_page(browser, red_url, size, guide=False)
        looks.append(page.evaluate("() => { const t = document.querySelector('#maze .tile'); return {"
                                   "rock: getComputedStyle(t.querySelector('.rock')).fill,"
                                   "edge: getComputedStyle(t.querySelector('.edge')).stroke,"
                                   "ratio: (" + CONTRAST + ")() }; }"))
        page.close()
    phone, wide = looks
    assert wide["ratio"] >= 7, wide
    assert wide["rock"] == phone["rock"] and wide["edge"] == phone["edge"] and wide["edge"] not in ("none", ""), looks
