"""Issue 15, Struggle's page after newcomer round 2 (stop 22): a token dragged onto a space goes
there (mouse and touch, as click-token-then-click-space does); the token picked up is marked
strongly; on a phone the hand and Place/Gather come up under the track when tokens are to be
placed, and choosing a way has its Play button in the tapped way (no Stop floating over the text);
cosmetics: a thick LED outline, the blue outline of the dice that still act explained, way 1 whole
at 1920x1080, a space between a log line's time and its words."""

from __future__ import annotations

import re
from typing import Any, Iterator

import pytest
from test_plain_words_browser import PHONE, WAIT_MS, WIDE, open_page, serve, stop
from test_struggle_newcomer_play import kept, seated

pytestmark = pytest.mark.browser

ARGS = ("--game", "struggle", "--players", "2", "--seed", "7")
K_AT = "() => { const t = document.querySelector('.space .token[data-token=\"K\"]'); return t && t.closest('.space').dataset.sensor; }"
J_AT = K_AT.replace('"K"', '"J"')


@pytest.fixture
def server() -> Iterator[str]:
    proc, url = serve(ARGS)
    yield url
    stop(proc)


def played(page: Any) -> None:
    from playwright.sync_api import expect

    kept(page)
    page.locator("#stop").click()
    expect(page.locator("#stop")).to_contain_text("end the turn", timeout=WAIT_MS)


def centre(page: Any, selector: str) -> tuple[float, float]:
    # one look in the page: the tokens are drawn again at each world message (a locator's element may go)
    r = page.wait_for_function("""(s) => { const e = document.querySelector(s); if (!e) return null;
        const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }""", arg=selector,
                               timeout=WAIT_MS).json_value()
    return r[0], r[1]


def test_a_token_dragged_with_the_mouse_onto_a_space_goes_there(browser: Any, server: str) -> None:
    page = open_page(browser, server, WIDE)
    played(page)
    x, y = centre(page, '.space[data-sensor="s0"] .token[data-token="K"]')
    tx, ty = centre(page, '.space[data-sensor="s5"]')
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move((x + tx) / 2, (y + ty) / 2, steps=5)
    page.mouse.move(tx, ty, steps=5)
    page.mouse.up()
    page.wait_for_function(f"() => ({K_AT})() === 's5'", timeout=WAIT_MS)
    assert page.evaluate("S.selected") is None, "the drop put K down: nothing stays picked up"
    page.close()


