"""Round 26 (issue 15, fix26-lab 1): a refusal line (#error) answers the request it was made at. Once the
board asks something new (another player, another step) the old line goes at once; while the same
request stands (the spare turned, a die held) it stays. One mechanism for the three game pages
(notice.js NOTICE.request). The 4.5 s fade is stopped in each test: only the new request may clear it."""

from __future__ import annotations

from typing import Any

import pytest

from test_plain_words_browser import open_page, serving

pytestmark = pytest.mark.browser

WAIT_MS = 30_000
PHONE = (390, 844)
#: the fade of the line stopped: what clears it now is the page's own reading of the board
NO_FADE = "() => { clearTimeout(typeof MB !== 'undefined' ? MB.errorTimer : S.errorTimer); }"


def _refused(page: Any, button: str) -> str:
    page.click(button, force=True)  # greyed (aria-disabled): a click says why
    page.wait_for_function("() => document.getElementById('error').textContent !== ''", timeout=WAIT_MS)
    page.evaluate(NO_FADE)
    return str(page.locator("#error").inner_text())


def test_labyrinth_a_refusal_stays_while_its_request_stands_and_goes_with_it(browser: Any) -> None:
    args = ("--game", "labyrinth", "--cards-each", "2", "--humans", "red", "--seed", "9135", "--speed", "3")
    with serving(args) as url:
        page = open_page(browser, url, PHONE)
        page.wait_for_function("() => S.view.current === 'red' && S.view.phase === 'shift' && !S.world.busy", timeout=WAIT_MS)
        said = _refused(page, "#done")  # Done is off before the push
        assert "Done" in said, said
        before = page.evaluate("() => S.world.spare")
        page.click("#rotate")  # the same request: turn the spare, then push
        page.wait_for_function("(b) => S.world.spare !== b && !S.world.busy", arg=before, timeout=WAIT_MS)
        page.wait_for_timeout(300)
        assert page.locator("#error").inner_text() == said, "the refusal went while its request stood"
        slot = page.evaluate("() => [...document.querySelectorAll('#maze .slot:not(.off)')][0].dataset.slot")
        page.click(f'#maze .slot[data-slot="{slot}"]')
        page.wait_for_function("() => S.view.phase === 'move'", timeout=WAIT_MS)
        page.wait_for_timeout(300)
        left = page.locator("#error").inner_text()
        page.screenshot(path="/tmp/lab26/refusal-lab.png")
        page.close()
        assert left == "", f"an old refusal stayed under the new request: {left!r}"


def test_struggle_a_refusal_goes_when_the_board_asks_something_new(browser: Any) -> None:
    with serving(("--game", "struggle", "--humans", "red", "--seed", "5", "--speed", "3")) as url:
        page = open_page(browser, url, PHONE)
        page.wait_for_function("() => S.view.current === 'red' && S.view.instruction.action === 'throw'", timeout=WAIT_MS)
        said = _refused(page, "#stop")  # nothing thrown yet: Stop is off
        assert said
        page.click("#throw")
        page.wait_for_function("() => S.view.instruction.messages[0].id !== 'str.throw'", timeout=WAIT_MS)
        page.wait_for_timeout(300)
        left = page.locator("#error").inner_text()
        page.close()
        assert left == "", f"an old refusal stayed under the new request: {left!r}"


def test_magic_a_refusal_goes_when_the_board_asks_something_new(browser: Any) -> None:
    with serving(("--game", "magic-labyrinth", "--humans", "red", "--seed", "5", "--speed", "3")) as url:
        page = open_page(browser, url, PHONE)
        page.wait_for_function("() => S.view.current === 'red' && S.view.instruction.action === 'roll'", timeout=WAIT_MS)
        said = _refused(page, "#done")  # Done is off before the roll
        assert said
        page.click("#roll")
        page.wait_for_function("() => S.view.instruction.action !== 'roll'", timeout=WAIT_MS)
        page.wait_for_timeout(300)
        left = page.locator("#error").inner_text()
        page.close()
        assert left == "", f"an old refusal stayed under the new request: {left!r}"
