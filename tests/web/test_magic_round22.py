"""Issue 15, the Magic Labyrinth page after the second newcomer round (stop 22), in Debian's headless
Chromium:

1. On a phone the prompt's room is the prompt shown: no empty band kept under a one-line prompt for
   lines it does not have; when the prompt's length changes the board moves once, to its new place,
   never back and forth.
2. A pawn never covers its cell's name (the symbol's name above it, the coordinate where the cell
   shows one), also while two pawns share a cell (a pawn passes over another: RULES.md), on a phone
   and at 1920x1080.
3. A tap on a greyed control on a phone says its reason without the keyboard hint "(D)": a phone
   has no keyboard (the help hides its key hints there by the same rule).

The third newcomer:

4. On a phone nothing moves through a ball drop's recovery (Lift pawn, click the corner, fish the
   ball): the control row keeps its buttons' places and sizes whatever their labels ("✊ Lift pawn",
   "👇 Click a cell to place"), and the board stays put (the prompt keeps the room of the longest
   prompt of the recovery).
5. The first-game tip says the step the board is at: with the pawn back on its corner, the ball.
6. A greyed control pressed with the mouse shows no focus ring afterwards, even after a key press.
7. At 1920x1080 the winner's score card keeps "simulated · winner 🏆" on one line.
8. On a phone pressing the controls leaves the page at its top, also the tip's "Got it" (its foot
   below the first screen: reaching it scrolled the page, and the title stayed cut off).
9. A dismissed tip stays dismissed, also where the browser refuses localStorage.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from test_magic_newcomer import PHONE, WAIT_MS, WIDE, open_page, roll, url, wait_action  # noqa: F401  (url: the fixture)

pytestmark = pytest.mark.browser

#: the prompt's text and the room it takes, as the page draws it: the text's own height (its lines'
#: rectangles) and the box's height without its padding
PROMPT_ROOM = """() => { const p = document.getElementById('prompt'), s = getComputedStyle(p);
    const range = document.createRange(); range.selectNodeContents(p);
    const rects = [...range.getClientRects()], text = rects.length ?
      Math.max(...rects.map(r => r.bottom)) - Math.min(...rects.map(r => r.top)) : 0;
    const inner = p.clientHeight - parseFloat(s.paddingTop) - parseFloat(s.paddingBottom);
    const box = p.getBoundingClientRect(), top = rects.length ? Math.min(...rects.map(r => r.top)) : box.top;
    const bottom = rects.length ? Math.max(...rects.map(r => r.bottom)) : box.bottom;
    return {text, inner, above: top - box.top - parseFloat(s.paddingTop) - parseFloat(s.borderTopWidth),
            below: box.bottom - bottom - parseFloat(s.paddingBottom) - parseFloat(s.borderBottomWidth), line: parseFloat(s.lineHeight) || parseFloat(s.fontSize) * 1.3,
            board: document.getElementById('board').getBoundingClientRect().top, words: p.textContent}; }"""

TEXTS = ["Red: press Roll.",
         "Red rolled 2: slide the pawn on a1 cell by cell, up to 2 more steps.",
         "Red rolled 2: slide the pawn on a1 cell by cell, up to 2 more steps (press Done to stop here or wait for the countdown).",
         "Red: press Roll."]


def test_on_a_phone_the_prompt_keeps_one_room_with_its_words_in_the_middle(browser: Any, url: str) -> None:  # noqa: F811
    """Round 22 saw an empty band kept under a one-line prompt; round 5 (stop 23) saw the board jump
    76 px at each roll as the prompt grew. The prompt's room is now a person's longest move or recovery
    prompt all game from the person's first roll on (round 24: no empty room before it, see
    test_magic_round24.py), and a shorter prompt sits in its middle: no band under the words, and the
    board below never moves."""
    page = open_page(browser, url, PHONE)
    page.evaluate("() => { S.rolledHere = true; drawPrompt(); }")  # as after the person's first roll
    seen = []
    for text in TEXTS:
        page.evaluate("t => { document.getElementById('prompt').textContent = t; }", text)
        seen.append(page.evaluate(PROMPT_ROOM))
    for s in seen:
        band = s["inner"] - s["text"]
        assert band >= 0 and abs(s["above"] - s["below"]) < 2, f"the words are not in the middle of the prompt's room: {s}"
    assert len({round(s["board"]) for s in seen}) == 1, f"the board moved with the prompt: {seen}"
    page.close()


def test_on_a_phone_the_board_moves_at_most_once_when_the_prompt_changes(browser: Any, url: str) -> None:  # noqa: F811
    """From Red's one-line 'press Roll' to the roll's longer prompt: every frame's board place noted,
    the board goes to its new place in one move (no jump to an in-between place, none back)."""
    page = open_page(browser, url, PHONE)
    page.evaluate("""() => { window.ys = []; const note = () => { ys.push(document.getElementById('board').getBoundingClientRect().top);
        requestAnimationFrame(note); }; note(); }""")
    roll(page)
    page.wait_for_timeout(1_000)
    ys = page.evaluate("ys")
    places = [y for i, y in enumerate(ys) if i == 0 or abs(y - ys[i - 1]) >= .5]
    lines = page.evaluate(PROMPT_ROOM)
    assert len(places) <= 2, f"the board moved more than once for one change of the prompt: {places} ({lines['words']!r})"
    page.close()


# -- 2. a pawn never covers a cell's name ---------------------------------------------------------------

#: every cell with a name (the symbol's, the coordinate shown), a pawn on it alone and then with the
#: other pawn passing over it: the parts of a pawn's box (body, ball, the selected ring, the bob's
#: 3 px up) that lie over a name, in px^2; [] when none
COVERED = """() => { const bad = [];
  const inter = (a, b) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
                          Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
  for (const cell of document.querySelectorAll('#board .cell')) {
    for (const two of [false, true]) {
      S.world.pawns.red.cell = cell.dataset.cell; S.world.pawns.blue.cell = two ? cell.dataset.cell : null;
      S.selected = 'red'; drawPawns();
      for (const p of document.querySelectorAll('#board .pawn')) {
        p.style.transition = 'none'; p.querySelector('.body').style.animation = 'none';
        const body = p.querySelector('.body'), bs = getComputedStyle(body);
        const ring = bs.outlineStyle === 'none' ? 0 : parseFloat(bs.outlineWidth) + parseFloat(bs.outlineOffset);
        const rs = [p, ...p.querySelectorAll('*')].map(e => e.getBoundingClientRect()), b = body.getBoundingClientRect();
        const box = {left: Math.min(b.left - ring, ...rs.map(r => r.left)), right: Math.max(b.right + ring, ...rs.map(r => r.right)),
                     top: Math.min(b.top - ring, ...rs.map(r => r.top)) - 3, bottom: Math.max(b.bottom + ring, ...rs.map(r => r.bottom))};
        for (const sel of ['.name', '.coord']) {
          const l = cell.querySelector(sel);
          if (!l || getComputedStyle(l).display === 'none') continue;
          const a = inter(box, l.getBoundingClientRect());
          if (a > 0) bad.push([cell.dataset.cell, two ? 'two pawns' : 'one pawn', p.dataset.player, sel, Math.round(a)]);
        }
      }
    }
  }
  return bad; }"""


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_a_pawn_never_covers_its_cell_s_name(browser: Any, url: str, size: tuple[int, int]) -> None:  # noqa: F811
    page = open_page(browser, url, size)
    bad = page.evaluate(COVERED)
    assert bad == [], f"a pawn covers the cell's name (cell, pawns, pawn, label, px²): {bad}"
    page.close()


# -- 3. no keyboard hint in a phone's tap reason ----------------------------------------------------------

def test_a_tap_on_greyed_done_on_a_phone_says_why_without_a_key_hint(browser: Any, url: str) -> None:  # noqa: F811
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.add_init_script("localStorage.setItem('mazeboard.guide.magic-labyrinth', JSON.stringify(['roll', 'move', 'return']))")
    page.goto(url)
    expect(page.locator("#prompt")).to_have_text(re.compile("Red: press Roll"), timeout=WAIT_MS)
    done = page.locator("#done")
    expect(done).to_have_attribute("aria-disabled", "true", timeout=WAIT_MS)
    box = done.bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    error = page.locator("#error")
    expect(error).to_contain_text("Done", timeout=3_000)
    said = error.inner_text()
    assert "(D)" not in said and not re.search(r"\([A-Z]\)", said), f"a phone's tap reason names a key: {said!r}"
    assert ": " in said and said.split(": ", 1)[1], said  # the reason itself is still there
    # the help hides its key hints by the same rule
    assert page.evaluate("getComputedStyle(document.querySelector('#help .keys')).display") == "none"
    context.close()


def test_a_click_on_greyed_done_with_a_keyboard_still_names_the_key(browser: Any, url: str) -> None:  # noqa: F811
    from playwright.sync_api import expect

    page = open_page(browser, url, WIDE)
    done = page.locator("#done")
    expect(done).to_have_attribute("aria-disabled", "true", timeout=WAIT_MS)
    done.click(force=True)
    expect(page.locator("#error")).to_contain_text("Done (D)", timeout=3_000)
    page.close()


def test_the_log_counts_symbols_found_as_the_score_does(browser: Any, url: str) -> None:
    """Seen (newcomer, round 3): the log said "Red found 🧪 potion (2 tokens)" while the score card
    shows "2/5" and the help "Five symbols win": "tokens" was never explained."""
    page = open_page(browser, url, WIDE)
    line = page.evaluate("LOG_TEXT.symbol_collected({player: 'red', symbol: 'potion', score: 2})")
    one = page.evaluate("LOG_TEXT.symbol_collected({player: 'red', symbol: 'potion', score: 1})")
    assert "token" not in line + one, (line, one)
    assert "2 of 5 symbols" in line and "1 of 5 symbols" in one, (line, one)
    page.close()


def test_a_ball_dropped_on_the_step_into_the_target_says_the_symbol_is_not_taken(browser: Any, url: str) -> None:
    """Seen (newcomer, round 3): the pawn sat on the glowing target (the wand on c1) after its ball
    fell at the wall c2-c1, and no point came: "why didn't I get it?"."""
    page = open_page(browser, url, WIDE)
    line = page.evaluate("""() => {
        S.view = {...S.view, target: {symbol: 'wand', cell: 'c1'}};
        S.recentSteps.push({player: 'red', from: 'c2', to: 'c1'});
        return LOG_TEXT.ball_dropped({player: 'red', edge: 'c1-c2'}); }""")
    assert "not taken" in line and "c1" in line, line
    other = page.evaluate("""() => { S.recentSteps = [{player: 'red', from: 'b2', to: 'b1'}];
        return LOG_TEXT.ball_dropped({player: 'red', edge: 'b1-b2'}); }""")
    assert "not taken" not in other, other
    page.close()


# -- 4. nothing moves on a phone through a ball drop's recovery ------------------------------------------

#: every frame while the board asks red for its pawn and ball: the board's top and the controls' boxes
RECORD = """() => { window.frames22 = []; const ids = ['board', 'roll', 'done', 'lift', 'fetch', 'tray-strip'];
  const note = () => { const s = S.view && S.view.instruction;
    if (s && s.action === 'return') frames22.push(ids.map(id => { const r = document.getElementById(id).getBoundingClientRect();
      return [id, Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)]; }));
    requestAnimationFrame(note); }; note(); }"""


def test_on_a_phone_nothing_moves_through_a_ball_drop_s_recovery(browser: Any, url: str) -> None:  # noqa: F811
    from playwright.sync_api import expect

    page = open_page(browser, url, PHONE)
    roll(page)
    page.locator('#board .cell[data-cell="b1"]').click()  # through the wall a1-b1: the ball drops
    wait_action(page, "return", None)
    expect(page.locator("#prompt")).to_contain_text("Lift pawn", timeout=WAIT_MS)
    page.evaluate(RECORD)
    page.locator("#lift").click()
    expect(page.locator("#lift")).to_contain_text("place", timeout=2_000)
    page.wait_for_timeout(300)
    page.locator('#board .cell[data-cell="a1"]').click()
    expect(page.locator("#prompt")).to_contain_text("back on a1", timeout=WAIT_MS)
    page.wait_for_timeout(300)
    page.locator("#tray-strip .tray-ball.red").click()
    wait_action(page, "roll", "blue")
    frames = page.evaluate("frames22")
    assert len(frames) > 5, frames
    moved = {}
    for frame in frames[1:]:
        for now, first in zip(frame, frames[0]):
            if now != first:
                moved.setdefault(now[0], (first, now))
    assert moved == {}, f"moved or resized during the recovery (first, then): {moved}"
    page.close()


# -- 5. the tip says the step the board is at -------------------------------------------------------------

def test_the_first_game_tip_follows_the_recovery_s_steps(browser: Any, url: str) -> None:  # noqa: F811
    from playwright.sync_api import expect

    page = open_page(browser, url, PHONE, tips=True)
    roll(page)
    page.locator('#board .cell[data-cell="b1"]').click()
    wait_action(page, "return", None)
    tip = page.locator("#guide .guide-text")
    expect(tip).to_contain_text("starts over", timeout=WAIT_MS)  # why; the prompt says the steps (Magic newcomer 45)
    page.locator("#lift").click()
    page.locator('#board .cell[data-cell="a1"]').click()
    expect(page.locator("#prompt")).to_contain_text("back on a1", timeout=WAIT_MS)
    page.wait_for_timeout(300)
    shown = page.locator("#guide").is_visible()
    text = tip.inner_text() if shown else ""
    assert not shown or ("Lift pawn" not in text and "ball" in text), f"the tip is a step behind the board: {text!r}"
    page.close()


# -- 6. no focus ring on a greyed control after a mouse press ----------------------------------------------

def test_a_greyed_control_pressed_with_the_mouse_shows_no_focus_ring(browser: Any, url: str) -> None:  # noqa: F811
    page = open_page(browser, url, WIDE)
    roll(page)  # a mouse click on Roll; Roll greys while the pawn slides
    page.keyboard.press("ArrowUp")  # a key press: Chromium then draws the focus ring of a focused button
    page.wait_for_function("document.getElementById('roll').getAttribute('aria-disabled') === 'true'")
    ring = page.evaluate("(() => { const s = getComputedStyle(document.getElementById('roll')); return [s.outlineStyle, s.outlineWidth]; })()")
    assert ring[0] == "none", f"the greyed Roll keeps a focus ring after a mouse press: {ring}"
    # a keyboard user still sees where the focus is
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.matches(':focus-visible')"), page.evaluate("document.activeElement.outerHTML")
    page.close()


# -- 7. the winner's card on one line at 1920x1080 ---------------------------------------------------------

def test_the_winner_s_score_card_keeps_one_line_on_a_wide_screen(browser: Any, url: str) -> None:  # noqa: F811
    page = open_page(browser, url, WIDE)
    page.evaluate("""() => { S.view = {...S.view, phase: 'over', winner: 'blue', scores: {red: 4, blue: 5},
        instruction: {...S.view.instruction, action: 'game_over', player: null, requests: []}}; drawInfo(); }""")
    lines = page.evaluate("""() => [...document.querySelectorAll('#players .player')].map(row => {
        const range = document.createRange(); range.selectNodeContents(row.querySelector('.who'));
        const rs = [...range.getClientRects()].filter(r => r.width > 0), top = Math.min(...rs.map(r => r.top));
        const below = rs.filter(r => r.top > top + 8).length;  // a rectangle a line lower: the line wrapped
        const who = Math.max(...rs.map(r => r.right)), score = row.querySelector('.tokens').getBoundingClientRect().left;
        return [row.dataset.player, 1 + Math.sign(below), row.querySelector('.who').textContent, Math.round(score - who)]; })""")
    assert all(n == 1 for _, n, _, _ in lines), f"a score card's name line wraps: {lines}"
    assert all(gap >= 4 for _, _, _, gap in lines), f"the name line runs into the score: {lines}"
    page.close()



# -- 8. pressing a control leaves a phone's page at its top ---------------------------------------------------

def test_on_a_phone_pressing_the_controls_and_the_tip_s_got_it_leaves_the_page_at_its_top(browser: Any, url: str) -> None:  # noqa: F811
    """The newcomer pressed Roll, moved, pressed the tip's "Got it" (its foot below the first screen: the
    page scrolled to reach it) and was left with the title cut off once the tip went."""
    from playwright.sync_api import expect

    page = open_page(browser, url, PHONE, tips=True)
    page.evaluate("() => { window.sy = []; const f = () => { sy.push(scrollY); requestAnimationFrame(f); }; f(); }")
    roll(page)
    page.locator('#board .cell[data-cell="a2"]').click()
    page.wait_for_timeout(400)
    assert max(page.evaluate("sy")) == 0, "the page scrolled through a roll and a move"
    guide = page.locator("#guide")
    expect(guide).to_be_visible(timeout=WAIT_MS)
    page.locator("#guide .guide-ok").click()  # reached as a person reaches it: scrolled into view if needed
    expect(guide).to_be_hidden()
    page.wait_for_timeout(300)
    assert page.evaluate("scrollY") == 0, "the tip went and left the page scrolled: the title is cut off"
    assert page.locator("h1").bounding_box()["y"] >= 0
    page.close()


def test_a_dismissed_tip_stays_dismissed_where_the_browser_refuses_storage(browser: Any, url: str) -> None:  # noqa: F811
    """The newcomer pressed "Got it" at 1920x1080 and the tip came back at the next update: a browser
    that refuses localStorage (a private window, storage blocked) must not undo a dismissal."""
    from playwright.sync_api import expect

    page = browser.new_page(viewport={"width": WIDE[0], "height": WIDE[1]})
    page.add_init_script("Storage.prototype.setItem = function () { throw new DOMException('refused', 'QuotaExceededError'); }")
    page.goto(url)
    guide = page.locator("#guide")
    expect(guide).to_contain_text("Roll", timeout=WAIT_MS)
    page.locator("#guide .guide-ok").click()
    expect(guide).to_be_hidden()
    page.evaluate("drawInfo()")  # the next update from the board
    page.wait_for_timeout(300)
    assert guide.is_hidden(), f"the dismissed tip came back: {page.locator('#guide .guide-text').inner_text()!r}"
    page.close()


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_a_lit_cell_with_a_symbol_shows_its_light_around_the_symbol(browser: Any, url: str,
                                                                     size: tuple[int, int]) -> None:
    """Seen (newcomer, round 4): after rolling 3 on a1, b2 (moon) and c1 (wand) "did not look lit",
    though the board lit them: the symbol's disc hid the glow's core, only a faint fade was left.
    A lit cell now also shows a frame of its LED's colour, outside the symbol, as wide as ~6 % of the cell."""
    page = open_page(browser, url, size)
    roll(page)
    page.wait_for_timeout(400)  # the LEDs fade in (.08 s)
    lit = page.evaluate("""() => S.view.instruction.cells.filter(c => S.hello.symbols[c])
        .map(c => { const cell = document.querySelector(`#board .cell[data-cell="${c}"]`);
                    const led = getComputedStyle(cell.querySelector('.led')), r = cell.getBoundingClientRect();
                    return {c, lit: cell.classList.contains('lit'), shadow: led.boxShadow, opacity: led.opacity,
                            glow: cell.style.getPropertyValue('--glow'), w: r.width}; })""")
    assert lit, "no lit cell with a symbol"
    for cell in lit:
        assert cell["lit"] and cell["opacity"] == "1", cell
        m = re.search(r"rgb\((\d+), (\d+), (\d+)\) 0px 0px 0px (\d+(?:\.\d+)?)px inset", cell["shadow"])
        assert m, cell
        assert int(m.group(1)) > 100 and int(m.group(2)) < 40, cell  # red's LED colour
        assert float(m.group(4)) >= 0.05 * cell["w"], cell
    page.close()


