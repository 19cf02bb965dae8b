"""Issue 15, round 26 (Struggle newcomer, round 8 left) on the page: a token put on the wrong space is said
first, named (the simulator knows which token it is), with where it belongs; the ways to play open at way 1
with each acting die labelled by what it does in the shown way; a Stop tapped as the countdown passes the
turn is said to have come too late, in words."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import PHONE, WIDE, open_page, serving

pytestmark = pytest.mark.browser

WAIT = 20000
SEED7 = ("--game", "struggle", "--players", "2", "--seed", "7", "--humans", "red")


def _text(page: Any, sel: str) -> str:
    return str(page.evaluate("(sel) => document.querySelector(sel).textContent", sel))


def _until_prompt(page: Any, says: str) -> None:
    page.wait_for_function("(says) => !!document.getElementById('prompt-text')?.textContent.includes(says)", arg=says,
                           timeout=WAIT)


def _to_placing(page: Any) -> None:  # seed 7: red throws 9 J A J A; way 1 moves J to space 4, 9 to space 1
    _until_prompt(page, "Red: press Throw")
    page.click("#throw")
    _until_prompt(page, "Red threw")
    page.click("#stop")
    _until_prompt(page, "way 1 of 3")
    page.click("#stop")
    _until_prompt(page, "Red: move the tokens")


def test_a_token_on_the_wrong_space_is_named_first_with_where_it_belongs(browser: Any) -> None:
    with serving(SEED7) as url:
        page = open_page(browser, url, PHONE)
        try:
            _to_placing(page)
            page.evaluate("MB.send({type: 'move', token: 'J', to: 's5'})")
            _until_prompt(page, "space 5")
            said = _text(page, "#prompt-text")
            assert said.startswith("Red: token J is on space 5, where it does not belong: move it to space 4."), said
            assert said.endswith("Then: token 9 on space 1."), said
            box = page.locator("#prompt").bounding_box()
            assert box is not None and box["y"] + box["height"] <= PHONE[1], box  # on the first screen
        finally:
            page.close()


def _roles(page: Any) -> list[str]:
    return list(page.evaluate("[...document.querySelectorAll('#dice .pdie')].map((d) => d.dataset.role || '')"))


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_each_die_says_what_it_does_in_the_way_shown_and_die_1_keeps_its_label(browser: Any, size: Any) -> None:
    """Round 8: the dice's roles seemed to change from way to way (die 1 became "the previous way" only
    from way 2). Seed 7: red keeps 9 J A J A; way 1 counts both aces as J, way 2 as J and 9. (Each die says what it
    does in the way; going back is the page's own ◀ Previous way.)"""
    with serving(SEED7) as url:
        page = open_page(browser, url, size)
        try:
            _until_prompt(page, "Red: press Throw")
            page.click("#throw")
            _until_prompt(page, "Red threw")
            assert _roles(page) == [""] * 5  # while throwing the dice are only the hand
            page.click("#stop")
            _until_prompt(page, "way 1 of 3")
            assert _roles(page) == ["moves", "moves", "token J", "moves", "token J"], _roles(page)
            page.click("#throw")
            _until_prompt(page, "way 2 of 3")
            assert _roles(page) == ["moves", "moves", "token J", "moves", "token 9"], _roles(page)
            # going back a way is the page's ◀ Previous way (the dice are the hand's picture: Struggle newcomer 33)
            assert page.locator("#prev-way").is_visible() and page.locator("#prev-way").get_attribute("aria-disabled") is None
            # the label is seen, under its die, inside the dice box
            die, box = page.locator("#dice .pdie").nth(4), page.locator(".dice-box")
            label = page.evaluate("(d) => { const r = d.getBoundingClientRect(); return r.bottom; }", die.element_handle())
            assert label + 14 <= (box.bounding_box() or {"y": 0, "height": 0})["y"] + box.bounding_box()["height"]
            # the ways list says what the aces count as (the view keeps each way's aces)
            assert "the aces count as J and 9" in page.locator("#outcomes .outcome").nth(1).inner_text()
        finally:
            page.close()


def test_tokens_placed_by_hand_wait_for_stop_and_stop_ends_the_turn(browser: Any) -> None:
    """Round 8 had a 1 s countdown run out under a finger; round 27 (newcomers 12 and 13): a countdown for some
    plays and Stop for others read as two rules, "too short to read". Placed by hand, the tokens wait for
    Stop, however long; Stop ends the turn."""
    with serving(SEED7) as url:
        page = open_page(browser, url, PHONE)
        try:
            _to_placing(page)  # seed 7, way 1: J to space 4, 9 to space 1 (both seen by the reeds)
            page.evaluate("() => { MB.send({type: 'move', token: 'J', to: 's4'}); MB.send({type: 'move', token: '9', to: 's1'}); }")
            _until_prompt(page, "press Stop to end the turn")
            page.wait_for_timeout(3000)
            assert "press Stop to end the turn" in _text(page, "#prompt-text") and page.evaluate("S.view.current") == "red"
            assert "end the turn" in _text(page, "#stop"), _text(page, "#stop")
            page.click("#stop")
            _until_prompt(page, "Blue")
        finally:
            page.close()


def _box(page: Any, sel: str) -> dict[str, float]:
    return dict(page.evaluate("(s) => { const r = document.querySelector(s).getBoundingClientRect(); "
                              "return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, w: r.width}; }", sel))


@pytest.mark.parametrize("size,legend", [(PHONE, "#legend-track"), (WIDE, "#legend-under")], ids=["phone", "wide"])
def test_the_spaces_colours_are_said_near_the_track_without_opening_help(browser: Any, size: Any, legend: str) -> None:
    """Round 8: what a coloured space means was said only in the "?" help. A small legend near the track says
    it (yellow, red, black: the kinds of this track), and on a phone it takes no room from the first screen:
    the prompt, the track and Throw and Stop stay on it."""
    with serving(SEED7) as url:
        page = open_page(browser, url, size)
        try:
            _until_prompt(page, "Red: press Throw")
            assert page.locator(legend).is_visible()
            said = page.locator(legend).inner_text()
            for words in ("if taken: can't land", "if taken: swap"):
                assert words in said, said
            kinds = page.evaluate("(s) => [...document.querySelectorAll(s + ' .legend-item')].map((e) => e.className)", legend)
            assert [k.split("kind-")[1] for k in kinds] == ["yellow", "red", "black"], kinds
            # black: "can't land" (Struggle newcomer 19 read "never stop" as a token jumping over it)
            black = page.locator(f"{legend} .legend-item.kind-black").inner_text().strip()
            assert black == "can't land", black
            box, frame, stop = _box(page, legend), _box(page, ".track-frame"), _box(page, "#stop")
            assert box["bottom"] <= size[1] and box["right"] <= size[0] and frame["right"] <= size[0], (box, frame)
            assert stop["bottom"] <= size[1] and _box(page, "#prompt")["top"] >= 0, stop  # the essentials stay on screen
            if size == PHONE:  # on the arrival places' label line: no height of its own
                assert frame["top"] <= box["top"] and box["bottom"] <= _box(page, "#places")["top"], (frame, box)
                assert abs(box["top"] - _box(page, ".places-box .label")["top"]) < 6
        finally:
            page.close()


def test_after_the_game_new_game_is_in_the_page_once_the_popup_is_closed_and_the_winner_line_is_whole(browser: Any) -> None:
    """Round 8: after the game the way forward (New game) was only in the popup; and the winner line was cut on
    a phone. The game's end is drawn as the page draws it (the view's phase "over"), a four-way tie: the
    longest winner line, with four scores."""
    from playwright.sync_api import expect

    with serving(SEED7[:2] + ("--players", "4") + SEED7[4:]) as url:
        page = open_page(browser, url, PHONE)
        try:
            _until_prompt(page, "Red: press Throw")
            assert page.locator("#prompt-new").is_hidden()  # not during the game
            page.evaluate("""() => {
              S.view = Object.assign({}, S.view, { phase: "over", winners: ["red", "blue", "green", "yellow"],
                totals: { red: 30, blue: 30, green: 30, yellow: 30 } });
              drawInfo();
            }""")
            expect(page.locator("#banner")).to_be_visible()
            text, card = _box(page, "#banner-text"), _box(page, ".banner-card")
            assert card["left"] >= 8 and card["right"] <= PHONE[0] - 8, card  # a margin: not cut by the edge
            assert text["left"] >= card["left"] and text["right"] <= card["right"], (text, card)
            assert page.evaluate("(() => { const e = document.getElementById('banner-text'); "
                                 "return e.scrollWidth <= e.clientWidth + 1; })()")
            page.click("#banner-close")
            expect(page.locator("#prompt-new")).to_be_visible()
            assert "New game" in page.locator("#prompt-new").inner_text()
            new = _box(page, "#prompt-new")
            assert new["bottom"] <= PHONE[1] and new["right"] <= PHONE[0], new
            page.click("#prompt-new")
            expect(page.locator("#new-dialog")).to_be_visible()
        finally:
            page.close()


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_the_start_label_is_not_covered_by_the_tokens_on_it(browser: Any, size: Any) -> None:
    """Round 8: START's label was hidden by the tokens standing on it (on a phone their first row covered it)."""
    with serving(SEED7) as url:
        page = open_page(browser, url, size)
        try:
            _until_prompt(page, "Red: press Throw")
            got = page.evaluate("""() => {
              const n = document.querySelector('.space[data-sensor="s0"] .num').getBoundingClientRect();
              const ts = [...document.querySelectorAll('.space[data-sensor="s0"] .token')].map((t) => t.getBoundingClientRect());
              const sp = document.querySelector('.space[data-sensor="s0"]').getBoundingClientRect();
              return { tokens: ts.length, covered: ts.some((t) => t.top < n.bottom - 0.5 && t.bottom > n.top && t.left < n.right && t.right > n.left),
                       inside: ts.every((t) => t.top >= sp.top && t.bottom <= sp.bottom + 1) };
            }""")
            assert got == {"tokens": 5, "covered": False, "inside": True}, got
        finally:
            page.close()


def test_on_a_phone_previous_way_stands_left_of_next_way_in_one_row(browser: Any) -> None:
    """Struggle newcomer 53: choosing on a phone, "◀ Previous way" stood at the right end of the dice's row and
    "▶ Way 1" at the left of the row under it, the arrows pointing away from where their buttons were. The three
    controls of the choice share one row under the dice: ◀, then ▶ Next way, then Stop, all on the first screen."""
    with serving(SEED7) as url:
        page = open_page(browser, url, PHONE)
        try:
            _until_prompt(page, "Red: press Throw")
            page.click("#throw")
            _until_prompt(page, "Red threw")
            page.click("#stop")
            _until_prompt(page, "way 1 of 3")
            page.wait_for_timeout(300)
            boxes = page.evaluate("""() => Object.fromEntries(['dice', 'prev-way', 'throw', 'stop'].map((id) => {
              const r = document.getElementById(id).getBoundingClientRect();
              return [id, { left: r.left, right: r.right, top: r.top + scrollY, bottom: r.bottom + scrollY }]; }))""")
            prev, nxt, stop, dice = boxes["prev-way"], boxes["throw"], boxes["stop"], boxes["dice"]
            assert prev["right"] <= nxt["left"] and nxt["right"] <= stop["left"], boxes
            assert abs(prev["top"] - nxt["top"]) < 6 and abs(nxt["top"] - stop["top"]) < 6, boxes
            assert prev["top"] >= dice["bottom"] - 1, boxes  # under the dice, not in their row
            assert stop["bottom"] <= PHONE[1] + page.evaluate("scrollY"), boxes  # Stop on the screen shown
            name = page.locator("#prev-way").get_attribute("aria-label") or page.locator("#prev-way").inner_text()
            assert "Previous way" in name, name  # named in words for a screen reader, whatever it shows
        finally:
            page.close()


def test_right_to_left_the_way_arrows_point_the_way_the_row_reads(browser: Any) -> None:
    """An attack: in Persian the row reads from the right ([Stop][▶ next][◀] on screen), so ◀ for the previous way
    stood at the right edge pointing inward and ▶ for the next pointed at it: right to left, previous points right
    (▶) and next left (◀)."""
    with serving(SEED7) as url:
        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        page.goto(url + "?lang=fa")
        try:
            page.wait_for_function("() => document.documentElement.dir === 'rtl' && S.view && S.view.phase === 'throw'"
                                   " && S.view.current === 'red'", timeout=WAIT)
            page.click("#throw")
            page.wait_for_function("() => S.view.throws >= 1", timeout=WAIT)
            page.click("#stop")
            page.wait_for_function("() => S.view.phase === 'choosing'", timeout=WAIT)
            page.wait_for_timeout(300)
            prev = page.evaluate("getComputedStyle(document.getElementById('prev-way'), '::before').content")
            nxt = page.locator("#next-way").inner_text()
            assert "▶" in prev and nxt.startswith("◀"), (prev, nxt)
            boxes = page.evaluate("['prev-way', 'throw'].map((id) => document.getElementById(id).getBoundingClientRect().left)")
            assert boxes[0] > boxes[1], boxes  # previous on the right, where a right-to-left row begins
        finally:
            page.close()