def test_a_token_dragged_with_a_finger_onto_a_space_goes_there(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True)
    context.add_init_script("localStorage.setItem('mazeboard.guide.struggle', JSON.stringify(['throw', 'choose', 'place', 'goal', 'dice']))")
    page = context.new_page()
    page.goto(server)
    from playwright.sync_api import expect

    expect(page.locator("#conn")).to_have_text("connected", timeout=WAIT_MS)
    played(page)
    page.locator(".track-frame").scroll_into_view_if_needed()
    # (J, a token the play moves: a finger's drag from K, which it leaves, takes the token a tap on START takes,
    # test_struggle_newcomer111.py)
    x, y = centre(page, '.space[data-sensor="s0"] .token[data-token="J"]')
    tx, ty = centre(page, '.space[data-sensor="s5"]')
    cdp = context.new_cdp_session(page)

    def touch(kind: str, px: float, py: float) -> None:
        points = [] if kind == "touchEnd" else [{"x": px, "y": py, "id": 1}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", x, y)
    for i in range(1, 11):
        touch("touchMove", x + (tx - x) * i / 10, y + (ty - y) * i / 10)
    touch("touchEnd", tx, ty)
    page.wait_for_function(f"() => ({J_AT})() === 's5'", timeout=WAIT_MS)
    context.close()


def test_the_token_picked_up_is_marked_strongly(browser: Any, server: str) -> None:
    page = open_page(browser, server, PHONE)
    played(page)
    page.locator('.space[data-sensor="s0"] .token[data-token="K"]').click()
    # one look in the page (the tokens are drawn again at each world message)
    held, plain = page.wait_for_function("""() => {
        const k = document.querySelector('.space .token.selected[data-token="K"]'), q = document.querySelector('.space .token[data-token="Q"]');
        if (!k || !q) return null;
        return [k, q].map((e) => ({ colour: getComputedStyle(e).backgroundColor, width: e.getBoundingClientRect().width })); }""",
                                         timeout=WAIT_MS).json_value()
    assert held["colour"] != plain["colour"], f"the picked-up K has the others' colour: {held} vs {plain}"
    assert held["width"] >= 1.15 * plain["width"], f"the picked-up K is no bigger than Q: {held} vs {plain}"
    page.close()


def test_on_a_phone_the_hand_and_place_come_up_when_tokens_are_to_be_placed(browser: Any, server: str) -> None:
    page = open_page(browser, server, PHONE)
    played(page)
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(300)
    # (and Stop, which ends the turn once the tokens stand: round 27, never a countdown)
    for sel in (".track-frame", ".hand-box", "#follow", "#gather", "#stop"):
        r = page.locator(sel).bounding_box()
        assert r is not None and r["y"] >= 0 and r["y"] + r["height"] <= PHONE[1], f"{sel} is off the first screen: {r}"
    page.close()


def test_on_a_phone_the_tapped_way_has_its_play_button_and_nothing_floats_over_the_text(browser: Any, server: str) -> None:
    from playwright.sync_api import expect

    page = open_page(browser, server, PHONE)
    seated(page)
    kept(page)
    assert page.locator("#stop").evaluate("(e) => getComputedStyle(e).position") != "fixed", "Stop floats over the ways"
    last = page.locator("#outcomes .outcome").last
    last.scroll_into_view_if_needed()
    last.click()
    play = last.locator("button.play-way")
    expect(play).to_be_visible(timeout=WAIT_MS)
    r = play.bounding_box()
    assert r is not None and 0 <= r["y"] and r["y"] + r["height"] <= PHONE[1], r
    play.click()
    expect(page.locator("#stop")).to_contain_text("end the turn", timeout=WAIT_MS)
    page.close()


def test_the_led_ring_is_thick(browser: Any, server: str) -> None:
    page = open_page(browser, server, WIDE)
    kept(page)
    # a ring of at least 6 px (4 px was read as a thin outline)
    spread = page.evaluate("""() => { const l = document.querySelector('.space.lit .led');
        return l ? Math.max(...[...getComputedStyle(l).boxShadow.matchAll(/(\\d+)px (\\d+)px (\\d+)px (\\d+)px/g)].map((m) => +m[4])) : -1; }""")
    assert spread >= 6, f"the LED ring is {spread}px"
    page.close()


def test_no_die_is_outlined_as_acting_while_the_page_s_own_button_goes_back(browser: Any, server: str) -> None:
    """Round 22 outlined the dice that still act in blue, with a legend; the page now has its own buttons for them
    (◀ Previous way, ⇄ Another order), and dice outlined beside those read as hidden buttons (Struggle newcomer 33)."""
    page = open_page(browser, server, WIDE)
    kept(page)
    # die 1 acts from the second way on (round 23: the first way has no previous way): Throw, the next way
    for _ in range(2):
        if page.evaluate("() => !!(said().buttons || {}).die1"):
            break
        page.locator("#throw").click()
        page.wait_for_timeout(300)
    assert page.evaluate("() => !!(said().buttons || {}).die1")
    assert page.locator("#dice .pdie.key").count() == 0 and page.locator("#dice-keys").count() == 0
    # the page's own button acts (drawn just after the view: a loaded run read it between the two)
    page.wait_for_function("() => document.getElementById('prev-way').getAttribute('aria-disabled') === null", timeout=10_000)
    page.close()


def test_way_1_is_whole_in_the_list_at_1920x1080(browser: Any, server: str) -> None:
    page = open_page(browser, server, WIDE)
    seated(page)
    kept(page)
    # way 1, the board's pick, with its outline: not cut off by the list's top
    gap = page.evaluate("""() => { const l = document.querySelector('#outcomes'), w = l.querySelector('.outcome.selected');
        return w.getBoundingClientRect().top - l.getBoundingClientRect().top; }""")
    assert gap >= 2, f"way 1 starts {gap}px into the list: its outline is cut"
    page.close()


def test_the_log_lines_keep_a_space_between_the_time_and_the_words(browser: Any, server: str) -> None:
    """The page's text read as text (copied, read aloud) said "5.7s3 ways to play ...": the time glued
    to the words."""
    page = open_page(browser, server, WIDE)
    kept(page)
    lines = page.evaluate("() => [...document.querySelectorAll('#log li')].map((li) => li.textContent)")
    assert lines, "no log line"
    for line in lines:
        assert re.match(r"\d\d:\d\d:\d\d\s+\S", line), f"no space after the time: {line!r}"
    page.close()


def test_a_token_let_go_off_the_spaces_says_nothing_moved(browser: Any, server: str) -> None:
    """Struggle newcomer 91 dragged token 9 and let it go where no space was (its aim on a J elsewhere on the page):
    nothing moved and nothing was said. Let go off the spaces, the line says so, and where to drop it; let go on
    its own space it is put back, quietly."""
    page = open_page(browser, server, WIDE)
    played(page)
    x, y = centre(page, '.space[data-sensor="s0"] .token[data-token="K"]')
    tx, ty = centre(page, "#throw")  # under the track: no space there
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(tx, ty, steps=5)
    page.mouse.up()
    page.wait_for_function("() => document.getElementById('error').textContent.includes('off the spaces')",
                           timeout=WAIT_MS)
    said = page.locator("#error").inner_text()
    assert "token K" in said and "nothing moved" in said and "drop it on a space" in said, said
    assert page.evaluate(K_AT) == "s0"
    page.close()


def test_a_drag_begun_on_a_space_off_its_tokens_takes_the_token_the_play_moves_from_there(browser: Any) -> None:
    """Struggle newcomer 92: after Stop the token K moved aside in its space (Q's ghost came beside it), the drag began
    where K had stood, under the ghost, and nothing moved, nothing was said. A drag begun on a space but off its tokens
    takes the token the play moves from there, as a tap on the space does."""
    from test_struggle_choosing_round26a_browser import SEED7
    from test_struggle_newcomer66 import _placing

    proc, url = serve(SEED7)
    try:
        page = open_page(browser, url, WIDE)
        _placing(page, False)  # way 1: J START -> space 4, 9 START -> space 1
        start = page.locator('.space[data-sensor="s0"]').bounding_box()
        x, y = start["x"] + 6, start["y"] + start["height"] - 6  # START's corner, off its tokens
        assert page.evaluate(f"document.elementFromPoint({x}, {y}).closest('.token')") is None
        tx, ty = centre(page, '.space[data-sensor="s4"]')
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(tx, ty, steps=6)
        page.mouse.up()
        page.wait_for_function("() => S.world.tokens.J === 's4'", timeout=WAIT_MS)
        page.close()
    finally:
        stop(proc)


def test_a_finger_drag_begun_on_a_space_off_its_tokens_takes_the_token_too(browser: Any) -> None:
    """(an attack, a phone: a finger on START's bare corner, dragged to space 3, scrolled the page, pointercancel, and
    nothing moved or was said; a mouse did it) The spaces a token is asked from take a finger's drag as a mouse's."""
    from test_struggle_choosing_round26a_browser import SEED7
    from test_struggle_newcomer66 import _page, _placing

    proc, url = serve(SEED7)
    try:
        context, page = _page(browser, url, touch=True)
        _placing(page, True)  # way 1: J START -> space 4, 9 START -> space 1
        page.locator(".track-frame").scroll_into_view_if_needed()
        start = page.locator('.space[data-sensor="s0"]').bounding_box()
        x, y = start["x"] + 4, start["y"] + 4  # START's label corner (a finger near a token is moved onto it by Chromium)
        assert page.evaluate(f"document.elementFromPoint({x}, {y}).closest('.token')") is None
        tx, ty = centre(page, '.space[data-sensor="s4"]')
        cdp = context.new_cdp_session(page)

        def touch(kind: str, px: float, py: float) -> None:
            cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [] if kind == "touchEnd" else
                                                  [{"x": px, "y": py, "id": 1}]})

        touch("touchStart", x, y)
        for i in range(1, 11):
            touch("touchMove", x + (tx - x) * i / 10, y + (ty - y) * i / 10)
        touch("touchEnd", tx, ty)
        page.wait_for_function("() => S.world.tokens.J === 's4'", timeout=WAIT_MS)
        context.close()
    finally:
        stop(proc)
