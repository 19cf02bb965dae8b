"""Issue 15, Magic Labyrinth newcomer 100 (stop 41): the keys (R, D, L, F) were said only in the README and in each
button's title, which nobody reads before pressing. Where a keyboard is at hand (a fine pointer that hovers, a wide
window) each button a key presses shows its key beside its words, inside the button; a touch phone shows none."""

from __future__ import annotations

from typing import Any

import pytest

from test_plain_words_browser import LABYRINTH, MAGIC, PHONE, STRUGGLE, WIDE, open_page, serving

pytestmark = pytest.mark.browser

KEYS = {"magic": (MAGIC, {"roll": "R", "done": "D", "lift": "L", "fetch": "F"}),
        "labyrinth": (LABYRINTH, {"rotate": "R", "done": "D"}),
        "struggle": (STRUGGLE, {"throw": "T", "stop": "S"})}

# each button's key mark (its ::after), and the button's size with the marks and without them (a style taking them
# away)
MARKS = """(ids) => {
    const size = (id) => { const r = document.getElementById(id).getBoundingClientRect(); return [r.width, r.height]; };
    const out = Object.fromEntries(ids.map((id) => [id, {content: getComputedStyle(document.getElementById(id), '::after').content,
                                                         size: size(id)}]));
    const off = document.createElement('style');
    off.textContent = 'button[data-key]::after { content: none !important; }';
    document.head.append(off);
    for (const id of ids) out[id].bare = size(id);
    off.remove();
    return out;
}"""


# the buttons whose key mark (7 px above the button's top, 5 px past its end: board.css) a clipping ancestor cuts
CUT = """(ids) => ids.filter((id) => {
    const b = document.getElementById(id).getBoundingClientRect();
    for (let el = document.getElementById(id).parentElement; el && el !== document.body; el = el.parentElement) {
      const s = getComputedStyle(el);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const r = el.getBoundingClientRect(), right = r.left + el.clientLeft + el.clientWidth, top = r.top + el.clientTop;
      if (b.right + 5 > right + 0.5 || b.top - 7 < top - 0.5) return true;
    }
    return false;
})"""


@pytest.mark.parametrize("game", list(KEYS))
def test_a_wide_screen_shows_each_button_s_key(browser: Any, game: str) -> None:
    args, keys = KEYS[game]
    with serving(args) as url:
        page = open_page(browser, url, WIDE)
        marks = page.evaluate(MARKS, list(keys))
        for button, key in keys.items():
            assert marks[button]["content"] == f'"{key}"', (button, marks)
            assert marks[button]["size"] == marks[button]["bare"], (button, marks)  # no room taken
        # ...each whole, not cut by a box that clips (Magic newcomer 110: Lift pawn's "L" at the side panel's edge)
        cut = page.evaluate(CUT, list(keys))
        assert not cut, cut
        page.close()
        # ...and a touch phone, with no keys, none
        context = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True)
        phone = context.new_page()
        phone.goto(url)
        phone.wait_for_function("document.getElementById('conn').textContent === 'connected'")
        marks = phone.evaluate(MARKS, list(keys))
        for button in keys:
            assert marks[button]["content"] in ("none", "normal"), (button, marks)
        context.close()


# a key press as a Persian keyboard layout makes it: the key under T types "ف", under R "ق" (KeyboardEvent.code names
# the key's place, as on a US keyboard)
PERSIAN_KEY = """([key, code]) => document.dispatchEvent(new KeyboardEvent('keydown', { key, code, bubbles: true }))"""


@pytest.mark.parametrize("game", ["magic", "struggle"])
def test_the_key_a_tag_names_acts_on_a_keyboard_of_another_script(browser: Any, game: str) -> None:
    """(an attack: the tags said T and R, and on a Persian layout those keys typed "ف" and "ق" and did nothing)"""
    args, _ = KEYS[game]
    key, code, done = (("ق", "KeyR", "() => S.view && S.view.die") if game == "magic"
                       else ("ف", "KeyT", "() => S.view && S.view.throws > 0"))
    with serving(args) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("() => S.view && said() && ['roll', 'throw'].includes(said().action) && said().player === 'red'",
                                   timeout=30_000)
            page.evaluate(PERSIAN_KEY, [key, code])
            page.wait_for_function(done, timeout=30_000)
        finally:
            page.close()


# each die's key tag (its ::before; its ::after says "held" or "moves nothing" under it) and the die's size with the
# tags and without them
DICE_TAGS = """() => {
    const dice = [...document.querySelectorAll('#dice .pdie')];
    const size = (d) => { const r = d.getBoundingClientRect(); return [r.width, r.height]; };
    const out = dice.map((d) => ({ tag: getComputedStyle(d, '::before').content, size: size(d),
                                   off: d.getAttribute('aria-disabled') === 'true' || d.disabled }));
    const row = document.getElementById('dice').getBoundingClientRect().height;
    const off = document.createElement('style');
    off.textContent = '.pdie::before { content: none !important; }';
    document.head.append(off);
    dice.forEach((d, i) => { out[i].bare = size(d); });
    const bareRow = document.getElementById('dice').getBoundingClientRect().height;
    off.remove();
    return { dice: out, row, bareRow };
}"""


def test_a_wide_screen_shows_each_die_s_key_while_it_can_be_held(browser: Any) -> None:
    """(Struggle newcomer 103: the README said the keys 1-5 hold dice, Throw and Stop had tags, the dice none)"""
    with serving(STRUGGLE) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("() => S.view && said() && said().action === 'throw' && said().player === 'red'",
                                   timeout=30_000)
            page.keyboard.press("t")
            page.wait_for_function("() => S.view && S.view.throws > 0 && S.view.phase === 'throw' && "
                                   "said() && said().player === 'red'", timeout=30_000)
            page.wait_for_timeout(200)
            got = page.evaluate(DICE_TAGS)
            assert [d["tag"] for d in got["dice"]] == [f'"{n}"' for n in range(1, 6)], got
            assert all(d["size"] == d["bare"] for d in got["dice"]) and got["row"] == got["bareRow"], got  # no room
            # ...a die held keeps its tag, and "held" under it
            page.keyboard.press("2")
            page.wait_for_function("() => S.view.held.includes(2)", timeout=30_000)
            held = page.evaluate(DICE_TAGS)["dice"][1]
            assert held["tag"] == '"2"', held
        finally:
            page.close()
        # ...a touch phone, with no keys, none
        context = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True)
        try:
            phone = context.new_page()
            phone.goto(url)
            phone.wait_for_function("() => S.view && S.view.throws > 0 && document.querySelectorAll('#dice .pdie').length === 5",
                                    timeout=30_000)
            assert all(d["tag"] in ("none", "normal") for d in phone.evaluate(DICE_TAGS)["dice"])
        finally:
            context.close()
