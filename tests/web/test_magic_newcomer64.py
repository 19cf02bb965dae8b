"""Issue 15, Magic newcomer 64 (1920x1080): the tip says the white cell holding the symbol is "framed in your colour
when your roll can reach it", and the reachable target read as "a white frame with a thin red line outside" (a 5 px
frame on a 122 px cell, beside cells to reach framed 8.5 px in the same colour). The target's frame in the mover's
colour is at least as wide as a lit cell's frame, at every size, with its white band inside it."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import MAGIC, PHONE, WIDE, open_page, serving

pytestmark = pytest.mark.browser

WIDTHS = """() => {
  const cells = [...document.querySelectorAll('#board .cell')];
  const target = cells[0], lit = cells[cells.length - 1];
  target.classList.add('target-cell', 'target-reach');
  lit.classList.add('lit');
  const t = getComputedStyle(target), f = getComputedStyle(target, '::before'), l = getComputedStyle(lit.querySelector('.led'));
  const frame = Math.max(...(l.boxShadow.match(/(\\d+(\\.\\d+)?)px/g) || ['0px']).map(parseFloat));
  const band = Math.max(...(t.boxShadow.match(/(\\d+(\\.\\d+)?)px/g) || ['0px']).map(parseFloat));
  return { outline: parseFloat(f.borderTopWidth), offset: parseFloat(f.top), frame, band,
           cell: target.getBoundingClientRect().width, colour: f.borderTopColor };
}"""


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_the_reachable_target_s_frame_is_as_wide_as_a_lit_cell_s(browser: Any, size: tuple[int, int]) -> None:
    with serving(MAGIC) as url:
        page = open_page(browser, url, size)
        try:
            page.wait_for_selector("#board .cell .led")
            w = page.evaluate(WIDTHS)
        finally:
            page.close()
    assert w["frame"] > 0, w
    assert w["outline"] >= int(w["frame"]), w  # as wide as the frame of a cell to reach (Chromium draws whole px)
    assert w["offset"] == 0, w  # along the cell's edge, inside it
    assert w["band"] >= w["outline"] + 3, w  # the white band shows inside the colour
    if size == WIDE:
        assert w["outline"] >= 8, w


def test_a_find_on_a_phone_is_said_over_the_tip_s_room_not_the_scores(browser: Any) -> None:
    """Magic newcomers 63, 64 and 65 (390x844): "⭐ Red found 🪄 wand: 1 of 2 symbols" lay over both score cards for
    its 3.5 s, hiding the score it announced. On a phone whose tip room (a tip, or the log's latest line) lies above
    the players' row, the banner lies there; the scores stay in view."""
    from test_magic_newcomer import ARGS
    from test_magic_newcomer import open_page as magic_page

    with serving(ARGS) as url:
        page = magic_page(browser, url, PHONE, tips=True, touch=True)
        try:
            page.wait_for_selector("#guide:not([hidden])")
            page.evaluate("""() => HANDLERS.event({event: {type: 'symbol_collected', player: 'red', symbol: 'unicorn',
                score: 1, cell: 'c3', t: S.heardT + 1}, view: S.view})""")
            news, guide, row = (page.locator(s).bounding_box() for s in ("#news", "#guide", "#players"))
            assert news and guide and row, (news, guide, row)
            assert news["y"] + news["height"] <= row["y"] + 1, (news, row)  # the scores in view
            assert news["y"] < guide["y"] + guide["height"] and news["y"] + news["height"] > guide["y"], (news, guide)
            head = page.locator("header").bounding_box()
            assert head and news["y"] >= head["y"] + head["height"], (news, head)
        finally:
            page.context.close()


@pytest.mark.parametrize("finds", [1, 2])
def test_a_find_s_banner_never_lies_over_the_prompt(browser: Any, finds: int) -> None:
    """(an attack, 320x568: two finds at once made the banner two lines, taller than the tip's room, and it ran over the
    players' row from the tip's top; placed once, it stayed over the prompt's last line when the prompt grew after the
    find) Where it does not fit in the tip's room it lies over the players' row; it is placed again as the page
    settles, never over the prompt nor the header."""
    from test_magic_newcomer import ARGS
    from test_magic_newcomer import open_page as magic_page

    with serving(ARGS) as url:
        page = magic_page(browser, url, (320, 568), tips=True, touch=True)
        try:
            page.wait_for_selector("#guide:not([hidden])")
            for k in range(finds):
                page.evaluate("""(k) => HANDLERS.event({event: {type: 'symbol_collected', player: k ? 'blue' : 'red',
                    symbol: k ? 'owl' : 'unicorn', score: 1, cell: 'c3', t: S.heardT + 1}, view: S.view})""", k)
            page.evaluate("""() => { const p = document.getElementById('prompt-text') || document.getElementById('prompt');
                p.textContent += ' and a longer prompt now, as the next turn says more words than before'; }""")
            page.wait_for_timeout(800)
            news, prompt, head = (page.locator(s).bounding_box() for s in ("#news", "#prompt", "header"))
            assert news and prompt and head, (news, prompt, head)
            assert news["y"] >= prompt["y"] + prompt["height"] - 1, (news, prompt)
            assert news["y"] >= head["y"] + head["height"], (news, head)
            assert news["y"] + news["height"] <= 568, news
        finally:
            page.context.close()


def test_a_find_s_banner_over_the_tip_s_room_covers_all_of_it(browser: Any) -> None:
    """Magic newcomer 67 (390x844): the banner over the tip's room was a line high, the room's dashed frame and the
    log's latest line ("…on b5") showing round it. Over the room it is as high as the room, its words in the middle."""
    from test_magic_newcomer import ARGS
    from test_magic_newcomer import open_page as magic_page

    with serving(ARGS) as url:
        page = magic_page(browser, url, PHONE, tips=True, touch=True)
        try:
            page.wait_for_selector("#guide:not([hidden])")
            page.locator("#guide .guide-ok").tap()  # the room stays, saying the log's latest line
            page.evaluate("""() => HANDLERS.event({event: {type: 'symbol_collected', player: 'blue', symbol: 'key',
                score: 1, cell: 'e4', t: S.heardT + 1}, view: S.view})""")
            page.wait_for_timeout(700)
            news = page.locator("#news").bounding_box()
            room = page.evaluate("""() => { const r = document.getElementById('guide').getBoundingClientRect();
                const h = parseFloat(getComputedStyle(document.body).getPropertyValue('--guide-rest')) || r.height;
                return { y: r.top, height: r.height || h }; }""")
            assert news and room["height"] > 20, (news, room)
            row = page.locator("#players").bounding_box()
            assert row and news["y"] + news["height"] <= row["y"] + 1, (news, row)
            assert news["y"] <= room["y"] + 1 and news["y"] + news["height"] >= room["y"] + room["height"] - 1, (news, room)
            # ...and nothing of the room's words shows through it (Magic newcomer 68 read "📖 L… ok on c3" round the
            # banner's words: a 96 % ground lets light words through)
            ground = page.evaluate("getComputedStyle(document.getElementById('news')).backgroundColor")
            assert ground.startswith("rgb("), ground
        finally:
            page.context.close()


def test_a_find_on_a_wide_screen_leaves_the_scores_in_view(browser: Any) -> None:
    """Magic newcomers 66, 68 and 69 (1920x1080): the find's banner lay over the players' row, Red's "2/2" under it
    at the win; newcomer 70: over the target's and die's row it hid the new target. On a wide screen it lies over the
    head of "What happened", whose newest line says the same find."""
    from test_magic_newcomer import ARGS
    from test_magic_newcomer import open_page as magic_page

    with serving(ARGS) as url:
        page = magic_page(browser, url, WIDE)
        try:
            page.evaluate("""() => HANDLERS.event({event: {type: 'symbol_collected', player: 'red', symbol: 'unicorn',
                score: 1, cell: 'c3', t: S.heardT + 1}, view: S.view})""")
            page.wait_for_timeout(700)
            news, row, turn, log = (page.locator(s).bounding_box() for s in ("#news", "#players", ".turn-row", "#log"))
            assert news and row and turn and log, (news, row, turn, log)
            assert news["y"] >= turn["y"] + turn["height"] - 1, (news, turn)  # the scores and the target in view
            assert news["y"] + news["height"] <= log["y"] + 40 and abs(news["x"] - log["x"]) <= 1, (news, log)
        finally:
            page.close()


@pytest.mark.parametrize("finds", [2, 3])
def test_a_find_s_banner_never_lies_over_the_board(browser: Any, finds: int) -> None:
    """(an attack, 320x568: two finds at once made the banner four lines high; too high for the tip's room, it was put
    over the players' row and ran down over the board's top row, where the two finds had just been)"""
    from test_magic_newcomer import ARGS
    from test_magic_newcomer import open_page as magic_page

    with serving(ARGS) as url:
        page = magic_page(browser, url, (320, 568), tips=True, touch=True)
        try:
            page.wait_for_selector("#guide:not([hidden])")
            for k in range(finds):
                page.evaluate("""(k) => HANDLERS.event({event: {type: 'symbol_collected', player: k % 2 ? 'blue' : 'red',
                    symbol: ['owl', 'bat', 'frog'][k], score: 1, cell: 'c6', t: S.heardT + 1}, view: S.view})""", k)
            page.wait_for_timeout(800)
            news, board, prompt = (page.locator(s).bounding_box() for s in ("#news", ".board-frame", "#prompt"))
            assert news and board and prompt, (news, board, prompt)
            assert news["y"] + news["height"] <= board["y"] + 1, (news, board)
            assert news["y"] >= prompt["y"] + prompt["height"] - 1 or news["y"] + news["height"] <= prompt["y"] + 1, (news, prompt)
        finally:
            page.context.close()


def test_the_reachable_target_s_frame_is_in_the_lit_cells_own_colour(browser: Any) -> None:
    """Magic newcomer 71 (390x844): the reachable target's frame was the turn's softer red (#e23b3b) beside the cells to
    reach framed in their LED's full red, and it read as "a red tint", not a frame in the mover's colour. It takes the
    lit cells' own frame colour."""
    with serving(MAGIC) as url:
        page = open_page(browser, url, PHONE)
        try:
            page.wait_for_selector("#board .cell .led")
            look = page.evaluate("""() => {
              const cells = [...document.querySelectorAll('#board .cell')];
              const target = cells[0], lit = cells[cells.length - 1];
              lit.classList.add('lit'); lit.style.setProperty('--frame', 'rgb(255, 0, 0)');
              target.classList.add('target-cell', 'target-reach');
              reachColour();
              return { outline: getComputedStyle(target, '::before').borderTopColor,
                       frame: lit.style.getPropertyValue('--frame') };
            }""")
        finally:
            page.close()
    assert look["outline"] == look["frame"] == "rgb(255, 0, 0)", look



def test_a_find_s_banner_is_placed_again_when_the_phone_turns(browser: Any) -> None:
    """(an attack: a phone turned to landscape while the banner showed had it over the board, and turned back to
    portrait 828 px wide on a 390 px screen, over the prompt)"""
    from test_magic_newcomer import ARGS
    from test_magic_newcomer import open_page as magic_page

    with serving(ARGS) as url:
        page = magic_page(browser, url, (844, 390), tips=True, touch=True)
        try:
            page.evaluate("""() => HANDLERS.event({event: {type: 'symbol_collected', player: 'red', symbol: 'owl',
                score: 1, cell: 'c6', t: S.heardT + 1}, view: S.view})""")
            page.wait_for_timeout(700)
            page.set_viewport_size({"width": 390, "height": 844})
            page.wait_for_timeout(400)
            news, prompt = (page.locator(s).bounding_box() for s in ("#news", "#prompt"))
            assert news and prompt, (news, prompt)
            assert news["x"] >= 0 and news["x"] + news["width"] <= 390, news
            assert news["y"] >= prompt["y"] + prompt["height"] - 1, (news, prompt)
        finally:
            page.context.close()



def test_a_find_on_a_short_wide_screen_leaves_the_scores_in_view(browser: Any) -> None:
    """(an attack, 1280x420: the head of "What happened" below the screen, the banner fell back to the players' row
    and hid Red's score)"""
    from test_magic_newcomer import ARGS
    from test_magic_newcomer import open_page as magic_page

    with serving(ARGS) as url:
        page = magic_page(browser, url, (1280, 420))
        try:
            page.evaluate("""() => HANDLERS.event({event: {type: 'symbol_collected', player: 'red', symbol: 'owl',
                score: 1, cell: 'c6', t: S.heardT + 1}, view: S.view})""")
            page.wait_for_timeout(700)
            news, row = (page.locator(s).bounding_box() for s in ("#news", "#players"))
            assert news and row, (news, row)
            apart = news["y"] + news["height"] <= row["y"] + 1 or news["y"] >= row["y"] + row["height"] - 1 \
                or news["x"] + news["width"] <= row["x"] + 1 or news["x"] >= row["x"] + row["width"] - 1
            assert apart, (news, row)
        finally:
            page.close()
