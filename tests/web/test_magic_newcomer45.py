"""Issue 15, Magic newcomer 45 (a phone): after "Got it" the tip box came back at each new moment, each tip the prompt
again in longer words ("Slide your pawn one cell at a time", "Your ball fell at a hidden wall: press ✊ Lift pawn"):
two boxes of the same instructions, and nothing said that "Got it" closes only this tip. A tip now adds to the prompt
what the prompt does not say (how a step goes, why the pawn starts over), and its second button says "Hide all tips"."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_magic_newcomer import PHONE, WAIT_MS, open_page, roll, url, wait_action  # noqa: F401  (url: a fixture)

pytestmark = pytest.mark.browser


def shared_runs(a: str, b: str, n: int = 5) -> set[str]:
    """The runs of ``n`` words found in both texts (case and punctuation aside)."""
    def runs(t: str) -> set[str]:
        w = re.findall(r"[\w']+", t.lower())
        return {" ".join(w[k:k + n]) for k in range(len(w) - n + 1)}
    return runs(a) & runs(b)


def tip_and_prompt(page: Any) -> tuple[str, str]:
    from playwright.sync_api import expect

    expect(page.locator("#guide")).to_be_visible(timeout=WAIT_MS)
    return page.locator("#guide .guide-text").inner_text(), page.locator("#prompt").inner_text()


def test_a_tip_adds_to_the_prompt_and_never_repeats_it(browser: Any, url: str) -> None:  # noqa: F811
    page = open_page(browser, url, PHONE, tips=True, touch=True)
    try:
        assert page.locator("#guide .guide-off").inner_text() == "Hide all tips"
        roll(page)
        tip, prompt = tip_and_prompt(page)
        assert "pass" in tip and not shared_runs(tip, prompt), (tip, prompt)
        page.locator('#board .cell[data-cell="b1"]').tap()  # through the wall a1-b1: the ball drops
        wait_action(page, "return", None)
        page.wait_for_function("() => document.querySelector('#guide').dataset.tip === 'return'", timeout=WAIT_MS)
        tip, prompt = tip_and_prompt(page)
        assert "starts over" in tip and not shared_runs(tip, prompt), (tip, prompt)
    finally:
        page.context.close()
