"""Round 26, newcomer round 10 on The Magic Labyrinth (phone 390x844, touch): a finger's drag of the
pawn moves it as a mouse's drag does (it did nothing: a touch screen starts no HTML drag), and the
page says "tap" where it said "click" on a touch screen (English; a translation keeps its words)."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from test_magic_newcomer import ARGS, WAIT_MS, WIDE, roll, serve, wait_action  # noqa: E402
from test_magic_newcomer10_round26 import touch_page  # noqa: E402

pytestmark = pytest.mark.browser


def middle(page: Any, sel: str) -> tuple[float, float]:
    """The middle of `sel`, in one look in the page (the pawns are drawn again at each world message: a
    locator's element may go between two questions)."""
    x, y = page.wait_for_function("""(s) => { const e = document.querySelector(s); if (!e) return null;
        const r = e.getBoundingClientRect(); return r.width ? [r.x + r.width / 2, r.y + r.height / 2] : null; }""",
                                  arg=sel, timeout=WAIT_MS).json_value()
    return float(x), float(y)


def finger_drag(page: Any, src: str, dst: str) -> None:
    """A real touch sequence (CDP Input.dispatchTouchEvent, as a finger on a phone) from the middle of
    `src` to the middle of `dst`, in ten moves."""
    cdp = page.context.new_cdp_session(page)

    (x0, y0), (x1, y1) = middle(page, src), middle(page, dst)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for i in range(1, 11):
        x, y = x0 + (x1 - x0) * i / 10, y0 + (y1 - y0) * i / 10
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


@pytest.fixture()
def game(browser: Any) -> Iterator[tuple[Any, str]]:
    """A fresh simulator (test_magic_newcomer's ARGS: one wall, a1-b1) and its url, with a touch phone
    page on it."""
    proc, url = serve(ARGS)
    try:
        page = touch_page(browser, url)
        yield page, url
        page.context.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_a_finger_drag_of_the_own_pawn_onto_a_neighbouring_cell_slides_it_there(game: tuple[Any, str]) -> None:
    page, _ = game
    roll(page)
    assert page.evaluate("S.world.pawns.red.cell") == "a1"
    # a2: north of a1, open (the one wall, a1-b1, is east)
    finger_drag(page, "#board .pawn.red", '#board .cell[data-cell="a2"]')
    page.wait_for_function("S.world.pawns.red.cell === 'a2'", timeout=WAIT_MS)


def test_a_finger_drag_begun_anywhere_on_the_pawn_s_cell_slides_it_too(game: tuple[Any, str]) -> None:
    """Round 11: a drag begun at the middle of a1 (on the 🏠, beside the small pawn) scrolled the page
    and the pawn stayed, silently."""
    page, _ = game
    roll(page)
    finger_drag(page, '#board .cell[data-cell="a1"] .sym', '#board .cell[data-cell="a2"]')
    page.wait_for_function("S.world.pawns.red.cell === 'a2'", timeout=WAIT_MS)
    assert page.evaluate("window.scrollY") == 0, "the page scrolled under the finger"


def test_a_short_finger_press_on_the_pawn_is_no_drag(game: tuple[Any, str]) -> None:
    """A tap (the finger lifts where it came down) stays a tap: the pawn is not sent anywhere."""
    page, _ = game
    roll(page)
    page.evaluate("() => { window.sent = []; const s = window.send; window.send = (m) => { sent.push(m); return s(m); }; }")
    page.locator("#board .pawn.red").tap()
    page.wait_for_timeout(300)
    assert page.evaluate("sent.filter((m) => ['slide', 'place', 'lift'].includes(m.type))") == []
    assert page.evaluate("S.world.pawns.red.cell") == "a1"


def test_on_a_touch_screen_the_page_says_tap_and_with_a_mouse_click(browser: Any, game: tuple[Any, str]) -> None:
    page, url = game
    help_text = page.locator("#help").text_content() or ""
    words = page.evaluate("""() => [I18N.t("page.magic.in_hand", "Your pawn is in your hand: click a cell to set it down."),
                                    I18N.prompt(null, "Clicked twice: one click puts it back")]""")
    assert not re.search(r"\bclick", help_text, re.I), help_text
    assert "tap a neighbouring cell" in help_text, help_text
    assert words == ["Your pawn is in your hand: tap a cell to set it down.", "Tapped twice: one tap puts it back"], words

    ctx = browser.new_context(viewport={"width": WIDE[0], "height": WIDE[1]})
    mouse = ctx.new_page()
    mouse.goto(url)
    mouse.wait_for_function("typeof S !== 'undefined' && S.view", timeout=WAIT_MS)
    help_text = mouse.locator("#help").text_content() or ""
    said = mouse.evaluate("""() => I18N.t("page.magic.in_hand", "Your pawn is in your hand: click a cell to set it down.")""")
    ctx.close()
    assert "click a neighbouring cell" in help_text and "tap" not in help_text, help_text
    assert said == "Your pawn is in your hand: click a cell to set it down."


def test_the_words_beside_the_own_ball_in_the_tray_strip_fish_it_out_too(game: tuple[Any, str]) -> None:
    """Round 11: the ball in the phone's tray strip, 22 px, was the only place to tap to fish it out."""
    page, _ = game
    roll(page)
    page.locator('#board .cell[data-cell="b1"]').tap()  # across the wall a1-b1: the ball drops
    wait_action(page, "return", None)
    # round 27: before the pawn is back, the words say what comes first (they said "tap it to fish it out")
    expect_words = page.locator("#tray-strip .where.mine")
    page.wait_for_function("document.querySelector('#tray-strip .where.mine')", timeout=WAIT_MS)
    said = expect_words.inner_text()
    assert "once your pawn is back" in said, said
    # newcomer 16: no corner named in the words ("Bottom right: …" pointed at nothing a phone shows)
    assert not any(w in said.lower() for w in ("right", "left", "top", "bottom")), said
    from playwright.sync_api import expect

    expect(page.locator("#lift")).not_to_have_attribute("aria-disabled", "true", timeout=WAIT_MS)
    page.locator("#lift").tap()
    expect(page.locator("#prompt")).to_contain_text("in your hand", timeout=WAIT_MS)
    page.locator('#board .cell[data-cell="a1"]').tap()
    page.wait_for_function("S.world.pawns.red.cell === 'a1' && Object.values(S.world.tray).some((ps) => ps.includes('red'))",
                           timeout=WAIT_MS)
    words = page.locator("#tray-strip .where.mine")
    expect(words).to_be_visible(timeout=WAIT_MS)
    expect(words).to_contain_text("tap it to fish it out", timeout=WAIT_MS)
    box = words.bounding_box()
    assert box and box["width"] > 40, box
    words.tap()
    page.wait_for_function("S.world.pawns.red.ball === 'attached'", timeout=WAIT_MS)


def test_a_finger_a_little_above_or_below_new_game_and_help_still_finds_them(game: tuple[Any, str]) -> None:
    page, _ = game
    for sel in ("#new-game", "#help-button"):
        hits = page.evaluate("""(sel) => { const b = document.querySelector(sel), r = b.getBoundingClientRect(), x = r.x + r.width / 2;
            return [Math.max(1, r.top - 8), r.bottom + 8].map((y) => !!document.elementFromPoint(x, y)?.closest(sel)); }""", sel)
        assert hits == [True, True], (sel, hits)


def test_a_symbol_found_is_said_for_a_moment_on_the_first_screen(game: tuple[Any, str]) -> None:
    """Round 27 (Magic newcomer 12): reaching the unicorn on a phone, the prompt moved on to Blue's turn at
    once and "⭐ Red found 🦄 unicorn: 1 of 2 symbols" was said only in the log, below the first screen. The
    board's own event is fed to the page here (a find cannot be aimed at in a short test)."""
    page, _ = game
    page.evaluate("""() => HANDLERS.event({event: {type: 'symbol_collected', player: 'red', symbol: 'unicorn', score: 1,
        cell: 'c3', t: S.heardT + 1}, view: S.view})""")
    news = page.locator("#news")
    box = news.bounding_box()
    assert news.is_visible() and "Red found" in news.inner_text() and "1 of" in news.inner_text(), news.inner_text()
    assert box and 0 <= box["y"] and box["y"] + box["height"] <= 844 and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    # ...over the players' row (the score the find changes), never over the header's title and buttons (Magic newcomers
    # 59, 61, 62: it hid ✨ New game)
    head = page.locator("header").bounding_box()
    assert head and box["y"] >= head["y"] + head["height"], (box, head)
    page.wait_for_timeout(4000)
    assert not news.is_visible(), "the news stays"


def test_mid_drag_the_cell_under_the_finger_is_marked_and_a_mouse_drag_selects_no_text(browser: Any, game: tuple[Any, str]) -> None:
    """Round 27 (Magic newcomer 12): mid-drag nothing showed where the pawn would go (the pawn jumped on
    release); a mouse drag begun beside the pawn selected the cells' names."""
    page, url = game
    roll(page)
    cdp = page.context.new_cdp_session(page)
    (x0, y0), (x1, y1) = middle(page, "#board .pawn.red"), middle(page, '#board .cell[data-cell="a2"]')
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for i in range(1, 6):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x0 + (x1 - x0) * i / 5, "y": y0 + (y1 - y0) * i / 5}]})
    marked = page.evaluate("[...document.querySelectorAll('#board .cell.drop-ok')].map((c) => c.dataset.cell)")
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()
    assert marked == ["a2"], marked
    page.wait_for_function("S.world.pawns.red.cell === 'a2' && !document.querySelector('#board .cell.drop-ok')", timeout=WAIT_MS)

    mouse = browser.new_page(viewport={"width": WIDE[0], "height": WIDE[1]})
    mouse.goto(url)
    mouse.wait_for_function("typeof S !== 'undefined' && S.view", timeout=WAIT_MS)
    c1, e2 = mouse.locator('#board .cell[data-cell="c1"]').bounding_box(), mouse.locator('#board .cell[data-cell="e2"]').bounding_box()
    assert c1 and e2
    mouse.mouse.move(c1["x"] + 5, c1["y"] + 5)
    mouse.mouse.down()
    mouse.mouse.move(e2["x"] + e2["width"] - 5, e2["y"] + 5, steps=8)
    mouse.mouse.up()
    selected = mouse.evaluate("window.getSelection().toString()")
    mouse.close()
    assert selected.strip() == "", f"a drag over the board selected {selected!r}"
