"""Issue 15, round 23 (fifth Struggle newcomer) on the page: the goal on a phone's first screen (in the
prompt's spare room while the goal tip is up), the ace die face never a bare "A" (places A-E keep the
letter), no "now" score while no token has left START."""

from __future__ import annotations

import re
from typing import Any, Iterator

import pytest
from test_plain_words_browser import PHONE, WAIT_MS, WIDE, open_page, serve, stop

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    proc, url = serve(("--game", "struggle", "--players", "2", "--seed", "7", "--humans", "red"), 8742)
    yield url
    stop(proc)


def _fresh(browser: Any, server: str, size: tuple[int, int]) -> Any:
    """A page at ``size`` with the first-game tips unseen (a newcomer's), on a new game (seed 7)."""
    from playwright.sync_api import expect

    page = open_page(browser, server, size, guide=True)
    page.evaluate("localStorage.removeItem('mazeboard.guide.struggle')")
    page.locator("#new-game").click()
    page.locator("#ng-seed").fill("7")
    page.locator("#ng-start").click()
    expect(page.locator("#log li")).to_have_count(3, timeout=WAIT_MS)
    expect(page.locator("#throw")).to_be_enabled(timeout=WAIT_MS)
    return page


def test_a_phone_shows_the_goal_on_the_first_screen_before_the_first_throw(browser: Any, server: str) -> None:
    from playwright.sync_api import expect

    page = _fresh(browser, server, PHONE)
    try:
        expect(page.locator("#guide")).to_be_visible(timeout=WAIT_MS)  # the goal tip, under the controls
        page.evaluate("window.scrollTo(0, 0)")
        goal = page.locator("#prompt-goal")  # (the header's "card" and the track's FINISH do not say the goal)
        expect(goal).to_contain_text(re.compile(r"FINISH.*card"), timeout=WAIT_MS)
        r = goal.bounding_box()
        assert r is not None and 0 <= r["y"] and r["y"] + r["height"] <= PHONE[1], f"the goal is below the fold: {r}"
        # the prompt still fits its room: the board does not move for it
        for sel in ["#prompt", ".track-frame", "#throw", "#stop"]:
            r = page.locator(sel).bounding_box()
            assert r is not None and r["y"] + r["height"] <= PHONE[1], f"{sel} is below the first screen: {r}"
        goal.click()  # a tap brings the whole tip into view
        page.wait_for_function("() => { const r = document.getElementById('guide').getBoundingClientRect(); "
                               "return r.top >= 0 && r.bottom <= innerHeight; }", timeout=WAIT_MS)
        page.locator("#guide .guide-ok").click()  # the goal tip read: its line in the prompt goes too
        expect(goal).to_be_hidden(timeout=WAIT_MS)
    finally:
        page.close()
