"""Issue 15, round 27 (Struggle newcomer on a phone, 390x844, choosing a way): after a tap on die 2 ("another
order of the same moves") the prompt said the moves in the new order while the "Way 1 of 3" line under the board
(and the way in the list) kept the old one; die 2's role shows on a phone once it acts; the dice keys' "die 1"
was a blue-outlined pill read as naming the outlined die (die 2); a tap on die 1 at way 1 said "does nothing
now ... Die 1 for the previous one"."""

from __future__ import annotations

import os
import re
from typing import Any

import pytest
from test_plain_words_browser import PHONE, open_page, serving

pytestmark = pytest.mark.browser

WAIT = 30000  # (a busy machine: the other browser tests wait as long)
PORT = int(os.environ.get("MB_TEST_PORT", "0"))  # 0: any free port
SEED7 = ("--game", "struggle", "--players", "2", "--seed", "7", "--humans", "red")  # red throws 9 J A J A: 3 ways
TOKEN = re.compile(r"token (K|Q|J|10|9)\b")


def _until_prompt(page: Any, says: str) -> None:
    page.wait_for_function("(says) => !!document.getElementById('prompt-text')?.textContent.includes(says)", arg=says,
                           timeout=WAIT)


def _choosing(page: Any) -> None:
    _until_prompt(page, "Red: press Throw")
    page.click("#throw")
    _until_prompt(page, "Red threw")
    page.click("#stop")
    _until_prompt(page, "way 1 of 3")
    page.evaluate("window.scrollTo(0, 0)")


def _args(page: Any) -> dict[str, Any]:
    return dict(page.evaluate("() => said().messages[0].args"))


def test_after_die_2_the_way_shown_says_the_moves_in_the_order_the_prompt_says(browser: Any) -> None:
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, PHONE)
        try:
            _choosing(page)
            for _ in range(3):  # a way with another order of its moves (die 2 acts there)
                if page.evaluate("() => !!(said().buttons || {}).die2"):
                    break
                page.click("#throw")
                page.wait_for_timeout(500)
            assert page.evaluate("() => !!(said().buttons || {}).die2"), "no way of 9 J A J A has two orders"
            first = _args(page)
            page.evaluate("press('die2')")  # the board's die 2 (the page's ⇄ Another order only where the order matters)
            page.wait_for_function("(o) => said().messages[0].args.order.join(',') !== o",
                                   arg=",".join(first["order"]), timeout=WAIT)
            now = _args(page)
            said = list(dict.fromkeys(now["order"]))  # the tokens in the order the prompt says them
            assert said != list(dict.fromkeys(first["order"])), (first["order"], now["order"])  # (it changed)
            # the order is said in one place, the way line (Struggle newcomer 26: the prompt said the moves too)
            assert "moves first" not in page.locator("#prompt-text").inner_text()
            page.wait_for_function("() => !document.getElementById('way-shown').hidden", timeout=WAIT)
            shown = page.locator("#way-shown").inner_text()
            assert TOKEN.findall(shown) == said, (shown, said)
            listed = page.evaluate("() => [...document.querySelectorAll('#outcomes .outcome.selected .moves .token')]"
                                   ".map((t) => t.textContent)")
            assert listed == said, (listed, said)
            # die 2's role said on the phone once it acted: on the first screen (the way-shown line under the board)
            assert "its moves in another order" in shown, shown
            box = page.locator("#way-shown").bounding_box()
            assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= PHONE[1], box
        finally:
            page.close()


def test_a_tap_on_die_1_at_way_1_says_there_is_no_previous_way_and_never_recommends_it(browser: Any) -> None:
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, PHONE)
        try:
            _choosing(page)
            prompt = page.locator("#prompt-text").inner_text()
            assert "Die 1" not in prompt and "▶ Next way for the next one" in prompt, prompt  # (Struggle newcomer 36)
            # the page's ◀ Previous way says there is none yet (greyed; the board's die 1 under it)
            title = page.locator("#prev-way").get_attribute("title") or ""
            assert "no previous way" in title and "Die 1 for the previous" not in title, title
            # every die says the same while choosing: the hand is kept, the page's buttons choose (an attack found
            # die 1 and dice 3-5 saying only "does nothing now")
            for n in range(1, 6):
                tap = page.locator(f'.pdie[data-die="{n}"]').get_attribute("data-tap") or ""
                assert tap.startswith("the hand is kept: choose its way with ◀ Previous way"), (n, tap)
        finally:
            page.close()