def test_a_symbol_drawn_under_a_pawn_says_why_it_was_found(browser: Any, url: str) -> None:
    """Seen (newcomer, round 4): during Blue's turn the new target (💀 skull on d4) was drawn where
    Red's pawn stood and the log said at once "Red found 💀 skull": a point out of nowhere. The chain
    rule (the new target under a pawn is that pawn's) is now said on the line."""
    page = open_page(browser, url, WIDE)
    lines = page.evaluate("""() => {
        const said = (evs) => { evs.forEach((e, i) => addLog({t: 90000 + i, ...e}));
            return document.querySelector('#log li[data-type=symbol_collected] .text').textContent; };
        return [said([{type: 'target', symbol: 'skull', cell: 'd4'},
                      {type: 'symbol_collected', player: 'red', symbol: 'skull', cell: 'd4', score: 4}]),
                said([{type: 'target', symbol: 'owl', cell: 'c6'}, {type: 'step', player: 'blue', from: 'c5', to: 'c6', steps: 1},
                      {type: 'symbol_collected', player: 'blue', symbol: 'owl', cell: 'c6', score: 2}])]; }""")
    under, walked = lines
    assert "appeared under" in under and "Red" in under, lines
    assert "appeared under" not in walked, lines  # walked onto it: nothing to explain
    page.close()


