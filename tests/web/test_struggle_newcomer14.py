"""Issue 15, Struggle newcomer 14 on a phone (390x844), in Debian's headless Chromium: the tokens left on
START keep their places when others leave (they reshuffled, and a finger aimed at J met 10), and while the
tokens are placed Stop stands beside the dice, well on the first screen (under them it reached 845 px of
844 with a three-line prompt and a tip)."""

from __future__ import annotations

from typing import Any

import pytest

from test_plain_words_browser import PHONE, open_page, serving
from test_struggle_newcomer_play import WAIT_MS, kept

pytestmark = pytest.mark.browser

ARGS = ("--game", "struggle", "--players", "2", "--seed", "7")
#: each token's box on START, from START's corner (the page may scroll between two looks)
BOXES = ("() => { const s = document.querySelector('.space.kind-start').getBoundingClientRect();"
         " return Object.fromEntries([...document.querySelectorAll('.space.kind-start .token')].map((e) => {"
         " const r = e.getBoundingClientRect(); return [e.dataset.token, [r.x - s.x, r.y - s.y, r.width, r.height]]; })); }")


def test_the_tokens_left_on_start_keep_their_places(browser: Any) -> None:
    from playwright.sync_api import expect

    with serving(ARGS) as url:
        page = open_page(browser, url, PHONE)
        before = page.evaluate(BOXES)
        assert sorted(before) == ["10", "9", "J", "K", "Q"], before
        kept(page)
        page.locator("#stop").click()  # play the way shown
        expect(page.locator("#stop")).to_contain_text("end the turn", timeout=WAIT_MS)
        page.locator("#follow").click()  # Place tokens as shown
        page.wait_for_function("document.querySelectorAll('.space.kind-start .token').length < 5", timeout=WAIT_MS)
        after = page.evaluate(BOXES)
        gone = sorted(set(before) - set(after))
        assert gone and after, (before, after)
        moved = {t: (before[t], after[t]) for t in after
                 if max(abs(a - b) for a, b in zip(before[t], after[t])) > 0.5}
        assert not moved, f"with {gone} gone from START, the others moved: {moved}"
        page.close()


def test_while_placing_stop_stands_beside_the_dice_on_the_first_screen(browser: Any) -> None:
    from playwright.sync_api import expect

    with serving(ARGS) as url:
        page = open_page(browser, url, PHONE, guide=True)  # a tip shown: the least room
        kept(page)
        page.locator("#stop").click()
        expect(page.locator("#stop")).to_contain_text("end the turn", timeout=WAIT_MS)
        page.evaluate("window.scrollTo(0, 0)")
        stop, die = page.evaluate("[document.getElementById('stop'), document.querySelector('#dice .pdie:last-child')]"
                                  ".map((e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })")
        assert stop[0] >= die[2], f"Stop {stop} is not beside the last die {die}"
        assert stop[1] < die[3] and stop[3] > die[1], f"Stop {stop} is not on the dice's row {die}"
        assert stop[3] <= PHONE[1] - 40, f"Stop ends at {stop[3]:.0f} px of {PHONE[1]}: too near the screen's foot"
        assert stop[2] - stop[0] >= 96 and stop[3] - stop[1] >= 44, f"Stop is {stop[2] - stop[0]:.0f}x{stop[3] - stop[1]:.0f} px"
        page.close()


def test_while_choosing_throw_and_stop_stand_side_by_side_on_the_first_screen(browser: Any) -> None:
    """Choosing a way, the prompt says "press Stop to play it, Throw for the next way": Stop stood at
    851 px of 844, under Throw."""
    with serving(ARGS) as url:
        page = open_page(browser, url, PHONE, guide=True)
        kept(page)
        page.evaluate("window.scrollTo(0, 0)")
        throw, stop = page.evaluate("['throw', 'stop'].map((id) => { const r = document.getElementById(id)"
                                    ".getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })")
        assert abs(throw[1] - stop[1]) < 2 and throw[2] <= stop[0], f"Throw {throw} and Stop {stop}: not side by side"
        assert max(throw[3], stop[3]) <= PHONE[1] - 12, f"Throw {throw} / Stop {stop} under the screen's foot"
        for box in (throw, stop):
            assert box[2] - box[0] >= 120 and box[3] - box[1] >= 32, box
        page.close()