def test_the_phone_tray_strip_says_the_corner_in_words(browser: Any, url: str) -> None:
    """Seen (newcomer, round 4): the phone's tray strip read "TRAY ⚪ SW", never explained there
    (the wide tray names its four corners)."""
    page = open_page(browser, url, PHONE)
    text, title, drawn, other = page.evaluate("""() => { S.world = {...S.world, tray: {'tray-sw': ['red', 'blue']}};
        drawTrayStrip(); const w = document.querySelector('#tray-strip .where.mine');
        return [document.getElementById('tray-strip').innerText, w.title,
                document.querySelector('#tray-strip .mini-tray.sw .red') !== null,
                [...document.querySelectorAll('#tray-strip .where:not(.mine)')].map((e) => e.textContent).join()]; }""")
    # (round 27: the own ball's words say the pocket short, "rolled to the bottom left: ...", in three lines)
    # (Magic newcomer 14: beside a small picture of the tray, the ball in its corner)
    # (Magic newcomer 16: the own ball's words name no corner, "In the tray: tap it ...": its title does, and
    # the picture shows it; a simulated player's ball is named by its corner)
    assert "SW" not in text and drawn, text
    assert "bottom left" in title.replace("-", " ").lower(), title
    assert "bottom left" in other.replace("-", " ").lower(), other
    page.close()
